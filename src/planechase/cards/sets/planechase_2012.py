"""Planar cards first printed in Planechase 2012 (and its promos), not yet elsewhere in the catalog.

Facts (name, type line, sets, Oracle text) are the current Oracle wording; each ability is one line
of it. Abilities about creatures, hands, libraries and mana are table instructions; life, planeswalking,
chaos and durations are carried out by the engine.
"""

from __future__ import annotations

from ...core.state import Duration
from ..build import STATIC, Spec, T, chaos, encounter, on, phenomenon, plane
from ..effects import (
    EACH_PLAYER,
    TABLE,
    TARGET,
    THAT_PLAYER,
    YOU,
    AskTable,
    CreateEffect,
    GainLife,
    Instruct,
    InstructStartingWithYou,
    LoseLife,
    PlaneswalkEffect,
    Reported,
)
from ..model import CardDef, RuleChange, TargetKind

CARDS: tuple[CardDef, ...] = (
    plane(
        "Akoum",
        "Zendikar",
        ("PC2", "PCA"),
        "Players may cast enchantment spells as though they had flash.\n"
        "Whenever chaos ensues, destroy target creature that isn't enchanted.",
        STATIC,
        chaos(Instruct("destroy target creature that isn't enchanted")),
    ),
    plane(
        "Astral Arena",
        "Kolbahan",
        ("PC2", "PCA"),
        "No more than one creature can attack each combat.\n"
        "No more than one creature can block each combat.\n"
        "Whenever chaos ensues, Astral Arena deals 2 damage to each creature.",
        STATIC,
        STATIC,
        chaos(Instruct("{name} deals 2 damage to each creature", TABLE)),
    ),
    plane(
        "Bloodhill Bastion",
        "Equilor",
        ("PC2", "PCA", "MOC"),
        "Whenever a creature enters, it gains double strike and haste until end of turn.\n"
        "Whenever chaos ensues, exile target nontoken creature you control, then return it to the "
        "battlefield under your control.",
        STATIC,
        chaos(
            Instruct("exile target nontoken creature you control, then return it to the battlefield under your control")
        ),
    ),
    plane(
        "Edge of Malacol",
        "Belenon",
        ("PC2", "PCA"),
        "If a creature you control would untap during your untap step, put two +1/+1 counters on it "
        "instead.\n"
        "Whenever chaos ensues, untap each creature you control.",
        STATIC,
        chaos(Instruct("untap each creature you control")),
    ),
    plane(
        "Furnace Layer",
        "New Phyrexia",
        ("PC2", "PCA"),
        "When you planeswalk to Furnace Layer and at the beginning of your upkeep, select target player "
        "at random. That player discards a card. If that player discards a land card this way, they lose"
        " 3 life.\n"
        "Whenever chaos ensues, you may destroy target nonland permanent.",
        Spec(
            on(T.PLANESWALK_TO, T.UPKEEP),
            Instruct("discard a card", TARGET),
            AskTable("did you discard a land card", TARGET, if_yes=(LoseLife(3, TARGET),)),
            target=TargetKind.PLAYER_AT_RANDOM,
        ),
        chaos(Instruct("you may destroy target nonland permanent")),
    ),
    plane(
        "Gavony",
        "Innistrad",
        ("PC2", "PCA", "MOC"),
        "All creatures have vigilance.\n"
        "Whenever chaos ensues, creatures you control gain indestructible until end of turn.",
        STATIC,
        chaos(
            CreateEffect(
                "creatures_gain_indestructible",
                Duration.END_OF_TURN,
                "creatures {you} controls gain indestructible until end of turn",
            )
        ),
    ),
    plane(
        "Glen Elendra",
        "Lorwyn",
        ("PC2", "PCA"),
        "At end of combat, you may exchange control of target creature you control that dealt combat "
        "damage to a player this combat and target creature that player controls.\n"
        "Whenever chaos ensues, gain control of target creature you own.",
        Spec(
            on(T.END_OF_COMBAT),
            Instruct(
                "you may exchange control of target creature you control that dealt combat damage to a player "
                "this combat and target creature that player controls"
            ),
        ),
        chaos(Instruct("gain control of target creature you own")),
    ),
    plane(
        "Grand Ossuary",
        "Ravnica",
        ("PC2", "PCA"),
        "Whenever a creature dies, its controller distributes a number of +1/+1 counters equal to its "
        "power among any number of target creatures they control.\n"
        "Whenever chaos ensues, each player exiles all creatures they control and creates X 1/1 green "
        "Saproling creature tokens, where X is the total power of the creatures they exiled this way. "
        "Then planeswalk.",
        STATIC,
        chaos(
            Instruct(
                "exile all creatures you control and create X 1/1 green Saproling creature tokens, where X is "
                "the total power of the creatures you exiled this way",
                EACH_PLAYER,
            ),
            PlaneswalkEffect(),
        ),
    ),
    plane(
        "Grove of the Dreampods",
        "Fabacin",
        ("PC2", "PCA", "MOC"),
        "When you planeswalk to Grove of the Dreampods and at the beginning of your upkeep, reveal cards"
        " from the top of your library until you reveal a creature card. Put that card onto the "
        "battlefield and the rest on the bottom of your library in a random order.\n"
        "Whenever chaos ensues, return target creature card from your graveyard to the battlefield.",
        Spec(
            on(T.PLANESWALK_TO, T.UPKEEP),
            Instruct(
                "reveal cards from the top of your library until you reveal a creature card; put that card onto "
                "the battlefield and the rest on the bottom of your library in a random order"
            ),
        ),
        chaos(Instruct("return target creature card from your graveyard to the battlefield")),
    ),
    plane(
        "Hedron Fields of Agadeem",
        "Zendikar",
        ("PC2", "PCA", "MOC"),
        "Creatures with power 7 or greater can't attack or block.\n"
        "Whenever chaos ensues, create a 7/7 colorless Eldrazi creature token with annihilator 1. "
        "(Whenever it attacks, defending player sacrifices a permanent of their choice.)",
        STATIC,
        chaos(Instruct("create a 7/7 colorless Eldrazi creature token with annihilator 1")),
    ),
    plane(
        "Jund",
        "Alara",
        ("PC2", "PCA", "MOC"),
        "Whenever a player casts a creature spell that's black, red, or green, it gains devour 5. (As "
        "that creature enters, you may sacrifice any number of creatures. It enters with five times that"
        " many +1/+1 counters on it.)\n"
        "Whenever chaos ensues, create two 1/1 red Goblin creature tokens.",
        Spec(
            on(T.SPELL_CAST),
            Instruct("the creature spell you cast gains devour 5", THAT_PLAYER),
            spell_filter=[("creature",), ("black", "red", "green")],
        ),
        chaos(Instruct("create two 1/1 red Goblin creature tokens")),
    ),
    plane(
        "Kessig",
        "Innistrad",
        ("PC2", "PCA"),
        "Prevent all combat damage that would be dealt by non-Werewolf creatures.\n"
        "Whenever chaos ensues, each creature you control gets +2/+2, gains trample, and becomes a "
        "Werewolf in addition to its other types until end of turn.",
        STATIC,
        chaos(
            CreateEffect(
                "creatures_become_werewolves",
                Duration.END_OF_TURN,
                "each creature {you} controls gets +2/+2, gains trample, and becomes a Werewolf in addition to "
                "its other types until end of turn",
            )
        ),
    ),
    plane(
        "Kharasha Foothills",
        "Mongseng",
        ("PC2", "PCA", "MOC"),
        "Whenever a creature you control attacks a player, for each other opponent, you may create a "
        "token that's a copy of that creature, tapped and attacking that opponent. Exile those tokens at"
        " the beginning of the next end step.\n"
        "Whenever chaos ensues, you may sacrifice any number of creatures. If you do, Kharasha Foothills"
        " deals that much damage to target creature.",
        STATIC,
        chaos(
            Instruct(
                "you may sacrifice any number of creatures; if you do, {name} deals that much damage to target creature"
            )
        ),
    ),
    plane(
        "Lair of the Ashen Idol",
        "Azgol",
        ("PC2", "PCA"),
        "At the beginning of your upkeep, sacrifice a creature. If you can't, planeswalk.\n"
        "Whenever chaos ensues, any number of target players each create a 2/2 black Zombie creature "
        "token.",
        Spec(
            on(T.UPKEEP),
            Instruct("sacrifice a creature"),
            AskTable("did you sacrifice a creature", YOU, if_no=(PlaneswalkEffect(),)),
        ),
        chaos(
            Instruct("create a 2/2 black Zombie creature token", TARGET),
            target=TargetKind.ANY_NUMBER_OF_PLAYERS,
        ),
    ),
    plane(
        "Nephalia",
        "Innistrad",
        ("PC2", "PCA"),
        "At the beginning of your end step, mill seven cards. Then return a card at random from your "
        "graveyard to your hand.\n"
        "Whenever chaos ensues, return target card from your graveyard to your hand.",
        Spec(
            on(T.END_STEP),
            Instruct("mill seven cards, then return a card at random from your graveyard to your hand"),
        ),
        chaos(Instruct("return target card from your graveyard to your hand")),
    ),
    plane(
        "Norn's Dominion",
        "New Phyrexia",
        ("PC2", "PCA"),
        "When you planeswalk away from Norn's Dominion, destroy each nonland permanent without a fate "
        "counter on it, then remove all fate counters from all permanents.\n"
        "Whenever chaos ensues, you may put a fate counter on target permanent.",
        Spec(
            on(T.PLANESWALK_AWAY),
            Instruct(
                "destroy each nonland permanent without a fate counter on it, then remove all fate counters "
                "from all permanents",
                TABLE,
            ),
        ),
        chaos(Instruct("you may put a fate counter on target permanent")),
    ),
    plane(
        "Onakke Catacomb",
        "Shandalar",
        ("PC2", "PCA"),
        "All creatures are black and have deathtouch.\n"
        "Whenever chaos ensues, creatures you control get +1/+0 and gain first strike until end of turn.",
        STATIC,
        chaos(
            CreateEffect(
                "creatures_get_first_strike",
                Duration.END_OF_TURN,
                "creatures {you} controls get +1/+0 and gain first strike until end of turn",
            )
        ),
    ),
    plane(
        "Orochi Colony",
        "Kamigawa",
        ("PC2", "PCA", "MOC"),
        "Whenever a creature you control deals combat damage to a player, you may search your library "
        "for a basic land card, put it onto the battlefield tapped, then shuffle.\n"
        "Whenever chaos ensues, target creature can't be blocked this turn.",
        STATIC,
        chaos(Instruct("target creature can't be blocked this turn")),
    ),
    plane(
        "Orzhova",
        "Ravnica",
        ("PC2", "PCA"),
        "When you planeswalk away from Orzhova, each player returns all creature cards from their "
        "graveyard to the battlefield.\n"
        "Whenever chaos ensues, for each opponent, exile up to one target creature card from that "
        "player's graveyard.",
        Spec(
            on(T.PLANESWALK_AWAY),
            Instruct("return all creature cards from your graveyard to the battlefield", EACH_PLAYER),
        ),
        chaos(Instruct("for each opponent, exile up to one target creature card from that player's graveyard")),
    ),
    plane(
        "Prahv",
        "Ravnica",
        ("PC2", "PCA"),
        "If you cast a spell this turn, you can't attack with creatures.\n"
        "If you attacked with creatures this turn, you can't cast spells.\n"
        "Whenever chaos ensues, you gain life equal to the number of cards in your hand.",
        Spec(rule_change=RuleChange.NO_ATTACKS_AFTER_CASTING),
        Spec(rule_change=RuleChange.NO_CASTING_AFTER_ATTACKING),
        chaos(GainLife(Reported("the number of cards in your hand"))),
    ),
    plane(
        "Quicksilver Sea",
        "Mirrodin",
        ("PC2", "PCA"),
        "When you planeswalk to Quicksilver Sea and at the beginning of your upkeep, scry 4. (Look at "
        "the top four cards of your library, then put any number of them on the bottom and the rest on "
        "top in any order.)\n"
        "Whenever chaos ensues, reveal the top card of your library. You may play it without paying its "
        "mana cost.",
        Spec(on(T.PLANESWALK_TO, T.UPKEEP), Instruct("scry 4")),
        chaos(Instruct("reveal the top card of your library; you may play it without paying its mana cost")),
    ),
    plane(
        "Selesnya Loft Gardens",
        "Ravnica",
        ("PC2", "PCA", "MOC"),
        "If an effect would create one or more tokens, it creates twice that many of those tokens "
        "instead.\n"
        "If an effect would put one or more counters on a permanent, it puts twice that many of those "
        "counters on that permanent instead.\n"
        "Whenever chaos ensues, until end of turn, whenever you tap a land for mana, add one mana of any"
        " type that land produced.",
        STATIC,
        STATIC,
        chaos(
            CreateEffect(
                "lands_add_extra_mana",
                Duration.END_OF_TURN,
                "until end of turn, whenever {you} taps a land for mana, {you} adds one mana of any type that "
                "land produced",
            )
        ),
    ),
    plane(
        "Stensia",
        "Innistrad",
        ("PC2", "PCA", "MOC"),
        "Whenever a creature deals damage to one or more players for the first time each turn, put a "
        "+1/+1 counter on it.\n"
        'Whenever chaos ensues, each creature you control gains "{T}: This creature deals 1 damage to '
        'target player or planeswalker" until end of turn.',
        STATIC,
        chaos(
            CreateEffect(
                "creatures_gain_damage_ability",
                Duration.END_OF_TURN,
                'each creature {you} controls has "{T}: This creature deals 1 damage to target player or '
                'planeswalker" until end of turn',
            )
        ),
    ),
    plane(
        "Takenuma",
        "Kamigawa",
        ("PC2", "PCA"),
        "Whenever a creature leaves the battlefield, its controller draws a card.\n"
        "Whenever chaos ensues, return target creature you control to its owner's hand.",
        STATIC,
        chaos(Instruct("return target creature you control to its owner's hand")),
    ),
    plane(
        "Talon Gates",
        "Dominaria",
        ("PC2", "PCA"),
        "Any time you could cast a sorcery, you may exile a nonland card from your hand with X time "
        "counters on it, where X is its mana value. If the exiled card doesn't have suspend, it gains "
        "suspend. (At the beginning of its owner's upkeep, they remove a time counter. When the last is "
        "removed, the player may cast it without paying its mana cost. If it's a creature, it has "
        "haste.)\n"
        "Whenever chaos ensues, remove two time counters from each suspended card you own.",
        STATIC,
        chaos(Instruct("remove two time counters from each suspended card you own")),
    ),
    plane(
        "The Zephyr Maze",
        "Kyneth",
        ("PC2", "PCA"),
        "Creatures with flying get +2/+0.\n"
        "Creatures without flying get -2/-0.\n"
        "Whenever chaos ensues, target creature gains flying until end of turn.",
        STATIC,
        STATIC,
        chaos(Instruct("target creature gains flying until end of turn")),
    ),
    plane(
        "Trail of the Mage-Rings",
        "Vryn",
        ("PC2", "PCA"),
        "Instant and sorcery spells have rebound. (The spell's controller exiles the spell as it "
        "resolves if they cast it from their hand. At the beginning of that player's next upkeep, they "
        "may cast that card from exile without paying its mana cost.)\n"
        "Whenever chaos ensues, you may search your library for an instant or sorcery card, reveal it, "
        "put it into your hand, then shuffle.",
        STATIC,
        chaos(
            Instruct(
                "you may search your library for an instant or sorcery card, reveal it, put it into your hand, "
                "then shuffle"
            )
        ),
    ),
    plane(
        "Truga Jungle",
        "Ergamon",
        ("PC2", "PCA", "MOC"),
        'All lands have "{T}: Add one mana of any color."\n'
        "Whenever chaos ensues, reveal the top three cards of your library. Put all land cards revealed "
        "this way into your hand and the rest on the bottom of your library in any order.",
        STATIC,
        chaos(
            Instruct(
                "reveal the top three cards of your library; put all land cards revealed this way into your hand "
                "and the rest on the bottom of your library in any order"
            )
        ),
    ),
    plane(
        "Windriddle Palaces",
        "Belenon",
        ("PC2", "PCA"),
        "Players play with the top card of their libraries revealed.\n"
        "You may play lands and cast spells from the top of any player's library.\n"
        "Whenever chaos ensues, each player mills a card.",
        STATIC,
        STATIC,
        chaos(Instruct("mill a card", EACH_PLAYER)),
    ),
    phenomenon(
        "Morphic Tide",
        ("PC2", "PCA"),
        "When you encounter Morphic Tide, each player shuffles all permanents they own into their "
        "library, then reveals that many cards from the top of their library. Each player puts all "
        "artifact, creature, land, and planeswalker cards revealed this way onto the battlefield, then "
        "does the same for enchantment cards, then puts all cards revealed this way that weren't put "
        "onto the battlefield on the bottom of their library in any order. (Then planeswalk away from "
        "this phenomenon.)",
        encounter(
            Instruct(
                "shuffle all permanents you own into your library, then reveal that many cards from the top of "
                "your library; put all artifact, creature, land, and planeswalker cards revealed this way onto "
                "the battlefield, then do the same for enchantment cards, then put all cards revealed this way "
                "that weren't put onto the battlefield on the bottom of your library in any order",
                EACH_PLAYER,
            )
        ),
    ),
    phenomenon(
        "Mutual Epiphany",
        ("PC2", "PCA", "MOC"),
        "When you encounter Mutual Epiphany, each player draws four cards. (Then planeswalk away from "
        "this phenomenon.)",
        encounter(Instruct("draw four cards", EACH_PLAYER)),
    ),
    phenomenon(
        "Reality Shaping",
        ("PC2", "PCA", "MOC"),
        "When you encounter Reality Shaping, starting with you, each player may put a permanent card "
        "from their hand onto the battlefield. (Then planeswalk away from this phenomenon.)",
        encounter(InstructStartingWithYou("you may put a permanent card from your hand onto the battlefield")),
    ),
)
