"""Alembic's environment for the server's database.

The migrations run only through :meth:`tuolaji.server.storage.Storage.open`, which hands
its connection over in the config's attributes (already in a transaction: the whole
upgrade commits or none of it does). There is no alembic.ini and no offline mode.
"""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None or context.is_offline_mode():
    raise RuntimeError(
        "the server's migrations run through tuolaji.server.storage.Storage.open, "
        "which gives them a database connection"
    )

# SQLite cannot alter most of a table in place: later revisions change tables by
# copying them ("batch" mode), which this turns on.
context.configure(connection=connection, render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
