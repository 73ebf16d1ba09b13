"""A minimal progress bar on standard error, for long runs on a terminal.

It draws only when standard error is a TTY (never in pipes, logs or CI) and at most a few
times a second, and erases itself when done, so it never mixes with the report.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import IO, Any, Protocol


class ProgressBar:
    """``update(pairs)`` after each chunk; ``close()`` at the end (or on error)."""

    def __init__(
        self,
        *,
        enabled: bool,
        fraction: Callable[[], float | None] = lambda: None,
        stream: IO[str] | None = None,
        interval: float = 0.2,
        force: bool = False,
    ) -> None:
        self._stream = stream if stream is not None else sys.stderr
        # ``force``: draw even off a terminal (the API's ``progress=True`` without tqdm).
        self._enabled = enabled and (force or _is_tty(self._stream))
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
        text = f"{self.pairs:,} pairs  {rate:,.0f} pairs/s  {_clock(elapsed)} elapsed"
        frac = self._fraction()
        if frac is not None:
            width = 24
            filled = int(frac * width)
            text = f"[{'#' * filled}{'.' * (width - filled)}] {frac * 100:5.1f}%  " + text
            if 0 < frac < 1 and elapsed >= 1:
                # The input read so far predicts the rest (bytes, not pairs: sizes vary).
                text += f", {_clock(elapsed * (1 - frac) / frac)} left"
        self._stream.write("\r" + text + "\x1b[K")
        self._stream.flush()
        self._drawn = True

    def close(self) -> None:
        if self._drawn:
            self._stream.write("\r\x1b[K")
            self._stream.flush()
            self._drawn = False


def _clock(seconds: float) -> str:
    """``42s``, ``3m05s``, ``1h02m``."""
    s = int(seconds + 0.5)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


def _is_tty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


# -- progress= of the Python API ----------------------------------------------------------------

#: ``progress=None`` (auto) draws a bar only for batches of at least this many pairs: a
#: training loop scoring small batches in a notebook stays quiet.
AUTO_MIN_PAIRS = 10_000


class Bar(Protocol):
    def update(self, n: int) -> Any: ...
    def close(self) -> Any: ...


def in_notebook() -> bool:
    """Whether this runs in a Jupyter kernel (where tqdm draws a widget)."""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    try:
        ip = shell.get_ipython()
    except AttributeError:
        return False
    return ip is not None and type(ip).__name__ == "ZMQInteractiveShell"


def wanted(progress: object, total: int) -> bool:
    """``progress=True``/``False``, or ``None`` (auto): on for :data:`AUTO_MIN_PAIRS` pairs
    or more when standard error is a terminal or this runs in a notebook."""
    if progress is None:
        return total >= AUTO_MIN_PAIRS and (_is_tty(sys.stderr) or in_notebook())
    if not isinstance(progress, bool):
        raise TypeError(f"progress must be True, False or None, got {type(progress).__name__}")
    return progress


def open_bar(progress: object, total: int, desc: str) -> Bar | None:
    """A bar over ``total`` pairs when :func:`wanted`: tqdm's ``auto`` bar (a widget in
    notebooks) when tqdm is installed, else this module's terminal bar; ``None`` when off."""
    if not wanted(progress, total):
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        drawn: list[ProgressBar] = []
        drawn.append(
            ProgressBar(
                enabled=True,
                force=progress is True,
                fraction=lambda: drawn[0].pairs / total if total else None,
            )
        )
        return drawn[0]
    bar: Bar = tqdm(total=total, desc=desc, unit="pair", leave=False)
    return bar
