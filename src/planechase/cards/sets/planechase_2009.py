"""Planar cards first printed in Planechase 2009 (and its promos), not yet elsewhere in the catalog.

Facts (names, type lines, sets, Oracle text) are copied from the reference card list; each
ability is one line of Oracle text.
"""

from __future__ import annotations

from ...core.state import Duration
from ..build import STATIC, Spec, T, chaos, on, plane
from ..effects import (
    EACH_OPPONENT,
    EACH_PLAYER,
    TABLE,
    TARGET,
    THAT_PLAYER,
    CopyThatSpell,
    CreateEffect,
    CreateEffectOnTarget,
    DealDamage,
    ExchangeLifeWithTarget,
    FlipCoinOrCounterThatSpell,
    GainLife,
    Instruct,
    LoseLife,
    May,
    Reported,
)
from ..model import (
    CANT_CAST_SPELLS_EFFECT,
    CANT_LOSE_EFFECT,
    NO_MAXIMUM_HAND_SIZE_EFFECT,
    CardDef,
    RuleChange,
    TargetKind,
)

CARDS: tuple[CardDef, ...] = (
    plane(
        "Bant",
        "Alara",
        ("HOP", "PCA"),
        "All creatures have exalted. (Whenever a creature attacks alone, it gets +1/+1 until end of turn "
        "for each instance of exalted among permanents its controller controls.)\n"
        "Whenever chaos ensues, put a divinity counter on target green, white, or blue creature. That "
        "creature has indestructible for as long as it has a divinity counter on it.",
        STATIC,
        chaos(
            Instruct(
                "put a divinity counter on target green, white, or blue creature; it has indestructible for as "
                "long as it has a divinity counter on it"
            )
        ),
    ),
    plane(
        "Cliffside Market",
        "Mercadia",
        ("HOP", "PCA"),
        "When you planeswalk to Cliffside Market and at the beginning of your upkeep, you may exchange "
        "life totals with target player.\n"
        "Whenever chaos ensues, exchange control of two target permanents that share a card type.",
        Spec(
            on(T.PLANESWALK_TO, T.UPKEEP),
            May("exchange life totals with the target player", (ExchangeLifeWithTarget(),)),
            target=TargetKind.PLAYER,
        ),
        chaos(Instruct("exchange control of two target permanents that share a card type")),
    ),
    plane(
        "Eloren Wilds",
        "Shandalar",
        ("HOP", "PCA"),
        "Whenever a player taps a permanent for mana, that player adds one mana of any type that "
        "permanent produced.\n"
        "Whenever chaos ensues, target player can't cast spells until a player planeswalks.",
        STATIC,
        chaos(
            CreateEffectOnTarget(
                CANT_CAST_SPELLS_EFFECT, Duration.PLANESWALK, "{target} can't cast spells until a player planeswalks"
            ),
            target=TargetKind.PLAYER,
        ),
    ),
    plane(
        "Feeding Grounds",
        "Muraganda",
        ("HOP", "PCA"),
        "Red spells cost {1} less to cast.\n"
        "Green spells cost {1} less to cast.\n"
        "Whenever chaos ensues, put X +1/+1 counters on target creature, where X is that creature's mana "
        "value.",
        STATIC,
        STATIC,
        chaos(Instruct("put X +1/+1 counters on target creature, where X is that creature's mana value")),
    ),
    plane(
        "Glimmervoid Basin",
        "Mirrodin",
        ("HOP", "PCA", "MOC"),
        "Whenever a player casts an instant or sorcery spell with a single target, that player copies "
        "that spell for each other spell, permanent, card not on the battlefield, and/or player the spell"
        " could target. Each copy targets a different one of them.\n"
        "Whenever chaos ensues, choose target creature. Each player except that creature's controller "
        "creates a token that's a copy of that creature.",
        Spec(
            on(T.SPELL_CAST),
            Instruct(
                "copy that spell for each other spell, permanent, card not on the battlefield and/or player it could "
                "target; each copy targets a different one of them",
                THAT_PLAYER,
            ),
            spell_filter=[("instant", "sorcery"), ("single-target",)],
        ),
        chaos(
            Instruct(
                "{you} chooses target creature; each player except that creature's controller creates a token "
                "that's a copy of it",
                TABLE,
            )
        ),
    ),
    plane(
        "Goldmeadow",
        "Lorwyn",
        ("HOP", "PCA"),
        "Whenever a land enters, that land's controller creates three 0/1 white Goat creature tokens.\n"
        "Whenever chaos ensues, create a 0/1 white Goat creature token.",
        STATIC,
        chaos(Instruct("create a 0/1 white Goat creature token")),
    ),
    plane(
        "Grixis",
        "Alara",
        ("HOP", "PCA"),
        "Blue, black, and/or red creature cards in your graveyard have unearth. The unearth cost is equal"
        " to the card's mana cost. (Pay the card's mana cost: Return it to the battlefield. The creature "
        "gains haste. Exile it at the beginning of the next end step or if it would leave the "
        "battlefield. Unearth only as a sorcery.)\n"
        "Whenever chaos ensues, put target creature card from a graveyard onto the battlefield under your"
        " control.",
        STATIC,
        chaos(Instruct("put target creature card from a graveyard onto the battlefield under your control")),
    ),
    plane(
        "Immersturm",
        "Valla",
        ("HOP", "PCA"),
        "Whenever a creature enters, that creature's controller may have it deal damage equal to its "
        "power to any target of their choice.\n"
        "Whenever chaos ensues, exile target creature, then return it to the battlefield under its "
        "owner's control.",
        STATIC,
        chaos(Instruct("exile target creature, then return it to the battlefield under its owner's control", TABLE)),
    ),
    plane(
        "Isle of Vesuva",
        "Dominaria",
        ("HOP", "PCA", "MOC"),
        "Whenever a nontoken creature enters, its controller creates a token that's a copy of that "
        "creature.\n"
        "Whenever chaos ensues, destroy target creature and all other creatures with the same name as "
        "that creature.",
        STATIC,
        chaos(Instruct("destroy target creature and all other creatures with the same name as that creature", TABLE)),
    ),
    plane(
        "Izzet Steam Maze",
        "Ravnica",
        ("HOP", "PCA"),
        "Whenever a player casts an instant or sorcery spell, that player copies it. The player may "
        "choose new targets for the copy.\n"
        "Whenever chaos ensues, instant and sorcery spells you cast this turn cost {3} less to cast.",
        Spec(
            on(T.SPELL_CAST),
            CopyThatSpell(),
            Instruct("you may choose new targets for the copy", THAT_PLAYER),
            spell_filter=[("instant", "sorcery")],
        ),
        chaos(
            CreateEffect(
                "instants_sorceries_cost_less",
                Duration.END_OF_TURN,
                "instant and sorcery spells {you} casts this turn cost {3} less to cast",
            )
        ),
    ),
    plane(
        "Krosa",
        "Dominaria",
        ("HOP", "PCA", "MOC"),
        "All creatures get +2/+2.\nWhenever chaos ensues, you may add {W}{U}{B}{R}{G}.",
        STATIC,
        chaos(Instruct("you may add {{W}}{{U}}{{B}}{{R}}{{G}}")),
    ),
    plane(
        "Lethe Lake",
        "Arkhos",
        ("HOP", "PCA"),
        "At the beginning of your upkeep, mill ten cards.\nWhenever chaos ensues, target player mills ten cards.",
        Spec(on(T.UPKEEP), Instruct("mill ten cards")),
        chaos(Instruct("mill ten cards", TARGET), target=TargetKind.PLAYER),
    ),
    plane(
        "Llanowar",
        "Dominaria",
        ("HOP", "PCA"),
        'All creatures have "{T}: Add {G}{G}."\nWhenever chaos ensues, untap all creatures you control.',
        STATIC,
        chaos(Instruct("untap all creatures you control")),
    ),
    plane(
        "Minamo",
        "Kamigawa",
        ("HOP", "PCA"),
        "Whenever a player casts a spell, that player may draw a card.\n"
        "Whenever chaos ensues, each player may return a blue card from their graveyard to their hand.",
        Spec(on(T.SPELL_CAST), Instruct("you may draw a card", THAT_PLAYER)),
        chaos(Instruct("you may return a blue card from your graveyard to your hand", EACH_PLAYER)),
    ),
    plane(
        "Murasa",
        "Zendikar",
        ("HOP", "PCA"),
        "Whenever a nontoken creature enters, its controller may search their library for a basic land "
        "card, put it onto the battlefield tapped, then shuffle.\n"
        "Whenever chaos ensues, target land becomes a 4/4 creature that's still a land.",
        STATIC,
        chaos(Instruct("target land becomes a 4/4 creature that's still a land", TABLE)),
    ),
    plane(
        "Naya",
        "Alara",
        ("HOP", "PCA"),
        "You may play any number of lands on each of your turns.\n"
        "Whenever chaos ensues, target red, green, or white creature you control gets +1/+1 until end of "
        "turn for each land you control.",
        STATIC,
        chaos(
            Instruct(
                "target red, green, or white creature you control gets +1/+1 until end of turn for each land you "
                "control"
            )
        ),
    ),
    plane(
        "Panopticon",
        "Mirrodin",
        ("HOP", "PCA", "MOC"),
        "When you planeswalk to Panopticon, draw a card.\n"
        "At the beginning of your draw step, draw an additional card.\n"
        "Whenever chaos ensues, draw a card.",
        Spec(on(T.PLANESWALK_TO), Instruct("draw a card")),
        Spec(on(T.DRAW_STEP), Instruct("draw an additional card")),
        chaos(Instruct("draw a card")),
    ),
    plane(
        "Raven's Run",
        "Shadowmoor",
        ("HOP", "PCA"),
        "All creatures have wither. (They deal damage to creatures in the form of -1/-1 counters.)\n"
        "Whenever chaos ensues, put a -1/-1 counter on target creature, two -1/-1 counters on another "
        "target creature, and three -1/-1 counters on a third target creature.",
        STATIC,
        chaos(
            Instruct(
                "put a -1/-1 counter on target creature, two -1/-1 counters on another target creature, and three "
                "-1/-1 counters on a third target creature"
            )
        ),
    ),
    plane(
        "Sea of Sand",
        "Rabiah",
        ("HOP", "PCA"),
        "Players reveal each card they draw.\n"
        "Whenever a player draws a land card, that player gains 3 life.\n"
        "Whenever a player draws a nonland card, that player loses 3 life.\n"
        "Whenever chaos ensues, put target permanent on top of its owner's library.",
        STATIC,
        Spec(on(T.REPORTED), GainLife(3, THAT_PLAYER)),
        Spec(on(T.REPORTED), LoseLife(3, THAT_PLAYER)),
        chaos(Instruct("put target permanent on top of its owner's library", TABLE)),
    ),
    plane(
        "Shiv",
        "Dominaria",
        ("HOP", "PCA"),
        'All creatures have "{R}: This creature gets +1/+0 until end of turn."\n'
        "Whenever chaos ensues, create a 5/5 red Dragon creature token with flying.",
        STATIC,
        chaos(Instruct("create a 5/5 red Dragon creature token with flying")),
    ),
    plane(
        "Skybreen",
        "Kaldheim",
        ("HOP", "PCA"),
        "Players play with the top card of their libraries revealed.\n"
        "Spells that share a card type with the top card of a library can't be cast.\n"
        "Whenever chaos ensues, target player loses life equal to the number of cards in their hand.",
        STATIC,
        STATIC,
        chaos(
            LoseLife(Reported("the number of cards in your hand", TARGET), TARGET),
            target=TargetKind.PLAYER,
        ),
    ),
    plane(
        "Stronghold Furnace",
        "Rath",
        ("HOP", "PCA", "MOC"),
        "If a source would deal damage to a permanent or player, it deals double that damage instead.\n"
        "Whenever chaos ensues, Stronghold Furnace deals 1 damage to any target.",
        Spec(rule_change=RuleChange.DOUBLE_DAMAGE),
        chaos(DealDamage(1, TARGET), target=TargetKind.ANY),
    ),
    plane(
        "The Aether Flues",
        "Iquatana",
        ("HOP", "PCA", "MOC"),
        "When you planeswalk to The Aether Flues and at the beginning of your upkeep, you may sacrifice a"
        " creature. If you do, reveal cards from the top of your library until you reveal a creature "
        "card, put that card onto the battlefield, then shuffle all other cards revealed this way into "
        "your library.\n"
        "Whenever chaos ensues, you may put a creature card from your hand onto the battlefield.",
        Spec(
            on(T.PLANESWALK_TO, T.UPKEEP),
            Instruct(
                "you may sacrifice a creature; if you do, reveal cards from the top of your library until you reveal "
                "a creature card, put that card onto the battlefield, then shuffle all other cards revealed this way "
                "into your library"
            ),
        ),
        chaos(Instruct("you may put a creature card from your hand onto the battlefield")),
    ),
    plane(
        "The Dark Barony",
        "Ulgrotha",
        ("HOP", "PCA"),
        "Whenever a nonblack card is put into a player's graveyard from anywhere, that player loses 1 "
        "life.\n"
        "Whenever chaos ensues, each opponent discards a card.",
        Spec(on(T.REPORTED), LoseLife(1, THAT_PLAYER)),
        chaos(Instruct("discard a card", EACH_OPPONENT)),
    ),
    plane(
        "The Fourth Sphere",
        "Phyrexia",
        ("HOP", "PCA"),
        "At the beginning of your upkeep, sacrifice a nonblack creature.\n"
        "Whenever chaos ensues, create a 2/2 black Zombie creature token.",
        Spec(on(T.UPKEEP), Instruct("sacrifice a nonblack creature")),
        chaos(Instruct("create a 2/2 black Zombie creature token")),
    ),
    plane(
        "The Great Forest",
        "Lorwyn",
        ("HOP", "PCA", "MOC"),
        "Each creature assigns combat damage equal to its toughness rather than its power.\n"
        "Whenever chaos ensues, creatures you control get +0/+2 and gain trample until end of turn.",
        STATIC,
        chaos(
            CreateEffect(
                "creatures_get_0_2_trample",
                Duration.END_OF_TURN,
                "creatures {you} controls get +0/+2 and gain trample until end of turn",
            )
        ),
    ),
    plane(
        "The Hippodrome",
        "Segovia",
        ("HOP", "PCA"),
        "All creatures get -5/-0.\nWhenever chaos ensues, you may destroy target creature if its power is 0 or less.",
        STATIC,
        chaos(Instruct("you may destroy target creature if its power is 0 or less")),
    ),
    plane(
        "The Maelstrom",
        "Alara",
        ("HOP", "PCA"),
        "When you planeswalk to The Maelstrom and at the beginning of your upkeep, you may reveal the top"
        " card of your library. If a permanent card is revealed this way, you may put it onto the "
        "battlefield. If you revealed a card but didn't put it onto the battlefield, put it on the bottom"
        " of your library.\n"
        "Whenever chaos ensues, return target permanent card from your graveyard to the battlefield.",
        Spec(
            on(T.PLANESWALK_TO, T.UPKEEP),
            Instruct(
                "you may reveal the top card of your library; if it's a permanent card, you may put it onto the "
                "battlefield; if you revealed a card but didn't put it onto the battlefield, put it on the bottom "
                "of your library"
            ),
        ),
        chaos(Instruct("return target permanent card from your graveyard to the battlefield")),
    ),
    plane(
        "Turri Island",
        "Ir",
        ("HOP", "PCA", "MOC"),
        "Creature spells cost {2} less to cast.\n"
        "Whenever chaos ensues, reveal the top three cards of your library. Put all creature cards "
        "revealed this way into your hand and the rest into your graveyard.",
        STATIC,
        chaos(
            Instruct(
                "reveal the top three cards of your library; put all creature cards revealed this way into your "
                "hand and the rest into your graveyard"
            )
        ),
    ),
    plane(
        "Undercity Reaches",
        "Ravnica",
        ("HOP", "PCA", "MOC"),
        "Whenever a creature deals combat damage to a player, its controller may draw a card.\n"
        "Whenever chaos ensues, you have no maximum hand size for the rest of the game.",
        STATIC,
        chaos(
            CreateEffect(
                NO_MAXIMUM_HAND_SIZE_EFFECT,
                Duration.GAME,
                "{you} has no maximum hand size for the rest of the game",
            )
        ),
    ),
    plane(
        "Velis Vel",
        "Lorwyn",
        ("HOP", "PCA"),
        "Each creature gets +1/+1 for each other creature on the battlefield that shares at least one "
        "creature type with it. (For example, if two Elemental Shamans and an Elemental Spirit are on the"
        " battlefield, each gets +2/+2.)\n"
        "Whenever chaos ensues, target creature gains all creature types until end of turn.",
        STATIC,
        chaos(Instruct("target creature gains all creature types until end of turn", TABLE)),
    ),
    plane(
        "Celestine Reef",
        "Luvion",
        ("PHOP", "PCA"),
        "Creatures without flying or islandwalk can't attack.\n"
        "Whenever chaos ensues, until a player planeswalks, you can't lose the game and your opponents "
        "can't win the game.",
        STATIC,
        chaos(
            CreateEffect(
                CANT_LOSE_EFFECT,
                Duration.PLANESWALK,
                "until a player planeswalks, {you} can't lose the game and {you}'s opponents can't win the game",
            )
        ),
    ),
    plane(
        "Horizon Boughs",
        "Pyrulea",
        ("PHOP", "PCA"),
        "All permanents untap during each player's untap step.\n"
        "Whenever chaos ensues, you may search your library for up to three basic land cards, put them "
        "onto the battlefield tapped, then shuffle.",
        STATIC,
        chaos(
            Instruct(
                "you may search your library for up to three basic land cards, put them onto the battlefield tapped, "
                "then shuffle"
            )
        ),
    ),
    plane(
        "Mirrored Depths",
        "Karsus",
        ("PHOP", "PCA"),
        "Whenever a player casts a spell, that player flips a coin. If the player loses the flip, counter"
        " that spell.\n"
        "Whenever chaos ensues, target player reveals the top card of their library. If it's a nonland "
        "card, you may cast it without paying its mana cost.",
        Spec(on(T.SPELL_CAST), FlipCoinOrCounterThatSpell()),
        chaos(
            Instruct(
                "reveal the top card of your library; if it's a nonland card, {you} may cast it without paying its "
                "mana cost",
                TARGET,
            ),
            target=TargetKind.PLAYER,
        ),
    ),
    plane(
        "Tember City",
        "Kinshala",
        ("PHOP", "PCA"),
        "Whenever a player taps a land for mana, Tember City deals 1 damage to that player.\n"
        "Whenever chaos ensues, each other player sacrifices a nonland permanent of their choice.",
        Spec(on(T.REPORTED), DealDamage(1, THAT_PLAYER)),
        chaos(Instruct("sacrifice a nonland permanent of your choice", EACH_OPPONENT)),
    ),
)
