"""The engine's small error hierarchy, and :class:`Text`, a sentence for people that can be translated.

Every error is a :class:`ValueError`, so callers that do not care about the detail can catch that.
An :class:`IllegalActionError` names the Comprehensive Rules rule the refused action breaks; the
state it was tried against is never changed.

>>> err = IllegalActionError("901.9", "only the active player may roll the planar die")
>>> str(err)
'901.9: only the active player may roll the planar die'

An error's message is an English template with named placeholders and their values (its ``text``). The
template is the message's id in the web table's translations (``pybabel`` extracts it from the call), so a
screen in another language shows the same sentence translated, with the same values:

>>> err = IllegalActionError("800.4a", "{player} has left the game", player="Ann")
>>> err.message
'Ann has left the game'
>>> err.text.to_dict()
{'template': '{player} has left the game', 'params': {'player': 'Ann'}}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Union

#: A value in a :class:`Text`: a number, a piece of text as it is (a name), or a sentence of its own.
Param = Union[str, int, "Text"]

#: A placeholder of a template: ``{name}``, a plain name (no format spec, no conversion).
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")

#: Parameters whose values are the English names of planar cards (a screen shows them in its language).
CARD_PARAMS = frozenset({"card", "plane", "first", "second"})


@dataclass(frozen=True, slots=True)
class Text:
    """A sentence for people: an English ``template`` with ``{name}`` placeholders and their ``params``.

    ``str()`` fills it in English. The template is the sentence's translation id; a param is left as it is
    (a player's name, a number), except that a :class:`Text` param is a sentence translated in turn and a
    param named as in :data:`CARD_PARAMS` is a card's English name, which a screen translates.

    >>> str(Text("{player} rolls {count} times", {"player": "Bob", "count": 2}))
    'Bob rolls 2 times'
    >>> str(Text("{where}: {error}", {"where": "line 3", "error": Text("unknown card")}))
    'line 3: unknown card'
    """

    template: str
    params: Mapping[str, Param] = field(default_factory=dict)

    def __str__(self) -> str:
        if "{" not in self.template:
            return self.template
        try:  # {{ and }} are braces, as in a card's "{{T}}" (the template is written for str.format)
            return self.template.format_map(self.params)
        except (KeyError, ValueError, IndexError, AttributeError):  # braces that are not placeholders ({"text": ...})
            values = self.params
            return PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), m.group(0))), self.template)

    def to_dict(self) -> dict[str, object]:
        """The JSON form: ``{"template": ..., "params": {...}}``, a sentence param as the same form."""
        return {
            "template": self.template,
            "params": {k: v.to_dict() if isinstance(v, Text) else v for k, v in self.params.items()},
        }


class PlanechaseError(ValueError):
    """Base class of every error the engine raises on purpose.

    ``message`` is an English template and ``params`` its values (see :class:`Text`); ``text`` keeps both.
    """

    def __init__(self, message: str = "", /, **params: Param) -> None:
        self.text = Text(message, params)
        super().__init__(str(self.text) if params else message)


class IllegalActionError(PlanechaseError):
    """A well-formed action that the rules do not allow now. ``rule`` is the CR rule it breaks.

    Its words are made only when asked for (``message``, ``str()``): the engine tries many actions that turn out
    illegal while it lists the legal ones, and never reads why.
    """

    def __init__(self, rule: str, message: str, /, **params: Param) -> None:
        self.text = Text(message, params)
        self.rule = rule

    @property
    def message(self) -> str:
        return str(self.text)

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"

    def __reduce__(self) -> tuple[object, ...]:
        return (_illegal_action, (self.rule, self.text))


def _illegal_action(rule: str, text: Text) -> IllegalActionError:
    """An :class:`IllegalActionError` made again (from a pickle: a worker process's answer)."""
    error = IllegalActionError.__new__(IllegalActionError)
    error.rule, error.text = rule, text
    return error


class InvalidActionError(PlanechaseError):
    """An action that is malformed: an unknown type, a missing field, a seat that does not exist."""


class ConfigError(PlanechaseError):
    """A game configuration that cannot start a game (bad players, unknown cards, illegal decks)."""


class DeckError(ConfigError):
    """A planar deck that breaks 901.3 or 901.15a, or names a card that does not exist."""

    def __init__(self, rule: str, message: str, /, **params: Param) -> None:
        text = Text(message, params)
        ValueError.__init__(self, f"{rule}: {text}" if rule else str(text))
        self.text = text
        self.rule = rule
        self.message = str(text)


class ReplayError(PlanechaseError):
    """A saved game or log that does not replay to the events it recorded."""
