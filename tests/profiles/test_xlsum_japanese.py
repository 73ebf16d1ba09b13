"""``xlsum-v1`` with ``language="japanese"``: refused by default (XL-Sum's numbers used the
full UniDic, fetched from outside PyPI); under ``ja_dict="unidic-lite-1.0.8"``, equal to
multilingual-rouge 0.0.1 itself with fugashi over unidic-lite 1.0.8 (its ``JapaneseTokenizer``,
``Tagger("-O wakati -b 50000")``, pointed at unidic-lite: fugashi takes the full ``unidic``
whenever it is installed), stemmed and not, on the shipped Japanese texts (every text
against the next), P, R and F of every type."""

from __future__ import annotations

from typing import Any

import pytest
import rougekit as rk
from japanese_texts import generated_texts, recorded_texts, unidic_lite_args

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def test_japanese_is_refused_without_ja_dict() -> None:
    with pytest.raises(ValueError, match=r"ja_dict='unidic-lite-1\.0\.8'"):
        rk.RougeScorer(TYPES, profile="xlsum-v1", language="japanese")
    with pytest.raises(ValueError, match="unknown ja_dict"):
        rk.RougeScorer(TYPES, profile="xlsum-v1", language="japanese", ja_dict="unidic-3.1")
    with pytest.raises(ValueError, match="language='japanese' only"):
        rk.RougeScorer(TYPES, profile="xlsum-v1", language="hindi", ja_dict="unidic-lite-1.0.8")


def test_the_signature_names_the_dictionary() -> None:
    scorer = rk.RougeScorer(TYPES, profile="xlsum-v1", language="ja", ja_dict="unidic-lite-1.0.8")
    signature = scorer.signature("1")
    assert signature.fields["seg"] == "mecab-unidic-lite-1.0.8"
    assert signature.fields["lang"] == "japanese"
    from rougekit.reproduce import command_of, reproduction_notes, scorer_options
    from rougekit.signature import parse

    assert rk.parse_signature(str(signature)) == signature
    assert scorer_options(signature)["ja_dict"] == "unidic-lite-1.0.8"
    extra = {k: v for k, v in parse(str(signature)).fields.items() if k in ("seg", "lang", "uni")}
    command = command_of(signature, extra)
    assert command.endswith("--profile xlsum-v1 --lang japanese --ja-dict unidic-lite-1.0.8")
    assert reproduction_notes(signature, extra) == []


@pytest.fixture(scope="module")
def oracle() -> Any:
    fugashi = pytest.importorskip("fugashi")
    tokenizers = pytest.importorskip("multilingual_rouge.tokenizers")
    from multilingual_rouge import rouge_scorer

    class UnidicLite:
        def __init__(self) -> None:
            self.tokenizer = fugashi.Tagger(unidic_lite_args() + " -b 50000")

        def __call__(self, text: str) -> list[str]:
            return tokenizers.whitespace_tokenize(self.tokenizer.parse(text))

    original = tokenizers.LANG2TOKENIZER["japanese"]
    tokenizers.LANG2TOKENIZER["japanese"] = UnidicLite
    yield rouge_scorer
    tokenizers.LANG2TOKENIZER["japanese"] = original


@pytest.mark.parametrize("stem", [False, True])
def test_equals_multilingual_rouge_with_unidic_lite(oracle: Any, stem: bool) -> None:
    texts = recorded_texts() + generated_texts(100, seed=9)
    preds, refs = texts[1:], texts[:-1]
    ours = rk.RougeScorer(
        TYPES, profile="xlsum-v1", language="japanese", ja_dict="unidic-lite-1.0.8", stemmer=stem
    ).score_batch(preds, refs)
    with pytest.warns(UserWarning, match="unknown stemmer language") if stem else _null():
        theirs = oracle.RougeScorer(TYPES, lang="japanese", use_stemmer=stem)
    bad = []
    for i, (p, r) in enumerate(zip(preds, refs, strict=True)):
        score = theirs.score(r, p)
        for t in TYPES:
            want = (score[t].precision, score[t].recall, score[t].fmeasure)
            got = (ours.precision(t)[i], ours.recall(t)[i], ours.fmeasure(t)[i])
            if want != got:
                bad.append((i, t, want, got))
    assert not bad, f"{len(bad)} of {len(preds) * len(TYPES)} values differ: {bad[:5]}"


class _null:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *args: object) -> None:
        return None
