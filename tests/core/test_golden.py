"""Golden cases (spec §14, produced by running rouge-score 0.1.2) through compat and main API."""

from __future__ import annotations

import hashlib
import re
from typing import Any

import pytest
import rougekit
from conftest import GOLDEN, SHARED_DATA, load_golden
from rougekit.compat import rouge_scorer as compat_rouge_scorer

CASES = load_golden()
IDS = [c["id"] for c in CASES]
BY_ID = {c["id"]: c for c in CASES}

# Behaviour that exists only in the compat module (rouge-score's own quirks); the main API
# decides differently on purpose (design §2, §6) and test_errors.py covers its behaviour.
COMPAT_ONLY = {
    # rougekit accepts any rougeN (design §2: "any n accepted as rougeN"); rouge-score stops
    # at rouge9. Checked separately below: rouge10 is a valid type in the main API.
    "E29": "rouge10 is valid in rougekit (any n), invalid in rouge-score",
    # An empty reference list: rouge-score's numpy.argmax message; the main API raises its
    # own ValueError naming references[i] (test_errors.py).
    "M4": "empty target list: rouge-score's argmax error is compat-only",
}


def _call_compat(case: dict[str, Any]) -> dict[str, Any]:
    scorer = compat_rouge_scorer.RougeScorer(case["rouge_types"], use_stemmer=case["use_stemmer"])
    if "targets" in case:
        return scorer.score_multi(case["targets"], case["prediction"])
    return scorer.score(case["target"], case["prediction"])


def _references(case: dict[str, Any]) -> Any:
    return case["targets"] if "targets" in case else case["target"]


def test_golden_file_is_complete():
    ids = set(IDS)
    expected = {f"E{i}" for i in range(1, 33)} | {"M1", "M2", "M3", "M4"}
    assert ids == expected, f"golden ids differ from spec §14: {sorted(ids ^ expected)}"
    assert len(IDS) == len(ids), "duplicate golden ids"


#: SHA-256 of the specification's golden file (``shared/spec/rouge-score-golden.jsonl``) that
#: ``tests/golden`` copies.
SPEC_SHA256 = "cd4ad4fb04f5aa3940a4b087bd18b3fa962758b29bcc67a9f9e05a1832423351"


def test_golden_copy_matches_shared_spec():
    """The copy is the specification's file: its digest, and (with the shared folder beside
    the repository) the file itself."""
    assert hashlib.sha256(GOLDEN.read_bytes()).hexdigest() == SPEC_SHA256, (
        f"{GOLDEN} is not the specification's golden file"
    )
    spec_file = SHARED_DATA.parent / "spec" / "rouge-score-golden.jsonl"
    if spec_file.exists():
        assert hashlib.sha256(spec_file.read_bytes()).hexdigest() == SPEC_SHA256, (
            f"{spec_file} changed: copy it to {GOLDEN} again and update SPEC_SHA256"
        )


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_golden_against_installed_rouge_score(case):
    """The oracle itself still produces the golden numbers (guards the environment)."""
    from rouge_score import rouge_scorer

    scorer = rouge_scorer.RougeScorer(case["rouge_types"], use_stemmer=case["use_stemmer"])
    if "expected_error" in case:
        with pytest.raises(ValueError) as info:
            if "targets" in case:
                scorer.score_multi(case["targets"], case["prediction"])
            else:
                scorer.score(case["target"], case["prediction"])
        assert str(info.value) == case["expected_error"]["message"]
        return
    if "targets" in case:
        got = scorer.score_multi(case["targets"], case["prediction"])
    else:
        got = scorer.score(case["target"], case["prediction"])
    assert {t: list(s) for t, s in got.items()} == case["expected"]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_golden_compat(case):
    if "expected_error" in case:
        err = case["expected_error"]
        assert err["type"] == "ValueError"
        # rouge-score validates types lazily: construction must succeed, score() raises.
        scorer = compat_rouge_scorer.RougeScorer(case["rouge_types"])
        with pytest.raises(ValueError, match=re.escape(err["message"])) as info:
            if "targets" in case:
                scorer.score_multi(case["targets"], case["prediction"])
            else:
                scorer.score(case["target"], case["prediction"])
        assert str(info.value) == err["message"], f"{case['id']}: message {info.value!r}"
        return
    got = _call_compat(case)
    expected = case["expected"]
    assert list(got) == list(expected), f"{case['id']}: keys {list(got)} != {list(expected)}"
    for rouge_type, values in expected.items():
        score = got[rouge_type]
        assert isinstance(score, compat_rouge_scorer.scoring.Score), (
            f"{case['id']} {rouge_type}: {type(score).__name__} is not compat scoring.Score"
        )
        assert tuple(score) == tuple(values), (
            f"{case['id']} {rouge_type}: got {tuple(score)!r}, rouge-score gives {values!r}"
        )
        got_types = [type(v).__name__ for v in score]
        want_types = [type(v).__name__ for v in values]
        assert got_types == want_types, (
            f"{case['id']} {rouge_type}: value types {got_types} != rouge-score's {want_types} "
            f"(values {tuple(score)!r})"
        )


@pytest.mark.filterwarnings("ignore::rougekit.NoTokensWarning")  # E7, E8, E20: no tokens
@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_golden_main_api(case):
    if case["id"] in COMPAT_ONLY:
        pytest.skip(f"compat-only behaviour: {COMPAT_ONLY[case['id']]}")
    if "expected_error" in case:
        # The main API validates at construction (rouge-score only inside score()).
        with pytest.raises(ValueError) as info:
            rougekit.RougeScorer(case["rouge_types"], stemmer=case["use_stemmer"])
        bad = case["rouge_types"][0]
        assert bad in str(info.value), f"error does not name {bad!r}: {info.value}"
        return
    scorer = rougekit.RougeScorer(case["rouge_types"], stemmer=case["use_stemmer"])
    refs = _references(case)
    single = scorer.score(case["prediction"], refs)
    batch = scorer.score_batch([case["prediction"]], [refs])
    assert len(batch) == 1
    assert list(single) == list(case["expected"]), f"{case['id']}: keys {list(single)}"
    for rouge_type, values in case["expected"].items():
        want = tuple(float(v) for v in values)
        got = tuple(single[rouge_type])
        assert got == want, f"{case['id']} {rouge_type} score(): {got!r} != {want!r}"
        assert all(type(v) is float for v in got), (
            f"{case['id']} {rouge_type}: main API must return floats, got {got!r}"
        )
        cols = (
            batch.precision(rouge_type)[0],
            batch.recall(rouge_type)[0],
            batch.fmeasure(rouge_type)[0],
        )
        assert tuple(float(v) for v in cols) == want, (
            f"{case['id']} {rouge_type} score_batch(): {cols!r} != {want!r}"
        )
        assert tuple(batch[0][rouge_type]) == want


def test_rouge10_is_valid_in_main_api():
    """E29's counterpart: rougekit accepts any rougeN (design §2)."""
    case = BY_ID["E29"]
    scorer = rougekit.RougeScorer(["rouge10"])
    # 'a b' has no 10-gram: zero, as rouge-score computes for rougeN with too few tokens.
    assert tuple(scorer.score(case["prediction"], case["target"])["rouge10"]) == (0.0, 0.0, 0.0)
    words = " ".join("abcdefghijk")
    assert tuple(scorer.score(words, words)["rouge10"]) == (1.0, 1.0, 1.0)


# Spec examples that are not in the golden file, transcribed from rouge-score.md (§2.3, §4,
# §8, §14 M5). All of them are rouge-score quirks the compat module must keep.


def test_compat_m5_string_as_target_list():
    scorer = compat_rouge_scorer.RougeScorer(["rouge1"])
    got = scorer.score_multi("ab", "a")
    assert tuple(got["rouge1"]) == (1.0, 1.0, 1.0), got


def test_compat_bytes_quirk_spec_2_3():
    scorer = compat_rouge_scorer.RougeScorer(["rouge1", "rougeLsum"])
    got = scorer.score("İstanbul".encode(), b"i stanbul")
    assert tuple(got["rouge1"]) == (0.5, 1.0, 0.6666666666666666), got
    assert tuple(got["rougeLsum"]) == (1.0, 1.0, 1.0), got


def test_compat_empty_type_list_returns_empty_dict():
    """Spec §8: ``RougeScorer([])`` returns ``{}`` (rouge-score scores nothing)."""
    assert compat_rouge_scorer.RougeScorer([]).score("a b", "a b") == {}


def test_compat_empty_type_list_score_multi_returns_empty_dict():
    scorer = compat_rouge_scorer.RougeScorer([])
    assert scorer.score_multi([], "a b") == {}
    assert scorer.score_multi(["a b", "c"], "a b") == {}


def test_compat_string_rouge_types_iterated_by_character():
    scorer = compat_rouge_scorer.RougeScorer("rouge1")  # constructing must not fail
    with pytest.raises(ValueError) as info:
        scorer.score("a", "a")
    assert str(info.value) == "Invalid rouge type: r"


def test_compat_trailing_newline_type_quirk():
    scorer = compat_rouge_scorer.RougeScorer(["rouge1\n"])
    got = scorer.score("a b", "a c")
    assert list(got) == ["rouge1\n"], got
    assert tuple(got["rouge1\n"]) == (0.5, 0.5, 0.5)


def test_compat_duplicated_type_kept_once():
    scorer = compat_rouge_scorer.RougeScorer(["rouge1", "rougeL", "rouge1"])
    got = scorer.score("a b", "a c")
    assert list(got) == ["rouge1", "rougeL"], got


def test_compat_swapped_arguments_swap_p_and_r():
    """Target first in compat: swapping arguments swaps P and R (spec §8)."""
    scorer = compat_rouge_scorer.RougeScorer(["rouge1"])
    a = scorer.score("the cat sat on the mat", "the cat")["rouge1"]
    b = scorer.score("the cat", "the cat sat on the mat")["rouge1"]
    assert (a.precision, a.recall) == (1.0, 2 / 6), a
    assert (b.precision, b.recall) == (a.recall, a.precision), (a, b)
