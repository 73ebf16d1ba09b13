"""The harnesses' text steps, each written from the behaviour it reproduces (cited), over
a whole list of texts: a step that calls the core (jieba) runs once per batch."""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Iterator

_SPACES = re.compile(r"\s+")
_CONTROL = re.compile(r"[\x00-\x1f]")
_CUT = re.compile(r"[\n.,]")
_NOT_WORD = re.compile(r"[^\w\s]")
_ARTICLES = re.compile(r"\b(a|an|the)\b", re.IGNORECASE)
_CHINESE = re.compile("[\u4e00-\u9fa5]")
_SEPARATORS = re.compile("[\x1c-\x1f]")
#: jieba's words by text while :func:`shared_jieba` is active (``identify`` runs several
#: recipes that segment the same texts); each text is segmented on its own, so a text's
#: words do not depend on the texts beside it.
_jieba_seen: dict[str, str] | None = None


@contextlib.contextmanager
def shared_jieba() -> Iterator[None]:
    """Within the block, :func:`jieba_words` segments each distinct text once."""
    global _jieba_seen
    outer = _jieba_seen
    _jieba_seen = {} if outer is None else outer
    try:
        yield
    finally:
        _jieba_seen = outer


def collapse_spaces(texts: list[str]) -> list[str]:
    """lm-eval's cnn_dailymail ``normalize_text``: every run of whitespace one space, then
    stripped (so rougeL, the only LCS type it scores, sees one line)."""
    # str.split() and re's \s (str patterns) share one definition of whitespace
    # (Py_UNICODE_ISSPACE), and the join is both the collapse and the strip.
    return [" ".join(t.split()) for t in texts]


def strip(texts: list[str]) -> list[str]:
    """``text.strip()`` (lm-eval's longbench ``results[0].strip()``)."""
    return [t.strip() for t in texts]


def control_to_space(texts: list[str]) -> list[str]:
    """lm-eval's infinitebench ``postprocess_prediction``: stripped, every character
    U+0000-U+001F (newlines too) a space, stripped again."""
    return [_CONTROL.sub(" ", t.strip()).strip() for t in texts]


def truthfulqa_sentences(texts: list[str]) -> list[str]:
    """lm-eval's truthfulqa ``_prepare_summary``: ``" . "`` becomes ``".\\n"`` (rougeLsum's
    sentence breaks)."""
    return [t.replace(" . ", ".\n") for t in texts]


def first_line(texts: list[str]) -> list[str]:
    """LongBench's ``eval.py`` for trec, triviaqa, samsum and lsht: the prediction's first
    line after leading newlines."""
    return [t.lstrip("\n").split("\n")[0] for t in texts]


def jieba_words(texts: list[str]) -> list[str]:
    """``" ".join(jieba.cut(text))`` with rougekit's jieba 0.42.1 (one core call)."""
    from rougekit.segmentation import segment_joined

    seen = _jieba_seen
    if seen is None:
        return segment_joined(texts, "jieba")
    new = list(dict.fromkeys(t for t in texts if t not in seen))
    if new:
        seen.update(zip(new, segment_joined(new, "jieba")))
    return [seen[t] for t in texts]


def general_postprocess(texts: list[str]) -> list[str]:
    """OpenCompass's ``general_postprocess`` (``opencompass/utils/text_postprocessors.py``):
    the text before the first newline, ``.`` or ``,``; characters that are neither word
    characters nor whitespace removed; the words a, an, the removed (any case); whitespace
    runs one space, stripped."""
    out = []
    for text in texts:
        text = _CUT.split(text, maxsplit=1)[0]
        text = _ARTICLES.sub("", _NOT_WORD.sub("", text))
        out.append(_SPACES.sub(" ", text).strip())
    return out


def code_points(texts: list[str]) -> list[list[int]]:
    """HELM's ``ChineseTokenizer`` (CLEVA): every code point a token, spaces and punctuation
    included, nothing lower-cased; as ids for the token-ids profile."""
    return [[ord(c) for c in t] for t in texts]


def longbench_limit(frames: int) -> Callable[[list[str], list[str]], list[bool]]:
    """The pairs LongBench scores 0 beyond the empty ones: those whose ROUGE-L backtrack
    in rouge 1.0.1 recurses past ``sys.getrecursionlimit()`` with ``frames`` frames below
    (``eval.py``'s call site: 9 for ``rouge_score``, 10 for ``rouge_zh_score``), where its
    bare ``except`` turns the ``RecursionError`` into 0."""

    def zero(hyps: list[str], refs: list[str]) -> list[bool]:
        from rougekit.compat.pltrdy import recursion_depths

        limit = sys.getrecursionlimit() - frames
        return [not 0 < d <= limit for d in recursion_depths(hyps, refs)]

    return zero


def jieba_if_chinese(texts: list[str]) -> list[str]:
    """evalscope's ``compute_rouge_score_one_sample_zh``: ``" ".join(jieba.cut(text))`` for
    a text with a character in U+4E00-U+9FA5 (its ``is_contains_chinese``), others as they
    are."""
    chinese = [i for i, t in enumerate(texts) if _CHINESE.search(t)]
    out = list(texts)
    for i, words in zip(chinese, jieba_words([texts[i] for i in chinese])):
        out[i] = words
    return out


def split_separators(texts: list[str]) -> list[str]:
    """U+001C-U+001F (the file, group, record and unit separators) made spaces: Python's
    ``str.split()`` splits at them (``str.isspace`` is true for them), the ``whitespace``
    profile (Unicode ``White_Space``) does not; every other character splits alike in both.
    With this step the profile's tokens are ``text.split()``'s (evalscope's
    ``DummyTokenizer``)."""
    return [_SEPARATORS.sub(" ", t) for t in texts]
