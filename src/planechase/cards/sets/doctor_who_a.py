"""Planar cards first printed in Doctor Who (Commander), first half.

Facts (name, type line, sets, Oracle text) are the current Oracle wording; each ability is one line
of it. Abilities about creatures, hands, libraries and mana are table instructions; life, counters on
the plane, planeswalking, chaos and durations are carried out by the engine. Static abilities, and
triggered abilities whose trigger events the engine does not see (attacks, spells cast, creatures
dying, combat damage), are standing reminders.
"""

from __future__ import annotations

from ...core.state import Duration
from ..build import STATIC, Spec, T, chaos, on, plane
from ..effects import (
    TABLE,
    TARGET,
    THAT_PLAYER,
    YOU,
    AddCounters,
    CountersOnThis,
    CreateEffect,
    ForEachOpponent,
    Instruct,
    InstructPlayerToLeft,
    InstructStartingWithYou,
    LoseLife,
    PlaneswalkEffect,
    Reported,
)
from ..model import CardDef, TargetKind

CARDS: tuple[CardDef, ...] = (
    plane(
        "Amy's Home",
        "Earth",
        ("WHO",),
        "When you planeswalk to Amy's Home and at the beginning of your upkeep, you may exile a nonland card "
        "from your hand with a number of time counters on it equal to its mana value. If it doesn't have "
        "suspend, it gains suspend.\n"
        "Whenever chaos ensues, time travel. (For each suspended card you own and each permanent you control "
        "with a time counter on it, you may add or remove a time counter.)",
        Spec(
            on(T.PLANESWALK_TO, T.UPKEEP),
            Instruct(
                "you may exile a nonland card from your hand with a number of time counters on it equal to its "
                "mana value; if it doesn't have suspend, it gains suspend"
            ),
        ),
        chaos(
            Instruct(
                "time travel: for each suspended card you own and each permanent you control with a time counter "
                "on it, you may add or remove a time counter"
            )
        ),
    ),
    plane(
        "Antarctic Research Base",
        "Earth",
        ("WHO",),
        "When you planeswalk to Antarctic Research Base and at the beginning of your upkeep, investigate.\n"
        "Whenever chaos ensues, put X +1/+1 counters on target creature you control, where X is the number of"
        " artifacts you control. It becomes a Plant in addition to its other types.",
        Spec(on(T.PLANESWALK_TO, T.UPKEEP), Instruct("investigate")),
        chaos(
            Instruct(
                "put X +1/+1 counters on target creature you control, where X is the number of artifacts you "
                "control; it becomes a Plant in addition to its other types"
            )
        ),
    ),
    plane(
        "Aplan Mortarium",
        "Alfava Metraxis",
        ("WHO",),
        "Byzantium Radiation — At the beginning of your upkeep, put an exposure counter on Aplan Mortarium. "
        "Then you lose life equal to the number of exposure counters on it.\n"
        "Whenever chaos ensues, create two 2/2 black Alien Angel artifact creature tokens with first strike, "
        "vigilance, and \"Whenever an opponent casts a creature spell, this token isn't a creature until end "
        'of turn."',
        Spec(on(T.UPKEEP), AddCounters("exposure"), LoseLife(CountersOnThis("exposure"))),
        chaos(
            Instruct(
                "create two 2/2 black Alien Angel artifact creature tokens with first strike, vigilance, and "
                '"Whenever an opponent casts a creature spell, this token isn\'t a creature until end of turn."'
            )
        ),
    ),
    plane(
        "Bad Wolf Bay",
        "Earth",
        ("WHO",),
        "At the beginning of combat on your turn, exile up to one target creature. Return it to the "
        "battlefield under its owner's control at the beginning of the next end step.\n"
        "When chaos ensues, cards can't enter from exile this turn. Then planeswalk.",
        Spec(
            on(T.BEGINNING_OF_COMBAT),
            Instruct(
                "exile up to one target creature; return it to the battlefield under its owner's control at the "
                "beginning of the next end step"
            ),
        ),
        chaos(
            CreateEffect("cards_cant_enter_from_exile", Duration.END_OF_TURN, "cards can't enter from exile this turn"),
            PlaneswalkEffect(),
        ),
    ),
    plane(
        "Besieged Viking Village",
        "Earth",
        ("WHO",),
        'All creatures have "Boast — {1}: Put a +1/+1 counter on this creature." (Activate only if that '
        "creature attacked this turn and only once each turn.)\n"
        "Whenever chaos ensues, put an indestructible counter on target creature you control that attacked "
        "this turn.",
        STATIC,
        chaos(Instruct("put an indestructible counter on target creature you control that attacked this turn")),
    ),
    plane(
        "Bowie Base One",
        "Mars",
        ("WHO",),
        "At the beginning of your end step, goad target creature controlled by the player to your left. "
        "(Until your next turn, that creature attacks each combat if able and attacks a player other than you"
        " if able.)\n"
        "Whenever chaos ensues, target creature gains islandwalk until end of turn. (It can't be blocked as "
        "long as defending player controls an Island.)",
        Spec(on(T.END_STEP), InstructPlayerToLeft("goad target creature controlled by {left}")),
        chaos(
            Instruct("choose target creature"),
            CreateEffect(
                "creature_gains_islandwalk",
                Duration.END_OF_TURN,
                "the creature {you} targeted gains islandwalk until end of turn",
            ),
        ),
    ),
    plane(
        "City of the Daleks",
        "Skaro",
        ("WHO",),
        "Whenever you attack, target opponent loses X life, where X is the number of artifacts you control.\n"
        "Whenever chaos ensues, for each opponent, you create a 3/3 black Dalek artifact creature token with "
        "menace that attacks that opponent this turn if able. Those tokens gain haste. Sacrifice them at the "
        "beginning of the next end step.",
        Spec(
            on(T.REPORTED_BY_YOU),
            LoseLife(Reported("the number of artifacts you control", YOU), TARGET),
            target=TargetKind.OPPONENT,
        ),
        chaos(
            ForEachOpponent(
                (
                    Instruct(
                        "create a 3/3 black Dalek artifact creature token with menace that attacks {target} this "
                        "turn if able; it gains haste; sacrifice it at the beginning of the next end step"
                    ),
                )
            )
        ),
    ),
    plane(
        "Coal Hill School",
        "Earth",
        ("WHO",),
        "Whenever a player casts a historic spell, that player draws a card. (Artifacts, legendaries, and "
        "Sagas are historic.)\n"
        "Whenever chaos ensues, return target historic card from your graveyard to your hand.",
        Spec(
            on(T.SPELL_CAST),
            Instruct("draw a card", THAT_PLAYER),
            spell_filter=[("historic", "artifact", "legendary", "saga")],
        ),
        chaos(Instruct("return target historic card from your graveyard to your hand")),
    ),
    plane(
        "Dalek Intensive Care",
        "The Dalek Asylum",
        ("WHO",),
        "When you planeswalk to Dalek Intensive Care and at the beginning of your upkeep, exile a non-Dalek "
        "creature you control. If you do, create a 3/3 black Dalek artifact creature token with menace. It "
        "gains haste until end of turn.\n"
        "Whenever chaos ensues, target Dalek you control deals damage equal to its power to target creature "
        "you don't control.",
        Spec(
            on(T.PLANESWALK_TO, T.UPKEEP),
            Instruct(
                "exile a non-Dalek creature you control; if you do, create a 3/3 black Dalek artifact creature "
                "token with menace; it gains haste until end of turn"
            ),
        ),
        chaos(
            Instruct("target Dalek you control deals damage equal to its power to target creature you don't control")
        ),
    ),
    plane(
        "Gardens of Tranquil Repose",
        "Necros",
        ("WHO",),
        "Suspended Animation — Whenever a creature dies, exile it. Its controller scries 1.\n"
        "Whenever chaos ensues, create X 3/3 black Dalek artifact creature tokens with menace, where X is one"
        " plus the number of cards exiled with Gardens of Tranquil Repose.",
        STATIC,
        chaos(
            Instruct(
                "create X 3/3 black Dalek artifact creature tokens with menace, where X is one plus the number of "
                "cards exiled with Gardens of Tranquil Repose"
            )
        ),
    ),
    plane(
        "Hotel of Fears",
        "Spacecraft",
        ("WHO",),
        "At the beginning of your upkeep, exile the top card of your library. You lose life equal to its mana"
        " value. You may play that card this turn.\n"
        "Praise Him — Whenever chaos ensues, choose a color. Put X +1/+1 counters on target creature you "
        "control, where X is your devotion to that color. Then sacrifice another creature. (Your devotion to "
        "a color is the number of mana symbols of that color in the mana costs of permanents you control.)",
        Spec(
            on(T.UPKEEP),
            Instruct("exile the top card of your library"),
            LoseLife(Reported("the mana value of the card you exiled")),
            Instruct("you may play the exiled card this turn"),
        ),
        chaos(
            Instruct(
                "choose a color; put X +1/+1 counters on target creature you control, where X is your devotion to "
                "that color; then sacrifice another creature"
            )
        ),
    ),
    plane(
        "Kerblam! Warehouse",
        "Kandoka",
        ("WHO",),
        "Whenever one or more creatures you control deal combat damage to a player, create a Treasure token.\n"
        'Whenever chaos ensues, until your next turn, noncreature artifacts you control gain "{T}, Sacrifice '
        'this artifact: Flip a coin. If you win the flip, this artifact deals 3 damage to any target."',
        STATIC,
        chaos(
            CreateEffect(
                "artifacts_gain_coin_flip_ability",
                Duration.YOUR_NEXT_TURN,
                "until {you}'s next turn, noncreature artifacts {you} controls gain \"{T}, Sacrifice this artifact: "
                'Flip a coin. If you win the flip, this artifact deals 3 damage to any target."',
            )
        ),
    ),
    plane(
        "Lake Silencio",
        "Earth",
        ("WHO",),
        "Still Point in Time — All spells have split second. (As long as a spell with split second is on the "
        "stack, players can't cast spells or activate abilities that aren't mana abilities.)\n"
        "Whenever chaos ensues, Lake Silencio deals 6 damage to target creature an opponent controls. If a "
        "creature dealt damage this way would die this turn, exile it instead.",
        STATIC,
        chaos(
            Instruct(
                "Lake Silencio deals 6 damage to target creature an opponent controls; if a creature dealt damage "
                "this way would die this turn, exile it instead"
            )
        ),
    ),
    plane(
        "Mondassian Colony Ship",
        "Spacecraft",
        ("WHO",),
        "Whenever a creature attacks, it gets +1/+1 until end of turn for each other creature its controller "
        "controls that shares a creature type with it.\n"
        "Whenever chaos ensues, turn target creature face down. It becomes a 2/2 Cyberman artifact creature.",
        STATIC,
        chaos(Instruct("turn target creature face down; it becomes a 2/2 Cyberman artifact creature")),
    ),
    plane(
        "New New York",
        "New Earth",
        ("WHO",),
        "At the beginning of combat on your turn, until end of turn, noncreature artifacts you control become"
        " 3/3 Vehicles in addition to their other types and gain flying, haste, and crew 1.\n"
        "Whenever chaos ensues, create a Treasure token and a 2/2 white Alien creature token.",
        Spec(
            on(T.BEGINNING_OF_COMBAT),
            CreateEffect(
                "artifacts_become_vehicles",
                Duration.END_OF_TURN,
                "until end of turn, noncreature artifacts {you} controls become 3/3 Vehicles in addition to their "
                "other types and gain flying, haste, and crew 1",
            ),
        ),
        chaos(Instruct("create a Treasure token and a 2/2 white Alien creature token")),
    ),
    plane(
        "North Pole Research Base",
        "Earth",
        ("WHO",),
        "At the beginning of your upkeep, target opponent draws a card and creates a Treasure token.\n"
        "Whenever chaos ensues, create a 2/2 white Alien creature token. When you do, tap target nontoken "
        "creature an opponent controls. Put a stun counter on it. (If a permanent with a stun counter would "
        "become untapped, remove one from it instead.)",
        Spec(on(T.UPKEEP), Instruct("draw a card and create a Treasure token", TARGET), target=TargetKind.OPPONENT),
        chaos(
            Instruct(
                "create a 2/2 white Alien creature token; when you do, tap target nontoken creature an opponent "
                "controls and put a stun counter on it"
            )
        ),
    ),
    plane(
        "Ood Sphere",
        "Horsehead Nebula",
        ("WHO",),
        "Song of the Ood — Noncreature spells have convoke. (A player's creatures can help cast those spells."
        " Each creature they tap while casting a noncreature spell pays for {1} or one mana of that "
        "creature's color.)\n"
        "Red-Eye — Whenever chaos ensues, for each opponent, goad up to one target creature that opponent "
        "controls. Until your next turn, those creatures can't become tapped unless they're being declared as"
        " attackers.",
        STATIC,
        chaos(
            Instruct("for each opponent, goad up to one target creature that opponent controls"),
            CreateEffect(
                "goaded_creatures_cant_tap",
                Duration.YOUR_NEXT_TURN,
                "until {you}'s next turn, the creatures goaded by Ood Sphere can't become tapped unless they're "
                "being declared as attackers",
            ),
        ),
    ),
    plane(
        "Prime Minister's Cabinet Room",
        "Earth",
        ("WHO",),
        "At the beginning of combat on your turn, up to one target creature you control becomes a copy of "
        "target creature an opponent controls.\n"
        "Will of the council — Whenever chaos ensues, starting with you, each player votes for a creature you"
        " don't control. Exile each creature with the most votes or tied for most votes.",
        Spec(
            on(T.BEGINNING_OF_COMBAT),
            Instruct("up to one target creature you control becomes a copy of target creature an opponent controls"),
        ),
        chaos(
            InstructStartingWithYou("vote for a creature the planar controller doesn't control"),
            Instruct("exile each creature with the most votes or tied for most votes", TABLE),
        ),
    ),
    plane(
        "Singing Towers of Darillium",
        "Darillium",
        ("WHO",),
        "Each nonland card in your hand without foretell has foretell. Its foretell cost is equal to its mana"
        " cost reduced by {2}. (During your turn, you may pay {2} and exile it from your hand face down. Cast"
        " it on a later turn for its foretell cost.)\n"
        "Whenever chaos ensues, you may cast a foretold card you own from exile without paying its mana cost "
        "this turn.",
        STATIC,
        chaos(
            CreateEffect(
                "may_cast_foretold_free",
                Duration.END_OF_TURN,
                "{you} may cast a foretold card they own from exile without paying its mana cost this turn",
            )
        ),
    ),
)
