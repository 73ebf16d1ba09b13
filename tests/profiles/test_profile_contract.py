"""The profile contract (:class:`rougekit.profiles.Profile`), run on every registered profile
and on two toy profiles registered by this test only: score, pickle, the signature round
trip (signature -> options -> scorer -> the same numbers and signature), explain and check
(or the documented refusal), and the three views of an explanation.

A new profile is tested here the moment it is registered; the toys show that a profile
needs nothing outside ``profiles/`` to be scored, explained, checked and rebuilt from its
signature.
"""

from __future__ import annotations

import copy
import json
import pickle
import sys
import warnings
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
import rougekit as rk
import rougekit.profiles as profiles
import rougekit.signature as sig
from conftest import SAMPLE, load_corpus
from profile_cases import case_id, inputs, registered
from rougekit.errors import ExplainCheckError
from rougekit.explain import Explanation
from rougekit.profiles.engine import EngineProfile
from rougekit.reproduce import command_of, scorer_options

pytestmark = pytest.mark.filterwarnings("ignore::rougekit.NoSentencesWarning")


@dataclass(frozen=True)
class ToyWords(EngineProfile):
    """A toy: whitespace tokens, rouge-score's arithmetic; registered by this test only."""

    NAME: ClassVar[str] = "toy-words-v0"
    SUMMARY: ClassVar[str] = "a test's toy profile"
    TOKENIZER: ClassVar[str] = "whitespace"
    DEFAULT_TYPES: ClassVar[tuple[str, ...]] = ("rouge1", "rouge2", "rougeL")


@dataclass(frozen=True)
class ToySilent(ToyWords):
    """A toy profile that does not explain."""

    NAME: ClassVar[str] = "toy-silent-v0"

    def explain_refusal(self) -> str | None:
        return profiles.Profile.explain_refusal(self)


TOYS = (ToyWords, ToySilent)
CASES = [*registered(variants=True), *((toy.NAME, {}) for toy in TOYS)]


@pytest.fixture(autouse=True)
def _toys(monkeypatch: pytest.MonkeyPatch) -> None:
    module = sys.modules[__name__].__name__
    for toy in TOYS:
        monkeypatch.setitem(profiles.REGISTRY, toy.NAME, (module, toy.__name__))


def _pairs(name: str) -> tuple[list[Any], list[Any]]:
    rows = load_corpus(SAMPLE)[:6]
    made = [inputs(name, r["prediction"], r["references"][0]) for r in rows]
    return [p for p, _ in made], [r for _, r in made]


def _scorer(name: str, options: dict[str, Any]) -> rk.RougeScorer:
    return rk.RougeScorer(profile=name, **options)


def _numbers(batch: Any) -> dict[str, list[bytes]]:
    return {t: [bytes(batch.scores.buffer(t, f)) for f in ("precision", "recall", "fmeasure")]
            for t in batch.types}  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_scores_one_pair_as_the_batch_does(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    scorer = _scorer(name, options)
    preds, refs = _pairs(name)
    batch = scorer.score_batch(preds, refs)
    assert batch.types == list(scorer.types) and len(batch) == len(preds)
    for k, (p, r) in enumerate(zip(preds, refs)):
        one = scorer.score(p, r)
        for t in scorer.types:
            assert tuple(one[t]) == (
                batch.precision(t)[k], batch.recall(t)[k], batch.fmeasure(t)[k],
            )  # fmt: skip
    if scorer.config.profile.scores_at_most_one:
        assert all(max(batch.fmeasure(t), default=0.0) <= 1.0 for t in batch.types)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pickles_to_the_same_scorer(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    scorer = _scorer(name, options)
    again = pickle.loads(pickle.dumps(scorer))
    preds, refs = _pairs(name)
    assert again.config.profile == scorer.config.profile
    assert _numbers(again.score_batch(preds, refs)) == _numbers(scorer.score_batch(preds, refs))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_signature_round_trip(case: tuple[str, dict[str, Any]]) -> None:
    """The signature's fields give the profile back (``from_signature``) and the options
    of a scorer with the same numbers and the same signature."""
    name, options = case
    scorer = _scorer(name, options)
    preds, refs = _pairs(name)
    batch = scorer.score_batch(preds, refs)
    signature = sig.parse(str(batch.signature))
    fields = signature.fields
    assert fields["profile"] == name
    assert profiles.get(name).from_signature(fields) == scorer.config.profile
    rebuilt = rk.RougeScorer(list(signature.types), profile=name, **scorer_options(signature))
    again = rebuilt.score_batch(preds, refs)
    assert str(again.signature) == str(batch.signature)
    assert _numbers(again) == _numbers(batch)
    assert f"--profile {name}" in command_of(signature, {})


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_explains_and_checks_or_refuses(case: tuple[str, dict[str, Any]], tmp_path) -> None:
    name, options = case
    scorer = _scorer(name, options)
    preds, refs = _pairs(name)
    if not scorer.config.profile.explains:
        with pytest.raises(ValueError, match=f"explanations are not available for the {name!r}"):
            scorer.explain(preds[0], refs[0])
        with pytest.raises(ValueError, match="explanations are not available"):
            scorer.explain_batch(preds, refs)
        return
    ids = [f"pair-{k}" for k in range(len(preds))]
    batch = list(scorer.explain_batch(preds, refs, ids=ids))
    assert [ex.id for ex in batch] == ids
    for k, ex in enumerate(batch):
        single = scorer.explain(preds[k], refs[k], id=ids[k])
        assert single.to_json() == ex.to_json()
        assert ex.profile == name and ex.types == scorer.types
        score = scorer.score(preds[k], refs[k])
        for t in scorer.types:
            assert ex[t].score == score[t]
        ex.check()
        # Without the scorer: rebuilt from the signature the dict carries.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            Explanation.from_json(ex.to_json()).check()
    # The three views read the dict only.
    ex = batch[0]
    assert str(ex) and str(ex) != repr(ex)
    assert ex._repr_html_().startswith("<") and "<script" not in ex._repr_html_()
    ex.html(tmp_path / "ex.html")
    assert (tmp_path / "ex.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_check_finds_a_changed_number(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    scorer = _scorer(name, options)
    if not scorer.config.profile.explains:
        pytest.skip(f"{name} does not explain")
    preds, refs = _pairs(name)
    data = copy.deepcopy(scorer.explain(preds[0], refs[0]).to_dict())
    t = scorer.types[0]
    data["types"][t]["fmeasure"] = data["types"][t]["fmeasure"] + 1.0
    with pytest.raises(ExplainCheckError, match=f"types.{t}.fmeasure"):
        Explanation(json.loads(json.dumps(data)), scorer=scorer).check()


def test_every_registered_profile_is_a_case() -> None:
    assert {name for name, _ in CASES} == {*profiles.names(), *(toy.NAME for toy in TOYS)}
