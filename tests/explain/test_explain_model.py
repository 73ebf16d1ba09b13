"""``RougeScorer.explain`` and ``Explanation``: the dict's shape, the per-type views, JSON,
``check()`` catching a changed number or match, the invariants between types, edge cases
(empty texts, texts without tokens, one reference, every type) and errors."""

from __future__ import annotations

import json
import warnings
from typing import Any

import pytest
import rougekit as rk
from rougekit.errors import ExplainCheckError, RougekitError
from rougekit.explain import SCHEMA, Explanation

TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")


@pytest.fixture
def scorer() -> rk.RougeScorer:
    return rk.RougeScorer(TYPES, stemmer=True)


def test_shape_and_views(scorer: rk.RougeScorer) -> None:
    ex = scorer.explain(
        "The cats sat on the mat.\nThe cat sat.", ["A cat sat on a mat\nthe cat"], id="p1"
    )
    d = ex.to_dict()
    assert list(d)[:4] == ["schema", "signature", "id", "profile"]
    assert (d["schema"], d["id"], d["profile"]) == (SCHEMA, "p1", "rouge-score")
    assert d["signature"] == str(scorer.signature("1"))
    assert list(d["types"]) == list(TYPES)
    tokens = d["prediction"]["tokens"]
    assert tokens[1] == {"text": "cats", "start": 4, "end": 8, "compared": "cat", "sentence": 0}
    assert d["prediction"]["sentences"] == 2
    r1 = ex["rouge1"]
    assert (r1.kind, r1.rule, r1.reference, r1.hits) == ("ngram", "best-f", 0, 6)
    assert r1.score == scorer.score(d["prediction"]["text"], d["references"][0]["text"])["rouge1"]
    assert ex["ROUGE-2"].name == "rouge2"  # any spelling the profile reads
    assert "rougeL" in ex and "rouge3" not in ex
    with pytest.raises(KeyError):
        ex["rouge3"]
    assert ex.check() is ex
    back = Explanation.from_json(ex.to_json(), scorer=scorer)
    assert back == ex and back.check() is back
    assert Explanation(json.loads(ex.to_json())).signature == ex.signature
    assert repr(ex).startswith("<Explanation id='p1' profile='rouge-score' rouge1: F=")


def test_ngram_witnesses_are_first_occurrences(scorer: rk.RougeScorer) -> None:
    d = scorer.explain("the the the cat", "the cat the dog").to_dict()
    per = d["types"]["rouge1"]["per_reference"][0]
    the = next(m for m in per["matches"] if m["gram"] == ["the"])
    assert (the["prediction_count"], the["reference_count"], the["hits"]) == (3, 2, 2)
    assert (the["prediction_at"], the["reference_at"]) == ([0, 1], [0, 2])
    assert per["missed"] == [{"gram": ["dog"], "reference_count": 1, "hits": 0}]
    assert per["witness"] == "first occurrences up to the clipped count"


def test_lcs_alignment_and_union(scorer: rk.RougeScorer) -> None:
    # rouge-score's tie-break (spec E26): target "a b", prediction lines "b a" and "a".
    d = scorer.explain("b a\na", "a b").to_dict()
    lsum = d["types"]["rougeLsum"]["per_reference"][0]
    assert lsum["sentences"] == [
        {"sentence": 0, "counted": [0], "not_counted": [], "unmatched": [1]}
    ]
    assert lsum["prediction_in_lcs"] == [1, 2]
    lcs = d["types"]["rougeL"]["per_reference"][0]
    assert lcs["alignment"] == [[2, 0]] and lcs["witness"] == "rouge-score backtrack"
    # The double-count guard: "a" is in both sentence LCSs, the prediction has one (E24).
    d = scorer.explain("a", "a a\na").to_dict()
    s = d["types"]["rougeLsum"]["per_reference"][0]["sentences"]
    assert [(x["counted"], x["not_counted"]) for x in s] == [([1], []), ([], [2])]


def test_dropped_text() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the profile warns about the non-ASCII letters
        ex = rk.RougeScorer(("rouge1",)).explain("Cristóbal 今天 5€ ok!", "ok")
    dropped = [(x["text"], x["why"]) for x in ex.to_dict()["prediction"]["dropped"]]
    assert dropped == [("ó", "non-ascii"), ("今天", "non-ascii"), ("€", "not-a-token")]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ex.check()


def test_unicode_spans() -> None:
    text = "STRASSE Straße ﬁx ½ İstanbul"
    ex = rk.RougeScorer(("rouge1",), profile="unicode-v1").explain(text, "strasse")
    toks = ex.to_dict()["prediction"]["tokens"]
    assert [(t["text"], t["compared"]) for t in toks] == [
        ("STRASSE", "strasse"), ("Straße", "strasse"), ("ﬁx", "fix"), ("½", "1\u20442"),
        ("İstanbul", "i\u0307stanbul"),
    ]  # fmt: skip
    assert ex["rouge1"].hits == 1
    ex.check()


def test_check_catches_changes(scorer: rk.RougeScorer) -> None:
    base = scorer.explain("the cats sat on the mat\nok", ["the cat sat\nok ok", "a mat"]).to_dict()

    def changed(edit: Any) -> None:
        d = json.loads(json.dumps(base))
        edit(d)
        with pytest.raises(ExplainCheckError):
            Explanation(d, scorer=scorer).check()

    def bump(d: dict[str, Any]) -> None:
        d["types"]["rouge1"]["fmeasure"] = d["types"]["rouge1"]["fmeasure"] + 1e-16

    changed(bump)
    changed(lambda d: d["types"]["rouge2"]["per_reference"][0].update(hits=0))
    changed(lambda d: d["types"]["rougeL"].update(reference=1))
    changed(lambda d: d["types"]["rougeL"]["per_reference"][0]["alignment"].pop())
    changed(lambda d: d["types"]["rougeLsum"]["per_reference"][0]["sentences"][0]["counted"].pop())
    changed(lambda d: d["prediction"]["tokens"][0].update(end=2))
    changed(lambda d: d["types"]["rouge1"]["per_reference"][0]["matches"][0].update(hits=9))
    # The stored floats all agree, but another scorer's explanation: its signature differs.
    other = rk.RougeScorer(TYPES)
    with pytest.raises(ExplainCheckError, match=r"^signature: differs at character \d+"):
        Explanation(base, scorer=other).check()
    assert issubclass(ExplainCheckError, RougekitError)


def test_edge_cases() -> None:
    all_types = (*TYPES, "rouge3", "rougeW-1.2", "rougeSU4", "rougeS*")
    scorer = rk.RougeScorer(all_types, stemmer=True)
    cases = [("", ""), ("", "a b"), ("a b", ""), ("今天", "今天"), ("a", "a"), ("a b c", "c b a")]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for pred, ref in cases:
            ex = scorer.explain(pred, ref)
            ex.check()
            for t in all_types:
                assert tuple(ex[t].score) == tuple(scorer.score(pred, ref)[t])
    d = scorer.explain("a b a b", "a b").to_dict()
    su = d["types"]["rougeSU4"]
    assert (su["kind"], su["max_gap"], su["unigrams"]) == ("skip-bigram", 4, True)
    pairs = {tuple(m["pair"]): m["hits"] for m in su["per_reference"][0]["matches"]}
    assert pairs == {("a",): 1, ("a", "b"): 1, ("b",): 1}
    w = d["types"]["rougeW-1.2"]
    assert (w["kind"], w["weight"], w["prediction_total"]) == ("wlcs", 1.2, 4)
    # ROUGE-W's runs replay to its weighted LCS bit for bit; a changed run does not.
    ex = scorer.explain("a b c d x e f", "a b c y d e f")
    runs = ex["rougeW"].per_reference[0]["runs"]
    assert [(r["prediction"], r["reference"], r["length"]) for r in runs] == [
        (0, 0, 3), (3, 4, 1), (5, 5, 2),
    ]  # fmt: skip
    changed = json.loads(ex.to_json())
    changed["types"]["rougeW-1.2"]["per_reference"][0]["runs"][0]["length"] = 2
    with pytest.raises(ExplainCheckError, match=r"runs\[0\]\.length: the dict has int 2"):
        Explanation(changed).check()


def test_rules_name_their_choice() -> None:
    pred, refs = "a b c d", ["a b x y", "a x b y c d z w v u"]
    for rule, chosen in [("best-f", 1), ("best-recall", 0), ("pooled", None), ("mean", None)]:
        scorer = rk.RougeScorer(("rouge1",), multiref=rule)
        t = scorer.explain(pred, refs).check()["rouge1"]
        assert t.reference == chosen, rule
        assert (t.hits is None) == (rule == "mean")
    ties = rk.RougeScorer(("rouge1",)).explain("a b", ["a x", "b y", "c"]).check()
    assert (ties["rouge1"].reference, ties["rouge1"]["tie"]) == (0, True)
    assert rk.RougeScorer(("rouge1",)).explain("a b", ["a x", "c"])["rouge1"]["tie"] is False
    t = rk.RougeScorer(("rouge1",), multiref="pooled").explain(pred, refs)["rouge1"]
    assert (t.hits, t.prediction_total, t.reference_total) == (6, 8, 14)
    jk = rk.RougeScorer(("rouge1",), jackknife=True).explain(pred, [*refs, "d"]).check()
    assert [s["left_out"] for s in jk["rouge1"]["jackknife_subsets"]] == [0, 1, 2]


def test_cross_type_invariants() -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from conftest import named_corpus

    rows = named_corpus("xsum-hallucination-annotations/xsum.jsonl.xz")[:300]
    scorer = rk.RougeScorer(TYPES, stemmer=True)
    preds = [r["prediction"] for r in rows]
    refs = [r["references"] for r in rows]
    for ex in scorer.explain_batch(preds, refs):
        t = ex.to_dict()["types"]
        one = t["rouge1"]["per_reference"][0]["hits"]
        assert t["rougeL"]["per_reference"][0]["hits"] <= one
        assert t["rougeLsum"]["per_reference"][0]["hits"] <= one
        lsum = t["rougeLsum"]["per_reference"][0]
        assert len(lsum["prediction_in_lcs"]) >= lsum["hits"] or lsum["hits"] == 0


def test_batch_ids_and_errors(scorer: rk.RougeScorer) -> None:
    got = list(scorer.explain_batch(["a", "b"], ["a", ["b", "c"]], ids=["x", "y"]))
    assert [e.id for e in got] == ["x", "y"]
    assert got[1].signature == str(scorer.signature("2"))
    with pytest.raises(TypeError, match="prediction"):
        scorer.explain(3, "a")
    with pytest.raises(ValueError, match="ids"):
        scorer.explain_batch(["a"], ["a"], ids=["x", "y"])
    with pytest.raises(ValueError, match="same length"):
        scorer.explain_batch(["a", "b"], ["a"])  # checked before the first pair is read
    ids = rk.RougeScorer(("rouge1",), profile="token-ids")
    assert ids.explain([1, 2, 3], [[2, 3], [1]]).check()["rouge1"].hits == 2
    # rougeLsum's sentences end at the separator, which is kept in "ids", not in the tokens.
    sep = rk.RougeScorer(TYPES, profile="token-ids", separator=0)
    ex = sep.explain([5, 6, 0, 6, 5], [5, 6, 0, 7]).check().to_dict()
    assert ex["prediction"]["ids"] == [5, 6, 0, 6, 5]
    assert [t["sentence"] for t in ex["prediction"]["tokens"]] == [0, 0, 1, 1]
    assert [(t["start"], t["id"]) for t in ex["prediction"]["tokens"]] == [
        (0, 5), (1, 6), (3, 6), (4, 5),
    ]  # fmt: skip
    # Every registered profile explains (pltrdy-1.0.1 through its own explainer).
    assert rk.RougeScorer(("rouge1",), profile="pltrdy-1.0.1").explain("a", "a").check()
    with pytest.raises(TypeError, match="dict"):
        Explanation("{}")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="schema"):
        Explanation({"schema": "other"})


def test_long_pair() -> None:
    """The 132,816 x 43,806-token pair (6,637 x 2,731 lines): counts, rougeL's alignment,
    rougeLsum's union from the core's filtered kernel (too many line pairs to walk each for
    the prediction side), in about a second."""
    import sys
    import time
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from conftest import STAND_IN, named_corpus

    (row,) = named_corpus(
        STAND_IN + "duc2004-task2-pyrouge-tests/long-all-input-vs-all-output.jsonl"
    )
    scorer = rk.RougeScorer(TYPES, stemmer=True)
    start = time.perf_counter()
    ex = scorer.explain(row["prediction"], row["references"])
    d = ex.check().to_dict()
    assert time.perf_counter() - start < 30
    assert (
        len(d["types"]["rougeL"]["per_reference"][0]["alignment"]) == d["types"]["rougeL"]["hits"]
    )
    assert d["types"]["rougeLsum"]["per_reference"][0]["prediction_in_lcs"] is None


def test_check_is_silent() -> None:
    # score() warns about the non-ASCII letters rouge-score drops; check() re-scores the pair
    # and must not warn a second time.
    scorer = rk.RougeScorer(["rouge1"])
    ex = scorer.explain("Le café est très bon", "le café est bon")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ex.check()
