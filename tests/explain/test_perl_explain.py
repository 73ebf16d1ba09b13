"""Explanations of the perl-1.5.5 profile: every float recomputed with ROUGE-1.5.5's formula
(R and P rounded to 5 decimals before F, its alpha, pooled sums for ``-f A``, best recall for
``-f B``) equals ``score_batch``'s bit for bit, and the witnesses add up to the counts.

The fast tests run ROUGE-1.5.5's worked examples (the numbers its script printed, spec
``docs/spec/rouge-1.5.5.md`` §14), a few dozen corpus pairs, and (``oracle``, when Perl and
the script are installed) the counts the real ROUGE-1.5.5.pl prints with ``-t 1`` for 100
real pairs; the ``slow`` ones run 10,200 real pairs (SummEval with its 11 references, XSum,
and the CNN/DM stand-ins of ``tests/conftest.py``) under each option set, and the Perl
script's own per-pair scores of SummEval and XSum (``expected-per-pair``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
import rougekit as rk
from conftest import (
    TESTS_DIR,
    data_file,
    data_files,
    expected_per_pair_files,
    holds_pairs,
    named_corpus,
    read_jsonl,
    relative_name,
    sentence_lines,
)
from rougekit.errors import ExplainCheckError
from rougekit.profiles.perl155 import explain_check
from rougekit.profiles.perl155.rouge_config import RougeConfig

TYPES = ("rouge1", "rouge2", "rougeL", "rougeW-1.2", "rougeSU4")

#: Option sets as ROUGE-1.5.5's flags name them -> RougeScorer's options.
OPTION_SETS: dict[str, dict[str, Any]] = {
    "-n 2 -w 1.2 -2 4 -U (-f A)": {"types": (*TYPES, "rougeS4")},
    "-m -s -f B": {"types": TYPES, "stemmer": True, "stopwords": True, "multiref": "B"},
    "-m -l 60 -p 0.2": {"types": TYPES, "stemmer": True, "limit_words": 60, "alpha": 0.2},
    "-b 300 -f B": {"types": TYPES, "limit_bytes": 300, "multiref": "B"},
    "-n 3 -2 -1 -U -w 2 (empty table)": {
        "types": ("rouge3", "rougeS*", "rougeSU*", "rougeW-2"),
        "stemmer": "porter",
    },
}

#: Real pairs: SummEval (11 references each), XSum, and the CNN/DM stand-ins (SummEval's
#: texts in lines, one reference; 4 references for DUC 2004's): 10,200 pairs.
CORPORA = (
    "summeval-cnndm/summeval.jsonl",
    "xsum-hallucination-annotations/xsum.jsonl",
    "stand-in:cnndm-pointer-generator/pointer-gen-cov.jsonl",
    "stand-in:cnndm-pointer-generator/pointer-gen.jsonl",
    "stand-in:cnndm-pointer-generator/baseline.jsonl",
    "stand-in:realsumm-cnndm/realsumm.jsonl",
    "stand-in:duc2004-task2-pyrouge-tests/summaries_1.jsonl",
    "stand-in:duc2004-task2-pyrouge-tests/summaries_2.jsonl",
)


def corpus_pairs(limit: int | None = None) -> tuple[list[str], list[list[str]]]:
    """The pairs of :data:`CORPORA` (the first ``limit`` of each), texts in sentence lines."""
    preds: list[str] = []
    refs: list[list[str]] = []
    for name in CORPORA:
        for row in named_corpus(name)[:limit]:
            preds.append(sentence_lines(row["prediction"]))
            refs.append([sentence_lines(t) for t in row["references"]])
    return preds, refs


def explain(scorer: rk.RougeScorer, preds: Sequence[str], refs: Sequence[Sequence[str]]) -> Any:
    """The explanations' dicts of the pairs (``RougeScorer.explain_batch``, which goes through
    the profile's core explainer)."""
    return [e.to_dict() for e in scorer.explain_batch(list(preds), list(refs))]


def lcs_tokens(text: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The tokens ROUGE-L/W's indices refer to (the sentence reader's, under ``-b``)."""
    tokens: list[dict[str, Any]] = text.get("lcs_tokens", text["tokens"])
    return tokens


def invariants(d: Mapping[str, Any]) -> None:
    """What the witnesses must add up to (besides the formula, :mod:`explain_check`)."""
    texts = [d["prediction"], *d["references"]]
    for text in texts:
        s = text["text"]
        for tok in [*text["tokens"], *text.get("lcs_tokens", ())]:
            assert s[tok["start"] : tok["end"]] == tok["text"], tok
            assert tok["text"].isascii() and tok["text"].isalnum(), tok
        for x in text["dropped"]:
            assert s[x["start"] : x["end"]] == x["text"], x
    pred = d["prediction"]
    for name, t in d["types"].items():
        refs = t["per_reference"]
        if "failure" in t:
            assert refs == [], name
            continue
        assert [c["reference"] for c in refs] == list(range(len(d["references"]))), name
        for c, ref in zip(refs, d["references"]):
            assert c["prediction_total"] == t["peer_count"], name
            kind = t["kind"]
            if kind == "ngram":
                n = t["n"]
                totals = (len(pred["tokens"]) - n + 1, len(ref["tokens"]) - n + 1)
                assert (c["prediction_total"], c["reference_total"]) == tuple(
                    max(x, 0) for x in totals
                ), name
                hits = 0
                for m in c["matches"]:
                    assert m["hits"] == min(m["prediction_count"], m["reference_count"]) > 0
                    assert len(m["prediction_at"]) == len(m["reference_at"]) == m["hits"]
                    for side, at in ((pred, m["prediction_at"]), (ref, m["reference_at"])):
                        for k in at:
                            got = [x["compared"] for x in side["tokens"][k : k + n]]
                            assert got == m["gram"], (name, got, m)
                    hits += m["hits"]
                assert hits == c["hits"], name
                missed = sum(m["reference_count"] - m["hits"] for m in c["missed"])
                assert missed == c["reference_total"] - c["hits"], name
            elif kind == "skip-bigram":
                if c["matches"] is None:
                    continue
                for m in c["matches"]:
                    assert m["hits"] == min(m["prediction_count"], m["reference_count"]) > 0
                assert sum(m["hits"] for m in c["matches"]) == c["hits"], name
            else:  # union-lcs (ROUGE-L) and wlcs (ROUGE-W): the union of the sentence LCSs
                tokens = lcs_tokens(ref)
                listed = [
                    k
                    for s in c["sentences"]
                    for k in (*s["counted"], *s["not_counted"], *s["unmatched"])
                ]
                assert sorted(listed) == list(range(len(tokens))), name
                counted = [k for s in c["sentences"] for k in s["counted"]]
                marked = {tokens[k]["compared"] for s in c["sentences"] for k in s["counted"]}
                marked |= {tokens[k]["compared"] for s in c["sentences"] for k in s["not_counted"]}
                ptokens = lcs_tokens(pred)
                assert all(ptokens[k]["compared"] in marked for k in c["prediction_in_lcs"])
                if kind == "union-lcs":
                    assert len(counted) == c["hits"], name
                else:
                    in_runs = sum(r["length"] for r in c["runs"])
                    assert in_runs <= len(counted), name
                    assert all(tokens[r["reference"]] for r in c["runs"])


def recompute(
    scorer: rk.RougeScorer, preds: Sequence[str], refs: Sequence[Sequence[str]], chunk: int = 2000
) -> tuple[int, int, list[str]]:
    """(values compared, pairs, mismatches): every type's (P, R, F) of every explanation
    against ``score_batch``'s, then recomputed with Perl's formula and rule, and the
    invariants."""
    batch = scorer.score_batch(preds, refs)
    values, mismatches = 0, []
    for start in range(0, len(preds), chunk):
        for k, d in enumerate(
            explain(scorer, preds[start : start + chunk], refs[start : start + chunk])
        ):
            i = start + k
            want = batch[i]
            for name, t in d["types"].items():
                got = (t["precision"], t["recall"], t["fmeasure"])
                values += 3
                if got != tuple(want[name]):
                    mismatches.append(f"pair {i} {name}: {got} vs score_batch {tuple(want[name])}")
                try:
                    explain_check.check_type(t)
                except ExplainCheckError as e:
                    mismatches.append(f"pair {i} {name}: {e}")
            try:
                invariants(d)
            except AssertionError as e:
                mismatches.append(f"pair {i}: invariant {e!r}")
    return values, len(preds), mismatches


def scorer_of(options: Mapping[str, Any]) -> rk.RougeScorer:
    opts = dict(options)
    return rk.RougeScorer(opts.pop("types"), profile="perl-1.5.5", **opts)


# --- ROUGE-1.5.5's worked examples ------------------------------------------------------------

EXAMPLES = json.loads((TESTS_DIR / "golden" / "perl-examples.json").read_text(encoding="utf-8"))[
    "examples"
]


@pytest.mark.parametrize("example", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_worked_examples(example: dict[str, Any]) -> None:
    """The explanation of every worked example holds the numbers ROUGE-1.5.5.pl printed."""
    if not example["references"]:
        pytest.skip("no reference at all: only an XML config can say that (see rougekit perl)")
    config = RougeConfig.from_perl_args(example["options"], table=not example["empty_table"])
    scorer = config.make_scorer()
    (d,) = explain(scorer, [example["prediction"]], [example["references"]])
    invariants(d)
    for ours, perl in config.names.items():
        t = d["types"][ours]
        explain_check.check_type(t)
        got = tuple(f"{t[k]:.5f}" for k in ("recall", "precision", "fmeasure"))
        assert got == tuple(example["expected"][perl]), perl


def union(d: Mapping[str, Any], name: str = "rougeL", ref: int = 0) -> list[dict[str, Any]]:
    sentences: list[dict[str, Any]] = d["types"][name]["per_reference"][ref]["sentences"]
    return sentences


def one(scorer: rk.RougeScorer, pred: str, refs: list[str]) -> dict[str, Any]:
    (d,) = explain(scorer, [pred], [refs])
    invariants(d)
    for t in d["types"].values():
        explain_check.check_type(t)
    result: dict[str, Any] = d
    return result


def test_union_lcs_counted_not_counted_and_tie_breaks() -> None:
    """E06: the second reference sentence is in the union but the peer's budget is spent;
    E04/E05: the trace back goes up on ties, which decides the union (spec §8.2); E03: the
    paper's example."""
    s = rk.RougeScorer(["rougeL"], profile="perl-1.5.5")
    d = one(s, "a b", ["a b\na b"])
    assert union(d) == [
        {"sentence": 0, "counted": [0, 1], "not_counted": [], "unmatched": []},
        {"sentence": 1, "counted": [], "not_counted": [2, 3], "unmatched": []},
    ]
    assert (d["types"]["rougeL"]["recall"], d["types"]["rougeL"]["precision"]) == (0.5, 1.0)
    d = one(s, "b a\na", ["a b"])
    assert union(d) == [{"sentence": 0, "counted": [0], "not_counted": [], "unmatched": [1]}]
    assert d["types"]["rougeL"]["per_reference"][0]["prediction_in_lcs"] == [1, 2]
    d = one(s, "b a\nb", ["a b"])
    assert union(d)[0]["counted"] == [0, 1]
    d = one(s, "w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5", ["w1 w2 w3 w4 w5"])
    assert union(d)[0] == {
        "sentence": 0,
        "counted": [0, 1, 2, 4],
        "not_counted": [],
        "unmatched": [3],
    }


def test_rouge_w_runs() -> None:
    """E23: one run of 2 in the reference although the prediction has a gap; E41: a sentence
    ending on a marked but clipped token drops its pending run (spec §8.3)."""
    s = rk.RougeScorer(["rougeW-1.2"], profile="perl-1.5.5")
    c = one(s, "a x b", ["a b"])["types"]["rougeW-1.2"]["per_reference"][0]
    assert [(r["reference"], r["last"], r["length"]) for r in c["runs"]] == [(0, 1, 2)]
    assert c["hits"] == 2**1.2
    d = one(s, "a b", ["b\na b"])
    c = d["types"]["rougeW-1.2"]["per_reference"][0]
    assert [(r["reference"], r["length"]) for r in c["runs"]] == [(0, 1)]
    assert c["sentences"][1] == {"sentence": 1, "counted": [1], "not_counted": [2], "unmatched": []}
    assert f"{d['types']['rougeW-1.2']['recall']:.5f}" == "0.30327"


def test_pooled_and_best_recall() -> None:
    """E32/E33: ``-f A`` sums the counts (the prediction's once per reference) and chooses
    none; ``-f B`` takes the reference with the best recall, with its counts."""
    pred, refs = "the cat sat on the mat", ["the cat sat", "a dog sat on the mat today"]
    a = one(rk.RougeScorer(["rouge1"], profile="perl-1.5.5"), pred, refs)["types"]["rouge1"]
    assert (a["rule"], a["reference"]) == ("perl-A", None)
    assert (a["hits"], a["prediction_total"], a["reference_total"]) == (7, 12, 10)
    assert [c["hits"] for c in a["per_reference"]] == [3, 4]
    assert (a["recall"], a["precision"], a["fmeasure"]) == (0.7, 0.58333, 0.63636)
    s = rk.RougeScorer(["rouge1"], profile="perl-1.5.5", multiref="B")
    b = one(s, pred, refs)["types"]["rouge1"]
    assert (b["rule"], b["reference"]) == ("perl-B", 0)
    assert (b["hits"], b["prediction_total"], b["reference_total"]) == (3, 6, 3)
    assert (b["recall"], b["precision"], b["fmeasure"]) == (1.0, 0.5, 0.66667)
    broken = {**b, "reference": 1}
    with pytest.raises(ExplainCheckError, match="-f B picks 0"):
        explain_check.check_type(broken)
    broken = {**a, "fmeasure": 0.63637}
    with pytest.raises(ExplainCheckError, match="stored"):
        explain_check.check_type(broken)


def test_dropped_text() -> None:
    """What ROUGE-1.5.5 drops is listed with its place: non-ASCII characters (each byte is a
    separator), stopwords (``-s``) and what lies past ``-l`` (references too)."""
    s = rk.RougeScorer(["rouge1"], profile="perl-1.5.5", stopwords=True, limit_words=4)
    d = one(s, "naïve Zürich — the cats\nsat late", ["Cats  of  Zürich"])
    pred = d["prediction"]
    assert [(t["text"], t["compared"]) for t in pred["tokens"]] == [
        ("na", "na"), ("ve", "ve"), ("rich", "rich"),
    ]  # fmt: skip
    assert [(x["text"], x["why"]) for x in pred["dropped"]] == [
        ("ï", "non-ascii"), ("Z", "stopword"), ("ü", "non-ascii"), ("—", "non-ascii"),
        ("the", "stopword"), ("cats\nsat late", "after-limit"),
    ]  # fmt: skip
    ref = d["references"][0]
    assert [(x["text"], x["why"]) for x in ref["dropped"]] == [
        ("of", "stopword"), ("Z", "stopword"), ("ü", "non-ascii"),
    ]  # fmt: skip
    assert [t["compared"] for t in ref["tokens"]] == ["cats", "rich"]


def test_stemmed_forms_are_compared() -> None:
    """E14: ``-m`` maps through the WordNet exceptions first (geese -> goose), then Perl's
    Porter variant; the compared forms are what the n-grams hold."""
    s = rk.RougeScorer(["rouge1"], profile="perl-1.5.5", stemmer=True)
    d = one(s, "The geese went running", ["A goose goes to run"])
    assert [t["compared"] for t in d["prediction"]["tokens"]] == ["the", "goose", "go", "run"]
    grams = [m["gram"] for m in d["types"]["rouge1"]["per_reference"][0]["matches"]]
    assert grams == [["go"], ["run"]]


def test_byte_limit_sentence_reader() -> None:
    """E21: under ``-b`` ROUGE-1.5.5's sentence reader keeps more than its flat reader (its
    byte count never grows): ROUGE-L's indices refer to ``lcs_tokens``, whose extra tokens
    have no budget and are never hits."""
    s = rk.RougeScorer(["rouge1", "rougeL"], profile="perl-1.5.5", limit_bytes=12)
    d = one(s, "aaaa bbbb\ncccc dddd", ["aaaa bbbb\ncccc dddd"])
    pred = d["prediction"]
    assert [t["text"] for t in pred["tokens"]] == ["aaaa", "bbbb", "ccc"]
    assert [t["text"] for t in pred["lcs_tokens"]] == ["aaaa", "bbbb", "cccc", "dddd"]
    assert [(x["text"], x["why"]) for x in pred["dropped"]] == [("c dddd", "after-limit")]
    assert union(d) == [
        {"sentence": 0, "counted": [0, 1], "not_counted": [], "unmatched": []},
        {"sentence": 1, "counted": [], "not_counted": [2, 3], "unmatched": []},
    ]
    t = d["types"]["rougeL"]
    assert (f"{t['recall']:.5f}", f"{t['precision']:.5f}") == ("0.50000", "0.66667")


def test_rouge_w_without_reference_tokens_carries_the_failure() -> None:
    """ROUGE-1.5.5 dies on ROUGE-W with a reference without tokens; the batch scores the type
    0 with a failure record, and the explanation carries the same record."""
    s = rk.RougeScorer(["rouge1", "rougeW-1.2"], profile="perl-1.5.5")
    with pytest.warns(rk.NoTokensWarning):
        batch = s.score_batch(["a b"], [["a b", "..."]])
    (failure,) = batch.failures
    d = one(s, "a b", ["a b", "..."])
    t = d["types"]["rougeW-1.2"]
    assert t["failure"] == {"reference": failure[1], "message": failure[3]}
    assert (t["precision"], t["recall"], t["fmeasure"]) == (0.0, 0.0, 0.0)
    assert "failure" not in d["types"]["rouge1"]


def test_scorer_explain_is_the_batchs() -> None:
    """``RougeScorer.explain`` of one pair is ``explain_batch``'s, carries the profile and
    the signature, and checks (``Explanation.check`` runs this profile's arithmetic and
    compares with ``score``)."""
    s = rk.RougeScorer(["rouge1", "rougeL"], profile="perl-1.5.5", stemmer=True)
    pred, refs = "The cat sat on the mat.\nIt was happy.", ["A cat was sitting on the mat."]
    e = s.explain(pred, refs, id="x")
    d = e.to_dict()
    (mine,) = explain(s, [pred], [refs])
    assert d["types"] == mine["types"]
    assert (d["profile"], d["id"], d["schema"]) == ("perl-1.5.5", "x", "rougekit.explain/1")
    assert d["signature"] == str(s.signature("1"))
    e.check()
    d["types"]["rougeL"]["fmeasure"] = 0.5
    with pytest.raises(ExplainCheckError):
        rk.Explanation(d, scorer=s).check()


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
@pytest.mark.parametrize("options", list(OPTION_SETS.values()), ids=list(OPTION_SETS))
def test_recomputation_fast(options: dict[str, Any]) -> None:
    """The first 12 pairs of every corpus under every option set."""
    preds, refs = corpus_pairs(limit=12)
    _, pairs, mismatches = recompute(scorer_of(options), preds, refs)
    assert not mismatches, "\n".join(mismatches[:8])
    assert pairs == 12 * len(CORPORA)


@pytest.mark.slow
@pytest.mark.parametrize("options", list(OPTION_SETS.values()), ids=list(OPTION_SETS))
def test_recomputation_on_10200_pairs(options: dict[str, Any]) -> None:
    """Every pair of :data:`CORPORA` under each option set: 0 mismatches is the only pass."""
    preds, refs = corpus_pairs()
    values, pairs, mismatches = recompute(scorer_of(options), preds, refs)
    print(f"{pairs} pairs, {values} values, {len(mismatches)} mismatches")
    assert not mismatches, f"{len(mismatches)} of {values}:\n" + "\n".join(mismatches[:8])
    assert pairs >= 10_000


# --- ROUGE-1.5.5.pl's own per-pair scores (its expected-per-pair files) -----------------------

PERL_OPTIONS = {
    "perl-rouge155.nostem.S-unlimited.jsonl": "-c 95 -2 -1 -U -r 1000 -n 4 -w 1.2 -a -d",
    "perl-rouge155.stem.S4.jsonl": "-c 95 -2 4 -U -r 1000 -n 4 -w 1.2 -m -a -d",
}


def corpus_of_expected(expected: Path) -> Path:
    """The corpus an expected-per-pair file was computed on (see shared/data/README.md)."""
    rel = Path(relative_name(expected)).parts
    if len(rel) == 4:  # <set>/expected-per-pair/<corpus>/<file>
        return data_file(f"{rel[0]}/{rel[2]}.jsonl")
    (only,) = [
        path
        for name, path in data_files().items()
        if Path(name).parent == Path(rel[0]) and holds_pairs(path)
    ]
    return only


def expected_params() -> Iterator[Any]:
    for path in expected_per_pair_files():
        if Path(relative_name(path)).parts[0] in (
            "summeval-cnndm",
            "xsum-hallucination-annotations",
        ):
            yield pytest.param(path, id=relative_name(path))


@pytest.mark.slow
@pytest.mark.oracle
@pytest.mark.parametrize("expected", list(expected_params()))
def test_explanations_hold_perls_own_scores(expected: Path) -> None:
    """The explanations of SummEval's and XSum's pairs hold the R, P and F the Perl script
    printed for them (``expected-per-pair``), and recompute to them."""
    rows = read_jsonl(corpus_of_expected(expected))
    want = read_jsonl(expected)
    config = RougeConfig.from_perl_args(PERL_OPTIONS[Path(relative_name(expected)).name])
    scorer = config.make_scorer()
    preds = [r["prediction"] for r in rows]
    refs = [r["references"] for r in rows]
    mismatches, total = [], 0
    for start in range(0, len(rows), 1000):
        part = explain(scorer, preds[start : start + 1000], refs[start : start + 1000])
        for k, d in enumerate(part):
            w = want[start + k]
            for ours, perl in config.names.items():
                t = d["types"][ours]
                explain_check.check_type(t)
                for field, key in zip("rpf", ("recall", "precision", "fmeasure")):
                    total += 1
                    if t[key] != w["scores"][perl][field]:
                        mismatches.append(f"{w['id']} {perl} {field}: {t[key]} vs Perl")
    assert not mismatches, f"{len(mismatches)} of {total}:\n" + "\n".join(mismatches[:8])
    assert total == len(rows) * len(config.names) * 3


def test_a_long_pair_is_explained_without_listing_every_item() -> None:
    """A 10,000-word pair (1,500 lines, stopwords, non-ASCII letters): the explanation
    recomputes to score()'s numbers; ROUGE-SU*'s 50 million items are counted without a key
    list (as the scoring path counts them), so its matches are not listed."""
    import random

    rng = random.Random(1)
    words = ["the", "cat", "é", "naïve", "dog", "a", "run", "sat", "xyyy"]
    lines = [
        " ".join(f"{rng.choice(words)}{rng.randint(0, 50)}" for _ in range(7)) for _ in range(1500)
    ]
    text = "\n".join(lines)
    s = rk.RougeScorer(
        ["rouge2", "rougeL", "rougeW-1.2", "rougeSU*"], profile="perl-1.5.5", stopwords=True
    )
    e = s.explain(text, [text + " more", text[:3000]])
    e.check()  # silent: score() warns of the non-ASCII letters, check() does not repeat it
    d = e.to_dict()
    invariants(d)
    assert d["types"]["rougeSU*"]["per_reference"][0]["matches"] is None
    assert d["types"]["rouge2"]["per_reference"][0]["hits"] > 0


# --- the real ROUGE-1.5.5.pl's counts (test-only oracle, tests/perl_oracle.py) ----------------

#: ROUGE-1.5.5's options of the count runs (``-t 1 -d`` prints TotalM, TotalP, TotalHit).
COUNT_RUNS = (
    "-n 2 -w 1.2 -2 4 -U",
    "-n 2 -w 1.2 -2 4 -U -m -s -f B",
    "-n 3 -m -l 40 -2 -1 -u",
    "-n 2 -w 1.5 -b 150",
)


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
@pytest.mark.oracle
@pytest.mark.parametrize("options", COUNT_RUNS)
def test_counts_equal_the_perl_scripts(
    options: str, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The counts behind every type (hits, prediction and reference totals: pooled sums
    under ``-f A``, the chosen reference's under ``-f B``) are the ones ROUGE-1.5.5.pl itself
    prints per instance with ``-t 1`` (100 real pairs: 40 SummEval pairs with 11 references,
    60 XSum pairs)."""
    from perl_oracle import Case, oracle_or_skip, write_xml_case_files

    perl = oracle_or_skip(tmp_path_factory)
    rows = named_corpus("summeval-cnndm/summeval.jsonl")[:40]
    rows += named_corpus("xsum-hallucination-annotations/xsum.jsonl")[:60]
    preds = [sentence_lines(r["prediction"]) for r in rows]
    refs = [[sentence_lines(t) for t in r["references"]] for r in rows]
    cases = [Case({"A": p}, r) for p, r in zip(preds, refs)]
    config_file = write_xml_case_files(tmp_path, cases)
    out = perl.stdout(
        ["-a", "-d", "-t", "1", "-r", "1", *options.split(), str(config_file)], cwd=tmp_path
    )
    counts: dict[tuple[str, int], tuple[str, str, str]] = {}
    for line in out.decode().splitlines():
        parts = line.split()
        if len(parts) == 7 and parts[2] == "Eval":
            instance = int(parts[3].split(".")[0]) - 1
            m, p, h = (x.split(":", 1)[1] for x in parts[4:7])
            counts[(parts[1], instance)] = (m, p, h)
    config = RougeConfig.from_perl_args(options)
    explained = explain(config.make_scorer(), preds, refs)
    compared, mismatches = 0, []
    for i, d in enumerate(explained):
        for ours, perl_name in config.names.items():
            t = d["types"][ours]
            want = counts[(perl_name, i)]
            got = (t["reference_total"], t["prediction_total"], t["hits"])
            for g, w in zip(got, want):
                compared += 1
                if float(f"{g:.15g}") != float(w):
                    mismatches.append(f"pair {i} {perl_name}: (M, P, H) {got} vs Perl {want}")
                    break
    assert not mismatches, f"{len(mismatches)} of {compared}:\n" + "\n".join(mismatches[:8])
    assert compared == len(rows) * len(config.names) * 3


def test_check_catches_witnesses_that_do_not_add_up() -> None:
    """``check()`` fails when a match, a union token or a run is out of line with the counts."""
    import copy

    s = rk.RougeScorer(["rouge2", "rougeL", "rougeW-1.2", "rougeSU4"], profile="perl-1.5.5")
    d = one(s, "the cat sat on the mat", ["the cat was on the mat"])
    for name, edit in (
        ("rouge2", lambda c: c["matches"].pop()),
        ("rouge2", lambda c: c["missed"].pop()),
        ("rougeSU4", lambda c: c["matches"][0].update(hits=2)),
        ("rougeL", lambda c: c["sentences"][0]["counted"].pop()),
        ("rougeL", lambda c: c["sentences"][0]["unmatched"].append(0)),
        ("rougeW-1.2", lambda c: c["runs"].pop()),
    ):
        t = copy.deepcopy(d["types"][name])
        edit(t["per_reference"][0])
        with pytest.raises(ExplainCheckError):
            explain_check.check_type(t)
