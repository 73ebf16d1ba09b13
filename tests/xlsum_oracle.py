"""XL-Sum's scorer (PyPI ``multilingual-rouge`` 0.0.1, installed by the test extra) as a test
oracle, made runnable offline:

* NLTK's stopword lists come from the copies rougekit embeds (``crates/rougekit-core/data/
  nltk-stopwords/<snapshot>``), put in a temporary ``nltk_data`` folder, one snapshot at a
  time (``use_stopwords``);
* the wheel lacks the Bengali stemmer's ``common.rules``: its ``BengaliStemmer`` is given
  the rule file rougekit ships (``crates/rougekit-core/data/bengali-stemmer``), which is
  what the scorer reads when the file is in place.
"""

from __future__ import annotations

import io
import shutil
import tempfile
import warnings
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "crates/rougekit-core/data"


@cache
def _nltk_root() -> Path:
    root = Path(tempfile.mkdtemp(prefix="rougekit-nltk-"))
    for snapshot in ("5db857e", "3a486db"):
        folder = root / snapshot / "corpora" / "stopwords"
        folder.mkdir(parents=True)
        for f in (DATA / "nltk-stopwords" / snapshot).iterdir():
            shutil.copy(f, folder / f.name)
    return root


def use_stopwords(snapshot: str) -> None:
    """Makes the oracle's NLTK stemmers read the stopword lists of ``snapshot``."""
    load()  # the first load selects the default snapshot: before, not after, this one
    _select(snapshot)


def _select(snapshot: str) -> None:
    import nltk
    import nltk.stem.snowball as snowball
    from nltk.corpus.reader import WordListCorpusReader

    root = _nltk_root() / snapshot
    if str(root) not in nltk.data.path:
        nltk.data.path.insert(0, str(root))
    folder = root / "corpora" / "stopwords"
    files = [f.name for f in folder.iterdir() if f.name != "README"]
    snowball.stopwords = WordListCorpusReader(str(folder), files)  # type: ignore[attr-defined]


#: A word whose stem sets the flag NLTK's Arabic stemmer object never resets (see
#: ``settle``).
ARABIC_SETTLING_WORD = "كتبته"


def scorer(types: list[str], *, use_stemmer: bool, lang: str | None) -> Any:
    """The original's ``RougeScorer``; for Arabic with its stemmer in the state it runs in
    after its first words: NLTK's ``ArabicStemmer`` keeps a flag once any word lost a verb
    suffix of step 1, and the scorer keeps one stemmer for all its calls. rougekit's
    ``nltk-snowball:arabic`` stems in that state."""
    if lang == "thai":
        # The original segments Thai with whatever pythainlp is installed; the profile
        # reproduces 5.4.0's newmm and word list.
        pythainlp = pytest.importorskip("pythainlp")
        if pythainlp.__version__ != "5.4.0":
            pytest.skip(f"Thai needs pythainlp 5.4.0 as the oracle, not {pythainlp.__version__}")
    made = load().RougeScorer(types, use_stemmer=use_stemmer, lang=lang)
    if use_stemmer and lang == "arabic":
        made._stemmer(ARABIC_SETTLING_WORD)
    return made


@cache
def load() -> ModuleType:
    """``multilingual_rouge.rouge_scorer``, runnable offline; skips the test without it."""
    warnings.filterwarnings("ignore", module="multilingual_rouge")
    try:
        import multilingual_rouge.rouge_scorer as rouge_scorer
        import multilingual_rouge.stemmers as stemmers
        from multilingual_rouge.bengali_stemmer import RafiStemmer
    except ImportError as e:  # pragma: no cover - the test extra installs it
        pytest.skip(f"multilingual-rouge 0.0.1 is not installed ({e})")
    rules = (DATA / "bengali-stemmer" / "common.rules").read_text(encoding="utf-8")

    def bengali(self: Any) -> None:
        self.stemmer = RafiStemmer(io.StringIO(rules))

    stemmers.BengaliStemmer.__init__ = bengali  # type: ignore[method-assign]
    _select("5db857e")
    return rouge_scorer
