"""The signature string (design §8): every field, in order, parseable back."""

from __future__ import annotations

import pytest
import rougekit

# design §8, in this order; written out here rather than imported from the package.
DESIGN_FIELDS = [
    "rougekit", "profile", "types", "stem", "sw", "trunc", "nrefs", "mref", "alpha",
    "agg", "ci", "bs", "seed",
]  # fmt: skip
DESIGN_EXAMPLE = (
    "rougekit:VERSION|profile:rouge-score|types:rouge1,rouge2,rougeL,rougeLsum|"
    "stem:nltk-porter|sw:no|trunc:no|nrefs:1|mref:best-f|alpha:0.5|agg:mean|ci:95|bs:1000|seed:0"
)

PREDS = ["the cat sat on the mat", "a dog ran", "hello world"]
REFS = ["the cat is on the mat", "the dog runs", "hello there world"]


def _fields(text: str) -> list[tuple[str, str]]:
    return [tuple(part.split(":", 1)) for part in text.split("|")]  # type: ignore[misc]


def test_design_example_reproduced_exactly():
    scorer = rougekit.RougeScorer(stemmer=True)
    result = scorer.corpus(PREDS, REFS, confidence=0.95, n_bootstrap=1000, seed=0)
    want = DESIGN_EXAMPLE.replace("VERSION", rougekit.__version__)
    assert str(result.signature) == want


def test_fields_in_design_order_without_ci():
    scorer = rougekit.RougeScorer(["rougeLsum", "rouge2"])
    sig = str(scorer.score_batch(PREDS, REFS).signature)
    fields = _fields(sig)
    assert [k for k, _ in fields] == DESIGN_FIELDS, sig
    d = dict(fields)
    assert d["rougekit"] == rougekit.__version__
    assert d["profile"] == "rouge-score"
    assert d["types"] == "rougeLsum,rouge2", "types in the caller's order"
    assert d["stem"] == "no"
    assert (d["sw"], d["trunc"], d["mref"], d["alpha"], d["agg"]) == (
        "no", "no", "best-f", "0.5", "mean",
    )  # fmt: skip
    assert d["nrefs"] == "1"
    assert (d["ci"], d["bs"], d["seed"]) == ("no", "no", "no"), "no CI was asked for"
    corpus_sig = str(scorer.corpus(PREDS, REFS).signature)
    assert corpus_sig == sig, "corpus() without confidence adds no CI fields"


@pytest.mark.parametrize(
    "refs,want",
    [
        (REFS, "1"),
        ([[r] for r in REFS], "1"),
        ([[r, r] for r in REFS], "2"),
        ([[REFS[0]], [REFS[1]] * 11, [REFS[2]] * 4], "1-11"),
        ([REFS[0], [REFS[1]] * 3, [REFS[2]] * 2], "1-3"),
    ],
    ids=["str", "one-element-lists", "two", "1-11", "mixed"],
)
def test_nrefs(refs, want):
    sig = rougekit.RougeScorer(["rouge1"]).score_batch(PREDS, refs).signature
    assert dict(_fields(str(sig)))["nrefs"] == want


@pytest.mark.parametrize(
    "confidence,n_bootstrap,seed,ci",
    [(0.95, 1000, 0, "95"), (0.9, 200, 42, "90"), (0.5, 10, 2**63, "50"), (0.975, 50, 1, "97.5")],
)
def test_ci_fields_follow_corpus_arguments(confidence, n_bootstrap, seed, ci):
    result = rougekit.RougeScorer(["rouge1"]).corpus(
        PREDS, REFS, confidence=confidence, n_bootstrap=n_bootstrap, seed=seed
    )
    d = dict(_fields(str(result.signature)))
    assert (d["ci"], d["bs"], d["seed"]) == (ci, str(n_bootstrap), str(seed))
    batch = rougekit.RougeScorer(["rouge1"]).score_batch(PREDS, REFS)
    via_batch = batch.corpus(confidence=confidence, n_bootstrap=n_bootstrap, seed=seed)
    assert str(via_batch.signature) == str(result.signature)
    assert "ci" in batch.signature.fields and batch.signature.fields["ci"] == "no", (
        "corpus() must not modify the batch's signature"
    )


@pytest.mark.parametrize("stemmer,stem", [(False, "no"), (True, "nltk-porter")])
def test_stem_field(stemmer, stem):
    sig = rougekit.RougeScorer(["rouge1"], stemmer=stemmer).score_batch(PREDS, REFS).signature
    assert dict(_fields(str(sig)))["stem"] == stem
    assert sig.stemmer is stemmer
    assert sig.types == ("rouge1",)


@pytest.mark.parametrize("with_ci", [False, True])
def test_parse_round_trip(with_ci):
    scorer = rougekit.RougeScorer(["rouge1", "rougeL"], stemmer=True)
    result = scorer.corpus(
        PREDS, [[r, r] for r in REFS], confidence=0.9 if with_ci else None, n_bootstrap=300
    )
    text = str(result.signature)
    parsed = rougekit.parse_signature(text)
    assert str(parsed) == text
    assert parsed.fields == dict(_fields(text))
    assert parsed == result.signature
    assert parsed.types == ("rouge1", "rougeL") and parsed.stemmer is True
    # surrounding whitespace (e.g. a line read from a file) is tolerated
    assert str(rougekit.parse_signature(text + "\n")) == text


def test_parse_design_example():
    parsed = rougekit.parse_signature(DESIGN_EXAMPLE)
    assert parsed.fields["rougekit"] == "VERSION"
    assert parsed.types == ("rouge1", "rouge2", "rougeL", "rougeLsum")
    assert str(parsed) == DESIGN_EXAMPLE


def _drop(field: str) -> str:
    return "|".join(p for p in DESIGN_EXAMPLE.split("|") if not p.startswith(field + ":"))


@pytest.mark.parametrize(
    "text,needle",
    [
        ("", None),
        ("garbage", None),
        (_drop("seed"), "seed"),
        (_drop("profile"), "profile"),
        (DESIGN_EXAMPLE + "|seed:1", "seed"),
        (DESIGN_EXAMPLE + "|colour:blue", "colour"),
        (DESIGN_EXAMPLE.replace("|sw:no", "|swno"), "swno"),
        (DESIGN_EXAMPLE.replace("|sw:no", "|:no"), None),
        (DESIGN_EXAMPLE.replace("|", ";"), None),
        (DESIGN_EXAMPLE.replace("|alpha:0.5", "|alpha:x"), "alpha:'x' is not a number"),
        (DESIGN_EXAMPLE.replace("|ci:95", "|ci:banana"), "ci:'banana' is not a number or 'no'"),
        (DESIGN_EXAMPLE.replace("|bs:1000", "|bs:1e3"), "bs:'1e3' is not an integer or 'no'"),
    ],
    ids=[
        "empty", "garbage", "missing-seed", "missing-profile", "duplicate", "unknown",
        "no-colon", "no-key", "wrong-separator", "alpha", "ci", "bs",
    ],
)  # fmt: skip
def test_malformed_signatures(text, needle):
    with pytest.raises(ValueError) as info:
        rougekit.parse_signature(text)
    if needle is not None:
        assert needle in str(info.value), str(info.value)


def test_table_ends_with_signature():
    result = rougekit.RougeScorer(["rouge1"]).corpus(PREDS, REFS, confidence=0.95, seed=3)
    assert str(result).splitlines()[-1] == str(result.signature)
    assert result.to_dict()["signature"] == str(result.signature)


def test_values_with_control_characters_are_quoted_on_the_command_line(capsys):
    # A newline split the one-line error; an escape sequence reached the terminal.
    from rougekit import cli

    bad = DESIGN_EXAMPLE.replace("|alpha:0.5", "|alpha:0.\n5")
    assert cli.main(["signature", "--parse", bad]) == 1
    err = capsys.readouterr().err
    assert err == "rougekit: error: signature: signature field alpha:'0.\\n5' is not a number\n"
    odd = DESIGN_EXAMPLE.replace("profile:rouge-score", "profile:x\x1b[2J\u202e")
    assert cli.main(["signature", "--parse", odd]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out and "x\\x1b[2J\\u202e" in out
    assert cli.main(["signature", "--parse", odd + "|col\x1bour:1"]) == 1
    assert "'col\\x1bour'" in capsys.readouterr().err
