"""Opens the evidence database: migrates it, and seeds an empty one from the bundled edition."""

from __future__ import annotations

from datetime import date

from sqlalchemy import Engine
from sqlalchemy.exc import OperationalError, SQLAlchemyError

from scorecard.resources import bundled_edition_path
from scorecard.services.context import Context, ServiceError
from scorecard.services.exchange import import_document, read_document_file
from scorecard.storage import engine as storage_engine
from scorecard.storage import repository

SEED_REVIEWER = "seed"

# The command line and the UI open their transactions through these, not through storage.
default_url = storage_engine.default_url
unit_of_work = storage_engine.unit_of_work


def open_database(url: str, *, today: date, seed: bool = True) -> Engine:
    """An engine on a migrated database; an empty one is seeded when `seed` is set."""
    try:
        engine = storage_engine.create_db_engine(url)
        storage_engine.migrate(engine)
    except storage_engine.DatabaseUrlError as exc:
        raise ServiceError(str(exc)) from None
    except OperationalError as exc:
        raise ServiceError(f"Cannot open the database: {exc.orig}") from None
    except SQLAlchemyError as exc:
        raise ServiceError(f"Cannot open the database: {exc}") from None
    if seed:
        with storage_engine.unit_of_work(engine) as session:
            # Two first uses at once must not both seed: the second waits, then sees the edition.
            storage_engine.write_lock(session)
            if repository.edition_count(session) == 0:
                document = read_document_file(bundled_edition_path())
                import_document(Context(session, today, SEED_REVIEWER), document)
    return engine
