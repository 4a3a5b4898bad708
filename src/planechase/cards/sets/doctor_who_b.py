"""Planar cards first printed in Doctor Who (Commander), second half.

Facts (name, type line, sets, Oracle text) are the current Oracle wording; each ability is one line of it.
Abilities about creatures, hands, libraries and mana are table instructions; life, planeswalking, chaos,
durations, ending the turn (The Drum, Mining Facility) and redistributing life totals (The Doctor's Tomb) are
carried out by the engine. Static abilities, and triggered abilities whose trigger events the engine does not
see (combat damage, casting from exile), are standing reminders.
"""

from __future__ import annotations

from ...core.state import Duration
from ..build import STATIC, Spec, T, chaos, encounter, on, phenomenon, plane
from ..effects import (
    EACH_PLAYER,
    THAT_PLAYER,
    CreateEffect,
    EachChooses,
    EndTheTurn,
    Instruct,
    LoseLife,
    PlaneswalkEffect,
    RedistributeLife,
    RepeatWhileCoinLost,
    SwapChoices,
)
from ..model import CardDef, RuleChange

#: What Two Streams Facility remembers each player last chose.
TWO_STREAMS = "two_streams"
TWO_STREAMS_OPTIONS = ("green anchor", "red waterfall")

CARDS: tuple[CardDef, ...] = (
    plane(
        "Spectrox Mines",
        "Androzani Minor",
        ("WHO",),
        "When you planeswalk to Spectrox Mines and at the beginning of your upkeep, you lose 3 life and "
        "create a Treasure token.\n"
        "Whenever chaos ensues, create a Food token and a 2/2 black Human Rogue creature token.",
        Spec(on(T.PLANESWALK_TO, T.UPKEEP), LoseLife(3), Instruct("create a Treasure token")),
        chaos(Instruct("create a Food token and a 2/2 black Human Rogue creature token")),
    ),
    plane(
        "Stormcage Containment Facility",
        "Unknown Planet",
        ("WHO",),
        "Each creature card in your graveyard has escape. The escape cost is equal to the card's mana "
        "cost plus exile three other cards from your graveyard. (You may cast cards from your graveyard "
        "for their escape cost.)\n"
        "Whenever chaos ensues, detain target creature an opponent controls. (Until your next turn, that "
        "creature can't attack or block and its activated abilities can't be activated.)",
        STATIC,
        chaos(Instruct("detain target creature an opponent controls")),
    ),
    plane(
        "TARDIS Bay",
        "Gallifrey",
        ("WHO",),
        "The first spell you cast during each of your turns with mana value 2 or greater has cascade. "
        "(When you cast that spell, exile cards from the top of your library until you exile a nonland "
        "card that costs less. You may cast it without paying its mana cost. Put the exiled cards on the "
        "bottom in a random order.)\n"
        "When chaos ensues, gain control of target artifact. Then planeswalk.",
        STATIC,
        chaos(Instruct("gain control of target artifact"), PlaneswalkEffect()),
    ),
    plane(
        "The Cave of Skulls",
        "Earth",
        ("WHO",),
        "Each creature card in your graveyard has scavenge. The scavenge cost is equal to its mana cost. "
        "(Exile a creature card from your graveyard and pay its mana cost: Put a number of +1/+1 counters"
        " equal to that card's power on target creature. Scavenge only as a sorcery.)\n"
        "Whenever chaos ensues, create two 1/1 white Warrior creature tokens.",
        STATIC,
        chaos(Instruct("create two 1/1 white Warrior creature tokens")),
    ),
    plane(
        "The Cheetah Planet",
        "Outside Mutter's Spiral",
        ("WHO",),
        "When you planeswalk to The Cheetah Planet and at the beginning of your upkeep, put two +1/+1 "
        "counters on target non-Cat creature you control. It becomes a Cat in addition to its other "
        "types.\n"
        "Whenever chaos ensues, all Cats gain provoke until end of turn. (Whenever a Cat attacks, its "
        "controller may have target creature defending player controls untap and block it if able.)",
        Spec(
            on(T.PLANESWALK_TO, T.UPKEEP),
            Instruct(
                "put two +1/+1 counters on target non-Cat creature you control; it becomes a Cat in addition to "
                "its other types"
            ),
        ),
        chaos(CreateEffect("cats_gain_provoke", Duration.END_OF_TURN, "all Cats gain provoke until end of turn")),
    ),
    plane(
        "The Dining Car",
        "Spacecraft",
        ("WHO",),
        "When you planeswalk to The Dining Car, each player creates a Food token.\n"
        "Sixty-Six Seconds — At the beginning of your upkeep, sacrifice a creature with the least "
        "toughness among creatures you control. Then investigate.\n"
        "Whenever chaos ensues, activated abilities of artifact tokens you control cost {2} less to "
        "activate this turn.",
        Spec(on(T.PLANESWALK_TO), Instruct("create a Food token", EACH_PLAYER)),
        Spec(
            on(T.UPKEEP),
            Instruct("sacrifice a creature with the least toughness among creatures you control, then investigate"),
        ),
        chaos(
            CreateEffect(
                "artifact_token_abilities_cost_less",
                Duration.END_OF_TURN,
                "activated abilities of artifact tokens {you} controls cost {2} less to activate this turn",
            )
        ),
    ),
    plane(
        "The Doctor's Childhood Barn",
        "Gallifrey",
        ("WHO",),
        "Creatures enter tapped.\n"
        "Whenever chaos ensues, for each opponent, choose up to one target nonland permanent that "
        "opponent controls. Untap those permanents. They phase out. They can't phase in for as long as "
        "The Doctor's Childhood Barn remains face up. When a player planeswalks, those permanents phase "
        "in.",
        STATIC,
        chaos(
            Instruct(
                "for each opponent, choose up to one target nonland permanent that opponent controls; untap those "
                "permanents; they phase out"
            ),
            CreateEffect(
                "permanents_phased_out",
                Duration.PLANESWALK,
                "the permanents The Doctor's Childhood Barn phased out can't phase in while it remains face up; "
                "they phase in when a player planeswalks",
            ),
        ),
    ),
    plane(
        "The Doctor's Tomb",
        "Trenzalore",
        ("WHO",),
        "If a creature would die, instead exile it and that creature's controller loses 2 life.\n"
        "Whenever chaos ensues, redistribute any number of players' life totals. (Each of those players "
        "gets one life total back.)",
        STATIC,
        chaos(RedistributeLife()),
    ),
    plane(
        "The Drum, Mining Facility",
        "Earth",
        ("WHO",),
        "Whenever you roll the planar die, creatures you control get +1/+1 and gain haste until end of "
        "turn.\n"
        "Whenever chaos ensues, end the turn. (Exile all spells and abilities from the stack. The player "
        'whose turn it is discards down to their maximum hand size. Damage wears off, and "this turn" and'
        ' "until end of turn" effects end.)',
        Spec(
            on(T.ROLL),
            CreateEffect(
                "creatures_get_bonus_and_haste",
                Duration.END_OF_TURN,
                "creatures {you} controls get +1/+1 and gain haste until end of turn",
            ),
        ),
        chaos(EndTheTurn()),
    ),
    plane(
        "The Lux Foundation Library",
        "The Library",
        ("WHO",),
        "Players have no maximum hand size.\n"
        "Whenever a creature you control deals combat damage to a player, you may draw a card.\n"
        "Whenever chaos ensues, put a shadow counter on target creature. (A creature with shadow can "
        "block or be blocked by only creatures with shadow.)",
        Spec(rule_change=RuleChange.NO_MAXIMUM_HAND_SIZE),
        STATIC,
        chaos(Instruct("put a shadow counter on target creature")),
    ),
    plane(
        "The Matrix of Time",
        "Gallifrey",
        ("WHO",),
        "When you planeswalk to The Matrix of Time, each player exiles the top card of their library.\n"
        "During your turn, you may play lands and cast spells from among cards exiled with The Matrix of "
        "Time.\n"
        "Whenever you play a land or cast a spell from among cards exiled with The Matrix of Time, that "
        "card's owner loses 3 life and exiles the top card of their library.\n"
        "Whenever chaos ensues, create two Treasure tokens.",
        Spec(on(T.PLANESWALK_TO), Instruct("exile the top card of your library", EACH_PLAYER)),
        STATIC,
        Spec(on(T.REPORTED), LoseLife(3, THAT_PLAYER), Instruct("exile the top card of your library", THAT_PLAYER)),
        chaos(Instruct("create two Treasure tokens")),
    ),
    plane(
        "The Moonbase",
        "Moon",
        ("WHO",),
        'Low Gravity — All creatures have "{2}: This creature gains flying until end of turn. Activate '
        'only as a sorcery."\n'
        "Whenever chaos ensues, for each opponent, choose up to one target creature card in that player's"
        " graveyard. Put those cards onto the battlefield face down under your control. They're 2/2 "
        "Cyberman artifact creatures.",
        STATIC,
        chaos(
            Instruct(
                "for each opponent, choose up to one target creature card in that player's graveyard; put those "
                "cards onto the battlefield face down under your control; they're 2/2 Cyberman artifact creatures"
            )
        ),
    ),
    plane(
        "The Pyramid of Mars",
        "Mars",
        ("WHO",),
        "When you planeswalk to The Pyramid of Mars and at the beginning of your upkeep, surveil 2. (Look"
        " at the top two cards of your library, then put any number of them into your graveyard and the "
        "rest on top of your library in any order.)\n"
        "Whenever chaos ensues, return target creature card from your graveyard to the battlefield.",
        Spec(on(T.PLANESWALK_TO, T.UPKEEP), Instruct("surveil 2")),
        chaos(Instruct("return target creature card from your graveyard to the battlefield")),
    ),
    plane(
        "Two Streams Facility",
        "Apalapucia",
        ("WHO",),
        "Whenever you planeswalk to Two Streams Facility and at the beginning of the first upkeep of the "
        "game, each player chooses green anchor or red waterfall.\n"
        "Each player who last chose green anchor may play an additional land during each of their turns.\n"
        "Creatures controlled by players who last chose red waterfall get +2/+0 and have haste.\n"
        "Whenever chaos ensues, each player who last chose green anchor chooses red waterfall, and vice "
        "versa.",
        Spec(on(T.PLANESWALK_TO, T.FIRST_UPKEEP_OF_GAME), EachChooses(TWO_STREAMS, TWO_STREAMS_OPTIONS)),
        STATIC,
        STATIC,
        chaos(SwapChoices(TWO_STREAMS, TWO_STREAMS_OPTIONS)),
    ),
    plane(
        "UNIT Headquarters",
        "Earth",
        ("WHO",),
        "When you planeswalk to UNIT Headquarters and at the beginning of your upkeep, create a tapped "
        "1/1 white Soldier creature token.\n"
        "Whenever chaos ensues, put a +1/+1 counter on each creature you control.",
        Spec(on(T.PLANESWALK_TO, T.UPKEEP), Instruct("create a tapped 1/1 white Soldier creature token")),
        chaos(Instruct("put a +1/+1 counter on each creature you control")),
    ),
    phenomenon(
        "Caught in a Parallel Universe",
        ("WHO",),
        "When you encounter Caught in a Parallel Universe, each player chooses a creature controlled by "
        "the player to their left. Each player creates a token that's a copy of the creature they chose, "
        "except it has menace. (Then planeswalk away from this phenomenon.)",
        encounter(
            Instruct(
                "choose a creature controlled by the player to your left; create a token that's a copy of it, "
                "except it has menace",
                EACH_PLAYER,
            )
        ),
    ),
    phenomenon(
        "Human—Time Lord Meta-Crisis",
        ("WHO",),
        "When you encounter Human—Time Lord Meta-Crisis, each player chooses one or two creatures they "
        "control. Each player creates a token that's a copy of the first creature they chose, except it "
        "isn't legendary. Then each player who chose a second creature puts a number of +1/+1 counters on"
        " the token they created equal to the power of the second creature they chose. (Then planeswalk "
        "away from this phenomenon.)",
        encounter(
            Instruct(
                "choose one or two creatures you control; create a token that's a copy of the first, except it "
                "isn't legendary; if you chose a second creature, put a number of +1/+1 counters on that token "
                "equal to the second creature's power",
                EACH_PLAYER,
            )
        ),
    ),
    phenomenon(
        "Unleash the Flux",
        ("WHO",),
        "When you encounter Unleash the Flux, each player sacrifices a nonland permanent of their choice,"
        " then you flip a coin. If you lose the flip, repeat this process. (Then planeswalk away from "
        "this phenomenon.)",
        encounter(RepeatWhileCoinLost((Instruct("sacrifice a nonland permanent of your choice", EACH_PLAYER),))),
    ),
)
