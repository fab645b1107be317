"""The Alembic migrations of the server's database, run by ``Storage.open`` (no alembic.ini)."""
