"""Compatible ``rouge_score.rouge_scorer``: ``RougeScorer`` and the module helpers that
other projects import directly (``_score_lcs``, ``_create_ngrams``, ``lcs_ind``...).

Scores come from rougekit's Rust core; this module reproduces rouge-score's interface:
lazy type validation with its messages, argument order (target first), ``Score``
namedtuples, the int ``(0, 0, 0)`` of rougeL/rougeLsum on empty input, custom tokenizers
called per line for rougeLsum, ``split_summaries`` through NLTK, and ``score_multi``.
"""

from __future__ import annotations

import collections
import re
from collections.abc import Hashable, Iterable, Sequence
from typing import Any, cast

import rougekit._core as _core
import rougekit.compat.scoring as scoring
import rougekit.compat.tokenizers as tokenizers
from rougekit.compat.tokenize import valid_utf8

_NGRAM_TYPE = re.compile(r"rouge[0-9]$")
#: The engine for a ``rouge_types`` (``None``: no type) and each key's column in its rows.
_Plan = tuple["_core.Engine | None", tuple[tuple[str, int], ...]]


def validated_types(rouge_types: Iterable[str]) -> dict[str, str]:
    """``{key as given: canonical name}``, validated as rouge-score does inside score() (and
    XL-Sum's copy of it)."""
    keys: dict[str, str] = {}
    for rouge_type in rouge_types:
        if rouge_type in ("rougeL", "rougeLsum"):
            keys[rouge_type] = rouge_type
        elif _NGRAM_TYPE.match(rouge_type):
            n = int(rouge_type[5:])
            if n <= 0:
                raise ValueError(f"rougen requires positive n: {rouge_type}")
            keys[rouge_type] = f"rouge{n}"
        else:
            raise ValueError(f"Invalid rouge type: {rouge_type}")
    return keys


class RougeScorer(scoring.BaseScorer):
    """``RougeScorer(rouge_types, use_stemmer=False, split_summaries=False, tokenizer=None)``.

    ``tokenizer`` is any object with ``tokenize(text)``; when given, ``use_stemmer`` is
    ignored, exactly as in rouge-score.
    """

    def __init__(
        self,
        rouge_types: Sequence[str],
        use_stemmer: bool = False,
        split_summaries: bool = False,
        tokenizer: Any = None,
    ) -> None:
        self.rouge_types = rouge_types
        self._tokenizer = tokenizer if tokenizer else tokenizers.DefaultTokenizer(use_stemmer)
        self._split_summaries = split_summaries
        self._engines: dict[tuple[tuple[str, ...], bool], _core.Engine] = {}
        self._plans: dict[Hashable, _Plan] = {}

    def __getstate__(self) -> Any:
        # The engines are caches rebuilt on demand. A subclass may add __slots__: their
        # values travel as pickle's (dict, slots) state pair, as object's default would.
        state = dict(self.__dict__)
        state["_engines"] = {}
        state["_plans"] = {}
        slots = {
            name: getattr(self, name)
            for cls in type(self).__mro__
            for name in _slot_names(cls)
            if hasattr(self, name)
        }
        return (state, slots) if slots else state

    def score(self, target: str | bytes, prediction: str | bytes) -> dict[str, scoring.Score]:
        """``{type: Score}`` of ``prediction`` against ``target``."""
        fast = self._fast_stemmer()
        if fast is not None and isinstance(target, str) and isinstance(prediction, str):
            # One call into the core for the pair (no batch object), with the validated
            # types cached: the per-call cost of RL reward loops and evaluation harnesses
            # that score one pair at a time.
            engine, slots = self._plan(fast)
            if engine is None:
                return {}
            rows = engine.score_one(valid_utf8(prediction), valid_utf8(target))[0]
            return {
                key: _INT_ZERO if rows[i][3] else scoring.Score(*rows[i][:3]) for key, i in slots
            }
        keys = self._validated_types()
        if not keys:
            return {}
        return _scores(self._score_tokenized(keys, target, [prediction]), keys)

    def score_multi(
        self, targets: Iterable[str | bytes], prediction: str | bytes
    ) -> dict[str, scoring.Score]:
        """Per type, the ``Score`` of the target with the highest F (first on ties)."""
        targets = list(targets)
        if type(self).score is not RougeScorer.score:
            # rouge-score's score_multi calls self.score per target: honour an override.
            return _best_of([self.score(t, prediction) for t in targets], self.rouge_types)
        if not targets:
            if list(self.rouge_types):
                raise ValueError("attempt to get argmax of an empty sequence")
            return {}
        keys = self._validated_types()
        if not keys:
            return {}
        fast = self._fast_stemmer()
        if (
            fast is not None
            and isinstance(prediction, str)
            and all(isinstance(t, str) for t in targets)
        ):
            texts = [valid_utf8(t) for t in cast("list[str]", targets)]  # str: checked above
            batch = self._engine(keys, fast).score_batch([valid_utf8(prediction)], [texts])
            return _scores(batch, keys)
        return _best_of([self.score(t, prediction) for t in targets], keys)

    # -- internals ------------------------------------------------------------------------

    def _validated_types(self) -> dict[str, str]:
        return validated_types(self.rouge_types)

    def _plan(self, stemmer: bool) -> _Plan:
        """The engine for the current ``rouge_types`` and, per key as given, its column:
        validated once per distinct ``rouge_types`` (users may reassign it between calls,
        and an invalid one raises on every call, as in rouge-score)."""
        plans = self._plans
        try:
            cache_key: Hashable | None = (tuple(self.rouge_types), stemmer)
            plan = plans.get(cache_key)
        except TypeError:  # unhashable items: validation names them
            cache_key, plan = None, None
        if plan is None:
            keys = self._validated_types()
            if keys:
                engine = self._engine(keys, stemmer)
                columns = {name: i for i, name in enumerate(engine.types)}
                plan = (engine, tuple((key, columns[name]) for key, name in keys.items()))
            else:
                plan = (None, ())
            if cache_key is not None:
                plans[cache_key] = plan
        return plan

    def _fast_stemmer(self) -> bool | None:
        """The stemmer flag when the native tokenizer path applies, else ``None``."""
        tokenizer = self._tokenizer
        if isinstance(tokenizer, tokenizers.DefaultTokenizer) and not self._split_summaries:
            return tokenizer.native_stemmer()
        return None

    def _engine(self, keys: dict[str, str], stemmer: bool) -> _core.Engine:
        types = tuple(dict.fromkeys(keys.values()))
        engine = self._engines.get((types, stemmer))
        if engine is None:
            engine = _core.Engine(list(types), stemmer, 1)
            self._engines[(types, stemmer)] = engine
        return engine

    def _sentences(self, text: str | bytes) -> list[str]:
        text = text.decode("utf-8") if isinstance(text, bytes) else text
        if self._split_summaries:
            try:
                import nltk
            except ImportError:
                raise ImportError("split_summaries=True needs NLTK: pip install nltk") from None
            lines = nltk.sent_tokenize(text)
        else:
            lines = text.split("\n")
        return [line for line in lines if line]

    def _score_tokenized(
        self, keys: dict[str, str], target: str | bytes, predictions: list[str | bytes]
    ) -> _core.BatchScores:
        """The path for custom tokenizers, split_summaries and bytes: tokens are interned
        here (any hashable tokens, compared with ==) and scored by the core."""
        ids: dict[Hashable, int] = {}
        wanted = set(keys.values())
        # rouge-score skips whole-text tokenization when rouge_types is exactly ["rougeLsum"].
        whole = list(self.rouge_types) != ["rougeLsum"]

        prediction = predictions[0]
        tokenize = self._tokenizer.tokenize
        # rouge-score's call order: whole target, whole prediction, then the lines of each.
        target_ids = _intern(tokenize(target), ids) if whole else []
        prediction_ids = _intern(tokenize(prediction), ids) if whole else []
        target_lines: list[list[int]] = []
        prediction_lines: list[list[int]] = []
        if "rougeLsum" in wanted:
            target_lines = [_intern(tokenize(s), ids) for s in self._sentences(target)]
            prediction_lines = [_intern(tokenize(s), ids) for s in self._sentences(prediction)]
        engine = self._engine(keys, False)
        return engine.score_token_ids(
            (prediction_ids, prediction_lines), [(target_ids, target_lines)]
        )


#: rouge-score's int ``(0, 0, 0)`` of rougeL/rougeLsum on empty input.
_INT_ZERO = scoring.Score(precision=0, recall=0, fmeasure=0)


def _best_of(per_target: list[dict[str, Any]], keys: Iterable[str]) -> dict[str, Any]:
    """Per type, the score of the first target with the highest F (rouge-score's argmax);
    ``ValueError`` on no target, as NumPy's argmax raises there."""
    best = {}
    for key in keys:
        fs = [s[key].fmeasure for s in per_target]
        if not fs:
            raise ValueError("attempt to get argmax of an empty sequence")
        best[key] = per_target[fs.index(max(fs))][key]
    return best


def _slot_names(cls: type) -> tuple[str, ...]:
    slots = vars(cls).get("__slots__", ())
    names = (slots,) if isinstance(slots, str) else tuple(slots)
    return tuple(n for n in names if n not in ("__dict__", "__weakref__"))


def _intern(tokens: Iterable[Hashable], ids: dict[Hashable, int]) -> list[int]:
    return [ids.setdefault(t, len(ids)) for t in tokens]


def _scores(batch: _core.BatchScores, keys: dict[str, str]) -> dict[str, scoring.Score]:
    """The one pair of ``batch`` under the caller's type keys, with rouge-score's int
    ``(0, 0, 0)`` where the core flags it."""
    return _scores_of(dict(zip(batch.types, batch.row(0))), keys)


def _scores_of(
    row: dict[str, tuple[float, float, float, bool]], keys: dict[str, str]
) -> dict[str, scoring.Score]:
    """``_scores`` of one row by canonical type name."""
    out = {}
    for key, name in keys.items():
        p, r, f, int_zero = row[name]
        if int_zero:
            out[key] = scoring.Score(precision=0, recall=0, fmeasure=0)
        else:
            out[key] = scoring.Score(precision=p, recall=r, fmeasure=f)
    return out


# -- module helpers that projects import from rouge_scorer ---------------------------------


def _create_ngrams(tokens: Sequence[Any], n: int) -> collections.Counter[tuple[Any, ...]]:
    """Multiset of the n-grams (tuples) of ``tokens``."""
    return collections.Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def _score_ngrams(
    target_ngrams: collections.Counter[Any], prediction_ngrams: collections.Counter[Any]
) -> scoring.Score:
    """Clipped n-gram overlap; denominators ``max(count, 1)``."""
    hits = sum(min(c, prediction_ngrams[g]) for g, c in target_ngrams.items())
    precision = hits / max(sum(prediction_ngrams.values()), 1)
    recall = hits / max(sum(target_ngrams.values()), 1)
    return scoring.Score(precision, recall, scoring.fmeasure(precision, recall))


def _score_lcs(target_tokens: Sequence[Any], prediction_tokens: Sequence[Any]) -> scoring.Score:
    """rougeL of two token lists (ints ``(0, 0, 0)`` when one is empty)."""
    if not target_tokens or not prediction_tokens:
        return scoring.Score(precision=0, recall=0, fmeasure=0)
    ids: dict[Hashable, int] = {}
    t, p = _intern(target_tokens, ids), _intern(prediction_tokens, ids)
    batch = _core.Engine(["rougeL"], False, 1).score_token_ids((p, []), [(t, [])])
    return _scores(batch, {"rougeL": "rougeL"})["rougeL"]


def _lcs_table(ref: Sequence[Any], can: Sequence[Any]) -> list[list[int]]:
    """The full LCS dynamic-programming table, rows = ``ref``."""
    table = [[0] * (len(can) + 1) for _ in range(len(ref) + 1)]
    for i in range(1, len(ref) + 1):
        for j in range(1, len(can) + 1):
            if ref[i - 1] == can[j - 1]:
                table[i][j] = table[i - 1][j - 1] + 1
            else:
                table[i][j] = max(table[i - 1][j], table[i][j - 1])
    return table


def _backtrack_norec(t: list[list[int]], ref: Sequence[Any], can: Sequence[Any]) -> list[int]:
    """Positions in ``ref`` of the LCS rouge-score picks from the table ``t`` (rows =
    ``ref``): left only when strictly larger than up. rouge-score's argument order."""
    i, j, lcs = len(ref), len(can), []
    while i > 0 and j > 0:
        if ref[i - 1] == can[j - 1]:
            lcs.append(i - 1)
            i, j = i - 1, j - 1
        elif t[i][j - 1] > t[i - 1][j]:
            j -= 1
        else:
            i -= 1
    return lcs[::-1]


def lcs_ind(ref: Sequence[Any], can: Sequence[Any]) -> list[int]:
    """Target positions of one LCS of ``ref`` and ``can``."""
    return _backtrack_norec(_lcs_table(ref, can), ref, can)


def _find_union(lcs_list: Iterable[Iterable[int]]) -> list[int]:
    """Sorted union of position lists."""
    return sorted(set().union(*lcs_list))


def _union_lcs(ref: Sequence[Any], c_list: Iterable[Sequence[Any]]) -> list[Any]:
    """Tokens of ``ref`` at the union of its LCS positions with each candidate sentence."""
    return [ref[i] for i in _find_union(lcs_ind(ref, c) for c in c_list)]


def _summary_level_lcs(
    ref_sent: Sequence[Sequence[Any]], can_sent: Sequence[Sequence[Any]]
) -> scoring.Score:
    """rougeLsum of tokenised sentence lists (ints ``(0, 0, 0)`` on empty input)."""
    if not ref_sent or not can_sent:
        return scoring.Score(precision=0, recall=0, fmeasure=0)
    ids: dict[Hashable, int] = {}
    t = [_intern(s, ids) for s in ref_sent]
    p = [_intern(s, ids) for s in can_sent]
    batch = _core.Engine(["rougeLsum"], False, 1).score_token_ids(([], p), [([], t)])
    return _scores(batch, {"rougeLsum": "rougeLsum"})["rougeLsum"]
