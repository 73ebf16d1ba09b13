"""Hugging Face ``evaluate``: rougekit's ROUGE as an evaluate metric module.

>>> import evaluate
>>> from rougekit.integrations import hf_evaluate
>>> rouge = evaluate.load(hf_evaluate.PATH)  # a local file: no network needed
>>> rouge.compute(predictions=["hello there"], references=["hello there"])
{'rouge1': 1.0, 'rouge2': 1.0, 'rougeL': 1.0, 'rougeLsum': 1.0}

``PATH`` is a folder holding the module file (``rougekit_rouge.py``) and the files of a
Hugging Face Space for it (metric card ``README.md``, ``app.py``, ``requirements.txt``).
The arguments and output keys are those of evaluate's ``rouge``; see
:func:`rougekit.integrations.hf_evaluate.metric.compute` for rougekit's options.
"""

from __future__ import annotations

from pathlib import Path

#: The folder to give ``evaluate.load``: it holds ``rougekit_rouge.py`` and the Space files.
PATH: str = str(Path(__file__).resolve().parent / "rougekit_rouge")

__all__ = ["PATH"]
