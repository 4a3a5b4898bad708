"""Planar cards first printed in March of the Machine Commander (see the catalog for cards printed earlier).

Facts (name, type line, sets, Oracle text) are the current Oracle wording; each ability is one line
of it. Abilities about creatures, hands, libraries and mana are table instructions; life, planeswalking,
chaos, phases and durations are carried out by the engine. Static abilities, and triggered abilities
whose trigger events the engine does not see (attacks, combat damage, permanents entering), are
standing reminders.
"""

from __future__ import annotations

from ...core.state import Duration
from ..build import STATIC, Spec, T, chaos, on, plane
from ..effects import (
    EACH_PLAYER,
    TABLE,
    TARGET,
    AdditionalPhase,
    CreateEffect,
    GainLife,
    Instruct,
    PlaneswalkedHereThisTurn,
)
from ..model import CardDef, TargetKind

CARDS: tuple[CardDef, ...] = (
    plane(
        "Enigma Ridges",
        "Echoir",
        ("MOC",),
        "When you planeswalk to Enigma Ridges, each player who controls fewer lands than the player who "
        "controls the most lands searches their library for a number of basic land cards less than or equal "
        "to the difference, reveals them, puts them into their hand, then shuffles.\n"
        "Whenever chaos ensues, draw a card, then you may put a land card from your hand onto the battlefield.",
        Spec(
            on(T.PLANESWALK_TO),
            Instruct(
                "if you control fewer lands than the player who controls the most lands, search your library for "
                "a number of basic land cards less than or equal to the difference, reveal them, put them into "
                "your hand, then shuffle",
                EACH_PLAYER,
            ),
        ),
        chaos(Instruct("draw a card, then you may put a land card from your hand onto the battlefield")),
    ),
    plane(
        "Esper",
        "Alara",
        ("MOC",),
        "Artifact spells cost {1} less to cast.\n"
        "Whenever chaos ensues, creatures you control that are white, blue, and/or black become artifacts in "
        "addition to their other types until end of turn. Then each artifact creature you control gains "
        "vigilance, menace, and lifelink until end of turn.",
        STATIC,
        chaos(
            CreateEffect(
                "creatures_become_artifacts",
                Duration.END_OF_TURN,
                "creatures {you} controls that are white, blue, and/or black become artifacts in addition to "
                "their other types until end of turn; then each artifact creature {you} controls gains "
                "vigilance, menace, and lifelink until end of turn",
            )
        ),
    ),
    plane(
        "Ghirapur",
        "Avishkar",
        ("MOC",),
        "At the beginning of combat on your turn, until end of turn, each noncreature, non-Vehicle artifact "
        "you control becomes a 5/3 Vehicle in addition to its other types and gains trample, haste, and "
        "crew 2.\n"
        "Whenever chaos ensues, return target noncreature artifact card from your graveyard to your hand.",
        Spec(
            on(T.BEGINNING_OF_COMBAT),
            CreateEffect(
                "artifacts_become_vehicles",
                Duration.END_OF_TURN,
                "until end of turn, each noncreature, non-Vehicle artifact {you} controls becomes a 5/3 Vehicle "
                "in addition to its other types and gains trample, haste, and crew 2",
            ),
        ),
        chaos(Instruct("return target noncreature artifact card from your graveyard to your hand")),
    ),
    plane(
        "Inys Haen",
        "Cridhe",
        ("MOC",),
        "When you planeswalk to Inys Haen and at the beginning of your upkeep, mill three cards.\n"
        "When you planeswalk away from Inys Haen, each player returns all land cards from their graveyard to "
        "the battlefield tapped.\n"
        "Whenever chaos ensues, return target nonland card from your graveyard to your hand.",
        Spec(on(T.PLANESWALK_TO, T.UPKEEP), Instruct("mill three cards")),
        Spec(
            on(T.PLANESWALK_AWAY),
            Instruct("return all land cards from your graveyard to the battlefield tapped", EACH_PLAYER),
        ),
        chaos(Instruct("return target nonland card from your graveyard to your hand")),
    ),
    plane(
        "Ketria",
        "Ikoria",
        ("MOC",),
        "When you planeswalk to Ketria and at the beginning of your upkeep, put your choice of a vigilance, "
        "menace, or trample counter on target creature you control.\n"
        "Whenever chaos ensues, exile cards from the top of your library until you exile a nonland permanent "
        "card. Put that card onto the battlefield or into your hand.",
        Spec(
            on(T.PLANESWALK_TO, T.UPKEEP),
            Instruct("put your choice of a vigilance, menace, or trample counter on target creature you control"),
        ),
        chaos(
            Instruct(
                "exile cards from the top of your library until you exile a nonland permanent card; put that card "
                "onto the battlefield or into your hand"
            )
        ),
    ),
    plane(
        "Littjara",
        "Kaldheim",
        ("MOC",),
        "When you planeswalk to Littjara and at the beginning of your upkeep, create a 2/2 blue Shapeshifter "
        "creature token with changeling. (It is every creature type.)\n"
        "Whenever chaos ensues, choose a creature type. Put a +1/+1 counter on each creature you control of "
        "that type.",
        Spec(
            on(T.PLANESWALK_TO, T.UPKEEP),
            Instruct("create a 2/2 blue Shapeshifter creature token with changeling"),
        ),
        chaos(Instruct("choose a creature type; put a +1/+1 counter on each creature you control of that type")),
    ),
    plane(
        "Megaflora Jungle",
        "Gargantikar",
        ("MOC",),
        "Each creature with mana value 2 or less gets +2/+2.\n"
        "Whenever chaos ensues, create a 1/1 green Insect creature token with flying named Butterfly.",
        STATIC,
        chaos(Instruct("create a 1/1 green Insect creature token with flying named Butterfly")),
    ),
    plane(
        "Naktamun",
        "Amonkhet",
        ("MOC",),
        "Each creature card in your graveyard has embalm. Its embalm cost is equal to its mana cost. (Exile a "
        "creature card from your graveyard and pay its embalm cost: Create a token that's a copy of it, except "
        "it's a white Zombie in addition to its other types with no mana cost. Embalm only as a sorcery.)\n"
        "Whenever chaos ensues, you may discard a card. If you do, draw a card.",
        STATIC,
        chaos(Instruct("you may discard a card; if you do, draw a card")),
    ),
    plane(
        "New Argive",
        "Dominaria",
        ("MOC",),
        "Whenever a historic creature you control attacks, it gets +2/+2 until end of turn. (Artifacts, "
        "legendaries, and Sagas are historic.)\n"
        "Whenever chaos ensues, reveal cards from the top of your library until you reveal a historic card. "
        "Put that card into your hand and the rest on the bottom of your library in a random order.",
        STATIC,
        chaos(
            Instruct(
                "reveal cards from the top of your library until you reveal a historic card; put that card into "
                "your hand and the rest on the bottom of your library in a random order"
            )
        ),
    ),
    plane(
        "Nyx",
        "Theros",
        ("MOC",),
        "Nontoken creatures are enchantments in addition to their other types.\n"
        "Constellation — Whenever an enchantment you control enters, you gain 1 life.\n"
        "Whenever chaos ensues, choose a color. Add an amount of mana of that color equal to your devotion to "
        "that color.",
        STATIC,
        Spec(on(T.REPORTED_BY_YOU), GainLife(1)),
        chaos(Instruct("choose a color; add an amount of mana of that color equal to your devotion to that color")),
    ),
    plane(
        "Paliano",
        "Fiora",
        ("MOC",),
        "When one or more creatures you control deal combat damage to a player, if there is no monarch, you "
        "become the monarch.\n"
        "Whenever chaos ensues, create a 1/1 black Assassin creature token with deathtouch and haste.",
        STATIC,
        chaos(Instruct("create a 1/1 black Assassin creature token with deathtouch and haste")),
    ),
    plane(
        "Riptide Island",
        "Dominaria",
        ("MOC",),
        "When you planeswalk to Riptide Island and at the beginning of your upkeep, create two 1/1 colorless "
        "Sliver creature tokens.\n"
        "Whenever chaos ensues, Slivers you control gain haste and get +X/+X until end of turn, where X is the "
        "number of Slivers you control.",
        Spec(on(T.PLANESWALK_TO, T.UPKEEP), Instruct("create two 1/1 colorless Sliver creature tokens")),
        chaos(
            CreateEffect(
                "slivers_get_haste_and_bonus",
                Duration.END_OF_TURN,
                "Slivers {you} controls gain haste and get +X/+X until end of turn, where X is the number of "
                "Slivers {you} controlled as the ability resolved",
            )
        ),
    ),
    plane(
        "Strixhaven",
        "Arcavios",
        ("MOC",),
        "Instant and sorcery spells players cast have demonstrate. (Whenever a player casts an instant or "
        "sorcery spell, they may copy it. If they do, they choose an opponent to also copy it. Players may "
        "choose new targets for their copies.)\n"
        "Whenever chaos ensues, return up to one target instant or sorcery card from a graveyard to its "
        "owner's hand.",
        STATIC,
        chaos(Instruct("return up to one target instant or sorcery card from a graveyard to its owner's hand")),
    ),
    plane(
        "The Caldaia",
        "Capenna",
        ("MOC",),
        "Creature spells you cast from your hand have blitz {3}. (If you cast a spell for its blitz cost, it "
        'gains haste and "When this creature dies, draw a card." Sacrifice it at the beginning of the next end '
        "step.)\n"
        "Whenever chaos ensues, return target creature card from your graveyard to your hand.",
        STATIC,
        chaos(Instruct("return target creature card from your graveyard to your hand")),
    ),
    plane(
        "The Golden City of Orazca",
        "Ixalan",
        ("MOC",),
        "Ascend (If you control ten or more permanents, you get the city's blessing for the rest of the game.)\n"
        "Whenever one or more creatures you control deal combat damage to a player, create a Treasure token. "
        "Then draw a card if you have the city's blessing.\n"
        "Whenever chaos ensues, you may put a permanent card from your hand onto the battlefield tapped.",
        STATIC,
        STATIC,
        chaos(Instruct("you may put a permanent card from your hand onto the battlefield tapped")),
    ),
    plane(
        "The Great Aerie",
        "Tarkir",
        ("MOC",),
        "When you planeswalk to The Great Aerie and at the beginning of your upkeep, bolster 3. (Choose a "
        "creature with the least toughness among creatures you control and put three +1/+1 counters on it.)\n"
        "Whenever chaos ensues, choose up to one target creature you control and up to one target creature an "
        "opponent controls. Each of those creatures deals damage equal to its toughness to the other.",
        Spec(on(T.PLANESWALK_TO, T.UPKEEP), Instruct("bolster 3")),
        chaos(
            Instruct(
                "choose up to one target creature you control and up to one target creature an opponent "
                "controls; each of those creatures deals damage equal to its toughness to the other"
            )
        ),
    ),
    plane(
        "The Pit",
        "The Abyss",
        ("MOC",),
        "When you planeswalk to The Pit, each player creates their choice of a 3/3 white Angel creature token "
        'with flying or a 6/6 black Demon creature token with flying, trample, and "At the beginning of your '
        "upkeep, sacrifice another creature. If you can't, this token deals 6 damage to you.\"\n"
        "Whenever chaos ensues, each player sacrifices a nonartifact creature of their choice.",
        Spec(
            on(T.PLANESWALK_TO),
            Instruct(
                "create your choice of a 3/3 white Angel creature token with flying or a 6/6 black Demon "
                'creature token with flying, trample, and "At the beginning of your upkeep, sacrifice another '
                "creature. If you can't, this token deals 6 damage to you.\"",
                EACH_PLAYER,
            ),
        ),
        chaos(Instruct("sacrifice a nonartifact creature of your choice", EACH_PLAYER)),
    ),
    plane(
        "The Western Cloud",
        "Gobakhan",
        ("MOC",),
        "Prevent all damage that would be dealt to creatures and planeswalkers you control.\n"
        "Whenever chaos ensues, create three tapped Treasure tokens. They each deal 1 damage to each creature "
        "and each planeswalker.",
        STATIC,
        chaos(
            Instruct(
                "create three tapped Treasure tokens; they each deal 1 damage to each creature and each planeswalker"
            )
        ),
    ),
    plane(
        "The Wilds",
        "Eldraine",
        ("MOC",),
        "When you planeswalk to The Wilds and at the beginning of your upkeep, create a Food token.\n"
        "Whenever chaos ensues, target player sacrifices a creature of their choice. If they do, you create a "
        "Food token. You create two Food tokens instead if the sacrificed creature's toughness was 4 or "
        "greater.",
        Spec(on(T.PLANESWALK_TO, T.UPKEEP), Instruct("create a Food token")),
        chaos(
            Instruct("sacrifice a creature of your choice", TARGET),
            Instruct(
                "if {target} sacrificed a creature this way, create a Food token; create two Food tokens instead "
                "if the sacrificed creature's toughness was 4 or greater"
            ),
            target=TargetKind.PLAYER,
        ),
    ),
    plane(
        "Towashi",
        "Kamigawa",
        ("MOC",),
        'Modified creatures you control have trample and "Whenever this creature deals combat damage to a '
        'player or planeswalker, draw a card." (Equipment, Auras you control, and counters are '
        "modifications.)\n"
        "Whenever chaos ensues, distribute three +1/+1 counters among one, two, or three target creatures you "
        "control.",
        STATIC,
        chaos(Instruct("distribute three +1/+1 counters among one, two, or three target creatures you control")),
    ),
    plane(
        "Unyaro",
        "Zhalfir",
        ("MOC",),
        "At the beginning of your end step, if you planeswalked to Unyaro this turn, untap all creatures. They "
        "phase out until a player planeswalks. (Treat them and anything attached to them as though they didn't "
        "exist.)\n"
        "Whenever chaos ensues, create two 2/2 white and blue Knight creature tokens with vigilance.",
        Spec(
            on(T.END_STEP),
            Instruct("untap all creatures; they phase out", TABLE),
            CreateEffect(
                "creatures_phased_out",
                Duration.PLANESWALK,
                "the creatures Unyaro untapped are phased out until a player planeswalks",
            ),
            condition=PlaneswalkedHereThisTurn(),
        ),
        chaos(Instruct("create two 2/2 white and blue Knight creature tokens with vigilance")),
    ),
    plane(
        "Valor's Reach",
        "Kylem",
        ("MOC",),
        "Whenever your team attacks with exactly two creatures, those creatures gain double strike until end "
        "of turn.\n"
        "Whenever chaos ensues, untap up to two target creatures your team controls. If it's a main phase, "
        "there is an additional combat phase after this phase, followed by an additional main phase.",
        STATIC,
        chaos(
            Instruct("untap up to two target creatures your team controls"),
            AdditionalPhase("combat_and_main"),
        ),
    ),
)
