"""What the player reads when the rules refuse an action: the actual mistake, in words.

The sentences live in :mod:`tuolaji.wording.refusals`, shared with the online server;
the terminal game reads them from seat 0's chair (the default viewer). The cards stay
:class:`~tuolaji.wording.CardRun` pieces, so the screen colours them.
"""

from __future__ import annotations

from tuolaji.wording.refusals import refusal_message, refusal_text

__all__ = ["refusal_message", "refusal_text"]
