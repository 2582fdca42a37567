"""Messages between workers, widgets, screens and the app.

Workers never touch widgets: they post one of these, and the handler that owns the state acts.
"""

from __future__ import annotations

from textual.message import Message

from scorecard.domain.enums import DimensionId
from scorecard.domain.models import Blocker
from scorecard.ui.state import EditionState


class StateLoaded(Message):
    """A fresh read of the edition; `sequence` orders reads so an older one never wins."""

    def __init__(self, sequence: int, state: EditionState) -> None:
        super().__init__()
        self.sequence = sequence
        self.state = state


class BlockersCounted(Message):
    """The publication blockers of the read numbered `sequence`."""

    def __init__(self, sequence: int, blockers: tuple[Blocker, ...]) -> None:
        super().__init__()
        self.sequence = sequence
        self.blockers = blockers


class LoadFailed(Message):
    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message


class DataChanged(Message):
    """A write was committed; whatever shows the edition should be read again."""

    def __init__(self, summary: str) -> None:
        super().__init__()
        self.summary = summary


class ActionDone(Message):
    """A screen's service call succeeded; `tag` names which of its actions it was."""

    def __init__(self, tag: str, result: object) -> None:
        super().__init__()
        self.tag = tag
        self.result = result


class ActionRefused(Message):
    """A screen's service call was refused; `message` is the rule's or service's own words."""

    def __init__(self, tag: str, message: str) -> None:
        super().__init__()
        self.tag = tag
        self.message = message


class OpenCell(Message):
    """Asks the app to open the cell screen of one vendor and dimension."""

    def __init__(self, vendor: str, dimension: DimensionId) -> None:
        super().__init__()
        self.vendor = vendor
        self.dimension = dimension


class OpenVendor(Message):
    def __init__(self, vendor: str) -> None:
        super().__init__()
        self.vendor = vendor
