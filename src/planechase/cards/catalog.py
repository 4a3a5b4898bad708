"""The planar cards the engine ships, with every ability scripted.

Each ability's text is the matching line of the card's Oracle text; the ability list must line up
with those lines one for one (checked when the catalog is built).
"""

from __future__ import annotations

from ..core.state import Duration
from ..planar.chaos import BLANK_IS_CHAOS, PLANESWALK_ROLL_IS_CHAOS
from .build import STATIC, Spec, T, chaos, encounter, on, phenomenon, plane
from .effects import (
    EACH_PLAYER,
    TABLE,
    TARGET,
    THAT_PLAYER,
    YOU,
    AddCounters,
    AdditionalPhase,
    ChaosEnsues,
    CountersOnThis,
    CreateEffect,
    DealDamage,
    ExtraTurn,
    GainLife,
    Instruct,
    May,
    PlaneswalkEffect,
    Reported,
    RevealAndPlaneswalkTo,
    RevealChaosForEach,
    RevealPutOneOnTop,
    RevealTopMayBottom,
    ReverseTurnOrder,
    SetLife,
)
from .model import CANT_ATTACK_YOU_EFFECT, CardDef, Catalog, RuleChange, TargetKind
from .sets import CARDS as SET_CARDS

CARDS: tuple[CardDef, ...] = (
    plane(
        "Agyrem",
        "Ravnica",
        ("HOP", "PCA"),
        "Whenever a white creature dies, return it to the battlefield under its owner's control at the beginning "
        "of the next end step.\n"
        "Whenever a nonwhite creature dies, return it to its owner's hand at the beginning of the next end step.\n"
        "Whenever chaos ensues, creatures can't attack you until a player planeswalks.",
        STATIC,
        STATIC,
        chaos(
            CreateEffect(
                CANT_ATTACK_YOU_EFFECT,
                Duration.PLANESWALK,
                "creatures can't attack {you} until a player planeswalks",
            )
        ),
    ),
    plane(
        "Academy at Tolaria West",
        "Dominaria",
        ("HOP", "PCA"),
        "At the beginning of your end step, if you have no cards in hand, draw seven cards.\n"
        "Whenever chaos ensues, discard your hand.",
        Spec(on(T.END_STEP), Instruct("if you have no cards in hand, draw seven cards")),
        chaos(Instruct("discard your hand")),
    ),
    plane(
        "Aretopolis",
        "Kephalai",
        ("PC2", "PCA"),
        "When you planeswalk to Aretopolis and at the beginning of your upkeep, put a scroll counter on "
        "Aretopolis, then you gain life equal to the number of scroll counters on it.\n"
        "When Aretopolis has ten or more scroll counters on it, planeswalk.\n"
        "Whenever chaos ensues, put a scroll counter on Aretopolis, then draw cards equal to the number "
        "of scroll counters on it.",
        Spec(on(T.PLANESWALK_TO, T.UPKEEP), AddCounters("scroll"), GainLife(CountersOnThis("scroll"))),
        Spec(on(T.COUNTERS_AT_LEAST), PlaneswalkEffect(), threshold=("scroll", 10)),
        chaos(AddCounters("scroll"), Instruct("draw {n} cards", YOU, CountersOnThis("scroll"))),
    ),
    phenomenon(
        "Chaotic Aether",
        ("PC2", "PCA", "MOC"),
        "When you encounter Chaotic Aether, each blank roll of the planar die is a {CHAOS} roll until a "
        "player planeswalks away from a plane. (Then planeswalk away from this phenomenon.)",
        encounter(
            CreateEffect(
                BLANK_IS_CHAOS,
                Duration.PLANESWALK_AWAY_FROM_PLANE,
                "each blank roll of the planar die is a {CHAOS} roll until a player planeswalks away from a plane",
            )
        ),
    ),
    plane(
        "Fields of Summer",
        "Moag",
        ("HOP", "PCA"),
        "Whenever a player casts a spell, that player may gain 2 life.\nWhenever chaos ensues, you may gain 10 life.",
        Spec(on(T.SPELL_CAST), May("gain 2 life", (GainLife(2, THAT_PLAYER),), THAT_PLAYER)),
        chaos(May("gain 10 life", (GainLife(10),))),
    ),
    phenomenon(
        "Fixed Point in Time",
        ("WHO",),
        "When you encounter Fixed Point in Time, until your next turn, if a player would planeswalk as a "
        "result of rolling the planar die, chaos ensues instead. (Then planeswalk away from this "
        "phenomenon.)",
        encounter(
            CreateEffect(
                PLANESWALK_ROLL_IS_CHAOS,
                Duration.YOUR_NEXT_TURN,
                "until your next turn, if a player would planeswalk as a result of "
                "rolling the planar die, chaos ensues instead",
            )
        ),
    ),
    phenomenon(
        "Interplanar Tunnel",
        ("PC2", "PCA"),
        "When you encounter Interplanar Tunnel, reveal cards from the top of your planar deck until you "
        "reveal five plane cards. Put a plane card from among them on top of your planar deck, then put "
        "the rest of the revealed cards on the bottom in a random order. (Then planeswalk away from this "
        "phenomenon.)",
        encounter(RevealPutOneOnTop(5)),
    ),
    plane(
        "Kilnspire District",
        "Ravnica",
        ("PC2", "PCA"),
        "When you planeswalk to Kilnspire District and at the beginning of your first main phase, put a "
        "charge counter on Kilnspire District, then add {R} for each charge counter on it.\n"
        "Whenever chaos ensues, you may pay {X}. If you do, Kilnspire District deals X damage to any "
        "target.",
        Spec(
            on(T.PLANESWALK_TO, T.PRECOMBAT_MAIN),
            AddCounters("charge"),
            Instruct("add {{R}} {n} time(s), one for each charge counter", YOU, CountersOnThis("charge")),
        ),
        chaos(DealDamage(Reported("the X you pay (0 if you don't pay)"), TARGET), target=TargetKind.ANY),
    ),
    plane(
        "Mount Keralia",
        "Regatha",
        ("PC2", "PCA"),
        "At the beginning of your end step, put a pressure counter on Mount Keralia.\n"
        "When you planeswalk away from Mount Keralia, it deals damage equal to the number of pressure "
        "counters on it to each creature and each planeswalker.\n"
        "Whenever chaos ensues, prevent all damage that planes named Mount Keralia would deal this game "
        "to permanents you control.",
        Spec(on(T.END_STEP), AddCounters("pressure")),
        Spec(
            on(T.PLANESWALK_AWAY),
            Instruct(
                "Mount Keralia deals {n} damage to each creature and each planeswalker",
                TABLE,
                CountersOnThis("pressure"),
            ),
        ),
        chaos(
            CreateEffect(
                "prevent_mount_keralia_damage",
                Duration.GAME,
                "prevent all damage that planes named Mount Keralia would deal this game to permanents you control",
            )
        ),
    ),
    plane(
        "Naar Isle",
        "Wildfire",
        ("HOP", "PCA"),
        "At the beginning of your upkeep, put a flame counter on Naar Isle, then Naar Isle deals damage "
        "to you equal to the number of flame counters on it.\n"
        "Whenever chaos ensues, Naar Isle deals 3 damage to target player or planeswalker.",
        Spec(on(T.UPKEEP), AddCounters("flame"), DealDamage(CountersOnThis("flame"), YOU)),
        chaos(DealDamage(3, TARGET), target=TargetKind.PLAYER_OR_PLANESWALKER),
    ),
    plane(
        "Norn's Seedcore",
        "New Phyrexia",
        ("MOC",),
        "When you planeswalk to Norn's Seedcore, chaos ensues.\n"
        "Whenever chaos ensues, reveal cards from the top of your planar deck until you reveal a plane "
        "card. Planeswalk to it, except don't planeswalk away from any plane. Put the rest of the "
        "revealed cards on the bottom of your planar deck in any order.",
        Spec(on(T.PLANESWALK_TO), ChaosEnsues()),
        chaos(RevealAndPlaneswalkTo(1, leave=False)),
    ),
    plane(
        "Otaria",
        "Dominaria",
        ("HOP", "PCA"),
        "Instant and sorcery cards in graveyards have flashback. The flashback cost is equal to the "
        "card's mana cost. (Its owner may cast the card from their graveyard for its mana cost. Then "
        "they exile it.)\n"
        "Whenever chaos ensues, take an extra turn after this one.",
        STATIC,
        chaos(ExtraTurn()),
    ),
    phenomenon(
        "Planewide Disaster",
        ("PC2", "PCA", "MOC"),
        "When you encounter Planewide Disaster, destroy all creatures. (Then planeswalk away from this phenomenon.)",
        encounter(Instruct("destroy all creatures", TABLE)),
    ),
    plane(
        "Pompeii",
        "Earth",
        ("WHO",),
        "When you planeswalk to Pompeii and at the beginning of your upkeep, put an eruption counter on "
        "it.\n"
        "Whenever you roll a blank on the planar die, scry 2. Then put an eruption counter on Pompeii.\n"
        "When chaos ensues, Pompeii deals damage to each creature and each player equal to the number of "
        "eruption counters on Pompeii. Each player sacrifices a land of their choice. Then planeswalk.",
        Spec(on(T.PLANESWALK_TO, T.UPKEEP), AddCounters("eruption")),
        Spec(on(T.ROLL_BLANK), Instruct("scry 2"), AddCounters("eruption")),
        chaos(
            DealDamage(CountersOnThis("eruption"), EACH_PLAYER, also="{name} deals {n} damage to each creature"),
            Instruct("sacrifice a land of your choice", EACH_PLAYER),
            PlaneswalkEffect(),
        ),
    ),
    plane(
        "Pools of Becoming",
        "Bolas's Meditation Realm",
        ("HOP", "PCA"),
        "At the beginning of your end step, put the cards in your hand on the bottom of your library in "
        "any order, then draw that many cards.\n"
        "Whenever chaos ensues, reveal the top three cards of your planar deck. Each of the revealed "
        "cards' chaos abilities triggers. Then put the revealed cards on the bottom of your planar deck "
        "in any order.",
        Spec(
            on(T.END_STEP),
            Instruct(
                "put the cards in your hand on the bottom of your library in any order, then draw that many cards"
            ),
        ),
        chaos(RevealChaosForEach(count=3)),
    ),
    plane(
        "Sanctum of Serra",
        "Serra's Realm",
        ("HOP", "PCA"),
        "When you planeswalk away from Sanctum of Serra, destroy all nonland permanents.\n"
        "Whenever chaos ensues, you may have your life total become 20.",
        Spec(on(T.PLANESWALK_AWAY), Instruct("destroy all nonland permanents", TABLE)),
        chaos(May("have your life total become 20", (SetLife(20),))),
    ),
    plane(
        "Sokenzan",
        "Kamigawa",
        ("HOP", "PCA", "MOC"),
        "All creatures get +1/+1 and have haste.\n"
        "Whenever chaos ensues, untap all creatures that attacked this turn. If it's a main phase, there "
        "is an additional combat phase after this phase, followed by an additional main phase.",
        STATIC,
        chaos(Instruct("untap all creatures that attacked this turn", TABLE), AdditionalPhase("combat_and_main")),
    ),
    phenomenon(
        "Spatial Merging",
        ("PC2", "PCA", "MOC"),
        "When you encounter Spatial Merging, reveal cards from the top of your planar deck until you "
        "reveal two plane cards. Simultaneously planeswalk to both of them. Put all other cards revealed "
        "this way on the bottom of your planar deck in any order.",
        encounter(RevealAndPlaneswalkTo(2)),
    ),
    plane(
        "Stairs to Infinity",
        "Xerex",
        ("PC2-promo", "PCA"),
        "Players have no maximum hand size.\n"
        "Whenever you roll the planar die, draw a card.\n"
        "Whenever chaos ensues, reveal the top card of your planar deck. You may put it on the bottom of "
        "your planar deck.",
        Spec(rule_change=RuleChange.NO_MAXIMUM_HAND_SIZE),
        Spec(on(T.ROLL), Instruct("draw a card")),
        chaos(RevealTopMayBottom()),
    ),
    plane(
        "Tazeem",
        "Zendikar",
        ("PHOP", "PCA"),
        "Creatures can't block.\nWhenever chaos ensues, draw a card for each land you control.",
        STATIC,
        chaos(Instruct("draw a card for each land you control")),
    ),
    plane(
        "Temple of Atropos",
        "Time",
        ("WHO",),
        "At the beginning of each of your postcombat main phases, there is an additional beginning phase "
        "after this phase. (The beginning phase includes the untap, upkeep, and draw steps.)\n"
        "When chaos ensues, reverse the game's turn order. Then planeswalk. (For example, if play had "
        "proceeded clockwise around the table, it now goes counterclockwise.)",
        Spec(on(T.POSTCOMBAT_MAIN), AdditionalPhase("beginning")),
        chaos(ReverseTurnOrder(), PlaneswalkEffect()),
    ),
    plane(
        "The Eon Fog",
        "Equilor",
        ("HOP", "PCA"),
        "Players skip their untap steps.\nWhenever chaos ensues, untap all permanents you control.",
        Spec(rule_change=RuleChange.SKIP_UNTAP_STEPS),
        chaos(Instruct("untap all permanents you control")),
    ),
    plane(
        "The Fertile Lands of Saulvinia",
        "Antausia",
        ("MOC",),
        "Whenever a player taps a land for mana, that player adds one mana of any type that land "
        "produced.\n"
        "Whenever chaos ensues, reveal cards from the top of your planar deck until you reveal a plane "
        "card. Chaos ensues on that plane. Then put all cards revealed this way on the bottom of your "
        "planar deck in any order.",
        STATIC,
        chaos(RevealChaosForEach(planes=1)),
    ),
    plane(
        "Ten Wizards Mountain",
        "Shenmeng",
        ("MOC",),
        "Whenever you roll the planar die, put a +1/+1 counter on up to one target creature.\n"
        "Whenever chaos ensues, creatures you control gain flying until end of turn.",
        Spec(on(T.ROLL), Instruct("put a +1/+1 counter on up to one target creature")),
        chaos(
            CreateEffect(
                "creatures_gain_flying", Duration.END_OF_TURN, "creatures {you} controls gain flying until end of turn"
            )
        ),
    ),
    phenomenon(
        "Time Distortion",
        ("PC2", "PCA"),
        "When you encounter Time Distortion, reverse the game's turn order. (For example, if play had "
        "proceeded clockwise around the table, it now goes counterclockwise. Then planeswalk away from "
        "this phenomenon.)",
        encounter(ReverseTurnOrder()),
    ),
)

#: The catalog every game uses unless given another.
CATALOG = Catalog(sorted((*CARDS, *SET_CARDS), key=lambda card: card.name))
