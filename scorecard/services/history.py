"""The change log and the revision log, and verification of the change log's hash chain."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func
from sqlmodel import select

from scorecard.domain.models import RevisionEntry
from scorecard.services import editions
from scorecard.services.context import Context
from scorecard.storage import changelog
from scorecard.storage.changelog import ChainBreak
from scorecard.storage.tables import ChangeLogRow


@dataclass(frozen=True, slots=True)
class LogView:
    changes: list[ChangeLogRow]
    revisions: list[RevisionEntry]


@dataclass(frozen=True, slots=True)
class ChainCheck:
    entries: int
    broken: ChainBreak | None


def log_view(ctx: Context, limit: int) -> LogView:
    revisions = sorted(editions.snapshot(ctx).revisions, key=lambda r: (r.date, r.key))
    return LogView(changes=changelog.entries(ctx.session, limit), revisions=revisions)


def verify(ctx: Context) -> ChainCheck:
    count = ctx.session.exec(select(func.count()).select_from(ChangeLogRow)).one()
    return ChainCheck(entries=int(count), broken=changelog.verify_chain(ctx.session))
