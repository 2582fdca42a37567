"""A reviewer's words for a request refused below the rules: by the database, or by the input.

The command line and the terminal UI both word these refusals from here.
"""

from __future__ import annotations

from sqlalchemy.exc import SQLAlchemyError

# Errors a request can meet while being stored or looked up, after every rule let it through.
STORAGE_ERRORS = (SQLAlchemyError, UnicodeEncodeError, OverflowError)


def storage_refusal(exc: SQLAlchemyError | UnicodeEncodeError | OverflowError) -> str:
    """The refusal in a sentence that starts in lower case (callers capitalise as they print)."""
    if isinstance(exc, UnicodeEncodeError):
        # Bytes that are not UTF-8 (an argument, a pasted field, a document) cannot be stored.
        return (
            f"the input holds text that is not valid UTF-8 ({exc.object[exc.start : exc.end]!r})."
        )
    if isinstance(exc, OverflowError):
        return f"a value in the input is out of range ({exc})."
    return f"the database refused the change: {getattr(exc, 'orig', exc)}"
