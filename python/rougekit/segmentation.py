"""Word segmentation for languages written without spaces: :func:`segment`.

``rougekit.segment(texts, "jieba")`` gives, word for word, what jieba 0.42.1's
``list(jieba.cut(text))`` gives (accurate mode, HMM on, jieba's bundled dictionary), from
the Rust core and without jieba installed: Chinese text can then be joined with spaces and
scored with the ``whitespace`` profile, as scripts that call jieba first do. The dictionary
is loaded on the first call (about 0.2 s and 37 MB, once per process).
``rougekit.segment(texts, "newmm")`` likewise gives the words of pythainlp 5.4.0's
``word_tokenize(text, engine="newmm")`` for Thai, with its bundled word list.
``rougekit.segment(texts, "mecab-unidic-lite")`` gives the words of MeCab's ``-Owakati`` for
Japanese (fugashi's ``Tagger("-Owakati")``) over the dictionary of the installed
``unidic-lite`` 1.0.8 (UniDic 2.1.2), which is read on the first call (about 260 MB, not
shipped with rougekit: ``pip install unidic-lite``).

(The module is not called ``segment``: importing a submodule sets the package attribute of
its name, which would hide the function ``rougekit.segment``.)
"""

from __future__ import annotations

import importlib
import importlib.metadata
import operator
import sys
from collections.abc import Sequence
from typing import Any, overload

import rougekit._core as _core
import rougekit.inputs as inputs
from rougekit.checks import resolve_threads

#: Each segmenter's id in the signature's ``seg`` field: the name and version of the
#: segmenter whose words it gives.
SEGMENTER_IDS = {
    "jieba": "jieba-0.42.1",
    "newmm": "newmm-pythainlp-5.4.0",
    "mecab-unidic-lite": "mecab-unidic-lite-1.0.8",
}


def segmenter_of(seg: str | None) -> str | None:
    """The ``segmenter=`` name of a signature's ``seg`` field (``jieba-0.42.1`` ->
    ``jieba``); ``None`` for none or one this version does not have."""
    names = [name for name, id_ in SEGMENTER_IDS.items() if id_ == seg]
    return names[0] if names else None


@overload
def segment(texts: str, segmenter: str, *, threads: int | None = None) -> list[str]: ...


@overload
def segment(texts: Any, segmenter: str, *, threads: int | None = None) -> list[list[str]]: ...


def segment(texts: Any, segmenter: str, *, threads: int | None = None) -> Any:
    """The words of ``texts`` by ``segmenter``: for one ``str`` a list of words, for a list
    (or any ordered collection) of ``str`` one list of words per text. Joined, a text's
    words give the text back: spaces, newlines and punctuation are words of their own.

    Args:
        texts: a ``str``, or a list of ``str``.
        segmenter: ``"jieba"``: jieba 0.42.1's ``jieba.cut(text)``, exactly; ``"newmm"``:
            pythainlp 5.4.0's ``word_tokenize(text, engine="newmm")``, exactly;
            ``"mecab-unidic-lite"``: the surfaces of MeCab's words (fugashi's
            ``[w.surface for w in Tagger("-Owakati")(text)]``) with unidic-lite 1.0.8's
            dictionary, exactly. MeCab's words hold no spaces (``SPACE`` characters
            before a word belong to none) and its text ends at the first U+0000.
        threads: worker threads for a list; ``None`` reads ``$ROUGEKIT_NUM_THREADS``, else
            every core this process may use.

    Raises:
        TypeError: ``texts`` is not a str or an ordered collection of str.
        ModuleNotFoundError: ``"mecab-unidic-lite"`` without unidic-lite installed.
        ValueError: an unknown segmenter (the message lists the known ones), a text with
            a lone surrogate, or (``"jieba"``) a jieba imported in this process whose
            dictionary was changed (``jieba.add_word``, ``load_userdict``...): rougekit's
            words would differ from that jieba's (see :func:`check_jieba_unchanged`).

    >>> segment("我来到北京清华大学", "jieba")
    ['我', '来到', '北京', '清华大学']
    >>> segment(["GPT-4o 发布了", "今天天气很好"], "jieba")
    [['GPT', '-', '4o', ' ', '发布', '了'], ['今天天气', '很', '好']]
    >>> segment("วรรณกรรม ภาพวาด", "newmm")
    ['วรรณกรรม', ' ', 'ภาพวาด']
    """
    workers = _prepare(segmenter, threads)
    if isinstance(texts, str):
        return _core.segment([inputs.text(texts, "texts")], segmenter, 1)[0]
    return _core.segment(inputs.ordered(texts, "texts"), segmenter, workers)


def segment_joined(
    texts: Sequence[str], segmenter: str, sep: str = " ", *, threads: int | None = None
) -> list[str]:
    """``[sep.join(words) for words in segment(texts, segmenter)]`` in one core call, with
    no Python string made per word: the ``" ".join(jieba.cut(text))`` step of the harnesses
    that segment before a whitespace scorer.

    >>> segment_joined(["我来到北京清华大学"], "jieba")
    ['我 来到 北京 清华大学']
    """
    workers = _prepare(segmenter, threads)
    return _core.segment_joined(inputs.ordered(texts, "texts"), segmenter, sep, workers)


def _prepare(segmenter: Any, threads: int | None) -> int:
    """Checks the segmenter's name, loads what it needs, and returns the worker count."""
    if not isinstance(segmenter, str):
        raise TypeError(f"segmenter must be a segmenter name (str), got {type(segmenter).__name__}")
    if segmenter == "jieba":
        check_jieba_unchanged()
    elif segmenter == "mecab-unidic-lite":
        load_unidic_lite()
    return resolve_threads(threads)


#: The unidic-lite release whose dictionary ``"mecab-unidic-lite"`` reads (UniDic 2.1.2).
UNIDIC_LITE_VERSION = "1.0.8"
#: Its name in signatures and messages.
UNIDIC_LITE = f"unidic-lite-{UNIDIC_LITE_VERSION}"


#: Whether this process loaded it (the core keeps it for the life of the process).
_unidic_lite_loaded = False


def load_unidic_lite() -> str:
    """Loads the dictionary of the installed unidic-lite for ``"mecab-unidic-lite"`` (once
    per process; about 0.5 s) and returns its name, ``"unidic-lite-1.0.8"``.

    Raises:
        ModuleNotFoundError: unidic-lite is not installed (``pip install unidic-lite``).
        ValueError: another unidic-lite release is installed (its words may differ), or a
            file of its dictionary is missing or broken.
    """
    global _unidic_lite_loaded
    if _unidic_lite_loaded:
        return UNIDIC_LITE
    try:
        unidic_lite = importlib.import_module("unidic_lite")
    except ImportError as err:
        raise ModuleNotFoundError(
            "the segmenter 'mecab-unidic-lite' reads the dictionary of the unidic-lite "
            f"package ({UNIDIC_LITE_VERSION}, UniDic 2.1.2), which is not installed: "
            f"pip install unidic-lite=={UNIDIC_LITE_VERSION}",
            name="unidic_lite",
        ) from err
    try:
        version = importlib.metadata.version("unidic-lite")
    except importlib.metadata.PackageNotFoundError:
        version = "unknown"
    if version != UNIDIC_LITE_VERSION:
        raise ValueError(
            f"the segmenter 'mecab-unidic-lite' reproduces unidic-lite {UNIDIC_LITE_VERSION}'s "
            f"dictionary, but unidic-lite {version} is installed: its words may differ "
            f"(pip install unidic-lite=={UNIDIC_LITE_VERSION})"
        )
    _core.load_mecab_dictionary(str(unidic_lite.DICDIR), UNIDIC_LITE)
    _unidic_lite_loaded = True
    return UNIDIC_LITE


#: jieba 0.42.1's default tokenizer once its bundled dictionary is loaded: the total
#: frequency, the entries (words and their prefixes) and the entries of frequency 0 (the
#: prefixes). A process whose ``jieba.dt`` holds other numbers changed the dictionary.
_JIEBA_DEFAULT = (60_101_967, 498_113, 149_068)
#: The state of ``jieba.dt`` last found unchanged (``id`` of its dictionary, total, size):
#: the count of zero entries is taken again only when one of those changes.
_jieba_seen: tuple[int, int, int] | None = None


def check_jieba_unchanged() -> None:
    """``ValueError`` when the process's own jieba has another dictionary than its bundled
    one (``jieba.add_word``, ``load_userdict``, ``set_dictionary``, ``del_word``,
    ``suggest_freq(..., tune=True)``): rougekit's jieba segmenter has jieba 0.42.1's bundled
    dictionary only, so its words would differ from that process's ``jieba.cut`` without a
    word said. A ``del_word`` made after the first check is not seen (its dictionary keeps
    its size and total)."""
    global _jieba_seen
    jieba = sys.modules.get("jieba")
    dt = getattr(jieba, "dt", None)
    if dt is None:
        return
    changed = None
    if getattr(dt, "dictionary", None) is not None:
        changed = f"jieba.set_dictionary({dt.dictionary!r})"
    elif getattr(dt, "user_word_tag_tab", None):
        changed = "words added with a tag (jieba.add_word or jieba.load_userdict)"
    elif getattr(dt, "initialized", False):
        freq = getattr(dt, "FREQ", None)
        if isinstance(freq, dict):
            key = (id(freq), getattr(dt, "total", 0), len(freq))
            if key != _jieba_seen:
                state = (key[1], key[2], operator.countOf(freq.values(), 0))
                if state != _JIEBA_DEFAULT:
                    changed = "jieba.add_word, load_userdict, del_word or suggest_freq"
                else:
                    _jieba_seen = key
    if changed is not None:
        raise ValueError(
            f"this process's jieba has another dictionary than its bundled one ({changed}): "
            "rougekit's segmenter='jieba' segments with jieba 0.42.1's bundled dictionary "
            "only, so its words would differ from jieba.cut's here. Score the texts you "
            "segmented with your jieba (' '.join(jieba.cut(text))) under profile='whitespace' "
            "or 'rouge-chinese-1.0.3' without segmenter=, or segment in a process whose "
            "jieba is unchanged"
        )
