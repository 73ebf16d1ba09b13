# ruff: noqa: RUF001 (full-width punctuation is the point of these Chinese cases)
"""``segmenter="jieba"`` of the ``rouge-chinese-1.0.3`` and ``whitespace`` profiles against the
call it replaces, run for real with jieba 0.42.1 and rouge-chinese 1.0.3:
``Rouge().get_scores(" ".join(jieba.cut(pred)), " ".join(jieba.cut(ref)))`` and the
``whitespace`` profile on ``" ".join(jieba.cut(text))``. Every float is compared with ``==``
on the shipped Chinese corpus and texts, texts generated from jieba's own vocabulary and hand
written hard cases (mixed scripts, ``COVID-19``, ``GPT-4o``, digits, full-width punctuation,
existing spaces, line breaks, empty text)."""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path
from typing import Any

import pytest
import rougekit as rk
from conftest import named_corpus
from jieba_texts import generated_texts, real_texts
from rougekit.config import ScorerConfig
from rougekit.profiles.rouge_chinese import RougeChinese103

jieba = pytest.importorskip("jieba", reason="jieba 0.42.1 is a test dependency")
rouge_chinese = pytest.importorskip("rouge_chinese", reason="rouge-chinese is a test dependency")
jieba.setLogLevel(logging.WARNING)

TYPES = ("rouge1", "rouge2", "rougeL")
KEYS = ("rouge-1", "rouge-2", "rouge-l")

#: Pairs written for these tests: what segmentation and the join do to the numbers.
HARD_CASES = [
    ("GPT-4o发布了，COVID-19疫情结束", "GPT-4o 发布，COVID-19 结束了"),
    ("我用iPhone15和Wi-Fi上网，速度100Mbps", "iPhone 15 用 WiFi 上网"),
    ("PM2.5浓度为35.5%，比2023年下降3.5个百分点", "PM2.5 下降了 3.5%"),
    ("ＧＰＴ－４ｏ的价格是１２３元。", "GPT-4o 的价格 123 元"),
    ("他说：“明天会下雨。”然后就走了……", "他说明天会下雨。然后走了"),
    ("“好的！”“走吧？”", "好的！走吧？"),
    ("本文提出了一种新的方法......实验结果表明该方法有效。", "新方法有效......"),
    ("第一句。第二句！第三句？\n第四句\r\n第五句", "第一句第二句\n第三句"),
    ("自行车 不能 带上 火车", "自行车不能带上火车"),
    ("自行车  不能\t带上\u3000火车\xa0了", "自行车 不能 带上 火车"),
    ("  前后都有空格  ", "前后都有空格"),
    ("好的好的好的好的", "好的"),
    ("今天天气很好。今天天气很好。", "今天天气很好"),
    ("Hello world! 你好，世界。How are you?", "你好世界 hello World"),
    ("e-mail: a.b@c.com, U.S. 3.14 v1.2.3", "email a.b@c.com U.S.A."),
    ("C++和C#以及AT&T、R&D", "C++ C# AT&T"),
    ("😀👍🏽今天🎉很开心❤\ufe0f", "今天很开心"),
    ("臺灣經濟發展與學習", "台湾经济发展与学习"),
    ("ひらがな와한국어混在", "混在 한국어"),
    ("123456789", "１２３４５６７８９"),
    ("。。。", "！！！"),
    ("？", "?"),
    ("a\x1cb\x1dc", "a b c"),
    ("", "今天天气很好"),
    ("今天天气很好", ""),
    ("", ""),
    ("   ", "今天"),
    ("\n\n", "今天"),
    ("今天", "\u3000"),
]


def _joined(text: str) -> str:
    return " ".join(jieba.cut(text))


def _pairs() -> list[tuple[str, str]]:
    """The shipped Chinese corpus (as given, word-segmented with spaces, and with the spaces
    removed), the shipped Chinese texts paired at random, generated texts paired at random
    (seeded), each text with itself, and :data:`HARD_CASES`."""
    pairs: list[tuple[str, str]] = []
    for row in named_corpus("zh-sumeval-sample/zh-sample.jsonl"):
        hyp, ref = row["prediction"], row["references"][0]
        pairs += [(hyp, ref), (hyp.replace(" ", ""), ref.replace(" ", ""))]
    rng = random.Random(26)
    real = real_texts()
    pairs += [(rng.choice(real), rng.choice(real)) for _ in range(400)]
    pairs += [(t, t) for t in real[:40]]
    # Every 100th generated text is thousands of words: rouge-chinese's Python LCS would take
    # seconds on each; the short ones cover the same segmentation.
    generated = [t for i, t in enumerate(generated_texts(700)) if i % 100]
    pairs += [(rng.choice(generated), rng.choice(generated)) for _ in range(500)]
    pairs += [(t, t) for t in generated[:40]]
    return pairs + HARD_CASES


@pytest.fixture(scope="module")
def pairs() -> list[tuple[str, str]]:
    return _pairs()


def _original(hyp: str, ref: str, exclusive: bool) -> Any:
    """rouge-chinese on jieba's words: its scores, or the error it raises."""
    try:
        return rouge_chinese.Rouge(exclusive=exclusive).get_scores(_joined(hyp), _joined(ref))[0]
    except ValueError as e:
        return ("ValueError", str(e))


def _scorer(exclusive: bool, threads: int = 1) -> rk.RougeScorer:
    if exclusive:
        return rk.RougeScorer(profile="rouge-chinese-1.0.3", segmenter="jieba", threads=threads)
    profile = RougeChinese103(exclusive=False, segmenter="jieba")
    return rk.RougeScorer.from_config(ScorerConfig(TYPES, profile, threads))


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
@pytest.mark.parametrize("exclusive", [True, False])
def test_rouge_chinese_with_jieba_equals_the_call_it_replaces(
    pairs: list[tuple[str, str]], exclusive: bool
) -> None:
    """Every pair's r, p and f equal rouge-chinese's on the jieba-joined texts (0 differing
    floats); where the original raises (an empty or blank text), so does the profile."""
    want = [_original(h, r, exclusive) for h, r in pairs]
    scored = [i for i, w in enumerate(want) if isinstance(w, dict)]
    failing = [i for i, w in enumerate(want) if not isinstance(w, dict)]
    assert len(scored) >= 1000 and len(failing) >= 6
    scorer = _scorer(exclusive)
    batch = scorer.score_batch([pairs[i][0] for i in scored], [pairs[i][1] for i in scored])
    differing = 0
    for t, key in zip(TYPES, KEYS):
        for field, short in (("recall", "r"), ("precision", "p"), ("fmeasure", "f")):
            got = list(getattr(batch, field)(t))
            differing += sum(g != want[i][key][short] for g, i in zip(got, scored))
    assert differing == 0, f"{differing} of {9 * len(scored)} floats differ"
    for i in failing:
        hyp, ref = pairs[i]
        with pytest.raises(ValueError, match=r"pair 0: the (prediction|reference) is empty"):
            scorer.score_batch([hyp], [ref])


def test_whitespace_with_jieba_equals_whitespace_on_the_joined_words(
    pairs: list[tuple[str, str]],
) -> None:
    """``whitespace`` + ``segmenter="jieba"`` gives the ``whitespace`` profile's numbers on
    ``" ".join(jieba.cut(text))`` (real jieba), for every type (rougeLsum's lines too), and
    the same tokens."""
    types = ["rouge1", "rouge2", "rougeL", "rougeLsum", "rougeSU4"]
    hyps, refs = [h for h, _ in pairs], [r for _, r in pairs]
    got = rk.RougeScorer(types, profile="whitespace", segmenter="jieba").score_batch(hyps, refs)
    want = rk.RougeScorer(types, profile="whitespace").score_batch(
        [_joined(h) for h in hyps], [_joined(r) for r in refs]
    )
    for t in types:
        for field in ("precision", "recall", "fmeasure"):
            assert list(getattr(got, field)(t)) == list(getattr(want, field)(t)), (t, field)
    texts = hyps[:300]
    tokens = rk.tokenize(texts, profile="whitespace", segmenter="jieba")
    assert tokens == rk.tokenize([_joined(t) for t in texts], profile="whitespace")


def test_threads_and_one_pair_give_the_same_bits(pairs: list[tuple[str, str]]) -> None:
    ok = [(h, r) for h, r in pairs if _joined(h).strip() and _joined(r).strip()][:300]
    hyps, refs = [h for h, _ in ok], [r for _, r in ok]
    one = _scorer(True, 1).score_batch(hyps, refs)
    two = _scorer(True, 2).score_batch(hyps, refs)
    for t in TYPES:
        assert list(one.fmeasure(t)) == list(two.fmeasure(t))
    scorer = _scorer(True)
    hyp, ref = ok[3]
    assert scorer.score(hyp, ref)["rougeL"].fmeasure == one.fmeasure("rougeL")[3]


def test_option_signature_and_errors() -> None:
    zh = rk.RougeScorer(profile="rouge-chinese-1.0.3", segmenter="jieba")
    assert zh.config.profile.options() == {"segmenter": "jieba"}
    assert "segmenter='jieba'" in repr(zh)
    assert str(zh.signature()).endswith("|count:distinct|seg:jieba-0.42.1")
    ws = rk.RougeScorer(profile="whitespace", segmenter="jieba", stemmer="snowball:english")
    assert str(ws.signature()).endswith("|seed:no|seg:jieba-0.42.1")
    assert "seg:" not in str(rk.RougeScorer(profile="whitespace").signature())
    assert zh.tokenize("GPT-4o发布了。") == ["GPT", "-", "4o", "发布", "了", "。"]
    with pytest.raises(ValueError, match='unknown segmenter "thulac": the known segmenters are'):
        rk.RougeScorer(profile="whitespace", segmenter="thulac")
    with pytest.raises(TypeError, match="segmenter must be"):
        rk.RougeScorer(profile="rouge-chinese-1.0.3", segmenter=True)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="profiles that take it: whitespace, rouge-chinese"):
        rk.RougeScorer(profile="pltrdy-1.0.1", segmenter="jieba")


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``rougekit score --segmenter jieba``: the profile's numbers and signature; an unknown
    segmenter is one error line, exit 2."""
    from rougekit import cli

    pred, ref = tmp_path / "pred.txt", tmp_path / "ref.txt"
    hyps, refs = ["今天天气很好。GPT-4o发布了", "好的好的"], ["今天天气不错，GPT-4o发布", "好的"]
    pred.write_text("\n".join(hyps) + "\n", encoding="utf-8")
    ref.write_text("\n".join(refs) + "\n", encoding="utf-8")
    argv = ["score", "-p", str(pred), "-r", str(ref), "-f", "json", "--no-progress"]
    zh = ["--profile", "rouge-chinese-1.0.3", "--segmenter", "jieba"]
    assert cli.main([*argv, *zh]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["signature"].endswith("|seg:jieba-0.42.1")
    want = rouge_chinese.Rouge().get_scores(
        [_joined(h) for h in hyps], [_joined(r) for r in refs], avg=True
    )
    assert out["scores"]["rouge1"]["fmeasure"] == pytest.approx(want["rouge-1"]["f"], abs=1e-15)
    assert cli.main([*argv, "--profile", "whitespace", "--segmenter", "x"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        'rougekit: error: unknown --segmenter "x": the known segmenters are jieba, newmm, '
        "mecab-unidic-lite"
    ]
    assert cli.main([*argv, "--segmenter", "jieba"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rougekit: error: --segmenter cannot be set with the 'rouge-score'")


def test_signature_parses_back_to_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    from rougekit import cli

    signature = str(rk.RougeScorer(profile="rouge-chinese-1.0.3", segmenter="jieba").signature())
    assert cli.main(["signature", "--parse", signature, "-f", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["command"].endswith("--profile rouge-chinese-1.0.3 --segmenter jieba")
    assert out["notes"] == []
    assert out["settings"]["segmenter"] == "jieba-0.42.1"
    other = signature.replace("seg:jieba-0.42.1", "seg:jieba-0.39")
    assert cli.main(["signature", "--parse", other, "-f", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "--segmenter" not in out["command"]
    assert out["notes"][0].startswith("segmented by jieba-0.39, which rougekit")
