"""Persistence: sqlmodel tables, the database engine, migrations and repositories."""
