"""rougekit: exact and fast ROUGE on a Rust core.

>>> import rougekit as rk
>>> scorer = rk.RougeScorer(types=("rouge1", "rougeL"))
>>> scorer.score("the cat sat", "the cat sat on the mat")["rouge1"].precision
1.0
"""

from rougekit._core import __version__
from rougekit.config import DEFAULT_TYPES, PROFILES, ScorerConfig
from rougekit.diagnostics import NoTokensWarning
from rougekit.evaluate import compute
from rougekit.perl_args import RougeConfig
from rougekit.results import BatchResult, CorpusResult, Score
from rougekit.scorer import RougeScorer
from rougekit.signature import Signature
from rougekit.signature import parse as parse_signature

__all__ = [
    "DEFAULT_TYPES",
    "PROFILES",
    "BatchResult",
    "CorpusResult",
    "NoTokensWarning",
    "RougeConfig",
    "RougeScorer",
    "Score",
    "ScorerConfig",
    "Signature",
    "__version__",
    "compute",
    "parse_signature",
]
