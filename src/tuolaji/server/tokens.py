"""Room codes and tokens: made by :mod:`secrets`, tokens kept only as hashes.

A room code is 12 characters from a 30-letter alphabet with no look-alikes (no 0/O,
1/I/L, U): 30¹² ≈ 5.3 × 10¹⁷ codes, about 59 bits. docs/protocol.md works out why
guessing one is hopeless under the rate limits. A seat token (and a room's admin
token) is 32 random bytes, 256 bits, as URL-safe text; the server stores its SHA-256
and compares hashes in constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: the letters of room codes: digits and capitals without 0 O 1 I L U
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 12
#: bytes of randomness in a token (``secrets.token_urlsafe``): 256 bits
TOKEN_BYTES = 32


def new_room_code() -> str:
    """A fresh room code: 12 characters of :data:`CODE_ALPHABET`, from ``secrets``."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_room_code(text: str) -> str | None:
    """``text`` as a room code (capitals; spaces and dashes a person typed dropped), or
    None when it cannot be one.

    >>> normal_room_code("abcd-efgh-jkmn")
    'ABCDEFGHJKMN'
    >>> normal_room_code("ABCD") is None, normal_room_code("ABCDEFGHJKM0") is None
    (True, True)
    """
    code = text.replace("-", "").replace(" ", "").upper()
    if len(code) != CODE_LENGTH or any(letter not in CODE_ALPHABET for letter in code):
        return None
    return code


def new_token() -> str:
    """A fresh seat or admin token: 256 bits from ``secrets``, URL-safe text."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """The SHA-256 of ``token`` (hex): what the server stores instead of the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def same_hash(stored: str | None, token: str) -> bool:
    """Whether ``token`` is the one whose hash is ``stored``, in constant time."""
    return stored is not None and hmac.compare_digest(stored, token_hash(token))
