"""Scripted answers for the terminal table's prompts (tests of ``planechase play``)."""

from __future__ import annotations

from collections.abc import Iterable


class Prompts:
    """Scripted answers to the controller's prompts, remembering what was asked."""

    def __init__(self, answers: Iterable[str] = ()) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []

    def __call__(self, prompt: str) -> str | None:
        self.asked.append(prompt)
        return self.answers.pop(0) if self.answers else None
