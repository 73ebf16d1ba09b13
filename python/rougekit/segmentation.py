"""Word segmentation for languages written without spaces: :func:`segment`.

``rougekit.segment(texts, "jieba")`` gives, word for word, what jieba 0.42.1's
``list(jieba.cut(text))`` gives (accurate mode, HMM on, jieba's bundled dictionary), from
the Rust core and without jieba installed: Chinese text can then be joined with spaces and
scored with the ``whitespace`` profile, as scripts that call jieba first do. The dictionary
is loaded on the first call (about 0.2 s and 37 MB, once per process).
``rougekit.segment(texts, "newmm")`` likewise gives the words of pythainlp 5.4.0's
``word_tokenize(text, engine="newmm")`` for Thai, with its bundled word list.

(The module is not called ``segment``: importing a submodule sets the package attribute of
its name, which would hide the function ``rougekit.segment``.)
"""

from __future__ import annotations

from typing import Any, overload

import rougekit._core as _core
import rougekit.inputs as inputs
from rougekit.checks import resolve_threads


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
            pythainlp 5.4.0's ``word_tokenize(text, engine="newmm")``, exactly.
        threads: worker threads for a list; ``None`` reads ``$ROUGEKIT_NUM_THREADS``, else
            every core this process may use.

    Raises:
        TypeError: ``texts`` is not a str or an ordered collection of str.
        ValueError: an unknown segmenter (the message lists the known ones), or a text with
            a lone surrogate.

    >>> segment("我来到北京清华大学", "jieba")
    ['我', '来到', '北京', '清华大学']
    >>> segment(["GPT-4o 发布了", "今天天气很好"], "jieba")
    [['GPT', '-', '4o', ' ', '发布', '了'], ['今天天气', '很', '好']]
    >>> segment("วรรณกรรม ภาพวาด", "newmm")
    ['วรรณกรรม', ' ', 'ภาพวาด']
    """
    if not isinstance(segmenter, str):
        raise TypeError(f"segmenter must be a segmenter name (str), got {type(segmenter).__name__}")
    workers = resolve_threads(threads)
    if isinstance(texts, str):
        return _core.segment([inputs.text(texts, "texts")], segmenter, 1)[0]
    return _core.segment(inputs.ordered(texts, "texts"), segmenter, workers)
