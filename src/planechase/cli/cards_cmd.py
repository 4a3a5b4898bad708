"""``planechase cards``: search the planar card catalog and show cards in the terminal or as JSON.

Names match loosely (case, punctuation, diacritics and word order don't matter; any part of a name
will do); ``--text``, ``--type``, ``--set`` and ``--kind`` narrow the search. One match is shown as a
card, several as a table, none exits 1 with suggestions.

>>> from planechase.cards.catalog import CATALOG
>>> [c.name for c in search(CATALOG, CardQuery(name=("chaotic", "aether")))]
['Chaotic Aether']
>>> "Kilnspire District" in [c.name for c in search(CATALOG, CardQuery(types=("ravnica",)))]
True
"""

from __future__ import annotations

import difflib
import json
import re
import sys
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated

import typer
from rich import box
from rich.cells import cell_len
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..cards.catalog import CATALOG
from ..cards.coverage import REMINDER, TABLE_INSTRUCTION, card_to_dict, handled_by, how_carried_out
from ..cards.model import CardDef, Catalog, TriggerKind, normalize_name
from ..cards.translations import LANGUAGES, SOURCE_LANGUAGE, CardText, card_text, paragraphs
from .render import CHAOS_SYMBOL, chaos_text

#: How the chaos symbol is written where the terminal can't show the emoji.
ASCII_CHAOS = "[CHAOS]"


class Kind(StrEnum):
    """The kinds of planar card."""

    PLANE = "plane"
    PHENOMENON = "phenomenon"


class Language(StrEnum):
    """The languages cards can be shown in (:data:`planechase.cards.translations.LANGUAGES`)."""

    EN = "en"
    RU = "ru"
    IT = "it"
    CS = "cs"
    JA = "ja"


assert tuple(Language) == LANGUAGES


@dataclass(frozen=True)
class CardQuery:
    """What to look for: every part given must match (several ``sets`` match a card in any of them)."""

    name: tuple[str, ...] = ()
    kind: str | None = None
    sets: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()

    @property
    def name_text(self) -> str:
        return " ".join(self.name).strip()

    def describe(self) -> str:
        """The query in words, for messages."""
        parts = [f'name "{self.name_text}"'] if self.name_text else []
        parts += [f"kind {self.kind}"] if self.kind else []
        parts += [f"set {' or '.join(self.sets)}"] if self.sets else []
        parts += [f'type "{t}"' for t in self.types]
        parts += [f'text "{t}"' for t in self.texts]
        return ", ".join(parts) or "anything"


def loose_text(text: str) -> str:
    """Text for phrase matching: lower case, no diacritics, punctuation as single spaces.

    >>> loose_text("Whenever {CHAOS} ensues, Æther's   end")
    ' whenever chaos ensues aether s end '
    """
    text = text.replace("Æ", "AE").replace("æ", "ae").replace("’", "'")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " " + " ".join(re.findall(r"[a-z0-9]+", text.lower())) + " "


def _name_matches(card: CardDef, words: Sequence[str]) -> bool:
    """Whether every word of the query is in the card's English name (a query with no Latin letters or digits,
    such as a name in Cyrillic, matches no English name)."""
    key = normalize_name(card.name)
    keys = [normalize_name(w) for w in words]
    return any(keys) and all(k in key for k in keys if k)


def _type_matches(card: CardDef, query: str) -> bool:
    key = normalize_name(card.type_line)
    return all(normalize_name(w) in key for w in query.split())


def _text_matches(card: CardDef, phrase: str, lang: str = SOURCE_LANGUAGE) -> bool:
    """Whether ``phrase`` is in the card's Oracle text (or in its translation into ``lang``)."""
    loose = loose_text(phrase).strip()
    if loose and loose in loose_text(card.oracle_text):
        return True
    if lang == SOURCE_LANGUAGE or not phrase.strip():
        return False
    shown = card_text(card, lang)
    return shown.translated and " ".join(phrase.casefold().split()) in " ".join(shown.text.casefold().split())


def _filtered(catalog: Catalog, query: CardQuery, lang: str = SOURCE_LANGUAGE) -> list[CardDef]:
    """The cards matching everything but the name."""
    sets = {s.casefold() for s in query.sets}
    return [
        card
        for card in catalog
        if (query.kind is None or card.kind == query.kind)
        and (not sets or any(s.casefold() in sets for s in card.sets))
        and all(_type_matches(card, t) for t in query.types)
        and all(_text_matches(card, t, lang) for t in query.texts)
    ]


def search(catalog: Catalog, query: CardQuery, lang: str = SOURCE_LANGUAGE) -> list[CardDef]:
    """The cards matching ``query``, by name (also by their translated name in ``lang``); a card whose whole
    name is the query comes alone.

    >>> [c.name for c in search(CATALOG, CardQuery(name=("утесный",)), "ru")]
    ['Cliffside Market']
    """
    candidates = _filtered(catalog, query, lang)
    if query.name_text:
        if query.name_text in catalog:
            exact = catalog.get(query.name_text)
            if exact in candidates:
                return [exact]
        candidates = [
            c for c in candidates if _name_matches(c, query.name) or _translated_name_matches(c, query.name, lang)
        ]
    return sorted(candidates, key=lambda c: c.name.casefold())


def _translated_name_matches(card: CardDef, words: Sequence[str], lang: str) -> bool:
    if lang == SOURCE_LANGUAGE:
        return False
    shown = card_text(card, lang)
    if not shown.translated:
        return False
    name = " ".join(re.findall(r"\w+", shown.name.casefold()))
    wanted = [" ".join(re.findall(r"\w+", w.casefold())) for w in words]
    return all(w in name for w in wanted if w)


def suggestions(catalog: Catalog, query: CardQuery) -> list[str]:
    """Hints for a query nothing matched: close names, cards that match the name but not the filters,
    close planar types, Oracle text words and the known sets."""
    hints: list[str] = []
    if query.name_text:
        by_name = search(catalog, CardQuery(name=query.name))
        if by_name:
            listed = ", ".join(f"{c.name} ({c.type_line}; {', '.join(c.sets)})" for c in by_name[:5])
            hints.append(f"Matching the name but not the rest: {listed}.")
        close = [n for n in catalog.closest(query.name_text, n=5) if n not in {c.name for c in by_name}]
        if close:
            hints.append("Did you mean: " + ", ".join(close) + "?")
        mentions = [c for c in catalog if _text_matches(c, query.name_text) and c not in by_name]
        if mentions:
            hints.append(f'{len(mentions)} card(s) mention "{query.name_text}": try --text "{query.name_text}".')
        if not normalize_name(query.name_text):
            listed = ", ".join(LANGUAGES[1:])
            hints.append(f"Names in another language match with --lang ({listed}), e.g. --lang ru.")
    for type_query in query.types:
        if not any(_type_matches(c, type_query) for c in catalog):
            types = sorted({c.planar_type for c in catalog if c.planar_type})
            close = difflib.get_close_matches(type_query, types, n=3, cutoff=0.5) or difflib.get_close_matches(
                type_query.title(), types, n=3, cutoff=0.5
            )
            if close:
                hints.append(f'No planar type "{type_query}"; did you mean: {", ".join(close)}?')
    for phrase in query.texts:
        if not any(_text_matches(c, phrase) for c in catalog):
            vocabulary = sorted({w for c in catalog for w in loose_text(c.oracle_text).split()})
            close = [w for word in loose_text(phrase).split() for w in difflib.get_close_matches(word, vocabulary, n=2)]
            if close:
                hints.append(f'No Oracle text contains "{phrase}"; close words: {", ".join(dict.fromkeys(close))}.')
    known = {s.casefold() for c in catalog for s in c.sets}
    if any(s.casefold() not in known for s in query.sets):
        hints.append("Known sets: " + ", ".join(sorted({s for c in catalog for s in c.sets})) + ".")
    return hints or [f"{len(catalog)} cards in all: `planechase cards` lists them."]


# -- showing cards -------------------------------------------------------------------------------


def shown_text(text: str, ascii_only: bool = False) -> str:
    """Card text as the terminal shows it: {CHAOS} as the chaos symbol, or everything in plain ASCII.

    >>> shown_text("a {CHAOS} roll")
    'a 🌀 roll'
    >>> shown_text("Plane — Ravnica: a {CHAOS} roll, Æther", ascii_only=True)
    'Plane - Ravnica: a [CHAOS] roll, AEther'
    """
    if not ascii_only:
        return chaos_text(text, CHAOS_SYMBOL)
    text = chaos_text(text, ASCII_CHAOS).replace("—", "-").replace("’", "'").replace("…", "...")
    text = text.replace("Æ", "AE").replace("æ", "ae").replace("↳", "->")
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")


def _clip(text: str, width: int, ascii_only: bool) -> str:
    """``text`` cut to ``width`` terminal cells (a Japanese character takes two), with an ellipsis.

    >>> _clip("次元 ― ラヴニカ", 8, False)
    '次元 ―…'
    """
    if cell_len(text) <= width:
        return text
    dots = "..." if ascii_only else "…"
    room = max(width - cell_len(dots), 0)
    out = ""
    for ch in text:
        if cell_len(out + ch) > room:
            break
        out += ch
    return out.rstrip() + dots


def card_panel(card: CardDef, *, ascii_only: bool = False, width: int = 78, lang: str = SOURCE_LANGUAGE) -> Panel:
    """A card as a panel: name, type line, Oracle text ({CHAOS} shown as the chaos symbol, chaos
    abilities marked with it), how the engine carries out each ability, and the sets. In another ``lang``,
    the project's translation, each paragraph followed by its English Oracle line."""
    colour = "magenta" if card.is_plane else "red"
    shown = _shown(card, lang, ascii_only)
    translated = paragraphs(card) if not shown.translated else tuple(shown.text.split("\n"))
    abilities = Table.grid(padding=(0, 1))
    abilities.add_column(no_wrap=True, width=2)
    abilities.add_column(ratio=1, overflow="fold")
    for i, ability in enumerate(card.abilities):
        if i:
            abilities.add_row("", "")
        is_chaos = TriggerKind.CHAOS in ability.triggers
        marker = Text("*" if ascii_only else CHAOS_SYMBOL, style=f"bold {colour}") if is_chaos else Text("")
        text = translated[i] if shown.translated and i < len(translated) else ability.text
        abilities.add_row(marker, Text(shown_text(text, ascii_only), style="bold" if is_chaos else ""))
        if shown.translated:
            abilities.add_row("", Text(shown_text("Oracle: " + ability.text, ascii_only), style="dim italic"))
        how = handled_by(ability)
        style = "green" if how == REMINDER else "yellow" if how == TABLE_INSTRUCTION else "cyan"
        abilities.add_row("", Text(shown_text("↳ " + how_carried_out(ability), ascii_only), style=f"dim {style}"))
    return Panel(
        Group(
            Text(shown_text(shown.type_line, ascii_only), style=f"italic {colour}"),
            Text(""),
            abilities,
            Text(""),
            Text.assemble(("Sets: ", "bold"), ", ".join(card.sets)),
            *(
                [Text(f"{card.name} — {card.type_line}. Translation by the planechase project.", style="dim")]
                if shown.translated
                else []
            ),
        ),
        title=Text(f" {shown_text(shown.name, ascii_only)} ", style=f"bold white on {colour}"),
        title_align="left",
        subtitle=Text("PLANE" if card.is_plane else "PHENOMENON", style="bold"),
        subtitle_align="right",
        border_style=colour,
        box=box.ASCII if ascii_only else box.ROUNDED,
        width=width,
        padding=(1, 2),
    )


def _shown(card: CardDef, lang: str, ascii_only: bool) -> CardText:
    """``card`` in ``lang``, or in English where the terminal shows only ASCII."""
    return card_text(card, SOURCE_LANGUAGE if ascii_only else lang)


def cards_table(
    cards: Sequence[CardDef],
    *,
    ascii_only: bool = False,
    total: int | None = None,
    width: int = 120,
    lang: str = SOURCE_LANGUAGE,
) -> Group:
    """Several cards as a table (name, type line, sets, first line of text) fitted to ``width``
    columns, and a count; in ``lang`` where the cards are translated."""
    shown_cards = [_shown(c, lang, ascii_only) for c in cards]
    rows = [
        [shown_text(t, ascii_only) for t in (s.name, s.type_line, ", ".join(c.sets), s.text.split("\n")[0])]
        for c, s in zip(cards, shown_cards, strict=True)
    ]
    headers = ("Name", "Type line", "Sets", "Text")
    caps = (34, 28, 18)
    widths = [min(max([len(headers[i]), *(cell_len(r[i]) for r in rows)]), caps[i]) for i in range(len(caps))]
    # Two edges, a divider and two cells of padding between each pair of columns.
    widths.append(max(12, width - sum(widths) - (3 * len(headers) - 1)))
    table = Table(box=box.ASCII2 if ascii_only else box.SIMPLE_HEAD, pad_edge=False)
    for header, w in zip(headers, widths, strict=True):
        table.add_column(header, no_wrap=True, width=w, overflow="crop", style="bold" if header == "Name" else "")
    for row in rows:
        table.add_row(*(_clip(cell, w, ascii_only) for cell, w in zip(row, widths, strict=True)))
    total = len(cards) if total is None else total
    shown = f"{len(cards)} of {total} cards" if total != len(cards) else f"{total} cards"
    return Group(table, Text(shown + " (name one to see it whole)", style="dim"))


def _is_utf(stream: object) -> bool:
    return str(getattr(stream, "encoding", "") or "").lower().replace("-", "").startswith("utf")


def cards(
    query: Annotated[
        list[str] | None,
        typer.Argument(metavar="NAME", help="Words of the card's name (any part; case and punctuation don't matter)."),
    ] = None,
    kind: Annotated[Kind | None, typer.Option("--kind", "-k", help="Only planes or only phenomena.")] = None,
    sets: Annotated[
        list[str] | None,
        typer.Option(
            "--set", "-s", metavar="SET", help="Only cards in this set, e.g. PC2 (repeat for any of several)."
        ),
    ] = None,
    types: Annotated[
        list[str] | None,
        typer.Option("--type", "-t", metavar="TYPE", help="Type line contains this, e.g. Ravnica (repeatable)."),
    ] = None,
    texts: Annotated[
        list[str] | None,
        typer.Option(
            "--text", "-x", metavar="PHRASE", help='Oracle text contains this phrase, e.g. "chaos ensues" (repeatable).'
        ),
    ] = None,
    limit: Annotated[
        int | None, typer.Option("--limit", "-n", min=1, metavar="N", help="Show at most N cards.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the matching cards as a JSON list.")] = False,
    ascii_only: Annotated[bool, typer.Option("--ascii", help="Plain ASCII: [CHAOS] for the chaos symbol.")] = False,
    lang: Annotated[
        Language,
        typer.Option(
            "--lang",
            "-l",
            help="Show the cards in this language (the project's translation, with the English Oracle text "
            "beside it); names match in it too.",
        ),
    ] = Language.EN,
) -> None:
    """Search the planar cards by name, Oracle text, type and set; show one card whole, several as a
    table. With --json (and nothing else), print the whole catalog."""
    card_query = CardQuery(
        name=tuple(query or ()),
        kind=None if kind is None else kind.value,
        sets=tuple(sets or ()),
        types=tuple(types or ()),
        texts=tuple(texts or ()),
    )
    code = str(lang.value)
    found = search(CATALOG, card_query, code)
    shown = found[:limit] if limit is not None else found
    if as_json:
        listed = [_card_json(c, code) for c in shown]
        typer.echo(json.dumps(listed, indent=2, ensure_ascii=not _is_utf(sys.stdout)))
    if not found:
        plain = not _is_utf(sys.stderr)
        for line in (f"No card matches {card_query.describe()}.", *suggestions(CATALOG, card_query)):
            typer.echo(shown_text(line, plain), err=True)
        raise typer.Exit(1)
    if as_json:
        return
    ascii_only = ascii_only or not _is_utf(sys.stdout)
    console = Console(highlight=False, emoji=False, safe_box=True)
    if ascii_only and code != SOURCE_LANGUAGE:
        typer.echo(f"This terminal shows only ASCII: the cards are shown in English, not in {code}.", err=True)
    if len(found) == 1:
        console.print(card_panel(found[0], ascii_only=ascii_only, width=min(console.width, 78), lang=code))
    else:
        console.print(cards_table(shown, ascii_only=ascii_only, total=len(found), width=console.width, lang=code))


def _card_json(card: CardDef, lang: str) -> dict[str, object]:
    """A card as ``--json`` prints it: with its translation in ``lang`` when there is one."""
    out: dict[str, object] = dict(card_to_dict(card))
    shown = card_text(card, lang)
    if shown.translated:
        out["translation"] = {"lang": lang, "name": shown.name, "type_line": shown.type_line, "text": shown.text}
    return out
