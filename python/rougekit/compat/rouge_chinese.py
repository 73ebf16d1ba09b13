"""Drop-in replacement for ``rouge-chinese`` 1.0.3 (PyPI ``rouge-chinese``; the scorer of
LLaMA-Factory, ChatGLM's fine-tuning scripts and OpenCompass).

Change ``from rouge_chinese import Rouge`` to ``from rougekit.compat.rouge_chinese import
Rouge``: the API of :mod:`rougekit.compat.pltrdy` (rouge-chinese is a fork of pltrdy's
``rouge`` 1.0.1) with rouge-chinese's rules and numbers, bit for bit (profile
``rouge-chinese-1.0.3``): sentences end after the ideographic full stop, the fullwidth and
ASCII question marks and the fullwidth exclamation mark (U+3002, U+FF1F, ``?``, U+FF01) and
at newlines (``Rouge.cut_sent``); ROUGE-L is the LCS of the whole token lists; an empty or
whitespace-only text raises ``ValueError: Hypothesis is empty.`` (a text of dots does not).

Like the original it does no word segmentation: pass ``" ".join(jieba.cut(text))``.
"""

from __future__ import annotations

from typing import ClassVar

import rougekit._core as _core
import rougekit.compat._pltrdy_family as _pltrdy_family

__all__ = ["FilesRouge", "Rouge"]


class Rouge(_pltrdy_family.Rouge):
    __doc__ = _pltrdy_family.Rouge.__doc__
    _PROFILE: ClassVar[str] = "rouge-chinese-1.0.3"

    def cut_sent(self, para: str) -> list[str]:
        """rouge-chinese's sentence split: a newline after U+3002, U+FF1F, ``?`` or U+FF01
        unless a closing quote follows, after ``......`` and two U+2026, and after such
        punctuation followed by a closing quote; then trailing whitespace stripped and the
        text split at newlines."""
        return _core.pltrdy_pieces(para, self._PROFILE)


class FilesRouge(_pltrdy_family.FilesRouge):
    __doc__ = _pltrdy_family.FilesRouge.__doc__
    _ROUGE: ClassVar[type[_pltrdy_family.Rouge]] = Rouge
