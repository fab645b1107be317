"""``python -m tuolaji.server.migrate URL``: bring a database to the newest schema, and
nothing else.

``tuolaji serve`` migrates its database when it starts; several servers started at once
on a new PostgreSQL database would each try to make the same tables. The local cluster
(``python -m tuolaji.cluster``) runs this once first, so that every server it starts
finds the schema current. Exit status 0 when the database is current, 2 for a URL that
is not a database URL tuolaji uses, 1 when the database cannot be opened or migrated
(one ``Error:`` line on standard error says why).
"""

from __future__ import annotations

import asyncio
import sys

from tuolaji.i18n import _, choose_language, set_language
from tuolaji.server.config import normal_db_url
from tuolaji.server.storage_open import open_engine
from tuolaji.server.storage_rows import StorageError


async def migrate(url: str) -> None:
    """Open the database at ``url`` (an async SQLAlchemy URL), migrating it to the newest
    schema, and close it. StorageError when it cannot be."""
    engine = await open_engine(url)
    await engine.dispose()


def main(argv: list[str] | None = None) -> int:
    """Migrate the database the one argument names; the exit status."""
    set_language(choose_language(None)[0])
    arguments = sys.argv[1:] if argv is None else argv
    if len(arguments) != 1:
        print(_("Error: {message}").format(message="usage: python -m tuolaji.server.migrate URL"),
              file=sys.stderr)  # fmt: skip
        return 2
    try:
        url = normal_db_url(arguments[0])
    except ValueError as error:
        print(_("Error: {message}").format(message=error), file=sys.stderr)
        return 2
    try:
        asyncio.run(migrate(url))
    except StorageError as error:
        print(_("Error: {message}").format(message=error), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
