"""ROUGE by rougekit, as a Hugging Face ``evaluate`` metric module.

Load it with ``evaluate.load(rougekit.integrations.hf_evaluate.PATH)`` (offline: a local
file). evaluate's ``rouge`` arguments and keys, plus rougekit's options; the work is done
by :mod:`rougekit.integrations.hf_evaluate.metric`.
"""

from typing import Any

import datasets
import evaluate
from rougekit.integrations.hf_evaluate import metric


@evaluate.utils.file_utils.add_start_docstrings(metric.DESCRIPTION, metric.KWARGS_DESCRIPTION)
class Rouge(evaluate.Metric):  # type: ignore[misc]  # evaluate has no type information
    """evaluate's ``rouge`` by rougekit (the module name stays ``rouge`` for dashboards)."""

    def _info(self) -> Any:
        return evaluate.MetricInfo(
            description=metric.DESCRIPTION,
            citation=metric.CITATION,
            inputs_description=metric.KWARGS_DESCRIPTION,
            features=metric.features(datasets),
            codebase_urls=["https://pypi.org/project/rougekit/"],
            reference_urls=[
                "https://aclanthology.org/W04-1013",
                "https://github.com/google-research/google-research/tree/master/rouge",
            ],
        )

    def _compute(
        self,
        predictions: Any,
        references: Any,
        rouge_types: Any = None,
        use_aggregator: bool = True,
        use_stemmer: bool = False,
        tokenizer: Any = None,
        **options: Any,
    ) -> dict[str, Any]:
        # evaluate runs _compute with NumPy's global RNG seeded by self.seed, as its rouge.
        return metric.compute(
            predictions, references, rouge_types, use_aggregator, use_stemmer, tokenizer,
            numpy_seed=self.seed, **options,
        )  # fmt: skip
