"""The ``pltrdy-1.0.1`` and ``rouge-chinese-1.0.3`` profiles and their drop-ins
(:mod:`rougekit.compat.pltrdy`, :mod:`rougekit.compat.rouge_chinese`) against the real
packages (``tests/published_oracles.py``): every float compared with ``==``, on real corpora
and generated hard cases, plus the originals' API and errors.
"""

from __future__ import annotations

import json
import pickle
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import rougekit as rk
from conftest import corpus_names, named_corpus
from published_oracles import pltrdy, rouge_chinese
from rougekit import profiles
from rougekit.compat import pltrdy as compat_pltrdy
from rougekit.compat import rouge_chinese as compat_rouge_chinese
from rougekit.config import ScorerConfig

#: (oracle loader, drop-in module, profile name)
PACKAGES = {
    "pltrdy": (pltrdy, compat_pltrdy, "pltrdy-1.0.1"),
    "rouge-chinese": (rouge_chinese, compat_rouge_chinese, "rouge-chinese-1.0.3"),
}


def _outcome(call: Callable[[], Any]) -> Any:
    """The result, or the exception's type name and message."""
    try:
        return call()
    except (ValueError, AssertionError) as e:
        return (type(e).__name__, str(e))


def _same_pairs(
    package: str, hyps: list[str], refs: list[str], **options: Any
) -> tuple[list[int], int]:
    """Indices of the pairs whose drop-in result (or error) differs from the original's, one
    pair at a time, and the number of pairs the original scored."""
    load, mine, _ = PACKAGES[package]
    original = load().Rouge(**options)
    ours = mine.Rouge(**options)
    bad, scored = [], 0
    for i, (h, r) in enumerate(zip(hyps, refs)):
        want = _outcome(lambda h=h, r=r: original.get_scores(h, r))
        scored += isinstance(want, list)
        if _outcome(lambda h=h, r=r: ours.get_scores(h, r)) != want:
            bad.append(i)
    return bad, scored


def _pairs(name: str, limit: int) -> tuple[list[str], list[str]]:
    rows = named_corpus(name)[:limit]
    return [r["prediction"] for r in rows], [r["references"][0] for r in rows]


def _corpora() -> list[Any]:
    """The shipped XSum sample, and CNN/DM, REALSumm and the Chinese sample: shipped, else
    their stand-ins built from shipped corpora, plus the shared files when present."""
    return [
        *corpus_names("xsum-hallucination-annotations/xsum.jsonl"),
        *corpus_names("cnndm-pointer-generator/pointer-gen-cov.jsonl"),
        *corpus_names("realsumm-cnndm/realsumm.jsonl"),
        *corpus_names("zh-sumeval-sample/zh-sample.jsonl"),
    ]


@pytest.mark.parametrize("exclusive", [True, False])
@pytest.mark.parametrize("package", PACKAGES)
@pytest.mark.parametrize("name", _corpora())
def test_corpora_bit_exact(name: str, package: str, exclusive: bool) -> None:
    """Every pair's r, p, f, lengths and raw counts, and the means of ``avg=True``, equal the
    original's (300 pairs of each corpus)."""
    load, mine, _ = PACKAGES[package]
    hyps, refs = _pairs(name, 300)
    for options in ({"return_lengths": True}, {"raw_results": True}):
        want = load().Rouge(exclusive=exclusive, **options).get_scores(hyps, refs)
        got = mine.Rouge(exclusive=exclusive, **options).get_scores(hyps, refs)
        assert got == want, next(i for i, (a, b) in enumerate(zip(got, want)) if a != b)
    options = {"return_lengths": True, "metrics": ["rouge-1", "rouge-2", "rouge-3", "rouge-l"]}
    want = load().Rouge(exclusive=exclusive, **options).get_scores(hyps, refs, avg=True)
    assert mine.Rouge(exclusive=exclusive, **options).get_scores(hyps, refs, avg=True) == want


#: Words and separators of the generated texts: dots inside numbers and abbreviations,
#: ellipses, case, punctuation alone, every kind of whitespace Python splits at, Chinese
#: with and without spaces and rouge-chinese's sentence marks and quotes.
WORDS = [
    "the", "The", "THE", "cat", "sat", "a", "3.5", "U.S.", "e.g.", "...", ".", ",", "!", "?",
    "hello,", "world!", "(x)", "--", "ß", "café", "",
    "今天", "天气", "很好。", "我们", "去", "公园！", "你呢？", "“好的。”", "他说……", "然后......",  # noqa: RUF001
    "走了", "。", "！", "？", "”", "’", "……", "......", "今天天气很好。我们去公园！",  # noqa: RUF001
]  # fmt: skip
SEPARATORS = [" ", " ", " ", "", "\n", ". ", ".", "  ", "\t", "\u3000", "\xa0", "\x1c", "\r\n"]


def _text(rng: random.Random, longest: int) -> str:
    parts = []
    for _ in range(rng.randint(0, longest)):
        parts += [rng.choice(WORDS), rng.choice(SEPARATORS)]
    return "".join(parts)


def _generated(seed: int, n: int, longest: int) -> tuple[list[str], list[str]]:
    rng = random.Random(seed)
    hyps = [_text(rng, longest) for _ in range(n)]
    refs = [_text(rng, longest) for _ in range(n)]
    # Repetition (distinct counting), identical texts, blank and dot-only texts.
    hyps += ["the the the cat", "a b. a b", "a. b. ", " ", ".", "...", "", "a", "今天 天气"]
    refs += ["the cat", "a b. a b", "a b", "a", "a", "a", "a", " ", "今天天气"]
    return hyps, refs


@pytest.mark.parametrize("exclusive", [True, False])
@pytest.mark.parametrize("package", PACKAGES)
def test_generated_hard_cases(package: str, exclusive: bool) -> None:
    """400 generated pairs (and the classic corner cases): the same numbers or the same
    ``ValueError``, pair by pair."""
    hyps, refs = _generated(7, 400, 12)
    bad, scored = _same_pairs(package, hyps, refs, exclusive=exclusive, return_lengths=True)
    assert bad == [], [(hyps[i], refs[i]) for i in bad[:5]]
    assert scored > 300  # most pairs are scored, not errors


@pytest.mark.parametrize("exclusive", [True, False])
@pytest.mark.parametrize("package", PACKAGES)
def test_many_sentences(package: str, exclusive: bool) -> None:
    """Texts of 20 to 50 short sentences over a few words (repeated sentences, sentences
    sharing no word): rouge 1.0.1's ROUGE-L over every sentence pair, which rougekit
    computes once per distinct pair that shares a word, gives the original's numbers."""
    rng = random.Random(13)
    vocab = ["a", "b", "c", "d", "e", "the", "cat", "x y", "3.5", "。", "！", "\n"]  # noqa: RUF001

    def text() -> str:
        n = rng.randint(20, 50)
        return ". ".join(" ".join(rng.choices(vocab, k=rng.randint(1, 4))) for _ in range(n))

    hyps = [text() for _ in range(12)]
    refs = [text() for _ in range(12)]
    bad, scored = _same_pairs(package, hyps, refs, exclusive=exclusive, metrics=["rouge-l"])
    assert bad == [] and scored == 12


def _long_pair(seed: int, n: int) -> tuple[str, str]:
    rng = random.Random(seed)
    vocab = ["a", "b", "c", "d", "e", "f", "the", "cat"]  # few words: many LCS ties
    return (
        " ".join(rng.choice(vocab) for _ in range(n)),
        " ".join(rng.choice(vocab) for _ in range(n)),
    )


@pytest.mark.parametrize(
    ("package", "exclusive"),
    [("pltrdy", True), ("pltrdy", False), ("rouge-chinese", True)],
)
def test_long_sentences_give_the_numbers_the_original_would(package: str, exclusive: bool) -> None:
    """A 1,500-word single-sentence pair: rouge 1.0.1's recursive LCS backtrack dies of
    RecursionError at Python's default limit; run with a raised limit it gives numbers, and
    the drop-in gives exactly those at any limit."""
    load, mine, _ = PACKAGES[package]
    hyp, ref = _long_pair(3, 1500)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(20_000)
    try:
        want = load().Rouge(exclusive=exclusive).get_scores(hyp, ref)
    finally:
        sys.setrecursionlimit(limit)
    assert mine.Rouge(exclusive=exclusive).get_scores(hyp, ref) == want


def test_pltrdy_recursion_error_is_gone() -> None:
    """Where rouge 1.0.1 raises RecursionError (about 1,000 words in one sentence), the
    drop-in scores."""
    hyp, ref = _long_pair(5, 1200)
    original = pltrdy().Rouge(metrics=["rouge-l"])
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    try:
        with pytest.raises(RecursionError):
            original.get_scores(hyp, ref)
        scores = compat_pltrdy.Rouge(metrics=["rouge-l"]).get_scores(hyp, ref)
    finally:
        sys.setrecursionlimit(limit)
    assert 0 < scores[0]["rouge-l"]["f"] < 1


@pytest.mark.parametrize("package", PACKAGES)
def test_python_whitespace(package: str) -> None:
    """Tokens split at exactly the characters Python's ``str.split()`` splits at (U+001C to
    U+001F included, U+200B and U+FEFF not)."""
    load, mine, _ = PACKAGES[package]
    spaces = [chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()]
    others = ["\u200b", "\ufeff", "\u180e", "\u2060", "_"]
    hyps = [f"a{c}b{c}{c}c{c}" for c in spaces + others]
    refs = ["a b c"] * len(hyps)
    want = load().Rouge(return_lengths=True).get_scores(hyps, refs)
    assert mine.Rouge(return_lengths=True).get_scores(hyps, refs) == want


@pytest.mark.parametrize("package", PACKAGES)
def test_api_options(package: str) -> None:
    """metrics (any case, duplicates), stats, raw_results, return_lengths, avg, one string
    or tuples: the same dictionaries, keys in the same order."""
    load, mine, _ = PACKAGES[package]
    hyps = ["the cat sat. on the mat", "a b c d", "今天 天气 很好。 我们 去 公园！"]  # noqa: RUF001
    refs = ["the cat. sat on a mat", "a x b y", "今天 天气 不错。 我们 去 吧！"]  # noqa: RUF001
    for options, avg in [
        ({}, False),
        ({"metrics": ["ROUGE-L", "rouge-1", "rouge-5", "rouge-1"]}, False),
        ({"stats": ["F", "r"]}, True),
        ({"stats": ["p", "p"], "return_lengths": True}, True),
        ({"raw_results": True, "metrics": ["rouge-l", "rouge-2"]}, False),
        ({"return_lengths": True, "exclusive": False}, True),
        ({"metrics": []}, False),
        ({"stats": []}, False),
        ({"stats": []}, True),
        # The original adds a metric named twice twice per pair in avg mode (doubled means).
        ({"metrics": ["rouge-1", "rouge-l", "rouge-1"], "return_lengths": True}, True),
    ]:
        want = load().Rouge(**options).get_scores(hyps, refs, avg=avg)
        got = mine.Rouge(**options).get_scores(hyps, refs, avg=avg)
        assert got == want and json.dumps(got) == json.dumps(want), options
    for h, r in [(hyps[0], refs[0]), (tuple(hyps), tuple(refs))]:
        assert mine.Rouge().get_scores(h, r) == load().Rouge().get_scores(h, r)
    assert mine.Rouge().get_scores([], []) == []
    used = mine.Rouge(metrics=["rouge-2"], exclusive=False)
    used.get_scores(hyps, refs)
    again = pickle.loads(pickle.dumps(used))
    want = load().Rouge(["rouge-2"], exclusive=False).get_scores(hyps, refs)
    assert again.get_scores(hyps, refs) == want


@pytest.mark.parametrize("exclusive", [True, False])
@pytest.mark.parametrize("package", PACKAGES)
def test_lone_surrogates_score_as_the_original_scores_them(package: str, exclusive: bool) -> None:
    """A lone surrogate is a character like any other to the originals; it cannot cross into
    the core as UTF-8, so the drop-in stands it in by a private-use code point."""
    load, mine, _ = PACKAGES[package]
    hyps = ["\ud800 a", "\udfff. \ud800 b \udc00", "a \U00100000 \ud800", "\ud800", "x . \ud83d"]
    refs = ["a", "\ud800 b. \udfff", "\U00100000 \ud800 a", "\udbff", "\ud83d \ude00 x"]
    for options in ({"exclusive": exclusive}, {"exclusive": exclusive, "return_lengths": True}):
        for avg in (False, True):
            want = load().Rouge(**options).get_scores(hyps, refs, avg=avg)
            assert mine.Rouge(**options).get_scores(hyps, refs, avg=avg) == want
    # Texts holding both private-use planes and a surrogate: refused, not misread.
    both = "\U00100000 \U000f0000 \ud800"
    with pytest.raises(ValueError, match="lone surrogates and private-use"):
        mine.Rouge().get_scores(both, "a")


@pytest.mark.parametrize("package", PACKAGES)
def test_errors(package: str) -> None:
    """The originals' errors: empty input (their messages, in metric order), unknown metric
    or stat, ``ignore_empty`` (which keeps ``.`` and ``" "``), mismatched types and lengths;
    and the corners where they crash, as clear ValueErrors."""
    load, mine, _ = PACKAGES[package]
    for hyp, ref in [("", "a"), ("a", ""), (".", "a"), ("a", "..."), (" ", "a"), ("", "")]:
        for metrics in (None, ["rouge-l", "rouge-1"], ["rouge-2"]):
            for avg in (False, True):
                args = ([hyp], [ref], avg)
                want = _outcome(lambda m=metrics, a=args: load().Rouge(metrics=m).get_scores(*a))
                got = _outcome(lambda m=metrics, a=args: mine.Rouge(metrics=m).get_scores(*a))
                assert got == want, (hyp, ref, metrics, avg)
    hyps, refs = ["", "a b", ".", " "], ["a", "a b", "a", "a"]
    want = _outcome(lambda: load().Rouge().get_scores(hyps, refs, ignore_empty=True))
    assert _outcome(lambda: mine.Rouge().get_scores(hyps, refs, ignore_empty=True)) == want
    hyps, refs = ["", "a b c", "a. b"], ["a", "a b", "b"]
    want = load().Rouge().get_scores(hyps, refs, ignore_empty=True, avg=True)
    assert mine.Rouge().get_scores(hyps, refs, ignore_empty=True, avg=True) == want
    for kwargs in ({"metrics": ["rouge-6"]}, {"stats": ["x"]}, {"metrics": ["rougeL"]}):
        with pytest.raises(ValueError) as original:
            load().Rouge(**kwargs)
        with pytest.raises(ValueError) as ours:
            mine.Rouge(**kwargs)
        assert str(ours.value) == str(original.value)
    with pytest.raises(AssertionError):
        mine.Rouge().get_scores(["a"], ("a",))
    with pytest.raises(AssertionError):
        mine.Rouge().get_scores(["a", "b"], ["a"])
    with pytest.raises(ValueError, match="dropped every pair"):
        mine.Rouge().get_scores([""], ["a"], ignore_empty=True)
    with pytest.raises(ValueError, match="raw_results=True cannot be averaged"):
        mine.Rouge(raw_results=True).get_scores(["a"], ["a"], avg=True)
    with pytest.raises(ValueError, match="at least one pair"):
        mine.Rouge().get_scores([], [], avg=True)
    with pytest.raises(TypeError, match=r"hyps\[1\] must be str, got int"):
        mine.Rouge().get_scores(["a", 3], ["a", "b"])


def test_empty_rules_differ_between_the_packages() -> None:
    """rouge 1.0.1 raises for ``.`` but scores ``" "``; rouge-chinese the reverse."""
    with pytest.raises(ValueError, match=r"^Hypothesis is empty\.$"):
        compat_pltrdy.Rouge().get_scores(".", "a")
    assert compat_pltrdy.Rouge().get_scores(" ", "a")[0]["rouge-1"]["f"] == 0.0
    with pytest.raises(ValueError, match=r"^Hypothesis is empty\.$"):
        compat_rouge_chinese.Rouge().get_scores(" ", "a")
    assert compat_rouge_chinese.Rouge().get_scores(".", "a")[0]["rouge-1"]["f"] == 0.0


@pytest.mark.parametrize("package", PACKAGES)
def test_files_rouge(package: str, tmp_path: Path) -> None:
    """FilesRouge reads the files as the original does (last character of every line
    dropped, a last line without newline included) and checks their line counts."""
    load, mine, _ = PACKAGES[package]
    hyp, ref = tmp_path / "hyp.txt", tmp_path / "ref.txt"
    hyp.write_text("the cat sat.\r\na b c d\n今天 天气 很好。\nlast", encoding="utf-8")
    ref.write_text("the cat sat on the mat\na x b\n今天 天气\nlast line", encoding="utf-8")
    for avg in (False, True):
        want = load().FilesRouge().get_scores(str(hyp), str(ref), avg=avg)
        assert mine.FilesRouge().get_scores(str(hyp), str(ref), avg=avg) == want
    ref.write_text("one line\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="lines"):
        mine.FilesRouge().get_scores(hyp, ref)
    with pytest.raises(AssertionError, match="is not a file"):
        mine.FilesRouge().get_scores(tmp_path / "missing", ref)


def test_rouge_chinese_cut_sent() -> None:
    """``Rouge.cut_sent`` is the original's, regex for regex."""
    original, ours = rouge_chinese().Rouge(), compat_rouge_chinese.Rouge()
    rng = random.Random(11)
    texts = [_text(rng, 15) for _ in range(300)] + [
        "今天天气很好。我们去公园！你呢？“好的。”他说……然后......走了. Mr. Smith",  # noqa: RUF001
        "？？a", "............a", "a。”b", "a？”，b", "a……”", " \n ", "……………", "a?\nb",  # noqa: RUF001
    ]  # fmt: skip
    for text in texts:
        assert ours.cut_sent(text) == original.cut_sent(text), text


def test_no_top_level_rouge_module() -> None:
    """The drop-ins never install or import a top-level ``rouge`` (pltrdy's, rouge-chinese's
    and py-rouge's clash there)."""
    assert "rouge" not in sys.modules or sys.modules["rouge"].__name__ == "rouge"
    for module in (compat_pltrdy, compat_rouge_chinese):
        assert module.__name__.startswith("rougekit.compat.")


# --- The profiles ----------------------------------------------------------------------


@pytest.mark.parametrize("package", PACKAGES)
def test_profile_equals_the_drop_in(package: str) -> None:
    """``RougeScorer(profile=...)`` gives the drop-in's (hence the original's) P, R, F;
    ``rouge-1``/``rouge-l`` spellings are taken; the signature names the counting."""
    _, mine, name = PACKAGES[package]
    hyps, refs = _pairs("xsum-hallucination-annotations/xsum.jsonl", 40)
    scorer = rk.RougeScorer(["rouge-1", "rouge2", "rouge-L"], profile=name, threads=2)
    assert scorer.types == ("rouge1", "rouge2", "rougeL")
    batch = scorer.score_batch(hyps, refs)
    want = mine.Rouge().get_scores(hyps, refs)
    for t, metric in [("rouge1", "rouge-1"), ("rouge2", "rouge-2"), ("rougeL", "rouge-l")]:
        assert list(batch.fmeasure(t)) == [w[metric]["f"] for w in want]
        assert list(batch.recall(t)) == [w[metric]["r"] for w in want]
        assert list(batch.precision(t)) == [w[metric]["p"] for w in want]
    signature = str(scorer.signature())
    assert f"profile:{name}|" in signature and signature.endswith("|count:distinct")
    assert "|mref:single|" in signature
    clipped = profiles.get(name)(exclusive=False)
    assert clipped.signature_fields()["count"] == "clipped"
    scorer = rk.RougeScorer.from_config(ScorerConfig(("rouge1",), clipped))
    assert scorer.score("a a b", "a b")["rouge1"].precision == 2 / 3
    assert rk.RougeScorer(profile=name).score("a a b", "a b")["rouge1"].precision == 1.0


@pytest.mark.parametrize("package", PACKAGES)
def test_profile_refuses_what_the_package_cannot_do(package: str) -> None:
    _, _, name = PACKAGES[package]
    scorer = rk.RougeScorer(profile=name)
    with pytest.raises(ValueError, match="one reference per prediction"):
        scorer.score_batch(["a"], [["a", "b"]])
    with pytest.raises(ValueError, match=r"pair 1: the prediction is empty.*Hypothesis is empty"):
        scorer.score_batch(["a", ""], ["a", "b"])
    with pytest.raises(ValueError, match=r"rouge1\.\.rouge5 and rougeL"):
        rk.RougeScorer(["rougeLsum"], profile=name)
    with pytest.raises(ValueError, match="stemmer cannot be set"):
        rk.RougeScorer(profile=name, stemmer=True)
    assert rk.RougeScorer(profile=name).config.profile.options() == {}


def test_profiles_tokens() -> None:
    """What each profile compares: dots end rouge 1.0.1's sentences (even inside numbers);
    rouge-chinese keeps them and splits after its sentence marks."""
    pl = rk.RougeScorer(profile="pltrdy-1.0.1")
    want = ["Pi", "is", "3", "14", "in", "the", "U", "S", "ok", ""]
    assert pl.tokenize("Pi is 3.14 in the U.S. ok. ") == want
    zh = rk.RougeScorer(profile="rouge-chinese-1.0.3")
    assert zh.tokenize("今天 很好。我们 去！ 3.14") == ["今天", "很好。", "我们", "去！", "3.14"]  # noqa: RUF001


#: Chinese sentences in the style of instruction-tuning outputs (written for this test).
CHINESE = [
    "今天天气很好，我们去公园散步吧！",  # noqa: RUF001
    "这家餐厅的菜很好吃，但是价格有点贵。",  # noqa: RUF001
    "他说：“明天会下雨。”然后就走了……",  # noqa: RUF001
    "机器学习是人工智能的一个分支，它研究计算机怎样模拟人类的学习行为。",  # noqa: RUF001
    "请问去火车站怎么走？一直往前走，然后左转。",  # noqa: RUF001
    "自行车不能带上火车。自行车不能进站！",  # noqa: RUF001
    "会议将于下午三点开始，请大家准时参加。",  # noqa: RUF001
    "本文提出了一种新的方法......实验结果表明该方法有效。",
]


@pytest.mark.parametrize("exclusive", [True, False])
def test_rouge_chinese_on_jieba_segmented_text(exclusive: bool) -> None:
    """How LLaMA-Factory, ChatGLM and OpenCompass call rouge-chinese:
    ``" ".join(jieba.cut(text))`` for both sides; also the raw, unsegmented text."""
    jieba = pytest.importorskip("jieba")
    rng = random.Random(5)
    pairs = [(a, b) for a in CHINESE for b in CHINESE]
    rng.shuffle(pairs)
    hyps = [" ".join(jieba.cut(a)) for a, _ in pairs] + [a for a, _ in pairs[:20]]
    refs = [" ".join(jieba.cut(b)) for _, b in pairs] + [b for _, b in pairs[:20]]
    want = rouge_chinese().Rouge(exclusive=exclusive, return_lengths=True).get_scores(hyps, refs)
    got = compat_rouge_chinese.Rouge(exclusive=exclusive, return_lengths=True).get_scores(
        hyps, refs
    )
    assert got == want


HOSTILE = """
import sys
from rougekit.compat.pltrdy import Rouge
dots = "a. b. " * 20000  # 40,001 sentences a side: 1.6e9 sentence pairs in rouge 1.0.1
for exclusive in (True, False):
    print(Rouge(exclusive=exclusive, metrics=["rouge-l"]).get_scores(dots, dots)[0]["rouge-l"]["r"])
shared = "".join(f"x w{i}. " for i in range(5000))  # 5,000 sentences that all share x
print(Rouge(metrics=["rouge-l"]).get_scores(shared, shared)[0]["rouge-l"]["f"])
try:
    Rouge(exclusive=False, metrics=["rouge-l"]).get_scores(shared, shared)
except ValueError as e:
    print(type(e).__name__, e)
"""


def test_many_sentences_are_scored_or_refused_quickly() -> None:
    """rouge 1.0.1's ROUGE-L compares every reference sentence with every prediction
    sentence: equal sentences are computed once and sentences sharing no word skipped (so
    40,001 short sentences a side take milliseconds), and past 2^24 LCSs (5,000 sentences
    sharing a word, clipped counts) the pair is refused with InputTooLargeError. Run in a
    subprocess with a time limit, so that a regression fails instead of hanging."""
    run = subprocess.run(
        [sys.executable, "-c", HOSTILE], capture_output=True, text=True, timeout=120, check=True
    )
    lines = run.stdout.splitlines()
    assert lines[0] == "1.0"  # distinct words: {a, b, ""} over {a, b, ""}
    # Clipped: every "a" sentence matches every "a" (and "b", and the blank one).
    assert float(lines[1]) == (2 * 20_000**2 + 1) / 40_001
    assert lines[2] == "0.999999995"
    assert lines[3].startswith("InputTooLargeError pair 0: rougeL compares each of the")
    assert lines[3].endswith("over 16777216 LCSs of distinct sentence pairs, the limit")


LONG = """
import sys
import rougekit as rk
from rougekit.compat.{module} import Rouge
from rougekit.errors import InputTooLargeError
# 600,000 tokens a side: 3.6e11 LCS cells, about an hour in the bit-parallel kernel.
text = " ".join(f"w{{i % 5000}}" for i in range(600_000))
for call in (
    lambda: Rouge(metrics=["rouge-l"]).get_scores(text, text),
    lambda: Rouge(metrics=["rouge-l"], exclusive=False).get_scores(text, text),
    lambda: rk.RougeScorer(["rougeL"], profile="{profile}").score(text, text),
):
    try:
        call()
    except InputTooLargeError as e:
        print(e)
"""


@pytest.mark.parametrize("package", PACKAGES)
def test_rouge_l_of_huge_texts_is_refused_at_once(package: str) -> None:
    """ROUGE-L is quadratic: past 2^36 LCS cells a pair is refused (the drop-ins ran for
    about 40 minutes on a 10 MB text); in a subprocess with a time limit."""
    _, mine, profile = PACKAGES[package]
    code = LONG.format(module=mine.__name__.rsplit(".", 1)[1], profile=profile)
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    lines = run.stdout.splitlines()
    assert len(lines) == 3, run.stdout
    for line in lines:
        assert line.startswith("pair 0: rougeL of a 600000-token reference against a 600000-token")
        assert "over the limit of 68719476736 (2^36)" in line


@pytest.mark.parametrize("package", PACKAGES)
def test_command_line(package: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``rougekit score --profile``: the profile's numbers; an empty line or two reference
    files are one error line, exit 1."""
    from rougekit import cli

    _, mine, name = PACKAGES[package]
    pred, ref = tmp_path / "pred.txt", tmp_path / "ref.txt"
    hyps, refs = ["the cat sat. on the mat", "a b c"], ["the cat. sat on a mat", "a x c"]
    pred.write_text("\n".join(hyps) + "\n", encoding="utf-8")
    ref.write_text("\n".join(refs) + "\n", encoding="utf-8")
    argv = ["score", "-p", str(pred), "-r", str(ref), "--profile", name, "-f", "json"]
    assert cli.main([*argv, "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["signature"].startswith(f"rougekit:{rk.__version__}|profile:{name}|")
    want = mine.Rouge().get_scores(hyps, refs, avg=True)
    assert out["scores"]["rouge1"]["fmeasure"] == want["rouge-1"]["f"]
    assert out["scores"]["rougeL"]["recall"] == want["rouge-l"]["r"]
    pred.write_text("a b\n\n", encoding="utf-8")
    assert cli.main([*argv, "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("rougekit: error: ")
    assert "pair 1: the prediction is empty" in err
    pred.write_text("a b\nc\n", encoding="utf-8")
    assert cli.main([*argv, "-r", str(ref), "--no-progress"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pair 0: 2 references, but the" in err
