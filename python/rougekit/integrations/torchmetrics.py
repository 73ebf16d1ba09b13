"""``ROUGEScore``: torchmetrics' ROUGE metric on rougekit's core, with sum states.

A drop-in for ``torchmetrics.text.ROUGEScore``: the same constructor (``use_stemmer``,
``normalizer``, ``tokenizer``, ``accumulate``, ``rouge_keys`` and torchmetrics' ``Metric``
keywords), the same inputs and the same output keys (``rouge1_fmeasure``,
``rouge1_precision``, ``rouge1_recall``, ..., ``rougeLsum_recall``) as float32 tensors;
plus rougekit's profiles and options.

What differs is the state. torchmetrics keeps every per-pair score as a list of 0-d tensors
(``dist_reduce_fx=None``), so a DDP sync gathers one tensor per pair, type and field. Here
each type and field is one running sum and the pair count one int64, all with
``dist_reduce_fx="sum"``: a sync gathers each state once (37 int64 per type and field)
and adds them, whatever the number of pairs. The sums are exact: every float64 is an
integer multiple of 2**-1074, so a sum of scores is an integer times 2**-1074, held in
``LIMBS`` int64 limbs of 31 bits (each limb's sum over 2**32 processes still fits in an
int64). Adding limbs is adding the
integers, so the synced sums, and the means (the exact sum over the count, rounded once to
float64, then to float32 as torchmetrics returns them), are bit for bit those of one
process, whatever the batching and the number of processes. ``set_dtype`` sets the dtype
of ``compute()``'s tensors (float32 by default) and leaves the integer states alone
(torchmetrics' would cast them).

Per pair the numbers are torchmetrics' (measured equal after the float32 cast on real
corpora, see ``tests/integrations/test_integrations_torchmetrics.py``):

* its default text pipeline (lower-case, runs of ``[a-z0-9]``, NLTK's Porter stemmer on
  tokens longer than 3 characters) is the ``rouge-score`` profile's, and its arithmetic is
  rouge-score's;
* ``accumulate="best"`` is the ``best-f-float32`` rule: torchmetrics picks, per type, the
  reference with the highest *float32* F (``torch.argmax``, the first on ties). Two
  references whose F is equal in exact arithmetic can differ in the last bit of float64,
  where rouge-score's ``best-f`` would take the later one (4 of 1,600 SummEval pairs).
  This is torchmetrics 1.6.0's rule and later ones'; before 1.6.0, torchmetrics took every
  type from the reference with the highest F of the *first* type (the extra requires 1.6);
* ``accumulate="avg"`` is torchmetrics' float32 mean (``mref:mean-float32`` in the
  signature): the core scores each reference alone (float64, as torchmetrics'
  ``_compute_metrics``), each score is rounded to float32 and a pair's k scores are averaged
  by torch itself, as torchmetrics' ``torch.tensor(scores).mean()`` does: the last bits of
  a float32 sum depend on the order of torch's reduction kernel, so rougekit does not redo
  it. Pairs with the same k go to torch together, one contiguous row of k scores per pair
  and field, reduced along the row: the kernel a 1-D mean runs (checked bit-equal to one
  1-D mean per pair for k <= 64 on torch's AVX512, AVX2 and default CPU kernels; a pair
  with more than ``BATCHED_MEAN_MAX_REFS`` references gets its own 1-D mean).
  ``multiref="mean"`` is rougekit's float64 mean (``mref:mean``), up to a few float32 ulps
  away (at most 4 on SummEval's 11 references);
* rougeLsum takes sentences from NLTK's Punkt model (``nltk.sent_tokenize``, as torchmetrics
  does: newlines do not end a sentence), which needs NLTK's ``punkt_tab`` data. Without it,
  choose ``sentence_splitter="newline"`` (rouge-score's rule: one sentence per line) or
  ``"rules-v1"`` (rougekit's offline splitter). The splitter is named in the signature.

``normalizer``/``tokenizer`` callables run in Python, as in torchmetrics; their tokens are
then interned to ids and scored by the core. With them, ``use_stemmer`` stems each token
longer than 3 characters, lower-cased, with the core's NLTK Porter (NLTK's ``stem`` also
lower-cases; it differs only on a capitalised form of its 11 irregular words, such as
``Dying``, which NLTK stems by rule and the core by its table).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
import torch
from torchmetrics import Metric

import rougekit._core as _core
import rougekit.inputs as inputs
import rougekit.sentences as sentences
import rougekit.signature as sig
from rougekit.results import BatchResult
from rougekit.scorer import RougeScorer

__all__ = ["SENTENCE_SPLITTERS", "ROUGEScore"]

#: rougeLsum's sentence splitters: NLTK Punkt (torchmetrics'), newlines (rouge-score's), and
#: rougekit's offline rule-based splitter (``rougekit.sentences``).
SENTENCE_SPLITTERS = ("nltk-punkt", "newline", sentences.NAME)
#: The score fields, in torchmetrics' order.
FIELDS = ("fmeasure", "precision", "recall")
#: ``accumulate`` -> the core's multi-reference rule (see the module docstring).
ACCUMULATE_RULES = {"best": "best-f-float32", "avg": "mean"}

#: ``accumulate="avg"``'s rule in the signature: torchmetrics' float32 mean (module docstring).
MEAN_FLOAT32 = "mean-float32"
#: The most references per pair whose float32 means are taken in one batched torch call (rows
#: checked bit-equal to 1-D means up to here); pairs with more get a 1-D mean each, as
#: torchmetrics (a long 1-D sum may be split over threads, a row would not be).
BATCHED_MEAN_MAX_REFS = 64

#: Exact sums (see the module docstring): the integer sum of scores x 2**SCALE, in LIMBS
#: limbs of LIMB_BITS bits, least significant first, room for 2**64 pairs' scores of 1.
SCALE = 1074
LIMB_BITS = 31
LIMBS = -(-(SCALE + 64) // LIMB_BITS)

_NON_ALNUM = re.compile(r"[^a-z0-9]+")
_SPACES = re.compile(r"\s+")


def _punkt() -> Callable[[str], list[str]]:
    """NLTK's ``sent_tokenize``, checked now: a missing model is a clear error here rather
    than a download attempt in the middle of a training loop (torchmetrics tries one)."""
    try:
        import nltk
    except ImportError:
        raise ModuleNotFoundError(
            "rougeLsum with sentence_splitter='nltk-punkt' (torchmetrics' sentences) needs "
            "NLTK: pip install nltk; or use sentence_splitter='newline' or 'rules-v1'"
        ) from None
    try:
        nltk.data.find("tokenizers/punkt_tab")
    except LookupError:
        raise OSError(
            "rougeLsum with sentence_splitter='nltk-punkt' (torchmetrics' sentences) needs "
            "NLTK's punkt_tab model: python -m nltk.downloader punkt_tab; or use "
            "sentence_splitter='newline' (one sentence per line) or 'rules-v1' (offline)"
        ) from None
    tokenize: Callable[[str], list[str]] = nltk.sent_tokenize
    return tokenize


def _split_field(splitter: str) -> str:
    if splitter == "nltk-punkt":
        import nltk

        return f"nltk-punkt-{nltk.__version__}"
    return splitter


def _pairs(preds: Any, target: Any) -> tuple[list[str], list[list[str]]]:
    """torchmetrics' input forms: ``preds`` a str or a sequence of str; ``target`` a str, a
    sequence of str (one reference per prediction; several for a single str prediction)
    or a sequence of sequences of str. Lengths must agree (torchmetrics' zip truncates)."""
    if isinstance(target, (list, tuple)) and all(isinstance(t, str) for t in target):
        target = [list(target)] if isinstance(preds, str) else [[t] for t in target]
    if isinstance(preds, str):
        preds = [preds]
    if isinstance(target, str):
        target = [[target]]
    predictions = [
        inputs.text(p, f"preds[{i}]") for i, p in enumerate(inputs.ordered(preds, "preds"))
    ]
    references = [
        inputs.references(t, f"target[{i}]") for i, t in enumerate(inputs.ordered(target, "target"))
    ]
    if len(predictions) != len(references):
        raise ValueError(
            f"preds and target differ in length: {len(predictions)} predictions, "
            f"{len(references)} targets"
        )
    return predictions, references


class ROUGEScore(Metric):
    """ROUGE as a torchmetrics ``Metric``, equal per pair to ``torchmetrics.text.ROUGEScore``
    (see the module docstring for how) and synced across processes as sums.

    Args:
        use_stemmer: NLTK's Porter stemmer on tokens longer than 3 characters.
        normalizer: a function ``str -> str`` replacing the default normalisation
            (lower-case, every run of characters other than ``[a-z0-9]`` becomes a space).
        tokenizer: a function ``str -> Sequence[str]`` replacing the default split on
            whitespace.
        accumulate: several references: ``"best"`` (per type, the reference with the best
            F, compared in float32 as torchmetrics does) or ``"avg"`` (the mean of P, R and
            F over references, each rounded to float32 and averaged by torch as torchmetrics
            does).
        rouge_keys: the types: a str or a tuple/list of str; torchmetrics' ``rouge1`` ...
            ``rouge9``, ``rougeL``, ``rougeLsum``, and any other type of the profile
            (``rougeW-1.2``, ``rougeSU4``, ...). The output keys are ``<type>_<field>``.
        profile: rougekit's text profile: ``"rouge-score"`` (torchmetrics' pipeline, the
            default), ``"unicode-v1"``, ``"character-v1"`` or ``"whitespace"``. With another
            profile, ``normalizer`` and ``tokenizer`` must be ``None``.
        stemmer: the profile's stemmer by name (e.g. ``"snowball:german"``); overrides
            ``use_stemmer``.
        multiref: any rougekit multi-reference rule (``"best-f"``, ``"pooled"``,
            ``"best-recall"``, ``"mean"``, ``"best-f-float32"``); overrides ``accumulate``.
        jackknife: average the rule over the leave-one-out subsets of the references.
        sentence_splitter: rougeLsum's sentences: ``"nltk-punkt"`` (torchmetrics'; needs
            NLTK's punkt_tab data), ``"newline"`` (one sentence per line, rouge-score's) or
            ``"rules-v1"`` (rougekit's offline splitter).
        threads: the core's worker threads per process (``None``: ``$ROUGEKIT_NUM_THREADS``
            or every core; with several processes per machine, set it). Never changes a
            number.
        kwargs: torchmetrics' ``Metric`` keywords (``sync_on_compute``, ``process_group``,
            ``dist_sync_fn``, ...).
    """

    is_differentiable: bool = False
    higher_is_better: bool = True
    full_state_update: bool = False
    plot_lower_bound: float = 0.0
    plot_upper_bound: float = 1.0

    n_pairs: torch.Tensor

    def __init__(
        self,
        use_stemmer: bool = False,
        normalizer: Callable[[str], str] | None = None,
        tokenizer: Callable[[str], Sequence[str]] | None = None,
        accumulate: Literal["avg", "best"] = "best",
        rouge_keys: str | Sequence[str] = ("rouge1", "rouge2", "rougeL", "rougeLsum"),
        *,
        profile: str = "rouge-score",
        stemmer: bool | str | None = None,
        multiref: str | None = None,
        jackknife: bool = False,
        sentence_splitter: str = "nltk-punkt",
        threads: int | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        if accumulate not in ACCUMULATE_RULES:
            raise ValueError(f"accumulate must be 'best' or 'avg', got {accumulate!r}")
        if sentence_splitter not in SENTENCE_SPLITTERS:
            raise ValueError(
                f"sentence_splitter must be one of {', '.join(SENTENCE_SPLITTERS)}, "
                f"got {sentence_splitter!r}"
            )
        for name, fn in (("normalizer", normalizer), ("tokenizer", tokenizer)):
            if fn is not None and not callable(fn):
                raise TypeError(f"{name} must be callable or None, got {type(fn).__name__}")
        custom = normalizer is not None or tokenizer is not None
        if custom and profile != "rouge-score":
            raise ValueError(
                "normalizer and tokenizer replace the rouge-score profile's pipeline "
                f"(torchmetrics'); they cannot be combined with profile={profile!r}"
            )
        keys = (rouge_keys,) if isinstance(rouge_keys, str) else tuple(rouge_keys)
        self._scorer = RougeScorer(
            keys,
            profile=profile,
            stemmer=use_stemmer if stemmer is None else stemmer,
            multiref=ACCUMULATE_RULES[accumulate] if multiref is None else multiref,
            jackknife=jackknife,
            threads=threads,
        )
        made = self._scorer.config.profile
        engine = made.text_engine(self._scorer.types, 1)
        if engine is None:
            raise ValueError(
                f"profile {profile!r} cannot be used here: ROUGEScore takes the text profiles "
                "of the rouge-score family (rouge-score, unicode-v1, character-v1, whitespace)"
            )
        self.rouge_keys = self._scorer.types
        self.accumulate = accumulate
        # torchmetrics' avg: per-reference scores from the core, their float32 mean by torch.
        self._mean32 = accumulate == "avg" and multiref is None and not jackknife
        self.normalizer = normalizer
        self.tokenizer = tokenizer
        self.sentence_splitter = sentence_splitter
        self._lsum = "rougeLsum" in self.rouge_keys
        self._split: Callable[[str], list[str]] | None = None
        if self._lsum and sentence_splitter == "nltk-punkt":
            self._split = _punkt()
        elif self._lsum and sentence_splitter == sentences.NAME:
            self._split = sentences.split
        elif custom:  # the callables' path splits lines itself
            self._split = _newline_sentences
        self._custom = custom
        self._stem = engine.stemmer
        for rouge_type in self.rouge_keys:
            for field in FIELDS:
                self.add_state(
                    f"{rouge_type}_{field}",
                    default=torch.zeros(LIMBS, dtype=torch.int64),
                    dist_reduce_fx="sum",
                )
        self.add_state("n_pairs", default=torch.tensor(0, dtype=torch.int64), dist_reduce_fx="sum")
        self._out_dtype = torch.float32

    def update(
        self, preds: str | Sequence[str], target: str | Sequence[str] | Sequence[Sequence[str]]
    ) -> None:
        """Scores the pairs and adds their scores to the sums."""
        predictions, references = _pairs(preds, target)
        if not predictions:
            return
        if self._mean32:
            per_reference = self._score(predictions, references, one_by_one=True)
            names = [(t, f) for t in self.rouge_keys for f in FIELDS]
            means = float32_means(
                [getattr(per_reference, f)(t) for t, f in names],
                [len(refs) for refs in references],
            )
            columns = {f"{t}_{f}": means[c] for c, (t, f) in enumerate(names)}
        else:
            batch = self._score(predictions, references)
            columns = {f"{t}_{f}": getattr(batch, f)(t) for t in self.rouge_keys for f in FIELDS}
        for name, column in columns.items():
            total = from_limbs(getattr(self, name)) + exact_sum(column)
            setattr(self, name, to_limbs(total, self.device))
        self.n_pairs += len(predictions)

    def compute(self) -> dict[str, torch.Tensor]:
        """The mean of each type and field over every pair seen (on every process after a
        sync), as float32 like torchmetrics; NaN before any pair."""
        return {
            key: torch.tensor(value, dtype=torch.float64, device=self.device).to(self._out_dtype)
            for key, value in self.means().items()
        }

    def set_dtype(self, dst_type: str | torch.dtype) -> ROUGEScore:
        """The dtype of ``compute()``'s tensors. The states stay exact integers (torchmetrics'
        ``set_dtype`` would cast every state, limbs included)."""
        dtype = getattr(torch, dst_type) if isinstance(dst_type, str) else dst_type
        if not isinstance(dtype, torch.dtype) or not dtype.is_floating_point:
            raise TypeError(f"set_dtype takes a floating-point torch dtype, got {dst_type!r}")
        self._out_dtype = dtype
        return self

    def sums(self) -> dict[str, int]:
        """The exact sum of each ``<type>_<field>``'s scores, as an integer times 2**-1074
        (the state as it stands: local, or synced inside ``sync_context``)."""
        return {
            f"{t}_{f}": from_limbs(getattr(self, f"{t}_{f}"))
            for t in self.rouge_keys
            for f in FIELDS
        }

    def means(self) -> dict[str, float]:
        """The means as float64: each exact sum over the pair count, rounded once (NaN
        before any pair). Not synced: ``compute()`` is."""
        n = int(self.n_pairs)
        if n == 0:
            return {key: float("nan") for key in self.sums()}
        # int / int is correctly rounded in Python.
        return {key: total / (n << SCALE) for key, total in self.sums().items()}

    def signature(self) -> sig.Signature:
        """The signature of this metric's numbers (profile, types, stemmer, multi-reference
        rule, rougeLsum's sentences; ``nrefs`` is not tracked: ``?``)."""
        base = self._scorer.signature()
        fields = base.fields
        if self._mean32:
            fields["mref"] = MEAN_FLOAT32
        if self.normalizer is not None or self.tokenizer is not None:
            names = f"normalizer={_qualname(self.normalizer)};tokenizer={_qualname(self.tokenizer)}"
            fields["profile"] = f"custom({names})"
        extra = (
            ()
            if not self._lsum or self.sentence_splitter == "newline"
            else (("split", _split_field(self.sentence_splitter)),)
        )
        return sig.Signature((*sig.Signature.from_fields(fields).items, *extra))

    # -- scoring ---------------------------------------------------------------------------

    def _score(
        self, predictions: list[str], references: list[list[str]], *, one_by_one: bool = False
    ) -> BatchResult:
        """The batch's scores; ``one_by_one``: one row per (prediction, reference), pair by
        pair in reference order (every rule is the identity on one reference)."""
        if self._custom:
            return self._score_custom(predictions, references, one_by_one)
        if self._split is not None:  # once per text, before a prediction is repeated
            predictions = [self._one_per_line(p) for p in predictions]
            references = [[self._one_per_line(r) for r in refs] for refs in references]
        if one_by_one:
            predictions = [p for p, refs in zip(predictions, references) for _ in refs]
            references = [[r] for refs in references for r in refs]
        return self._scorer.score_batch(predictions, references)

    def _one_per_line(self, text: str) -> str:
        """``text`` with one sentence per line, sentences as the splitter cuts them: a newline
        inside one becomes a space (the tokens do not change; only newlines end sentences)."""
        assert self._split is not None
        return "\n".join(s.replace("\n", " ") for s in self._split(text))

    def _tokens(self, text: str) -> list[str]:
        """torchmetrics' pipeline with the user's callables: normalise, tokenise, stem the
        tokens longer than 3 characters, drop empty tokens."""
        if self.normalizer is not None:
            text = self.normalizer(text)
        else:
            text = _NON_ALNUM.sub(" ", text.lower())
        tokens = list(self.tokenizer(text)) if self.tokenizer is not None else _SPACES.split(text)
        for k, token in enumerate(tokens):
            if not isinstance(token, str):
                raise TypeError(
                    f"the tokenizer returned a {type(token).__name__} at index {k}: tokens "
                    "must be str"
                )
        if self._stem is not None:
            long = [k for k, t in enumerate(tokens) if len(t) > 3]
            stems = _core.stem_words([tokens[k].lower() for k in long], self._stem)
            for k, s in zip(long, stems):
                tokens[k] = s
        return [t for t in tokens if t]

    def _score_custom(
        self, predictions: list[str], references: list[list[str]], one_by_one: bool
    ) -> BatchResult:
        assert self._split is not None
        # Built per call: a core engine does not pickle, and metrics are deep-copied.
        config = self._scorer.config
        engine = config.profile.engine(config.types, config.threads)  # type: ignore[attr-defined]
        builder = _core.BatchBuilder(True)
        for prediction, refs in zip(predictions, references):
            ids: dict[Hashable, int] = {}
            texts = []
            for text in (prediction, *refs):
                whole = _intern(self._tokens(text), ids)
                lines = (
                    [_intern(self._tokens(s), ids) for s in self._split(text)] if self._lsum else []
                )
                texts.append((whole, lines))
            if one_by_one:
                for reference in texts[1:]:
                    builder.append(engine.score_token_ids(texts[0], [reference]))
            else:
                builder.append(engine.score_token_ids(texts[0], texts[1:]))
        scores = builder.finish()
        return BatchResult(scores, self._scorer.signature(), self._scorer.config.profile)


def float32_means(columns: Sequence[Any], counts: Sequence[int]) -> npt.NDArray[np.float64]:
    """Per column and pair, torchmetrics' ``avg``. Each column holds each pair's
    per-reference float64 scores in turn (``counts[i]`` for pair i); each score is rounded
    to float32 (as ``tensor(x)``) and a pair's are averaged by torch as
    ``torch.tensor(scores).mean()`` does. Returns one row per column, one mean per pair, as
    float64 (exactly the float32 values)."""
    # np.asarray reads an array.array through its buffer.
    values = np.stack([np.asarray(column, dtype=np.float64) for column in columns])
    sizes = np.asarray(counts, dtype=np.int64)
    if len(sizes) and int(sizes.min()) < 1:
        raise ValueError("every pair needs >= 1 reference score (counts >= 1)")
    if int(sizes.sum()) != values.shape[1]:
        raise ValueError(
            f"counts add up to {int(sizes.sum())}, the column holds {values.shape[1]} scores"
        )
    starts = np.cumsum(sizes) - sizes
    means = np.empty((values.shape[0], len(sizes)), dtype=np.float64)
    # numpy gathers (torch's indexing kernels wake its thread pool: slow on a busy machine);
    # torch rounds to float32 and averages.
    for k in np.unique(sizes).tolist():
        rows = np.flatnonzero(sizes == k)
        if k <= BATCHED_MEAN_MAX_REFS:
            # One row per pair and column, its k scores contiguous and last: the row-wise
            # call of the kernel that a 1-D mean of those k scores makes.
            # numpy lays a fancy-indexed result out index dims first (a transposed view):
            # made C-order, else torch reduces across strides, in another order.
            grouped = np.ascontiguousarray(values[:, starts[rows][:, None] + np.arange(k)])
            mean = torch.from_numpy(grouped).to(torch.float32).contiguous().mean(dim=-1)
            means[:, rows] = mean.to(torch.float64).numpy()
        else:
            for row in rows.tolist():
                for c in range(values.shape[0]):
                    scores = values[c, starts[row] : starts[row] + k].copy()
                    means[c, row] = float(torch.from_numpy(scores).to(torch.float32).mean())
    return means


def exact_sum(column: Any) -> int:
    """The sum of ``column`` (finite scores >= 0) times 2**SCALE, exactly (the core's exact
    sum, as an int)."""
    values = np.asarray(column, dtype=np.float64).ravel().tolist()
    return _core.exact_sum_scaled(values)


def to_limbs(total: int, device: Any = None) -> torch.Tensor:
    """``total`` (>= 0) as ``LIMBS`` int64 limbs of ``LIMB_BITS`` bits."""
    mask = (1 << LIMB_BITS) - 1
    if total < 0 or total >> (LIMB_BITS * LIMBS):
        raise OverflowError("a ROUGE sum outgrew its state (more than 2**64 pairs?)")
    limbs = [(total >> (LIMB_BITS * i)) & mask for i in range(LIMBS)]
    return torch.tensor(limbs, dtype=torch.int64, device=device)


def from_limbs(limbs: torch.Tensor) -> int:
    """The integer held by ``limbs`` (also after a sum of limbs, whose limbs may exceed
    ``LIMB_BITS`` bits: the weights still apply)."""
    return sum(int(v) << (LIMB_BITS * i) for i, v in enumerate(limbs.tolist()))


def _newline_sentences(text: str) -> list[str]:
    return [line for line in text.split("\n") if line]


def _intern(tokens: Iterable[Hashable], ids: dict[Hashable, int]) -> list[int]:
    return [ids.setdefault(t, len(ids)) for t in tokens]


def _qualname(fn: object) -> str:
    if fn is None:
        return "default"
    module = getattr(fn, "__module__", None) or "?"
    return f"{module}.{getattr(fn, '__qualname__', type(fn).__name__)}"
