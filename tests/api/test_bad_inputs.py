"""The bad-input matrix of the API (issues 9 and 13; new-user trial §3, fuzz trial D9-D11):
each case with the error it must raise, or the defined result it must give.

The command line's cases (output paths, closed streams, hostile files, option ranges) are in
``test_cli_outputs.py``; ``rougekit perl``'s (limits, XML, signals, data folders) in
``test_perl_errors.py``, ``test_perl_options.py`` and ``test_perl_data_dir.py``; huge
inputs in ``test_huge_inputs.py``; the rest of the type checks in ``test_errors.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import rougekit as rk

PERL = {"profile": "perl-1.5.5"}

ERRORS: list[tuple[str, Callable[[], Any], type[Exception], str]] = [
    ("prediction None", lambda: rk.RougeScorer().score(None, "a"), TypeError, "must be str"),
    ("bytes prediction", lambda: rk.RougeScorer().score(b"a", "a"), TypeError, "decode bytes"),
    ("empty reference list", lambda: rk.RougeScorer().score("a", []), ValueError, "empty list"),
    ("lone surrogate", lambda: rk.RougeScorer().score("\ud800 a", "a"), ValueError, "surrogate"),
    ("mismatched lengths", lambda: rk.RougeScorer().score_batch(["a"], ["a", "b"]), ValueError,
     "same length"),
    ("str instead of list", lambda: rk.RougeScorer().score_batch("ab", "ab"), TypeError,
     "single str"),
    ("unknown type", lambda: rk.RougeScorer(["rouge0"]), ValueError, "invalid ROUGE type"),
    ("rouge-1 spelling", lambda: rk.RougeScorer(["rouge-1"]), ValueError, "did you mean 'rouge1'"),
    ("rougeLSum case", lambda: rk.RougeScorer(["rougeLSum"]), ValueError, "did you mean"),
    ("no types", lambda: rk.RougeScorer([]), ValueError, "types is empty"),
    ("rougeW weight below 1", lambda: rk.RougeScorer(["rougeW-0.5"]), ValueError, "weight"),
    ("rougeW weight too large", lambda: rk.RougeScorer(["rougeW-1000"]), ValueError, "weight"),
    ("rougeLsum in perl-1.5.5", lambda: rk.RougeScorer(["rougeLsum"], **PERL), ValueError,
     "ask for 'rougeL'"),
    ("perl skip gap over 2**32", lambda: rk.RougeScorer(["rougeS18446744073709551615"], **PERL),
     ValueError, "too large"),
    ("limit_words 10**30", lambda: rk.RougeScorer(["rouge1"], limit_words=10**30, **PERL),
     ValueError, "2**63 - 1"),
    ("limit_bytes 2**64", lambda: rk.RougeScorer(["rouge1"], limit_bytes=2**64, **PERL),
     ValueError, "2**63 - 1"),
    ("both limits", lambda: rk.RougeScorer(["rouge1"], limit_words=1, limit_bytes=2, **PERL),
     ValueError, "both"),
    ("perl options on rouge-score", lambda: rk.RougeScorer(["rouge1"], stopwords=True),
     ValueError, "cannot be set"),
    ("threads 0", lambda: rk.RougeScorer(threads=0), ValueError, "threads"),
    ("unknown profile", lambda: rk.RougeScorer(profile="perl"), ValueError, "unknown profile"),
    ("signature garbage", lambda: rk.parse_signature("garbage"), ValueError, "malformed"),
    ("from_perl_args -n 1e30", lambda: rk.RougeConfig.from_perl_args("-n 1e30"), ValueError,
     "at most 1024"),
    ("from_perl_args -l -5", lambda: rk.RougeConfig.from_perl_args("-l -5"), ValueError,
     "length limit"),
    ("corpus of an empty batch", lambda: rk.RougeScorer().score_batch([], []).corpus(),
     ValueError, "empty batch"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [pytest.param(call, error, message, id=name) for name, call, error, message in ERRORS],
)
def test_bad_input_raises_a_clear_error(
    call: Callable[[], Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message.replace("*", r"\*").replace("(", r"\(")):
        call()


def test_defined_results_for_edge_inputs() -> None:
    scorer = rk.RougeScorer(["rouge1", "rougeL"])
    assert scorer.score("", "")["rouge1"].fmeasure == 0.0  # empty text scores 0.0
    assert scorer.score("a\x00b c", "a b c")["rouge1"].fmeasure == 1.0  # NUL separates
    # Defaults per profile, types as one comma-separated string, a Signature parsed back.
    assert rk.RougeScorer(**PERL).types == ("rouge1", "rouge2", "rougeL")
    assert rk.RougeScorer("rouge1,rougeL").types == ("rouge1", "rougeL")
    result = scorer.corpus(["a b"], ["a b"])
    assert rk.parse_signature(result.signature) == result.signature
    assert rk.compute(predictions=["a b"], references=["a c"], rouge_types="rouge1") == {
        "rouge1": 0.5
    }
    # ROUGE-W of identical texts is exactly 1 (was 1.0000000000000002).
    (w,) = rk.RougeScorer(["rougeW"]).score("a b c d e f g", "a b c d e f g").values()
    assert (w.precision, w.recall, w.fmeasure) == (1.0, 1.0, 1.0)
