"""The error every refused action raises: it names the rule broken."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules forbid; ``rule`` is the id in RULES.md (``"R-P4"``)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
