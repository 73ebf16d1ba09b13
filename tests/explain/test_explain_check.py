"""``Explanation.check()`` re-derives everything a dict asserts from its texts: forged dicts
fail (even when every number in them is consistent), naming the first field that differs
by its path; malformed dicts raise ``ExplainCheckError`` naming the field, never
``KeyError`` / ``IndexError`` / ``TypeError`` / ``OverflowError``; without the scorer, the
one its signature records is rebuilt, or the check says why it cannot be."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
import rougekit as rk
from rougekit.config import ScorerConfig
from rougekit.errors import ExplainCheckError
from rougekit.explain import Explanation
from rougekit.profiles.pltrdy import Pltrdy101

R1 = rk.RougeScorer(["rouge1"])


def _fails(d: dict[str, Any], scorer: Any, match: str) -> None:
    """``check()`` refuses ``d``, with and without the scorer, naming ``match``."""
    for s in (scorer, None):
        with pytest.raises(ExplainCheckError, match=match):
            Explanation(d, scorer=s).check()


def test_a_consistently_forged_reference_fails() -> None:
    # The fuzz trial's reproducer: a real match of the reference not chosen moved to
    # "missed", its hits and P/R/F recomputed to agree (F 0.333 where it is 0.667).
    d = copy.deepcopy(R1.explain("the cat sat", ["the cat sat", "the dog sat"]).to_dict())
    c = d["types"]["rouge1"]["per_reference"][1]
    m = next(x for x in c["matches"] if x["gram"] == ["sat"])
    c["matches"].remove(m)
    c["hits"] -= 1
    c["missed"].append({"gram": ["sat"], "reference_count": 1, "hits": 0, "reference_at": []})
    p = r = c["hits"] / 3
    c["precision"], c["recall"], c["fmeasure"] = p, r, 2 * p * r / (p + r)
    _fails(d, R1, r"^types\.rouge1\.per_reference\[1\]\.hits: the dict has int 1, .* int 2$")


def test_compared_forms_renamed_everywhere_fail() -> None:
    s = rk.RougeScorer(["rouge1", "rouge2", "rougeL"])
    d = json.loads(s.explain("the cat sat on the mat", "the cat was on the mat").to_json())

    def rename(x: Any) -> Any:
        if isinstance(x, dict):
            return {
                k: ("dog" if k == "compared" and v == "cat" else rename(v)) for k, v in x.items()
            }
        if isinstance(x, list):
            return ["dog" if v == "cat" else rename(v) for v in x]
        return x

    _fails(rename(d), s, r"^prediction\.tokens\[1\]\.compared: .* 'dog', .* 'cat'$")


def test_forged_missed_and_match_counts_fail() -> None:
    d = R1.explain("the cat sat", "the cat ran").to_dict()
    forged = copy.deepcopy(d)
    forged["types"]["rouge1"]["per_reference"][0]["missed"][0]["gram"] = ["walked"]
    _fails(forged, R1, r"^types\.rouge1\.per_reference\[0\]\.missed\[0\]\.gram\[0\]: ")
    forged = copy.deepcopy(d)
    forged["types"]["rouge1"]["per_reference"][0]["matches"][0]["prediction_count"] = 5
    _fails(forged, R1, r"matches\[0\]\.prediction_count: the dict has int 5")


def test_unknown_kind_rule_profile_and_extra_keys_fail() -> None:
    d = R1.explain("the cat sat", ["the cat", "a cat sat"]).to_dict()
    cases = [
        (("types", "rouge1", "kind"), "bogus", r"^types\.rouge1\.kind: .*'bogus'"),
        (("types", "rouge1", "rule"), "bogus", r"^types\.rouge1\.rule: "),
        (("profile",), "bogus", r"^profile: "),
        (("types", "rouge1", "extra"), 1, r"^types\.rouge1\.'extra': a key the explanation"),
        (("extra",), None, r"^'extra': a key"),
    ]
    for path, value, match in cases:
        forged = copy.deepcopy(d)
        *parents, last = path
        node: Any = forged
        for key in parents:
            node = node[key]
        node[last] = value
        _fails(forged, R1, match)
    # An unknown rule and consistent floats: caught without the scorer too.
    forged = copy.deepcopy(d)
    t = forged["types"]["rouge1"]
    t["rule"], t["precision"], t["recall"], t["fmeasure"] = "bogus", 0.99, 0.99, 0.99
    with pytest.raises(ExplainCheckError, match=r"^types\.rouge1\.rule: "):
        Explanation(forged).check()


def test_malformed_dicts_name_the_field() -> None:
    d = R1.explain("the cat sat", ["the cat", "a cat sat"]).to_dict()
    cases: list[tuple[Any, str]] = [
        (lambda x: x["types"]["rouge1"].pop("kind"), r"^types\.rouge1\.kind: missing$"),
        (lambda x: x["types"]["rouge1"].update(reference=99), r"^types\.rouge1\.reference: "),
        (lambda x: x["types"].update(rougeX=x["types"].pop("rouge1")), r"^types\.rouge1: missing"),
        (lambda x: x["types"]["rouge1"].update(hits=10**5000), r"hits: .*<an int of \d+ bits>"),
        (lambda x: x["types"]["rouge1"].update(precision="0.5"), r"precision: .*str '0\.5'"),
        (lambda x: x["types"]["rouge1"].update(per_reference=[]), r"per_reference: 0 items"),
        (lambda x: x["types"]["rouge1"].update(per_reference=None), r"per_reference: NoneType"),
        (lambda x: x.pop("prediction"), r"^prediction: missing$"),
        (lambda x: x["prediction"].update(text=5), r"^prediction\.text: int 5"),
        (lambda x: x.update(references={}), r"^references: dict"),
        (lambda x: x.update(references=[]), r"^references: an empty list"),
        (lambda x: x["references"].__setitem__(0, "the cat"), r"^references\[0\]: str"),
        (lambda x: x.update(id=7), r"^id: int 7"),
        (lambda x: x["prediction"]["tokens"].pop(), r"^prediction\.tokens: 2 items, .* 3$"),
        (lambda x: x["prediction"]["tokens"][0].update(start=-1), r"tokens\[0\]\.start: "),
        (lambda x: x["prediction"].update(text="the \ud800"), r"lone surrogate"),
    ]
    for edit, match in cases:
        forged = copy.deepcopy(d)
        edit(forged)
        _fails(forged, R1, match)
    with pytest.raises(ExplainCheckError, match=r"^signature: NoneType None, not a signature"):
        Explanation({**d, "signature": None}).check()


def test_random_tampering_raises_only_explain_check_error() -> None:
    d = (
        rk.RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum", "rougeW", "rougeSU4"])
        .explain("the cat sat.\nit ran", ["the cat ran\nit sat", "a dog"])
        .to_dict()
    )
    paths: list[tuple[Any, ...]] = []

    def collect(x: Any, path: tuple[Any, ...]) -> None:
        paths.append(path)
        items = x.items() if isinstance(x, dict) else enumerate(x) if isinstance(x, list) else ()
        for k, v in items:
            collect(v, (*path, k))

    collect(d, ())
    rng = random.Random(32)
    values: list[Any] = [
        None,
        "x",
        "\x1b[2J",
        10**400,
        -1,
        99,
        0.5,
        float("nan"),
        True,
        [],
        {},
        [0],
    ]
    for _ in range(400):
        forged = copy.deepcopy(d)
        path = rng.choice(paths[1:])
        node: Any = forged
        for key in path[:-1]:
            node = node[key]
        if rng.random() < 0.2 and isinstance(node, dict):
            del node[path[-1]]
        else:
            node[path[-1]] = rng.choice(values)
        try:
            Explanation(forged, scorer=None if rng.random() < 0.5 else R1).check()
        except ExplainCheckError:
            continue
        # Passed: the edit changed nothing, or set the id (a str: the pair's name, not
        # derived from the texts).
        assert forged == d or (path == ("id",) and isinstance(forged["id"], str)), path


def test_real_explanations_pass_after_json_with_and_without_the_scorer() -> None:
    scorers = [
        rk.RougeScorer(stemmer=True),
        rk.RougeScorer(["rouge1", "rougeLsum"], profile="token-ids", separator=0),
        rk.RougeScorer.from_config(ScorerConfig(("rouge1", "rougeL"), Pltrdy101(exclusive=False))),
        rk.RougeScorer(["rouge1", "rougeSU4"], profile="perl-1.5.5", stopwords=True, stemmer=True),
        rk.RougeScorer(profile="xlsum-v1", language="hindi", stemmer=True),
        rk.RougeScorer(multiref="mean", jackknife=True),
    ]
    pairs: list[tuple[Any, Any]] = [
        ("the cats sat on the mat.\nok", ["the cat sat", "a mat\nok ok", "cats"]),
        ([1, 2, 0, 3, 2], [[1, 2], [3, 0, 2]]),
        ("the the cat sat", "the cat"),
        ("the cats sat on the mat", ["the cat was on the mat", "a mat"]),
        ("नमस्ते दुनिया", "नमस्ते"),
        ("a b c", ["a b", "b c", "c"]),
    ]
    for s, (p, r) in zip(scorers, pairs):
        ex = s.explain(p, r)
        assert ex.check() is ex
        d = json.loads(ex.to_json())
        Explanation(d).check()
        Explanation(d, scorer=s).check()


def test_a_signature_this_version_cannot_rebuild() -> None:
    d = R1.explain("a b", "a").to_dict()
    other = {**d, "signature": d["signature"].replace("rougekit:0.1.0", "rougekit:9.9.9")}
    with pytest.raises(ExplainCheckError, match=r"^signature: .*rougekit 9\.9\.9.*scorer=scorer"):
        Explanation(other).check()
    with pytest.raises(ExplainCheckError, match=r"^signature: differs at character 9"):
        Explanation(other, scorer=R1).check()
    # Another scorer's explanation is another signature, with the scorer given.
    with pytest.raises(ExplainCheckError, match=r"^signature: "):
        Explanation(d, scorer=rk.RougeScorer(["rouge1"], stemmer=True)).check()
