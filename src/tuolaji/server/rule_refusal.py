"""The answer to a room whose rules cannot be played: 422, naming the option, in words.

``POST /api/rooms`` checks its ``rules`` with the core (:func:`rules_from_spec`); a
:class:`RulesError` found there comes back as ``{"error": "bad-request", "option":
NAME, "message": SENTENCE, "detail": [...]}``: the option at fault (``"preset"`` for
the preset, null when the rules as a whole are unreadable), the sentence of
:mod:`tuolaji.wording.rule_errors` in the request's language (``Accept-Language``), and
the English message of the core. Nothing is created (docs/protocol.md).
"""

from __future__ import annotations

from typing import Any

from fastapi.exceptions import RequestValidationError

from tuolaji.core.rules import RulesError
from tuolaji.i18n import using_language
from tuolaji.server.request_lang import accept_language
from tuolaji.server.rule_options import translated_labels
from tuolaji.wording.rule_errors import rules_error_text


def rules_error_of(error: RequestValidationError) -> RulesError | None:
    """The rules error among a request's problems, or None."""
    for problem in error.errors():
        found = (problem.get("ctx") or {}).get("error")
        if isinstance(found, RulesError):
            return found
    return None


def rules_refusal(error: RequestValidationError, accept: str | None) -> dict[str, Any] | None:
    """The body of the refusal of a request whose rules the core refused, worded in the
    language ``accept`` (an ``Accept-Language`` header) names; None when the request's
    problem is not its rules."""
    refused = rules_error_of(error)
    if refused is None:
        return None
    with using_language(accept_language(accept)):
        message = rules_error_text(refused, translated_labels())
    return {
        "error": "bad-request",
        "option": refused.option,
        "message": message,
        "detail": [{"loc": ["body", "rules"], "msg": str(refused), "reason": refused.reason}],
    }
