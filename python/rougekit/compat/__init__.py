"""Drop-in replacement for Google's ``rouge_score`` package (0.1.2).

Change ``from rouge_score import rouge_scorer, scoring`` to
``from rougekit.compat import rouge_scorer, scoring``: same classes, signatures, argument
order (target first), return types (``Score`` namedtuples, the int ``0`` triples of rougeL and
rougeLsum on empty input) and numbers, bit for bit.
"""

import rougekit.compat.io as io
import rougekit.compat.rouge_scorer as rouge_scorer
import rougekit.compat.scoring as scoring
import rougekit.compat.tokenize as tokenize
import rougekit.compat.tokenizers as tokenizers

__all__ = ["io", "rouge_scorer", "scoring", "tokenize", "tokenizers"]
