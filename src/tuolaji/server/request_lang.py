"""The language an HTTP request is answered in: its ``Accept-Language`` header.

The browser table sends the language its page is shown in (docs/protocol.md, "Rooms
over HTTP"); a refusal the server words itself, such as rules it cannot accept, comes
back in that language. A header naming no language of the game gives English.
"""

from __future__ import annotations

from tuolaji.i18n import DEFAULT, normalize


def accept_language(header: str | None) -> str:
    """The first language of the game that ``header`` names, by its ``q`` weights (the
    order written breaks ties), else English.

    >>> accept_language("zh-CN,zh;q=0.9,en;q=0.8"), accept_language("fr, es;q=0.5")
    ('zh_CN', 'es')
    >>> accept_language(None), accept_language("*"), accept_language("de;q=x")
    ('en', 'en', 'en')
    """
    if not header:
        return DEFAULT
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:20]):
        code, _, params = part.strip().partition(";")
        weight = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                weight = float(params[2:])
            except ValueError:
                continue
        found = normalize(code) if code and code != "*" else None
        if found is not None and weight > 0:
            weighted.append((-weight, index, found))
    return min(weighted)[2] if weighted else DEFAULT
