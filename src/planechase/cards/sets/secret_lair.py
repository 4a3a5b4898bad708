"""The Secret Lair showcase planes (see the catalog for cards printed earlier).

Facts (name, type line, sets, Oracle text) are the current Oracle wording; each ability is one line of
it. Abilities about creatures, hands, libraries and mana are table instructions (with the numbers the
engine knows filled in, such as the rolls of the planar die this turn); life, chaos and durations are
carried out by the engine.

"At the beginning of each player's upkeep / end step" triggers at every turn's step; the planar
controller is the active player (901.6), so they are scripted as the controller's step triggers and
"that player" is the controller.
"""

from __future__ import annotations

from ...core.state import Duration
from ..build import STATIC, Spec, T, chaos, on, plane
from ..effects import (
    EACH_PLAYER,
    TARGET,
    THAT_PLAYER,
    AskTable,
    ChooseCardAtRandom,
    CreateEffect,
    ForEachOpponent,
    Instruct,
    LoseLife,
    Repeat,
    RollsThisTurn,
)
from ..model import CardDef, TargetKind

SECRET_LAIR = "Secret Lair"
SETS = ("PSSC",)

#: Happy Yargle Day!: the cards its chaos ability chooses from at random.
YARGLE_DAY_CARDS = ("Swords to Plowshares", "Opt", "Fatal Push", "Anger of the Gods", "Explore")

CARDS: tuple[CardDef, ...] = (
    plane(
        "Deceptive Divination",
        SECRET_LAIR,
        SETS,
        'Change the text of each sorcery spell and sorcery card not on the stack by replacing "sorcery" with '
        '"instant."\n'
        "Whenever chaos ensues, choose two target players. Each of them searches their library for a card, then "
        "shuffles and puts that card on top.",
        STATIC,
        chaos(
            Instruct("search your library for a card, then shuffle and put that card on top", TARGET),
            target=TargetKind.TWO_PLAYERS,
        ),
    ),
    plane(
        "Fblthp: Completely, Utterly, Totally Lost",
        SECRET_LAIR,
        SETS,
        "When you planeswalk to this plane and at the beginning of your upkeep, create a Map token. (It's an "
        'artifact with "{1}, {T}, Sacrifice this token: Target creature you control explores. Activate only as a '
        'sorcery.")\n'
        "Whenever chaos ensues, draw two cards, then discard two cards. Untap up to three lands.",
        Spec(on(T.PLANESWALK_TO, T.UPKEEP), Instruct("create a Map token")),
        chaos(Instruct("draw two cards, then discard two cards; untap up to three lands")),
    ),
    plane(
        "Finally! Left-Handed Magic Cards",
        SECRET_LAIR,
        SETS,
        "Each creature's base power is equal to its printed toughness.\n"
        "Each creature's base toughness is equal to its printed power.\n"
        "Whenever chaos ensues, draw a card from the bottom of your library.",
        STATIC,
        STATIC,
        chaos(Instruct("draw a card from the bottom of your library")),
    ),
    plane(
        "Happy Yargle Day!",
        SECRET_LAIR,
        SETS,
        "At the beginning of each player's end step, if that player doesn't control a creature named Yargle, "
        "Glutton of Urborg, that player puts a bargle counter on a creature they control. It becomes a copy of "
        "Yargle, Glutton of Urborg, except it isn't legendary.\n"
        "Whenever chaos ensues, choose Swords to Plowshares, Opt, Fatal Push, Anger of the Gods, or Explore at "
        "random. Copy the chosen card. You may cast the copy without paying its mana cost.",
        Spec(
            on(T.EACH_END_STEP),
            Instruct(
                "if you don't control a creature named Yargle, Glutton of Urborg, put a bargle counter on a "
                "creature you control; it becomes a copy of Yargle, Glutton of Urborg, except it isn't legendary",
                THAT_PLAYER,
            ),
        ),
        chaos(ChooseCardAtRandom(YARGLE_DAY_CARDS, "copy {card}; you may cast the copy without paying its mana cost")),
    ),
    plane(
        "Imaginary Friends (Plane)",
        SECRET_LAIR,
        SETS,
        "Players may cast spells as though they were other cards legal in this game's format with the same type "
        "and mana cost. (Mana cost includes color.)\n"
        "Whenever chaos ensues, exile cards from the top of your library until you reveal a nonland card. You "
        "may cast that card without paying its mana cost, but only as another card following this plane's first "
        "ability. Put the rest on the bottom of your library in a random order.",
        STATIC,
        chaos(
            Instruct(
                "exile cards from the top of your library until you reveal a nonland card; you may cast that card "
                "without paying its mana cost, but only as another card following this plane's first ability; put "
                "the rest on the bottom of your library in a random order"
            )
        ),
    ),
    plane(
        "Li'l Giri Saves the Day",
        SECRET_LAIR,
        SETS,
        "Legendary Food tokens you control have hexproof and indestructible.\n"
        "When you planeswalk to this plane, create Li'l Giri, a legendary 1/1 colorless Food Warrior artifact "
        "creature token.\n"
        "Whenever chaos ensues, put X +1/+1 counters on target legendary artifact creature you control, where X "
        "is the number of times you've rolled the planar die this turn.",
        STATIC,
        Spec(
            on(T.PLANESWALK_TO),
            Instruct("create Li'l Giri, a legendary 1/1 colorless Food Warrior artifact creature token"),
        ),
        chaos(Instruct("put {n} +1/+1 counters on target legendary artifact creature you control", n=RollsThisTurn())),
    ),
    plane(
        "Math is for Blockers (Plane)",
        SECRET_LAIR,
        SETS,
        "Whenever a nontoken creature attacks, exile it. Return it to the battlefield under its owner's control "
        "tapped and attacking at the beginning of that player's next declare attackers step.\n"
        "Whenever chaos ensues, goad target creature. (Until your next turn, It attacks each combat if able and "
        "attacks a player other than you if able.)",
        STATIC,
        chaos(
            Instruct(
                "goad target creature (until your next turn, it attacks each combat if able and attacks a "
                "player other than you if able)"
            )
        ),
    ),
    plane(
        "Mycosynthwave",
        SECRET_LAIR,
        SETS,
        "All permanents are artifacts in addition to their other types.\n"
        "All cards that aren't on the battlefield, spells, and permanents are colorless.\n"
        "Players may spend mana as though it were mana of any color.\n"
        "Whenever chaos ensues, the next spell you cast this turn has affinity for artifacts.",
        STATIC,
        STATIC,
        STATIC,
        chaos(
            CreateEffect(
                "next_spell_affinity_for_artifacts",
                Duration.NEXT_SPELL_THIS_TURN,
                "the next spell {you} casts this turn has affinity for artifacts",
            )
        ),
    ),
    plane(
        "We Hope You Like Squirrels",
        SECRET_LAIR,
        SETS,
        "At the beginning of each player's upkeep and whenever a player casts a spell, that player creates a 1/1 "
        "green Squirrel creature token.\n"
        "Whenever chaos ensues, put a +1/+1 counter on each Squirrel you control.",
        Spec(on(T.EACH_UPKEEP, T.SPELL_CAST), Instruct("create a 1/1 green Squirrel creature token", THAT_PLAYER)),
        chaos(Instruct("put a +1/+1 counter on each Squirrel you control")),
    ),
    plane(
        "sAnS mERcY",
        SECRET_LAIR,
        SETS,
        "wHeN YoU pLAnESWalK tO tHIs pLAnE, eACh pLAyER cHoOSeS a nOnBlACk cREaTuRE tHEy cONtrOl. dEsTRoy tHOsE "
        "cREatUReS.\n"
        "wHeNEveR cHoAS EnSUEs, pERfoRm tHe foLLowiNG pROceSs X tiMEs, wHErE X iS tHe nUmBEr oF tImeS yOU’vE "
        "roLLeD tHe PlaNAr diE tHIs tuRN. eAcH oPPonENt LOseS 3 LiFE uNLeSs tHAt pLAyEr sAcRiFicEs A nOnLaND "
        "pErManENt OR diSCaRds a cArD.",
        Spec(
            on(T.PLANESWALK_TO),
            Instruct("choose a nonblack creature you control; then the chosen creatures are destroyed", EACH_PLAYER),
        ),
        chaos(
            Repeat(
                RollsThisTurn(),
                (
                    ForEachOpponent(
                        (
                            AskTable(
                                "do you sacrifice a nonland permanent or discard a card (if not, you lose 3 life)",
                                TARGET,
                                if_no=(LoseLife(3, TARGET),),
                            ),
                        )
                    ),
                ),
            )
        ),
    ),
)
