"""Options several commands share, so they are spelled and explained the same everywhere."""

from __future__ import annotations

import typer

from scorecard.services.revisions import RevisionRequest

RevisionReason = typer.Option(
    None,
    "--revision-reason",
    help="Required to change a published edition: why the figure changes (a dated revision entry).",
)
RevisionArtifact = typer.Option(
    None,
    "--revision-artifact",
    help="For a correction: the URL of the citable artifact behind it.",
)


def revision_request(reason: str | None, artifact: str | None) -> RevisionRequest | None:
    if reason is None and artifact is None:
        return None
    return RevisionRequest(reason=reason or "", artifact_url=artifact)
