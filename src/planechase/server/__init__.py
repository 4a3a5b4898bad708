"""The web table: a Starlette server that keeps Planechase tables in SQLite and in sync on every screen."""
