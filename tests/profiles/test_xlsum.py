"""The ``xlsum-v1`` profile against XL-Sum's scorer itself (PyPI ``multilingual-rouge``
0.0.1): every float of rouge1, rouge2, rougeL and rougeLsum equal, with and without
stemming, on the shipped multilingual conformance pairs and generated hard cases in every
XL-Sum language (Japanese excepted: refused; Thai with pythainlp 5.4.0 as the original's
segmenter, and dictionary words in its texts), the original's aliases, its
``lang=None`` and NLTK's other stemmed languages."""

from __future__ import annotations

import json
import re
import sys
import warnings
from pathlib import Path

import pytest
import rougekit as rk
from rougekit.profiles.xlsum import UNICODE_VERSION

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import xlsum_cases as cases
import xlsum_oracle

TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]
REFUSED = ("japanese",)
LANGUAGES = [lang for lang in cases.XLSUM_LANGUAGES if lang not in REFUSED]
#: The original's aliases and names beyond XL-Sum's list, with what they resolve to.
EXTRA = [*cases.NLTK_ONLY, "bangla", "turkce", "mundo"]

pytestmark = [
    pytest.mark.oracle,
    # The original warns on every scorer of a language it does not stem, and the texts
    # include punctuation-only ones.
    pytest.mark.filterwarnings("ignore:-----:UserWarning"),
    pytest.mark.filterwarnings("ignore::rougekit.NoTokensWarning"),
]


def _differences(language: str | None, stem: bool, pairs: list[tuple[str, str]]) -> list[str]:
    oracle = xlsum_oracle.scorer(TYPES, use_stemmer=stem, lang=language)
    ours = rk.RougeScorer(
        TYPES, profile="xlsum-v1", language=language or "none", stemmer=stem, threads=1
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rk.NoTokensWarning)
        batch = ours.score_batch([p for _, p in pairs], [t for t, _ in pairs])
    out = []
    for i, (target, prediction) in enumerate(pairs):
        want = oracle.score(target, prediction)
        row = batch[i]
        for t in TYPES:
            got = tuple(row[t])
            if got != tuple(want[t]):
                out.append(f"{language} stem={stem} pair {i} {t}: {got} != {tuple(want[t])}")
    return out


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
@pytest.mark.parametrize("stem", [False, True])
@pytest.mark.parametrize("language", [*LANGUAGES, *EXTRA, None])
def test_equals_multilingual_rouge(language: str | None, stem: bool) -> None:
    pairs = cases.pairs(language or "english")
    assert _differences(language, stem, pairs) == []


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
@pytest.mark.parametrize("language", ["hindi", "german"])
def test_long_pair(language: str) -> None:
    # 1,500 words a side (the original's LCS is a Python table: one pair per language; with
    # jieba's or the Burmese syllables' many tokens it takes 15-30 s, so not those).
    assert _differences(language, True, [cases.long_pair(language)]) == []


@pytest.mark.parametrize("language", ["arabic", "portuguese"])
def test_stopword_snapshot(language: str) -> None:
    # The lists that changed between the snapshots; the other stems are the same.
    pairs = cases.pairs(language)
    xlsum_oracle.use_stopwords("3a486db")
    try:
        oracle = xlsum_oracle.scorer(TYPES, use_stemmer=True, lang=language)
        wanted = [oracle.score(t, p) for t, p in pairs]
    finally:
        xlsum_oracle.use_stopwords("5db857e")
    ours = rk.RougeScorer(
        TYPES, profile="xlsum-v1", language=language, stemmer=True, nltk_stopwords="3a486db"
    )
    for (target, prediction), want in zip(pairs, wanted):
        got = ours.score(prediction, target)
        assert {t: tuple(got[t]) for t in TYPES} == {t: tuple(want[t]) for t in TYPES}
    assert "@3a486db" in str(ours.signature())


def test_signature_and_options() -> None:
    s = rk.RougeScorer(profile="xlsum-v1", language="Bangla", stemmer=True)
    sig = str(s.signature())
    assert "profile:xlsum-v1" in sig and "lang:bengali" in sig and "stem:bengali-rafi" in sig
    assert f"uni:{UNICODE_VERSION}" in sig
    de = rk.RougeScorer(profile="xlsum-v1", language="de", stemmer=True)
    assert "stem:nltk-snowball-3.10.4:german@5db857e" in str(de.signature())
    assert "stem:no" in str(
        rk.RougeScorer(profile="xlsum-v1", language="igbo", stemmer=True).signature()
    )
    assert "lang:chinese" in str(rk.RougeScorer(profile="xlsum-v1", language="zh").signature())
    th = str(rk.RougeScorer(profile="xlsum-v1", language="th").signature())
    assert "seg:newmm-pythainlp-5.4.0|lang:thai" in th
    assert "seg:" not in str(rk.RougeScorer(profile="xlsum-v1", language="zh").signature())


def test_unicode_version_is_the_tables() -> None:
    tables = (cases.ROOT / "crates/rougekit-core/src/tokenize/xlsum_tables.rs").read_text()
    assert f'UNICODE_VERSION: &str = "{UNICODE_VERSION}"' in tables


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({}, "needs language="),
        ({"language": "ja"}, "not reproduced exactly"),
        ({"language": "klingon"}, "unknown language 'klingon'"),
        ({"language": "klingon"}, "welsh, yoruba; not japanese)"),
        ({"language": "hindi", "stemmer": "snowball:hindi"}, "takes stemmer=True"),
        ({"language": "arabic", "nltk_stopwords": "2019"}, "unknown nltk_stopwords"),
    ],
)
def test_refusals(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        rk.RougeScorer(profile="xlsum-v1", **options)  # type: ignore[arg-type]


def test_nltk_stemmer_names_in_stem() -> None:
    assert rk.stem(["the"], "nltk-snowball:english") == ["the"]  # a stopword
    with pytest.raises(ValueError, match="nltk-snowball:<language> takes one of arabic"):
        rk.stem(["x"], "nltk-snowball:klingon")
    names = re.escape("hindi-suffix, bengali-rafi or turkish-stemmer-1.3")
    with pytest.raises(ValueError, match=names):
        rk.stem(["x"], "hindi")


@pytest.mark.slow
def test_every_code_point_tokenises_as_the_original() -> None:
    # Python 3.11's classes and lower-casing (Unicode 14.0.0; Rust's own tables are newer:
    # 55 code points lower differently under Rust 1.95's Unicode 17), each code point next to
    # a letter, a cased Σ context, a digit and a combining mark.
    xlsum_oracle.load()  # skips without the package
    from multilingual_rouge import tokenization_wrapper
    from multilingual_rouge.rouge_scorer import MultiTokenizer

    default = MultiTokenizer(None)
    cps = [c for c in range(0x110000) if not 0xD800 <= c < 0xE000]
    differing = []
    for i in range(0, len(cps), 2048):
        text = "".join(f"A{chr(c)}Σ{chr(c)}b1{chr(c)}\u0301 " for c in cps[i : i + 2048])
        want = tokenization_wrapper.tokenize(text, None, default)
        if rk.RougeScorer(profile="xlsum-v1", language="igbo").tokenize(text) != want:
            differing.append(hex(cps[i]))
    assert differing == []


def test_signature_reads_back_to_the_command() -> None:
    from rougekit.reproduce import command_of, reproduction_notes
    from rougekit.signature import parse

    scorer = rk.RougeScorer(
        profile="xlsum-v1", language="arabic", stemmer=True, nltk_stopwords="3a486db"
    )
    signature = scorer.signature(nrefs="1")
    assert rk.parse_signature(str(signature)) == signature
    extra = {k: v for k, v in parse(str(signature)).fields.items() if k in ("lang", "uni")}
    command = command_of(signature, extra)
    assert command.endswith("--profile xlsum-v1 --stem --lang arabic --nltk-stopwords 3a486db")
    assert reproduction_notes(signature, extra) == []


def test_thai_signature_reads_back_to_the_command() -> None:
    from rougekit.reproduce import command_of, reproduction_notes
    from rougekit.signature import parse

    signature = rk.RougeScorer(profile="xlsum-v1", language="thai").signature(nrefs="1")
    extra = {k: v for k, v in parse(str(signature)).fields.items() if k in ("seg", "lang", "uni")}
    assert extra["seg"] == "newmm-pythainlp-5.4.0"
    # The profile picks its segmenter itself: no --segmenter, nothing to note.
    assert command_of(signature, extra).endswith("--profile xlsum-v1 --lang thai")
    assert reproduction_notes(signature, extra) == []
    other = {**extra, "seg": "newmm-pythainlp-5.5.0"}
    assert "segmented by newmm-pythainlp-5.5.0" in reproduction_notes(signature, other)[0]


def test_the_command_line_picks_the_stopword_snapshot(tmp_path: Path) -> None:
    from rougekit.cli import main

    (tmp_path / "p.txt").write_text("\u0627\u0644\u0643\u062a\u0627\u0628\n", encoding="utf-8")
    (tmp_path / "r.txt").write_text("\u0643\u062a\u0628\n", encoding="utf-8")
    out = tmp_path / "out.json"
    argv = ["score", "-p", str(tmp_path / "p.txt"), "-r", str(tmp_path / "r.txt"),
            "--profile", "xlsum-v1", "--lang", "arabic", "--stem", "-f", "json",
            "-o", str(out), "--no-progress"]  # fmt: skip
    assert main([*argv, "--nltk-stopwords", "3a486db"]) == 0
    assert "@3a486db" in json.loads(out.read_text())["signature"]
    assert main(argv) == 0
    assert "@5db857e" in json.loads(out.read_text())["signature"]


@pytest.mark.parametrize("language", ["igbo", "chinese", "burmese"])
def test_conformance_strings_tokenise_as_the_original(language: str) -> None:
    # The 31 shipped strings (every script, emoji, compatibility characters, ZWNJ, İ, final
    # sigma) and the 16 pairs' texts, through the default tokenizer, jieba and the Burmese
    # rules.
    import json

    xlsum_oracle.load()  # skips without the package
    from multilingual_rouge import tokenization_wrapper
    from multilingual_rouge.rouge_scorer import MultiTokenizer

    texts = []
    for name in ("strings.jsonl", "pairs.jsonl"):
        for line in (cases.CONFORMANCE / name).read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            texts += [d["text"]] if "text" in d else [d["prediction"], *d["references"]]
    tokenizer = MultiTokenizer(language)
    scorer = rk.RougeScorer(profile="xlsum-v1", language=language)
    for text in texts:
        assert scorer.tokenize(text) == tokenization_wrapper.tokenize(text, None, tokenizer)


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
@pytest.mark.parametrize(
    ("corpus", "language"),
    [
        ("summeval-cnndm/summeval.jsonl.xz", None),
        ("summeval-cnndm/summeval.jsonl.xz", "english"),
        ("xsum-hallucination-annotations/xsum.jsonl.xz", "french"),
        ("zh-sumeval-sample/zh-sample.jsonl", "chinese_simplified"),
    ],
)
def test_real_corpora(corpus: str, language: str | None) -> None:
    # Real summaries (the shipped corpora; the first reference of each pair), stemmed.
    import json
    import lzma

    path = cases.CONFORMANCE.parent / corpus
    opener = lzma.open if path.suffix == ".xz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f][:300]
    pairs = [(row["references"][0], row["prediction"]) for row in rows]
    assert _differences(language, True, pairs) == []
