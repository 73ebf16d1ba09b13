"""Results are keyed by canonical type names (``rougeW-1.2``) and found by any spelling the
profile accepts: the name a user gave at construction works wherever results are keyed."""

from __future__ import annotations

import copy
import json
import pickle

import pytest
import rougekit as rk

PREDICTIONS = ["the cat sat on the mat\nit was happy", "a dog ran in the park"]
REFERENCES = ["the cat was on the mat\nit purred", ["the dog ran", "a dog is in a park"]]

#: (spelling given at construction, canonical name) for the rouge-score family.
SPELLINGS = [
    ("rougeW", "rougeW-1.2"),
    ("ROUGE-W-1.2", "rougeW-1.2"),
    ("rougeW-1.20", "rougeW-1.2"),
    ("ROUGE-W-1.5", "rougeW-1.5"),
    ("ROUGE-1", "rouge1"),
    ("ROUGE-2", "rouge2"),
    ("ROUGE-SU4", "rougeSU4"),
    ("ROUGE-S*", "rougeS*"),
    ("rougeLsum", "rougeLsum"),
]


@pytest.mark.parametrize(("given", "canonical"), SPELLINGS)
@pytest.mark.parametrize("profile", ["rouge-score", "unicode-v1"])
def test_the_spelling_given_finds_the_results(given: str, canonical: str, profile: str) -> None:
    scorer = rk.RougeScorer([given], profile=profile)
    assert scorer.types == (canonical,)
    batch = scorer.score_batch(PREDICTIONS, REFERENCES)
    assert batch.types == [canonical]
    reference = rk.RougeScorer([canonical], profile=profile).score_batch(PREDICTIONS, REFERENCES)
    for field in ("precision", "recall", "fmeasure"):
        column = list(getattr(batch, field)(given))
        assert column == list(getattr(batch, field)(canonical))
        assert column == list(getattr(reference, field)(canonical))
    row = batch[1]
    assert list(row) == [canonical]  # the keys themselves stay canonical
    assert row[given] == row[canonical] == reference[1][canonical]
    assert given in row
    assert row.get(given) == row[canonical]
    one = scorer.score(PREDICTIONS[0], REFERENCES[0])
    assert list(one) == [canonical]
    assert one[given] == batch[0][canonical]
    corpus = batch.corpus(confidence=0.9, n_bootstrap=20)
    assert corpus[given] == corpus.mean[given] == corpus.mean[canonical]
    assert corpus.low is not None and corpus.high is not None
    assert corpus.low[given] == corpus.low[canonical]
    assert corpus.high[given] == corpus.high[canonical]
    assert list(corpus.to_dict()["scores"]) == [canonical]
    assert list(batch.to_dict()) == [canonical]


def test_outputs_keep_the_canonical_names() -> None:
    scorer = rk.RougeScorer(["rougeW", "ROUGE-1"])
    scores = scorer.score("the cat sat", "the cat sat down")
    assert type(scores).__mro__[1] is dict
    assert repr(scores).startswith("{'rougeW-1.2': Score(precision=1.0")
    assert json.loads(json.dumps(scores)) == {
        "rougeW-1.2": list(scores["rougeW-1.2"]),
        "rouge1": list(scores["rouge1"]),
    }
    assert scores == {"rougeW-1.2": scores["rougeW"], "rouge1": scores["rouge1"]}
    assert "types:rougeW-1.2,rouge1|" in str(scorer.signature())


def test_lookups_of_types_not_scored() -> None:
    batch = rk.RougeScorer(["rougeW", "rouge1"]).score_batch(PREDICTIONS, REFERENCES)
    row, corpus = batch[0], batch.corpus()
    for lookup in (batch.fmeasure, row.__getitem__, corpus.__getitem__):
        with pytest.raises(KeyError, match=r"'ROUGE-2' \(rouge2\) was not scored; scored: "
                                           r"rougeW-1.2, rouge1"):  # fmt: skip
            lookup("ROUGE-2")
        with pytest.raises(KeyError, match=r"'rougeW-1.5' was not scored"):
            lookup("rougeW-1.5")
        with pytest.raises(KeyError, match=r"invalid ROUGE type \"rouge-1\".*did you mean .*"
                                           r"rouge1.*; scored: rougeW-1.2, rouge1"):  # fmt: skip
            lookup("rouge-1")
    assert "rouge2" not in row and "rouge-1" not in row and 3 not in row
    assert row.get("rouge2") is None and row.get("nonsense", 0) == 0
    with pytest.raises(KeyError):
        row[3]  # type: ignore[index]
    with pytest.raises(TypeError, match="must be str, got int"):
        batch.recall(3)  # type: ignore[arg-type]


def test_rows_pickle_and_copy_with_their_spellings() -> None:
    scorer = rk.RougeScorer(["rougeW"], profile="perl-1.5.5")
    row = scorer.score_batch(PREDICTIONS, REFERENCES)[0]
    for clone in (pickle.loads(pickle.dumps(row)), copy.copy(row), copy.deepcopy(row)):
        assert clone == row
        assert clone["ROUGE-W-1.2"] == row["rougeW-1.2"]
    assert rk.RougeScorer(["rougeW"]).score("a", "a")["ROUGE-W"].fmeasure == 1.0


def test_rouge_l_is_refused_outside_the_perl_profile_with_one_hint() -> None:
    # ROUGE-1.5.5's ROUGE-L is summary level (rouge-score's rougeLsum on one sentence per
    # line); rouge-score's rougeL is LCS over the whole text: the profile cannot guess.
    for profile in ("rouge-score", "unicode-v1", "whitespace"):
        with pytest.raises(ValueError) as caught:
            rk.RougeScorer(["ROUGE-L"], profile=profile)
        message = str(caught.value)
        assert "ROUGE-1.5.5's ROUGE-L is summary level: use 'rougeLsum', or 'rougeL'" in message
        assert "did you mean" not in message
    batch = rk.RougeScorer(["rougeL", "rougeLsum"]).score_batch(PREDICTIONS, REFERENCES)
    with pytest.raises(KeyError, match="ROUGE-L is summary level"):
        batch.fmeasure("ROUGE-L")


def test_rouge_l_is_rouge_l_in_the_perl_profile() -> None:
    spelled = rk.RougeScorer(["ROUGE-1", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-SU4"],
                             profile="perl-1.5.5")  # fmt: skip
    assert spelled.types == ("rouge1", "rougeL", "rougeW-1.2", "rougeSU4")
    plain = rk.RougeScorer(["rouge1", "rougeL", "rougeW", "rougeSU4"], profile="perl-1.5.5")
    a = spelled.score_batch(PREDICTIONS, REFERENCES)
    b = plain.score_batch(PREDICTIONS, REFERENCES)
    assert list(a.fmeasure("ROUGE-L")) == list(b.fmeasure("rougeL"))
    assert list(a.recall("rougeW")) == list(b.recall("ROUGE-W-1.2"))
    assert a[0]["ROUGE-L"] == b[0]["rougeL"]
    assert a.corpus()["ROUGE-L"] == b.corpus()["rougeL"]
    with pytest.raises(KeyError, match="rougeLsum is a rouge-score type"):
        a.fmeasure("rougeLsum")
