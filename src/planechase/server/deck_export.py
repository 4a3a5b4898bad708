"""Downloading a planar deck as another tool's file: the deck bar's "Download" sends the pasted list and the format,
and gets back the file ``planechase deck convert`` writes (Forge, XMage, Cockatrice, MTGO, text or JSON).

>>> file = export_deck({"text": "1 Sol Ring\\n\\n1 Aretopolis", "to": "forge", "name": "Аня"})
>>> print(file.body.decode(), end="")
[metadata]
Name=Аня
[Planes]
1 Aretopolis|PCA
>>> file.media_type, file.name, file.ascii_name
('text/plain; charset=utf-8', 'Аня.dck', 'planar-deck.dck')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards.catalog import CATALOG
from ..cards.deck_writing import FILE_TYPES, DeckFormat, file_name, write_deck
from ..cards.decklists import READING_ERRORS, parse_deck_list
from ..errors import PlanechaseError, Text

#: The longest list and deck name accepted, in characters.
MAX_DECK_TEXT, MAX_NAME = 20_000, 60
#: The most problems of a list answered.
MAX_ISSUES = 20
#: Downloads one address may ask for in a minute (each reads a list: work, though quick work).
DOWNLOADS_PER_MINUTE = 30


class ExportError(PlanechaseError):
    """A deck that cannot be downloaded; ``issues`` are every problem of its list, each with its line."""

    def __init__(self, message: str, /, issues: list[Text] | None = None, **params: Any) -> None:
        super().__init__(message, **params)
        self.issues = issues or []


@dataclass(frozen=True)
class DeckFile:
    """A deck written for another program: its bytes, media type, file name, and the file name in ASCII (what an
    HTTP header's plain ``filename`` may hold; ``name`` goes in its ``filename*``)."""

    body: bytes
    media_type: str
    name: str
    ascii_name: str


def export_deck(form: Mapping[str, Any]) -> DeckFile:
    """The file for ``form`` (``text``: the list, ``to``: a :class:`DeckFormat`, ``name``: the deck's name,
    optional). Raises :class:`ExportError` naming what is wrong."""
    if not isinstance(form, Mapping):
        raise ExportError("the form must be a JSON object")
    text, to, name = form.get("text"), form.get("to"), form.get("name", "")
    if not isinstance(text, str) or not text.strip():
        raise ExportError("paste a planar deck list to download")
    if len(text) > MAX_DECK_TEXT:
        raise ExportError("'{name}' is longer than {limit} characters", name="text", limit=MAX_DECK_TEXT)
    if to not in {f.value for f in DeckFormat}:
        raise ExportError("'to' must be one of {formats}", formats=", ".join(f.value for f in DeckFormat))
    if not isinstance(name, str):
        raise ExportError("'{name}' must be text", name="name")
    if len(name) > MAX_NAME:
        raise ExportError("'{name}' is longer than {limit} characters", name="name", limit=MAX_NAME)
    deck = parse_deck_list(text, CATALOG, source=Text("the deck"))
    fatal = [issue for issue in deck.errors if issue.code in READING_ERRORS]
    if fatal:
        issues = [issue.located_text for issue in fatal[:MAX_ISSUES]]
        if len(fatal) == 1:
            raise ExportError("{error}", issues=issues, error=issues[0])
        raise ExportError("the deck list cannot be read: {count} problems", issues=issues, count=len(fatal))
    if not deck.names:
        raise ExportError("the list names no planar card")
    fmt = DeckFormat(to)
    title = name.strip() or deck.name or "Planar deck"
    body = write_deck(deck.names, fmt, name=title, catalog=CATALOG).encode("utf-8")
    return DeckFile(body, FILE_TYPES[fmt][1], file_name(title, fmt), file_name(title, fmt, ascii_only=True))
