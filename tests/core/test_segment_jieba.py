"""``rougekit.segment(texts, "jieba")`` against jieba 0.42.1's ``list(jieba.cut(text))``.

The oracle is the real jieba 0.42.1 (a test dependency): it segments every real Chinese text
shipped in ``tests/data/zh-texts.jsonl`` and in the shared data, plus 2,400 texts generated
from a fixed seed (``jieba_texts.py``: jieba's own words and characters mixed with the cases
it treats specially). The shipped file also holds jieba's words, so the same texts are
checked where jieba is not installed.
"""

from __future__ import annotations

import json
import logging
import math
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import rougekit as rk
from conftest import REPO, SHARED_DATA, TEST_DATA, shared_available
from jieba_texts import REAL_TEXTS, generated_texts, real_texts
from rougekit.segmentation import segment_joined

HMM_MODEL = REPO / "crates/rougekit-core/data/jieba/hmm.model"
GENERATED = 2400


@pytest.fixture(scope="module")
def jieba() -> Any:
    module = pytest.importorskip("jieba", reason="jieba 0.42.1 (the test oracle) is not installed")
    assert module.__version__ == "0.42.1", "the oracle is jieba 0.42.1 (pyproject's test extra)"
    module.setLogLevel(logging.WARNING)
    module.initialize()
    return module


def _differences(texts: list[str], ours: list[list[str]], theirs: list[list[str]]) -> list[str]:
    """A readable line for each text whose words differ: the first different words."""
    lines = []
    for text, a, b in zip(texts, ours, theirs, strict=True):
        if a != b:
            k = next(i for i, (x, y) in enumerate(zip([*a, None], [*b, None])) if x != y)
            lines.append(
                f"{text[:60]!r}: rougekit {a[max(0, k - 2) : k + 3]} jieba {b[k - 2 : k + 3]}"
            )
    return lines


def _check(jieba: Any, texts: list[str]) -> None:
    ours = rk.segment(texts, "jieba")
    theirs = [list(jieba.cut(t)) for t in texts]
    bad = _differences(texts, ours, theirs)
    assert not bad, f"{len(bad)} of {len(texts)} texts differ from jieba:\n" + "\n".join(bad[:10])


# ---------------------------------------------------------------------------------------------
# Exactness


def test_shipped_texts_give_jiebas_recorded_words() -> None:
    """The real texts and hand-written hard cases of tests/data, with the words jieba 0.42.1
    gave for them: runs without jieba installed."""
    rows = [json.loads(line) for line in REAL_TEXTS.read_text(encoding="utf-8").splitlines()]
    assert len(rows) > 100
    texts = [row["text"] for row in rows]
    expected = [row["jieba"] for row in rows]
    assert not _differences(texts, rk.segment(texts, "jieba"), expected)
    assert [rk.segment(t, "jieba") for t in texts] == expected


def test_shipped_texts_against_jieba(jieba: Any) -> None:
    _check(jieba, real_texts())


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
def test_generated_texts_against_jieba(jieba: Any) -> None:
    """2,400 generated hard cases (about 375,000 characters), 0 differences."""
    texts = generated_texts(GENERATED)
    assert sum(map(len, texts)) > 300_000
    _check(jieba, texts)


def _shared_chinese_texts(root: Path) -> Iterator[str]:
    for path in sorted(root.rglob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else {}
            candidates = [row.get("text"), row.get("prediction"), *row.get("references", [])]
            for text in candidates:
                if isinstance(text, str) and any("\u4e00" <= c <= "\u9fff" for c in text):
                    yield text
                    yield text.replace(" ", "")  # as a user would give it to jieba
    for path in sorted(root.rglob("chinese")):  # NLTK's Chinese stopword list
        words = path.read_text(encoding="utf-8").split()
        yield from words
        yield "".join(words)


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
def test_every_chinese_text_of_the_data_against_jieba(jieba: Any) -> None:
    # The shipped corpora (their Chinese samples), and the whole shared folder when present.
    root = SHARED_DATA if shared_available() else TEST_DATA / "corpora"
    texts = list(_shared_chinese_texts(root))
    assert len(texts) >= 20
    _check(jieba, texts)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # finalseg's ASCII rule: [a-zA-Z0-9]+(?:\.\d+)?%? (jieba-rs joins across - . _)
        ("新冠COVID-19疫情", ["新冠", "COVID", "-", "19", "疫情"]),
        ("发布GPT-4o模型", ["发布", "GPT", "-", "4o", "模型"]),
        ("e-mail地址", ["e", "-", "mail", "地址"]),
        ("U.S.经济", ["U", ".", "S", ".", "经济"]),
        ("版本v1.2.3", ["版本", "v1.2", ".", "3"]),
        ("增长3.5%", ["增长", "3.5%"]),
        # only U+4E00..U+9FD5 are Chinese to jieba (jieba-rs joins these pairs)
        ("中\u9fd6\u9fd7国", ["中", "\u9fd6", "\u9fd7", "国"]),
        ("㐀㐁", ["㐀", "㐁"]),
        ("𠀀𠀁", ["𠀀", "𠀁"]),
        # the HMM's unrounded probabilities (jieba-rs's table is rounded to 6 decimals)
        ("勇郎並疲俏艦", ["勇郎", "並疲俏", "艦"]),
        ("暑悖师亭逊石", ["暑悖", "师亭", "逊石"]),
        # each other character is a word, "\r\n" one word
        ("a\r\n\r\rb  c", ["a", "\r\n", "\r", "\r", "b", " ", " ", "c"]),
        ("", []),
    ],
)
def test_where_jieba_rs_alone_differs(text: str, words: list[str]) -> None:
    assert rk.segment(text, "jieba") == words


#: Dictionary words in a row where the route's first choice is a tie to the last bits of a
#: double, decided by the dictionary's total (jieba counts dict.txt's duplicated line twice;
#: jieba-rs alone gives 调移, 调). Found by searching random runs of dictionary words.
TOTAL_WITNESS = (
    "调移调草满囹圄试不破屈死库洛赫双频姓埋涩论坛排计有畏面窝利式孙子第一队嫌疑安贞里测探城争和切尔诺月盈则食壮气凌云久违怪石蓝色兴县监管者仙初盖国秘而不露动施法地覆"
    "天海兰察尔流首尾两端较往瞽言妄举二载匪方闪电结婚成割让势头如回来肉臭象戒心目不设注水常家庭事务鱼类海西期籁网凤凰广庭尿前中小龚伟强凡退上横传丰中扇动金克村其师梅"
    "利利穿孔纸万烟谷炉渣砖跟踪两面角张珏任众心成城诱惑写侣无双食品业者特伦特彰化市豪游仙项目浦菲黑眉乌嘴好出子谈叶子摆姿势竹棒岁罗铃野察北陆海荣新华唵一定不移能"
)


def test_the_dictionary_total_is_jiebas() -> None:
    assert rk.segment(TOTAL_WITNESS, "jieba")[:3] == ["调", "移调", "草满囹圄"]


def test_the_dictionary_total_is_jiebas_against_jieba(jieba: Any) -> None:
    _check(jieba, [TOTAL_WITNESS])


def test_shipped_hmm_model_holds_jiebas_numbers(jieba: Any) -> None:
    """The embedded HMM tables are jieba 0.42.1's, float for float."""
    from jieba.finalseg import prob_emit, prob_start, prob_trans

    lines = [ln for ln in HMM_MODEL.read_text(encoding="utf-8").splitlines() if ln[:1] != "#"]
    states = "BEMS"
    assert [float(x) for x in lines[0].split()] == [prob_start.P[s] for s in states]
    for row, a in zip(lines[1:5], states, strict=True):
        got = [float(x) for x in row.split()]
        assert got == [prob_trans.P[a].get(b, -3.14e100) for b in states]
    for row, s in zip(lines[5:9], states, strict=True):
        pairs = (item.rsplit(":", 1) for item in row.split(","))
        assert {c: float(p) for c, p in pairs} == prob_emit.P[s]
    assert len(lines) == 9


# ---------------------------------------------------------------------------------------------
# The API


def test_one_text_or_a_batch() -> None:
    assert rk.segment("我来到北京清华大学", "jieba") == ["我", "来到", "北京", "清华大学"]
    texts = ["今天天气很好", "", "GPT-4o 来了"]
    expected = [["今天天气", "很", "好"], [], ["GPT", "-", "4o", " ", "来", "了"]]
    assert rk.segment(texts, "jieba") == expected
    assert rk.segment(tuple(texts), "jieba") == expected
    assert rk.segment(iter(texts), "jieba", threads=1) == expected
    assert rk.segment([], "jieba") == []


def test_words_join_to_the_text_and_threads_agree(jieba: Any) -> None:
    texts = generated_texts(300, seed=7)  # built from jieba's vocabulary
    one = rk.segment(texts, "jieba", threads=1)
    assert rk.segment(texts, "jieba", threads=2) == one
    assert ["".join(words) for words in one] == texts


def test_joined_words_are_the_words_joined() -> None:
    texts = [*generated_texts(300, seed=11), "", "GPT-4o 来了"]
    words = rk.segment(texts, "jieba", threads=1)
    for sep in (" ", "", "|\u3000"):
        joined = segment_joined(texts, "jieba", sep, threads=2)
        assert joined == [sep.join(w) for w in words]
    assert segment_joined(texts, "jieba", threads=1) == [" ".join(w) for w in words]
    assert segment_joined([], "jieba") == []
    with pytest.raises(TypeError, match="must be a list of str"):
        segment_joined("文本", "jieba")
    with pytest.raises(TypeError, match=r"texts\[1\] must be str, got int"):
        segment_joined(["a", 3], "jieba")  # type: ignore[list-item]
    with pytest.raises(ValueError, match='unknown segmenter "thulac"'):
        segment_joined(["文本"], "thulac")


@pytest.mark.parametrize(
    ("texts", "segmenter", "error", "message"),
    [
        ("文本", "thulac", ValueError, "unknown segmenter 'thulac'|known segmenters are jieba"),
        ("文本", "Jieba", ValueError, "known segmenters are jieba"),
        ("文本", None, TypeError, "segmenter must be a segmenter name"),
        (["a", 3], "jieba", TypeError, r"texts\[1\] must be str, got int"),
        (["a", "\ud800"], "jieba", ValueError, r"texts\[1\] is not valid Unicode text"),
        ("\udfff", "jieba", ValueError, "not valid Unicode text"),
        (b"bytes", "jieba", TypeError, "must be a list of str"),
        ({"a", "b"}, "jieba", TypeError, "ordered sequence"),
        (5, "jieba", TypeError, "ordered sequence"),
    ],
)
def test_bad_arguments(texts: Any, segmenter: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        rk.segment(texts, segmenter)


def test_bad_thread_counts() -> None:
    with pytest.raises(ValueError, match="threads must be an integer from 1"):
        rk.segment(["文本"], "jieba", threads=0)
    with pytest.raises(TypeError):
        rk.segment(["文本"], "jieba", threads=math.pi)  # type: ignore[arg-type]


def test_exported_from_the_package() -> None:
    assert "segment" in rk.__all__
    import rougekit.segmentation

    assert rk.segment is rougekit.segmentation.segment


INTERRUPT_CHILD = """
import resource, sys
import rougekit as rk

resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))  # if the signal were ignored
texts = ["我来到北京清华大学" * 30_000] * 1_000  # about 40 s of work on one thread
print("ready", flush=True)
try:
    rk.segment(texts, "jieba", threads=int(sys.argv[1]))
except KeyboardInterrupt:
    print("interrupted", flush=True)
else:
    print("finished", flush=True)
"""


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT delivery")
@pytest.mark.parametrize("threads", [1, 2])
def test_ctrl_c_stops_a_long_batch(threads: int) -> None:
    """SIGINT raises KeyboardInterrupt while the batch is being segmented; a batch that
    ignored it would run past the timeout (and fail the test, not hang it)."""
    child = subprocess.Popen(
        [sys.executable, "-c", INTERRUPT_CHILD, str(threads)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        time.sleep(1.0)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=30)
    finally:
        child.kill()
        child.wait()
    assert out.strip() == "interrupted", err


CHANGED_JIEBA = """
import jieba, rougekit as rk, tempfile
jieba.setLogLevel(60)
text = "我来到北京清华大学"
scorers = [rk.RougeScorer(["rouge1"], profile="whitespace", segmenter="jieba"),
           rk.RougeScorer(["rouge1"], profile="rouge-chinese-1.0.3", segmenter="jieba"),
           rk.RougeScorer(["rouge1"], profile="xlsum-v1", language="chinese")]
calls = [lambda: rk.segment(text, "jieba"), lambda: rk.segment([text], "jieba")]
calls += [lambda s=s: s.score(text, text) for s in scorers]
calls += [lambda s=s: s.score_batch([text], [text]) for s in scorers]
calls += [lambda s=s: s.explain(text, text) for s in scorers]
def outcomes():
    out = []
    for call in calls:
        try:
            call()
            out.append("ok")
        except ValueError as e:
            out.append("refused" if "another dictionary than its bundled one" in str(e) else str(e))
    return " ".join(sorted(set(out)))
print(outcomes())  # jieba imported, dictionary not loaded
jieba.{change}; print(outcomes())
"""


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
@pytest.mark.parametrize(
    "change",
    [
        "add_word('清华大')",
        "del_word('北京')",
        "add_word('清华大', tag='nt')",
        "suggest_freq(('清华', '大学'), tune=True)",
        "load_userdict(tempfile.NamedTemporaryFile('w', suffix='.txt', delete=False).name)",
        "set_dictionary(jieba.get_dict_file().name)",
    ],
)
def test_a_changed_jieba_in_the_process_is_refused(jieba: Any, change: str) -> None:
    # rougekit's segmenter has jieba's bundled dictionary only: after jieba.add_word (or a
    # user dictionary) its words silently differed from this process's jieba.cut.
    code = CHANGED_JIEBA.replace("{change}", change)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    assert lines[0] == "ok", run.stdout
    # An empty user dictionary changes nothing, and so is not refused.
    assert lines[1] == ("ok" if change.startswith("load_userdict") else "refused"), run.stdout


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
def test_an_unchanged_jieba_in_the_process_is_fine(jieba: Any) -> None:
    code = CHANGED_JIEBA.replace("jieba.{change}", "jieba.initialize()")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.splitlines() == ["ok", "ok"]
