"""progress= of the Python API (python/rougekit/progress.py, RougeScorer._score): a bar that
advances chunk by chunk without changing a number, tqdm's when installed, off by default off
a terminal; and the command line's ProgressBar it falls back on."""

from __future__ import annotations

import io
import sys
import zlib
from typing import Any, ClassVar

import pytest
import rougekit as rk
import tqdm
import tqdm.auto
from conftest import data_file, load_corpus
from profile_cases import batch_inputs, case_id, required, stemmed
from rougekit import profiles, progress
from rougekit.results import FIELDS, BatchResult

pytestmark = pytest.mark.filterwarnings("ignore::rougekit.NoSentencesWarning")


def _pairs(n: int) -> tuple[list[str], list[list[str]]]:
    """``n`` real pairs: SummEval's CNN/DM summaries (11 references each), repeated."""
    rows = load_corpus(data_file("summeval-cnndm/summeval.jsonl"))
    rows = (rows * (n // len(rows) + 1))[:n]
    return [r["prediction"] for r in rows], [r["references"] for r in rows]


def _token_ids(text: str) -> list[int]:
    return [zlib.crc32(w.encode()) % 5000 for w in text.split()]


class Recorder(tqdm.tqdm):  # type: ignore[misc]
    """The real tqdm bar, remembering what it was told."""

    made: ClassVar[list[Recorder]] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["file"] = io.StringIO()
        super().__init__(*args, **kwargs)
        self.steps: list[int] = []
        self.closed = False
        Recorder.made.append(self)

    def update(self, n: float | None = 1) -> bool | None:
        self.steps.append(int(n or 0))
        return super().update(n)

    def close(self) -> None:
        self.closed = True
        super().close()


@pytest.fixture
def bars(monkeypatch: pytest.MonkeyPatch) -> list[Recorder]:
    Recorder.made = []
    monkeypatch.setattr(tqdm.auto, "tqdm", Recorder)
    return Recorder.made


def _same_bits(a: BatchResult, b: BatchResult) -> None:
    assert a.types == b.types and len(a) == len(b)
    for t in a.types:
        for f in FIELDS:
            assert getattr(a, f)(t).tobytes() == getattr(b, f)(t).tobytes(), (t, f)
    assert a.failures == b.failures
    assert a.dropped_counts() == b.dropped_counts()
    assert a.scores.nrefs == b.scores.nrefs
    assert a.scores.letter_counts() == b.scores.letter_counts()
    assert str(a.signature) == str(b.signature)


#: Every registered profile, with its stemmer where it has one.
CASES = [(name, {**required(name), **stemmed(name)}) for name in profiles.names()]


@pytest.mark.parametrize(("profile", "options"), CASES, ids=[case_id(c) for c in CASES])
def test_chunked_scoring_changes_no_bit(profile, options, bars):
    preds, refs = batch_inputs(profile, *_pairs(700))
    # n-gram types: a character profile's LCS over 11 references would take most of the run.
    types = ("rouge1", "rouge2")
    scorer = rk.RougeScorer(types, profile=profile, threads=1, **options)
    plain = scorer.score_batch(preds, refs, progress=False)
    assert bars == []
    chunked = scorer.score_batch(preds, refs, progress=True)
    (bar,) = bars
    # 256-pair chunks (one thread): the bar advanced three times, to the total.
    assert bar.total == 700 and bar.steps == [256, 256, 188] and bar.closed
    _same_bits(plain, chunked)
    kwargs: dict[str, Any] = {"confidence": 0.95, "n_bootstrap": 200, "seed": 7}
    assert plain.corpus(**kwargs).to_dict() == chunked.corpus(**kwargs).to_dict()
    corpus = scorer.corpus(preds, refs, progress=True, **kwargs)
    assert corpus.to_dict() == plain.corpus(**kwargs).to_dict()
    assert len(bars) == 2


def test_more_threads_make_bigger_chunks(bars):
    preds, refs = _pairs(1200)
    scorer = rk.RougeScorer(["rouge1"], threads=2)
    scorer.score_batch(preds, refs, progress=True)
    assert bars[0].steps == [512, 512, 176]


def test_compute_takes_progress(bars):
    preds, refs = _pairs(300)
    plain = rk.compute(predictions=preds, references=refs, use_aggregator=False, progress=False)
    shown = rk.compute(predictions=preds, references=refs, use_aggregator=False, progress=True)
    assert plain == shown
    assert len(bars) == 1 and sum(bars[0].steps) == 300


def test_a_bad_pair_in_a_later_chunk_is_named_by_its_index(bars):
    preds, refs = _pairs(700)
    preds[600] = 3  # type: ignore[call-overload]
    scorer = rk.RougeScorer(["rouge1"], threads=1)
    with pytest.raises(TypeError, match=r"predictions\[600\] must be str, got int"):
        scorer.score_batch(preds, refs, progress=True)
    preds[600] = "fine"
    refs[650] = []
    with pytest.raises(ValueError, match=r"references\[650\]"):
        scorer.score_batch(preds, refs, progress=True)
    assert bars and all(b.closed for b in bars)
    with pytest.raises(ValueError, match="same length"):
        scorer.score_batch(preds, refs[:-1], progress=True)


def test_warnings_are_the_same_with_a_bar(bars):
    preds, refs = _pairs(600)
    preds[500] = "!!! ???"  # no token: NoTokensWarning, whichever chunk it is in
    scorer = rk.RougeScorer(["rouge1"], threads=1)
    with pytest.warns(rk.NoTokensWarning) as plain:
        scorer.score_batch(preds, refs, progress=False)
    with pytest.warns(rk.NoTokensWarning) as chunked:
        scorer.score_batch(preds, refs, progress=True)
    assert [str(w.message) for w in plain] == [str(w.message) for w in chunked]


def test_auto_is_off_off_a_terminal_and_for_small_batches(bars, monkeypatch):
    preds, refs = _pairs(progress.AUTO_MIN_PAIRS)
    scorer = rk.RougeScorer(["rouge1"])
    scorer.score_batch(preds, refs)  # pytest's captured stderr is not a terminal
    assert bars == []
    monkeypatch.setattr(progress, "_is_tty", lambda stream: True)
    scorer.score_batch(preds[:100], refs[:100])  # small: quiet even on a terminal
    assert bars == []
    scorer.score_batch(preds, refs)
    assert len(bars) == 1 and sum(bars[0].steps) == len(preds)
    scorer.score_batch(preds, refs, progress=False)
    assert len(bars) == 1


def test_auto_draws_in_a_notebook(monkeypatch):
    class ZMQInteractiveShell:  # the name Jupyter's kernel shell has
        pass

    fake_ipython = type(sys)("IPython")
    fake_ipython.get_ipython = ZMQInteractiveShell  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "IPython", fake_ipython)
    assert progress.in_notebook()
    assert progress.wanted(None, progress.AUTO_MIN_PAIRS)
    assert not progress.wanted(None, progress.AUTO_MIN_PAIRS - 1)
    fake_ipython.get_ipython = lambda: None  # type: ignore[attr-defined]
    assert not progress.in_notebook()


def test_progress_must_be_a_bool_or_none():
    scorer = rk.RougeScorer(["rouge1"])
    with pytest.raises(TypeError, match="progress must be True, False or None, got str"):
        scorer.score_batch(["a"], ["a"], progress="yes")  # type: ignore[arg-type]


def test_without_tqdm_the_terminal_bar_draws(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)  # import fails as if not installed
    preds, refs = _pairs(600)
    scorer = rk.RougeScorer(["rouge1"], threads=1)
    plain = scorer.score_batch(preds, refs, progress=False)
    assert capsys.readouterr().err == ""
    shown = scorer.score_batch(preds, refs, progress=True)  # forced: drawn off a terminal
    err = capsys.readouterr().err
    assert "pairs" in err and "%" in err and err.endswith("\r\x1b[K")
    _same_bits(plain, shown)
    scorer.score_batch(preds, refs)  # auto, not a terminal: nothing
    assert capsys.readouterr().err == ""


def test_the_command_line_bar_still_draws_only_on_a_terminal():
    out = io.StringIO()
    bar = progress.ProgressBar(enabled=True, stream=out)
    bar.update(10)
    bar.close()
    assert out.getvalue() == "" and bar.pairs == 10
    bar = progress.ProgressBar(enabled=True, stream=out, force=True, fraction=lambda: 0.5)
    bar.update(10)
    bar.close()
    assert "[############............]  50.0%  10 pairs" in out.getvalue()


def test_token_ids_from_a_generator_get_a_bar(bars):
    preds, refs = _pairs(600)
    ids = [_token_ids(p) for p in preds]
    ref_ids = [[_token_ids(x) for x in r] for r in refs]
    scorer = rk.RougeScorer(["rouge1", "rougeL"], profile="token-ids", threads=1)
    plain = scorer.score_batch(ids, ref_ids, progress=False)
    shown = scorer.score_batch((p for p in ids), (r for r in ref_ids), progress=True)
    assert bars[0].total == 600 and sum(bars[0].steps) == 600
    _same_bits(plain, shown)


def test_the_terminal_bar_says_how_long_is_left(monkeypatch):
    # It showed the elapsed seconds only.
    clock = iter([100.0, 130.0])
    monkeypatch.setattr(progress.time, "monotonic", lambda: next(clock))
    out = io.StringIO()
    done = {"fraction": 0.25}
    bar = progress.ProgressBar(
        enabled=True, force=True, stream=out, interval=0, fraction=lambda: done["fraction"]
    )
    bar.update(1000)
    line = out.getvalue()
    assert "25.0%" in line and "1,000 pairs" in line
    assert "30s elapsed, 1m30s left" in line
    assert progress._clock(3725) == "1h02m" and progress._clock(59.4) == "59s"
