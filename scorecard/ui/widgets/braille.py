"""A character canvas drawn with braille dots (2 x 4 per character) plus text labels.

Each character cell keeps the highest-ranked layer drawn into it, so a shape drawn over a grid
ring takes the shape's colour; labels overwrite dots.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text

# Bit of each dot inside a braille character, indexed [row][column] (Unicode U+2800 block).
_DOT_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))
_BRAILLE_BASE = 0x2800


class BrailleCanvas:
    def __init__(self, columns: int, rows: int) -> None:
        self.columns = columns
        self.rows = rows
        self._bits = [[0] * columns for _ in range(rows)]
        self._layer = [[""] * columns for _ in range(rows)]
        self._rank = [[-1] * columns for _ in range(rows)]
        self._labels: dict[tuple[int, int], tuple[str, str]] = {}

    @property
    def dot_width(self) -> int:
        return self.columns * 2

    @property
    def dot_height(self) -> int:
        return self.rows * 4

    def dot(self, x: float, y: float, layer: str, rank: int) -> None:
        column, row = round(x), round(y)
        if not (0 <= column < self.dot_width and 0 <= row < self.dot_height):
            return
        cell_column, cell_row = column // 2, row // 4
        self._bits[cell_row][cell_column] |= _DOT_BITS[row % 4][column % 2]
        if rank >= self._rank[cell_row][cell_column]:
            self._rank[cell_row][cell_column] = rank
            self._layer[cell_row][cell_column] = layer

    def line(
        self,
        start: tuple[float, float],
        end: tuple[float, float],
        layer: str,
        rank: int,
        *,
        every: int = 1,
    ) -> None:
        """A straight line of dots; `every` > 1 draws a dotted line."""
        (x0, y0), (x1, y1) = start, end
        steps = max(1, round(max(abs(x1 - x0), abs(y1 - y0))))
        for step in range(0, steps + 1, every):
            t = step / steps
            self.dot(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, layer, rank)

    def label(self, column: int, row: int, text: str, layer: str) -> None:
        """Text written over the dots, clipped to the canvas."""
        if not 0 <= row < self.rows:
            return
        start = max(0, min(column, self.columns - len(text)))
        for offset, char in enumerate(text):
            if 0 <= start + offset < self.columns:
                self._labels[(start + offset, row)] = (char, layer)

    def render(self, style_of: Callable[[str], Style]) -> Text:
        text = Text()
        for row in range(self.rows):
            if row:
                text.append("\n")
            for column in range(self.columns):
                labelled = self._labels.get((column, row))
                if labelled is not None:
                    char, layer = labelled
                    text.append(char, style_of(layer))
                    continue
                bits = self._bits[row][column]
                if bits:
                    text.append(chr(_BRAILLE_BASE + bits), style_of(self._layer[row][column]))
                else:
                    text.append(" ")
        return text
