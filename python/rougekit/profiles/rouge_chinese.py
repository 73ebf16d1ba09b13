"""The ``rouge-chinese-1.0.3`` profile: PyPI ``rouge-chinese`` 1.0.3 (``from rouge_chinese
import Rouge``), the scorer of LLaMA-Factory, ChatGLM's fine-tuning scripts and
OpenCompass, bit for bit.

It is pltrdy's ``rouge`` 1.0.1 (see :mod:`rougekit.profiles.pltrdy`) with two changes:

* sentences end after the ideographic full stop, the fullwidth and ASCII question marks and
  the fullwidth exclamation mark (U+3002, U+FF1F, ``?``, U+FF01) unless a closing quote
  follows, after ``......`` and two U+2026, and at every newline (its ``cut_sent`` regular
  expressions); ``.`` is no boundary;
* ROUGE-L is the LCS of the whole token lists over the token counts (clipped counts, whatever
  ``exclusive`` says), while ROUGE-N still counts distinct n-grams by default.

Empty and whitespace-only texts are a ``ValueError``, as there. It does no word segmentation:
as with the original, pass text segmented by spaces (``" ".join(jieba.cut(text))``); raw
Chinese text is one token per sentence. Drop-in: :mod:`rougekit.compat.rouge_chinese`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rougekit.profiles.pltrdy import PltrdyFamily


@dataclass(frozen=True)
class RougeChinese103(PltrdyFamily):
    """rouge-chinese 1.0.3, bit for bit (LLaMA-Factory, ChatGLM, OpenCompass)."""

    NAME: ClassVar[str] = "rouge-chinese-1.0.3"
    SUMMARY: ClassVar[str] = (
        "rouge-chinese 1.0.3 (LLaMA-Factory, ChatGLM, OpenCompass) on space-segmented text, "
        "bit for bit"
    )
    PACKAGE: ClassVar[str] = "rouge-chinese 1.0.3"
