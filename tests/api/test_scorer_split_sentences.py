"""``RougeScorer(..., split_sentences="punkt")``: the numbers of rouge-score on
``"\\n".join(nltk.sent_tokenize(text))`` (what MLPerf, unitxt and Hugging Face's
examples compute), with NLTK loading the same punkt_tab models (``tests/punkt_oracle.py``);
``"punkt:<language>"``, ``language=`` and ``"rules"``; the signature's ``split`` field and
its round trip; bad values."""

from __future__ import annotations

import json
import pickle
import shlex
import warnings
from pathlib import Path

import pytest
import rougekit as rk
from conftest import SUMMEVAL, data_file, load_corpus, rouge_score_scorer
from punkt_oracle import nltk_punkt
from rougekit import cli
from rougekit.sentences import one_per_line

__all__ = ["nltk_punkt"]

TYPES = ["rouge1", "rougeL", "rougeLsum"]


@pytest.mark.usefixtures("nltk_punkt")
def test_punkt_matches_rouge_score_on_sent_tokenize() -> None:
    import nltk

    rows = load_corpus(data_file(SUMMEVAL))[:80]
    preds = [r["prediction"].replace("\n", " ") for r in rows]
    # one to three references per pair
    refs = [
        [t.replace("\n", " ") for t in r["references"][: 1 + i % 3]] for i, r in enumerate(rows)
    ]
    oracle = rouge_score_scorer(TYPES, True)

    def lines(text: str) -> str:
        return "\n".join(nltk.sent_tokenize(text))

    scorer = rk.RougeScorer(TYPES, stemmer=True, split_sentences="punkt")
    batch = scorer.score_batch(preds, refs)
    differ = 0
    for i, (p, rs) in enumerate(zip(preds, refs, strict=True)):
        want = oracle.score_multi([lines(r) for r in rs], lines(p))
        one = scorer.score(p, rs)
        for t in TYPES:
            got = batch.fmeasure(t)[i]
            differ += got != want[t].fmeasure or one[t].fmeasure != want[t].fmeasure
    assert differ == 0
    # splitting changes rougeLsum, and only rougeLsum
    with pytest.warns(rk.NoSentencesWarning):
        plain = rk.RougeScorer(TYPES, stemmer=True).score_batch(preds, refs)
    assert list(plain.fmeasure("rouge1")) == list(batch.fmeasure("rouge1"))
    assert list(plain.fmeasure("rougeLsum")) != list(batch.fmeasure("rougeLsum"))


def test_one_sentence_texts_split_get_no_newline_warning() -> None:
    # The splitter gave rougeLsum its sentences: no newline in a one-sentence text is not
    # the "sentences from newlines" case the warning is for.
    preds, refs = ["The cat sat on the mat"] * 3, [["A cat sat on a mat"]] * 3
    for split in ("punkt", "rules"):
        scorer = rk.RougeScorer(TYPES, split_sentences=split)
        with warnings.catch_warnings():
            warnings.simplefilter("error", rk.NoSentencesWarning)
            scorer.score_batch(preds, refs)
    with pytest.warns(rk.NoSentencesWarning):
        rk.RougeScorer(TYPES).score_batch(preds, refs)


def test_signature_names_the_model() -> None:
    english = rk.RougeScorer(TYPES, split_sentences="punkt")
    assert english.signature().fields["split"] == "punkt-english@nltk-3.10.4"
    assert "split" not in rk.RougeScorer(TYPES).signature().fields
    by_name = rk.RougeScorer(TYPES, split_sentences="punkt:german")
    by_lang = rk.RougeScorer(TYPES, language="de", split_sentences="punkt")
    assert by_name.signature().fields["split"] == "punkt-german@nltk-3.10.4"
    assert by_lang.signature().fields["split"] == "punkt-german@nltk-3.10.4"
    rules = rk.RougeScorer(TYPES, split_sentences="rules")
    assert rules.signature().fields["split"] == "rules-v1"
    assert pickle.loads(pickle.dumps(by_name)).signature() == by_name.signature()
    result = english.corpus(["A b. C d."], ["A b. C e."])
    assert rk.parse_signature(result.signature) == result.signature


def test_rules_is_one_per_line() -> None:
    pred, ref = "One here. Two there. Three.", "One here. Two where. Four."
    split = rk.RougeScorer(["rougeLsum"], split_sentences="rules").score(pred, ref)
    plain = rk.RougeScorer(["rougeLsum"]).score(one_per_line(pred), one_per_line(ref))
    assert split == plain


def test_explain_sees_the_split_texts() -> None:
    scorer = rk.RougeScorer(["rougeLsum"], split_sentences="punkt")
    pred, ref = "Cats sit here. Dogs run there.", "Dogs run there. Cats sit here."
    explanation = scorer.explain(pred, ref)
    explanation.check()  # recomputes the floats from the tokens; raises when they differ
    want = rk.RougeScorer(["rougeLsum"]).score(
        "Cats sit here.\nDogs run there.", "Dogs run there.\nCats sit here."
    )
    assert explanation["rougeLsum"].score == want["rougeLsum"]
    assert (
        explanation["rougeLsum"].score
        != rk.RougeScorer(["rougeLsum"]).score(pred, ref)["rougeLsum"]
    )


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"split_sentences": "punkt:klingon"}, ValueError, "no model for 'klingon'"),
        ({"split_sentences": "punkt", "language": "zh"}, ValueError, "no model for 'zh'"),
        ({"split_sentences": "sentences"}, ValueError, "use newline, rules, punkt"),
        ({"split_sentences": 1}, TypeError, "split_sentences must be a str"),
        ({"split_sentences": "punkt", "profile": "token-ids"}, ValueError, "token ids"),
    ],
)
def test_bad_values(kwargs, error, match) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error, match=match):
        rk.RougeScorer(["rougeLsum"], **kwargs)


@pytest.mark.parametrize(
    "options",
    [
        ["--split-sentences", "punkt"],
        ["--split-sentences", "punkt:german"],
        ["--lang", "de", "--split-sentences", "punkt"],
    ],
    ids=" ".join,
)
def test_cli_round_trip(
    options: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "pairs.jsonl"
    rows = [
        {
            "prediction": "Dr. Smith went home. He was tired.",
            "references": ["Dr. Smith came. He was."],
        },
        {
            "prediction": "Das ist z.B. gut. Und so.",
            "references": ["Das ist z.B. schlecht. Und so."],
        },
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    flat = ["--jsonl", str(path)]
    assert cli.main(["score", *flat, "--no-progress", "-f", "json", *options]) == 0
    first = json.loads(capsys.readouterr().out)
    signature = str(first["signature"])
    assert "split:punkt-" in signature
    assert cli.main(["signature", "--parse", signature, "-f", "json"]) == 0
    parsed = json.loads(capsys.readouterr().out)
    assert parsed["notes"] == []
    command = shlex.split(str(parsed["command"]))
    assert cli.main([*command[1:], *flat, "--no-progress", "-f", "json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["signature"] == signature and again["scores"] == first["scores"]


def test_cli_bad_value(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "pairs.jsonl"
    path.write_text('{"prediction": "a b.", "references": ["a c."]}\n', encoding="utf-8")
    code = cli.main(["score", "--jsonl", str(path), "--split-sentences", "punkt:xx"])
    assert code == 2
    assert "--split-sentences punkt:xx" in capsys.readouterr().err
