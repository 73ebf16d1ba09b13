"""A minimal progress bar on standard error, for long runs on a terminal.

It draws only when standard error is a TTY (never in pipes, logs or CI) and at most a few
times a second, and erases itself when done, so it never mixes with the report.
"""

from __future__ import annotations

import sys
import time
from typing import IO, Callable


class ProgressBar:
    """``update(pairs)`` after each chunk; ``close()`` at the end (or on error)."""

    def __init__(
        self,
        *,
        enabled: bool,
        fraction: Callable[[], float | None] = lambda: None,
        stream: IO[str] | None = None,
        interval: float = 0.2,
    ) -> None:
        self._stream = stream if stream is not None else sys.stderr
        self._enabled = enabled and _is_tty(self._stream)
        self._fraction = fraction
        self._interval = interval
        self._start = time.monotonic()
        self._last = 0.0
        self._drawn = False
        self.pairs = 0

    def update(self, pairs: int) -> None:
        self.pairs += pairs
        if not self._enabled:
            return
        now = time.monotonic()
        if now - self._last < self._interval:
            return
        self._last = now
        self._draw(now)

    def _draw(self, now: float) -> None:
        elapsed = now - self._start
        rate = self.pairs / elapsed if elapsed > 0 else 0.0
        text = f"{self.pairs:,} pairs  {rate:,.0f} pairs/s  {elapsed:.0f}s"
        frac = self._fraction()
        if frac is not None:
            width = 24
            filled = int(frac * width)
            text = f"[{'#' * filled}{'.' * (width - filled)}] {frac * 100:5.1f}%  " + text
        self._stream.write("\r" + text + "\x1b[K")
        self._stream.flush()
        self._drawn = True

    def close(self) -> None:
        if self._drawn:
            self._stream.write("\r\x1b[K")
            self._stream.flush()
            self._drawn = False


def _is_tty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
