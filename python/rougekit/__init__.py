"""rougekit: exact and fast ROUGE on a Rust core.

>>> import rougekit as rk
>>> scorer = rk.RougeScorer(types=("rouge1", "rougeL"))
>>> scorer.score("the cat sat", "the cat sat on the mat")["rouge1"].precision
1.0
"""

from __future__ import annotations

# Not `typing.TYPE_CHECKING`: importing `typing` here would delay every entry point,
# `rougekit perl`'s start-up among them (type checkers treat this name the same way).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    import rougekit.sentences as sentences
    from rougekit._core import __version__
    from rougekit.aggregate import CorpusAccumulator
    from rougekit.config import DEFAULT_TYPES, PROFILES, ScorerConfig
    from rougekit.diagnostics import NonAsciiWarning, NoSentencesWarning, NoTokensWarning
    from rougekit.duplicates import DedupResult, dedup
    from rougekit.errors import RougekitError
    from rougekit.evaluate import compute
    from rougekit.explain.model import Explanation
    from rougekit.identify import identify
    from rougekit.pairs import mbr, nearest, pairwise
    from rougekit.profiles.perl155.rouge_config import RougeConfig
    from rougekit.results import BatchResult, CorpusResult, Score
    from rougekit.scorer import RougeScorer
    from rougekit.segmentation import segment
    from rougekit.signature import Signature
    from rougekit.signature import parse as parse_signature
    from rougekit.text import stem, tokenize

# The public names, imported on first use (PEP 562): ``rougekit perl`` and ``import
# rougekit.compat`` then start without loading the scorer, results and report modules.
_LAZY: dict[str, tuple[str, str | None]] = {
    # Even the core is loaded on first use: the `rougekit` command's entry point imports
    # this package before it can handle Ctrl-C, so the package's own import is kept empty.
    "__version__": ("rougekit._core", "__version__"),
    "DEFAULT_TYPES": ("rougekit.config", "DEFAULT_TYPES"),
    "PROFILES": ("rougekit.config", "PROFILES"),
    "ScorerConfig": ("rougekit.config", "ScorerConfig"),
    "NoTokensWarning": ("rougekit.diagnostics", "NoTokensWarning"),
    "NoSentencesWarning": ("rougekit.diagnostics", "NoSentencesWarning"),
    "NonAsciiWarning": ("rougekit.diagnostics", "NonAsciiWarning"),
    "RougekitError": ("rougekit.errors", "RougekitError"),
    "compute": ("rougekit.evaluate", "compute"),
    "identify": ("rougekit.identify", "identify"),
    "Explanation": ("rougekit.explain.model", "Explanation"),
    "RougeConfig": ("rougekit.profiles.perl155.rouge_config", "RougeConfig"),
    "BatchResult": ("rougekit.results", "BatchResult"),
    "CorpusResult": ("rougekit.results", "CorpusResult"),
    "Score": ("rougekit.results", "Score"),
    "RougeScorer": ("rougekit.scorer", "RougeScorer"),
    "Signature": ("rougekit.signature", "Signature"),
    "parse_signature": ("rougekit.signature", "parse"),
    "tokenize": ("rougekit.text", "tokenize"),
    "stem": ("rougekit.text", "stem"),
    "segment": ("rougekit.segmentation", "segment"),
    # A module: `rk.sentences.punkt(text)` without importing it first.
    "sentences": ("rougekit.sentences", None),
    "CorpusAccumulator": ("rougekit.aggregate", "CorpusAccumulator"),
    "pairwise": ("rougekit.pairs", "pairwise"),
    "nearest": ("rougekit.pairs", "nearest"),
    "mbr": ("rougekit.pairs", "mbr"),
    "dedup": ("rougekit.duplicates", "dedup"),
    "DedupResult": ("rougekit.duplicates", "DedupResult"),
}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module 'rougekit' has no attribute {name!r}")
    import importlib

    module, attribute = _LAZY[name]
    imported = importlib.import_module(module)
    value = imported if attribute is None else getattr(imported, attribute)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "DEFAULT_TYPES",
    "PROFILES",
    "BatchResult",
    "CorpusAccumulator",
    "CorpusResult",
    "DedupResult",
    "Explanation",
    "NoSentencesWarning",
    "NoTokensWarning",
    "NonAsciiWarning",
    "RougeConfig",
    "RougeScorer",
    "RougekitError",
    "Score",
    "ScorerConfig",
    "Signature",
    "__version__",
    "compute",
    "dedup",
    "identify",
    "mbr",
    "nearest",
    "pairwise",
    "parse_signature",
    "segment",
    "sentences",
    "stem",
    "tokenize",
]
