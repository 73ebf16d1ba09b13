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

Empty and whitespace-only texts are a ``ValueError``, as there (``on_empty="zero"``: scores
0, as LLaMA-Factory and OpenCompass give them). Like the original it does no
word segmentation by default: pass text segmented by spaces (``" ".join(jieba.cut(text))``);
raw Chinese text is one token per sentence. With ``segmenter="jieba"`` it segments each text
itself, the whole batch in Rust, and gives exactly
``Rouge().get_scores(" ".join(jieba.cut(hyp)), " ".join(jieba.cut(ref)))`` of jieba 0.42.1
(the call of LLaMA-Factory, ChatGLM, OpenCompass and evalscope). Drop-in:
:mod:`rougekit.compat.rouge_chinese`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import rougekit._core as _core
from rougekit.profiles import CoreScorer
from rougekit.profiles.pltrdy import PltrdyFamily
from rougekit.profiles.whitespace import segmenter_fields, segmenter_name
from rougekit.segmentation import check_jieba_unchanged


@dataclass(frozen=True)
class RougeChinese103(PltrdyFamily):
    """rouge-chinese 1.0.3, bit for bit (LLaMA-Factory, ChatGLM, OpenCompass)."""

    NAME: ClassVar[str] = "rouge-chinese-1.0.3"
    SUMMARY: ClassVar[str] = (
        "rouge-chinese 1.0.3 (LLaMA-Factory, ChatGLM, OpenCompass) on space-segmented text, "
        "bit for bit"
    )
    PACKAGE: ClassVar[str] = "rouge-chinese 1.0.3"
    OPTIONS: ClassVar[tuple[str, ...]] = ("segmenter", "on_empty")

    #: ``"jieba"``: each text is segmented by jieba 0.42.1 and its words joined with spaces
    #: first; ``None``: texts are scored as given.
    segmenter: str | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "segmenter", segmenter_name(self.segmenter))

    @classmethod
    def from_options(cls, **options: Any) -> RougeChinese103:
        return cls(segmenter=options.get("segmenter"), on_empty=options.get("on_empty", "raise"))

    def scorer(self, types: Sequence[str], threads: int) -> CoreScorer:
        scorer: CoreScorer = _core.PltrdyScorer(
            self.NAME,
            list(types),
            exclusive=self.exclusive,
            threads=threads,
            segmenter=self.segmenter,
            on_empty=self.on_empty,
        )
        return scorer

    def signature_fields(self) -> dict[str, str]:
        return {**super().signature_fields(), **segmenter_fields(self.segmenter)}

    def before_scoring(self) -> None:
        if self.segmenter == "jieba":
            check_jieba_unchanged()

    def options(self) -> dict[str, Any]:
        out = super().options()
        if self.segmenter is not None:
            out["segmenter"] = self.segmenter
        return out

    def tokenize(self, text: str) -> list[str]:
        if self.segmenter is not None:
            text = _core.segment_joined([text], self.segmenter, " ", 1)[0]
        return super().tokenize(text)
