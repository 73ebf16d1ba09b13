"""``multilingual_rouge.scoring``: rouge-score's, which the original copies unchanged."""

from rougekit.compat.scoring import (
    AggregateScore,
    BaseScorer,
    BootstrapAggregator,
    Score,
    fmeasure,
)

__all__ = ["AggregateScore", "BaseScorer", "BootstrapAggregator", "Score", "fmeasure"]
