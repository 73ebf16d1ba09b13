"""Integrations with the tools people compute ROUGE from.

Each submodule is imported on its own and imports its tool only when used (importing
``rougekit`` never imports torch or any other framework):

* ``rougekit.integrations.hf_evaluate``: ``PATH``, a Hugging Face ``evaluate`` module file.
* ``rougekit.integrations.jury``: ``JURY_PATH`` and ``NLGMETRICVERSE_PATH``, metric folders
  for jury's and nlg-metricverse's ``load_metric``.
* ``rougekit.integrations.lm_eval``: metric and aggregation functions for
  lm-evaluation-harness tasks, and the ``rouge_score`` substitution for its truthfulqa.
* ``rougekit.integrations.trl``: ``rouge_reward``, a TRL-style reward function.
* ``rougekit.integrations.torchmetrics``: ``ROUGEScore``, torchmetrics' metric with exact
  sum states summed under DDP.
"""
