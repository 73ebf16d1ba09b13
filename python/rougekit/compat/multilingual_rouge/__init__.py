"""Drop-in replacement for XL-Sum's ``multilingual_rouge_scoring`` (PyPI
``multilingual-rouge`` 0.0.1, ``import multilingual_rouge``).

Change ``from multilingual_rouge import rouge_scorer, scoring`` to
``from rougekit.compat.multilingual_rouge import rouge_scorer, scoring``: the same
``RougeScorer(rouge_types, use_stemmer=False, lang=None)``, ``score(target, prediction)``
returning ``Score`` namedtuples, the same numbers bit for bit (the ``xlsum-v1`` profile),
without pyonmttok, NLTK data downloads or the Bengali rule file the original lacks.
Japanese is refused (its UniDic is not reproduced); Thai is pythainlp 5.4.0's newmm.
"""

import rougekit.compat.multilingual_rouge.rouge_scorer as rouge_scorer
import rougekit.compat.multilingual_rouge.scoring as scoring

__all__ = ["rouge_scorer", "scoring"]
