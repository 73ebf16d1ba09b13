"""``on_empty``: the pltrdy-family profiles, whose packages raise ``ValueError`` on a text
without a sentence, score such a pair 0 with ``on_empty="zero"`` (what LongBench,
LLaMA-Factory and OpenCompass report, catching that error), against the real packages."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
import rougekit as rk
from conftest import SAMPLE
from published_oracles import pltrdy, rouge_chinese

TYPES = ("rouge1", "rouge2", "rougeL")
KEYS = ("rouge-1", "rouge-2", "rouge-l")


def _texts() -> list[str]:
    rows = [json.loads(line) for line in SAMPLE.open(encoding="utf-8")][:60]
    return [r["prediction"] for r in rows]


def _oracle(module: Any, hyp: str, ref: str) -> list[float] | None:
    try:
        got = module.Rouge().get_scores(hyp, ref)[0]
    except ValueError:
        return None  # what the harnesses turn into 0
    return [got[k]["f"] for k in KEYS]


@pytest.mark.parametrize(
    ("profile", "load", "empties"),
    [
        ("pltrdy-1.0.1", pltrdy, ["", "...", " . . ", "\n"]),
        ("rouge-chinese-1.0.3", rouge_chinese, ["", "   ", "\n\t"]),
    ],
)
def test_zero_where_the_package_raises(profile: str, load: Any, empties: list[str]) -> None:
    module = load()
    texts = _texts()
    hyps = texts + empties + texts[: len(empties)] + empties
    refs = texts[::-1] + texts[: len(empties)] + empties + empties
    batch = rk.RougeScorer(TYPES, profile=profile, on_empty="zero").score_batch(hyps, refs)
    raised = 0
    for i, (h, r) in enumerate(zip(hyps, refs)):
        want = _oracle(module, h, r)
        raised += want is None
        got = [float(batch.fmeasure(t)[i]) for t in TYPES]
        assert got == (want if want is not None else [0.0, 0.0, 0.0]), (i, h, r)
    assert raised >= 6  # "" and "..." (pltrdy), "" and blanks (rouge-chinese), on each side
    assert batch.signature.fields["empty"] == "zero"
    with pytest.raises(ValueError, match="is empty"):
        rk.RougeScorer(TYPES, profile=profile).score_batch(hyps, refs)
    assert "empty" not in rk.RougeScorer(TYPES, profile=profile).signature().fields


def test_on_empty_is_checked_and_only_for_the_profiles_that_raise() -> None:
    with pytest.raises(ValueError, match="on_empty must be 'raise' or 'zero'"):
        rk.RougeScorer(profile="pltrdy-1.0.1", on_empty="skip")
    with pytest.raises(ValueError, match="on_empty cannot be set with the 'rouge-score'"):
        rk.RougeScorer(profile="rouge-score", on_empty="zero")
    scorer = rk.RougeScorer(profile="pltrdy-1.0.1", on_empty="raise")
    assert "on_empty" not in repr(scorer)
    assert "on_empty='zero'" in repr(rk.RougeScorer(profile="pltrdy-1.0.1", on_empty="zero"))


def test_signature_round_trip_and_cli(tmp_path: Any) -> None:
    from rougekit.reproduce import command_of

    sig = rk.RougeScorer(profile="rouge-chinese-1.0.3", on_empty="zero").signature("1")
    assert "--on-empty zero" in command_of(sig, {"empty": "zero"})
    assert rk.parse_signature(str(sig)) == sig
    data = tmp_path / "pairs.jsonl"
    data.write_text(
        json.dumps({"prediction": "", "references": ["a b"]})
        + "\n"
        + json.dumps({"prediction": "a b", "references": ["a b"]})
        + "\n"
    )
    base = [sys.executable, "-m", "rougekit", "score", "--jsonl", str(data), "--profile",
            "pltrdy-1.0.1", "-f", "json"]  # fmt: skip
    failed = subprocess.run(base, capture_output=True, text=True, check=False)
    assert failed.returncode != 0 and "is empty" in failed.stderr
    run = subprocess.run([*base, "--on-empty", "zero"], capture_output=True, text=True, check=True)
    assert "empty:zero" in run.stdout
