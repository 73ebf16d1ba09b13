"""What :mod:`rougekit.compat.pltrdy` and :mod:`rougekit.compat.rouge_chinese` share: the
``Rouge`` and ``FilesRouge`` classes of pltrdy's ``rouge`` 1.0.1, whose fork rouge-chinese
1.0.3 keeps them; each module binds them to its profile's rules (``_PROFILE``).

The numbers come from the core (the ``pltrdy-1.0.1`` / ``rouge-chinese-1.0.3`` profiles);
this module only checks arguments as the originals do and builds their dictionaries.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

import rougekit._core as _core
from rougekit.checks import resolve_threads

#: The originals' metric names and the rougekit type each one is.
METRICS = {
    "rouge-1": "rouge1",
    "rouge-2": "rouge2",
    "rouge-3": "rouge3",
    "rouge-4": "rouge4",
    "rouge-5": "rouge5",
    "rouge-l": "rougeL",
}


class Rouge:
    """ROUGE as pltrdy's ``rouge.Rouge``: ``Rouge(metrics=None, stats=None,
    return_lengths=False, raw_results=False, exclusive=True)``.

    Args:
        metrics: names among ``rouge-1`` .. ``rouge-5`` and ``rouge-l`` (any case); default
            ``["rouge-1", "rouge-2", "rouge-l"]``.
        stats: among ``r``, ``p``, ``f`` (any case); default all three, in that order.
        return_lengths: add ``"lengths": {"hyp": ..., "ref": ...}``, each text's number of
            words.
        raw_results: give ``{"hyp", "ref", "overlap"}`` counts instead of the stats.
        exclusive: ``True`` (the default) counts distinct n-grams (and, for rouge 1.0.1's
            ROUGE-L, distinct words); ``False`` the usual clipped counts.
    """

    #: The profile whose rules this class follows (set by each drop-in module).
    _PROFILE: ClassVar[str] = ""
    DEFAULT_METRICS: ClassVar[list[str]] = ["rouge-1", "rouge-2", "rouge-l"]
    #: The metrics this scorer has, as the original's dictionary keys (its values here are
    #: rougekit's type names, not the original's functions).
    AVAILABLE_METRICS: ClassVar[dict[str, str]] = dict(METRICS)
    DEFAULT_STATS: ClassVar[list[str]] = ["r", "p", "f"]
    AVAILABLE_STATS: ClassVar[list[str]] = ["r", "p", "f"]

    def __init__(
        self,
        metrics: Iterable[str] | None = None,
        stats: Iterable[str] | None = None,
        return_lengths: bool = False,
        raw_results: bool = False,
        exclusive: bool = True,
    ) -> None:
        self.return_lengths = return_lengths
        self.raw_results = raw_results
        self.exclusive = exclusive
        if metrics is not None:
            self.metrics = [m.lower() for m in metrics]
            for m in self.metrics:
                if m not in METRICS:
                    raise ValueError(f"Unknown metric '{m}'")
        else:
            self.metrics = list(self.DEFAULT_METRICS)
        if raw_results:
            self.stats = ["hyp", "ref", "overlap"]
        elif stats is not None:
            self.stats = [s.lower() for s in stats]
            for s in self.stats:
                if s not in self.AVAILABLE_STATS:
                    raise ValueError(f"Unknown stat '{s}'")
        else:
            self.stats = list(self.DEFAULT_STATS)
        self._scorers: dict[int, Any] = {}

    def _scorer(self) -> Any:
        """The core scorer of these metrics (made again when the thread setting changes)."""
        threads = resolve_threads(None)
        scorer = self._scorers.get(threads)
        if scorer is None:
            types = list(dict.fromkeys(METRICS[m] for m in self.metrics))
            scorer = _core.PltrdyScorer(
                self._PROFILE, types, exclusive=bool(self.exclusive), threads=threads
            )
            self._scorers = {threads: scorer}
        return scorer

    def get_scores(
        self, hyps: str | Sequence[str], refs: str | Sequence[str], avg: bool = False,
        ignore_empty: bool = False,
    ) -> Any:  # fmt: skip
        """Scores of each (hypothesis, reference) pair: a list of dictionaries (one per
        pair), or with ``avg=True`` one dictionary of the means. ``hyps`` and ``refs`` are
        two strings or two sequences of the same type and length (one reference per
        hypothesis).

        ``ignore_empty=True`` drops the pairs where either string has length 0 (a text of
        dots or of spaces is kept). An empty text that is kept raises ``ValueError:
        Hypothesis is empty.`` (or ``Reference is empty.``) as the original does.
        """
        if isinstance(hyps, str):
            hyps, refs = [hyps], [refs]  # type: ignore[list-item]
        if ignore_empty:
            kept = [(h, r) for h, r in zip(hyps, refs) if len(h) > 0 and len(r) > 0]
            if not kept:
                raise ValueError(
                    "ignore_empty=True dropped every pair: there is nothing to score (the "
                    "original fails here too, with 'not enough values to unpack')"
                )
            hyps, refs = tuple(h for h, _ in kept), tuple(r for _, r in kept)
        if not isinstance(hyps, type(refs)):
            raise AssertionError(
                f"hyps and refs must be of the same type, got {type(hyps).__name__} and "
                f"{type(refs).__name__}"
            )
        if len(hyps) != len(refs):
            raise AssertionError(
                f"hyps and refs must have the same length, got {len(hyps)} and {len(refs)}"
            )
        hyps, refs = _texts(hyps, "hyps"), _texts(refs, "refs")
        if avg:
            return self._avg_scores(hyps, refs)
        return self._pair_scores(hyps, refs)

    def _raise_empty(self, empty: bytes) -> None:
        """The original's error for the first pair with an empty side, if any."""
        first = len(empty) - len(empty.lstrip(b"\0"))
        if first == len(empty) or not self.metrics:
            return
        if self.metrics[0] == "rouge-l":
            raise ValueError("Collections must contain at least 1 sentence.")
        if empty[first] & 1:
            raise ValueError("Hypothesis is empty.")
        raise ValueError("Reference is empty.")

    def _pair_scores(self, hyps: list[str], refs: list[str]) -> list[dict[str, Any]]:
        columns, hyp_len, ref_len, empty = _encodable(self._scorer().score_pairs, hyps, refs)
        self._raise_empty(empty)
        types = list(dict.fromkeys(METRICS[m] for m in self.metrics))
        metrics, stats = tuple(dict.fromkeys(self.metrics)), tuple(dict.fromkeys(self.stats))
        picked = []
        for m in metrics:
            r, p, f, hyp, ref, overlap = columns[types.index(METRICS[m])]
            source = {"r": r, "p": p, "f": f, "hyp": hyp, "ref": ref, "overlap": overlap}
            picked += [source[s] for s in stats]
        if self.return_lengths:
            picked += [hyp_len, ref_len]
        build = _rows_builder(metrics, stats, bool(self.return_lengths))
        rows: list[dict[str, Any]] = build(len(hyps), *picked)
        return rows

    def _avg_scores(self, hyps: list[str], refs: list[str]) -> dict[str, Any]:
        if self.raw_results:
            raise ValueError(
                "raw_results=True cannot be averaged: use avg=False (the original fails here "
                "with KeyError: 'hyp')"
            )
        if not hyps:
            raise ValueError("avg=True needs at least one pair (the original divides by zero)")
        types = list(dict.fromkeys(METRICS[m] for m in self.metrics))
        repeats = {m: self.metrics.count(m) for m in self.metrics}
        if max(repeats.values(), default=1) > 1:
            return self._avg_repeated(hyps, refs, types, repeats)
        means, (hyp_len, ref_len), empty = _encodable(self._scorer().score_means, hyps, refs)
        self._raise_empty(empty)
        out: dict[str, Any] = {}
        for m in self.metrics:
            r, p, f = means[types.index(METRICS[m])]
            source = {"r": r, "p": p, "f": f}
            out[m] = {s: source[s] for s in self.stats}
        if self.return_lengths:
            out["lengths"] = {"hyp": hyp_len, "ref": ref_len}
        return out

    def _avg_repeated(
        self, hyps: list[str], refs: list[str], types: list[str], repeats: dict[str, int]
    ) -> dict[str, Any]:
        """``avg=True`` with a metric named twice: the original adds that metric's scores
        once per mention, so its "means" are multiplied; reproduced here."""
        columns, hyp_len, ref_len, empty = _encodable(self._scorer().score_pairs, hyps, refs)
        self._raise_empty(empty)
        out: dict[str, Any] = {}
        for m, times in repeats.items():
            r, p, f, *_ = columns[types.index(METRICS[m])]
            source = {"r": r, "p": p, "f": f}
            out[m] = {s: _repeated_mean(source[s], times) for s in self.stats}
        if self.return_lengths:
            n = len(hyps)
            out["lengths"] = {"hyp": sum(hyp_len) / n, "ref": sum(ref_len) / n}
        return out

    def __getstate__(self) -> dict[str, Any]:
        # The core scorer is rebuilt on first use (it does not pickle).
        return {k: v for k, v in self.__dict__.items() if k != "_scorers"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, _scorers={})


def _repeated_mean(values: list[float], times: int) -> float:
    """The sum of each value added ``times`` times in a row, left to right, over the number
    of values."""
    total = 0.0
    for v in values:
        for _ in range(times):
            total += v
    return total / len(values)


@functools.lru_cache(maxsize=64)
def _rows_builder(
    metrics: tuple[str, ...], stats: tuple[str, ...], lengths: bool
) -> Callable[..., list[dict[str, Any]]]:
    """A function building the per-pair dictionaries from columns, one per (metric, stat)
    then the two lengths: ``f(n, *columns)``. Written with literal dictionary displays
    (built from the checked metric and stat names), which Python builds about 3x faster
    than ``dict(zip(...))``: most of the drop-in's time on short texts is these
    dictionaries."""
    names: list[str] = []
    items: list[str] = []
    for m in metrics:
        inner = []
        for s in stats:
            names.append(f"v{len(names)}")
            inner.append(f"{s!r}: {names[-1]}")
        items.append(f"{m!r}: {{{', '.join(inner)}}}")
    if lengths:
        names += ["hyp_len", "ref_len"]
        items.append("'lengths': {'hyp': hyp_len, 'ref': ref_len}")
    targets = ", ".join(["_", *names])
    source = (
        f"lambda n, {', '.join(names)}: "
        f"[{{{', '.join(items)}}} for {targets} in zip(range(n), {', '.join(names)})]"
        if names
        else f"lambda n: [{{{', '.join(items)}}} for _ in range(n)]"
    )
    builder: Callable[..., list[dict[str, Any]]] = eval(
        source, {"__builtins__": {"zip": zip, "range": range}}
    )
    return builder


#: Where lone surrogates go on their way to the core (see :func:`_encodable`): the private
#: use planes 16 and 15, one code point per surrogate.
_SURROGATE_STAND_INS = (0x100000, 0xF0000)


def _encodable(
    score: Callable[[list[str], list[str]], Any], hyps: list[str], refs: list[str]
) -> Any:
    """``score(hyps, refs)``, also for texts holding a lone surrogate (``"\\ud800 a"``),
    which the originals score as any other character but which cannot cross into the core
    as UTF-8. Those texts go with each surrogate replaced by a private-use code point that
    no text holds: pltrdy's and rouge-chinese's rules only split at spaces and sentence
    marks and compare words for equality, so a one-to-one stand-in gives the original's
    numbers."""
    try:
        return score(hyps, refs)
    except UnicodeEncodeError:
        pass
    for base in _SURROGATE_STAND_INS:
        taken = re.compile(f"[{chr(base)}-{chr(base + 0x7FF)}]")
        if not any(taken.search(t) for t in (*hyps, *refs)):
            table = {0xD800 + k: base + k for k in range(0x800)}
            return score([h.translate(table) for h in hyps], [r.translate(table) for r in refs])
    raise ValueError(
        "texts hold lone surrogates and private-use characters of planes 15 and 16 at "
        "once: they cannot be scored"
    )


def _texts(values: Sequence[str], name: str) -> list[str]:
    """``values`` as a list of str; ``TypeError`` naming the first that is not one."""
    out = list(values)
    for i, v in enumerate(out):
        if not isinstance(v, str):
            raise TypeError(f"{name}[{i}] must be str, got {type(v).__name__}")
    return out


class FilesRouge:
    """``FilesRouge(*args, **kwargs)`` (``Rouge``'s arguments): scores line ``i`` of a
    hypothesis file against line ``i`` of a reference file, as the original does: both files
    must exist and have the same number of lines; they are read as UTF-8 text and the last
    character of every line is dropped (its newline, or the last character of a last line
    that has none)."""

    _ROUGE: ClassVar[type[Rouge]] = Rouge

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.rouge = self._ROUGE(*args, **kwargs)

    @staticmethod
    def _line_count(path: str | os.PathLike[str]) -> int:
        with open(path, "rb") as f:
            return sum(1 for _ in f)

    def _check_files(
        self, hyp_path: str | os.PathLike[str], ref_path: str | os.PathLike[str]
    ) -> None:
        for path in (hyp_path, ref_path):
            if not os.path.isfile(path):
                raise AssertionError(f"{os.fspath(path)!r} is not a file")
        hyp_lines, ref_lines = self._line_count(hyp_path), self._line_count(ref_path)
        if hyp_lines != ref_lines:
            raise AssertionError(
                f"the files have {hyp_lines} and {ref_lines} lines: they must have as many"
            )

    def get_scores(
        self,
        hyp_path: str | os.PathLike[str],
        ref_path: str | os.PathLike[str],
        avg: bool = False,
        ignore_empty: bool = False,
    ) -> Any:
        """Scores of each pair of lines (``Rouge.get_scores`` of the two lists of lines)."""
        self._check_files(hyp_path, ref_path)
        with open(hyp_path, encoding="utf-8") as f:
            hyps = [line[:-1] for line in f]
        with open(ref_path, encoding="utf-8") as f:
            refs = [line[:-1] for line in f]
        return self.rouge.get_scores(hyps, refs, avg=avg, ignore_empty=ignore_empty)
