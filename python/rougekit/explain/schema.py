"""The ``rougekit.explain/1`` dict, typed once (``docs/explain.md`` describes each field).

Every profile's explanation has this shape; the keys a kind, an engine or a rule adds are
optional (``total=False``). The checks, the views and :class:`~rougekit.explain.Explanation`
annotate against these types, so mypy reads the schema from one place. At run time they are
plain dicts (``TypedDict``): nothing is converted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

if TYPE_CHECKING:  # typing's own from Python 3.11; only mypy reads it here
    from typing_extensions import NotRequired


class Token(TypedDict):
    """One compared token: its surface, its span in the text (characters), the form
    compared (a str, or an int token id), its sentence; ``id`` for token ids."""

    text: str | None
    start: int
    end: int
    compared: Any
    sentence: int
    id: NotRequired[int]


class Dropped(TypedDict):
    """Text the tokenizer dropped, and why (``non-ascii``, ``not-a-token``, ...)."""

    text: str
    start: int
    end: int
    why: str


class Text(TypedDict):
    """A prediction or a reference: its text (``None`` for token ids, then ``ids``), its
    tokens, the second token list of a profile whose rougeLsum (``line_tokens``) or
    ROUGE-L and W with a byte limit (``lcs_tokens``) index other tokens, what was dropped,
    its number of sentences."""

    text: str | None
    ids: NotRequired[list[int]]
    tokens: list[Token]
    line_tokens: NotRequired[list[Token]]
    lcs_tokens: NotRequired[list[Token]]
    dropped: list[Dropped]
    sentences: int


class GramMatch(TypedDict):
    """A matched n-gram: its counts on each side, the hits it gives and where they are."""

    gram: list[Any]
    prediction_count: int
    reference_count: int
    hits: int
    prediction_at: NotRequired[list[int]]
    reference_at: NotRequired[list[int]]


class GramMissed(TypedDict):
    """A reference n-gram not (or not fully) matched."""

    gram: list[Any]
    reference_count: int
    hits: int


class SkipMatch(TypedDict):
    """A matched skip-bigram (or unigram, for ROUGE-SU)."""

    pair: list[Any]
    prediction_count: int
    reference_count: int
    hits: int


class SentenceMarks(TypedDict):
    """One reference sentence of a union LCS: its tokens counted, matched but not counted
    again, and unmatched."""

    sentence: int
    counted: list[int]
    not_counted: list[int]
    unmatched: list[int]


class Run(TypedDict, total=False):
    """A ROUGE-W run of consecutive matches (ROUGE-1.5.5's: with its table's values)."""

    prediction: int | None
    reference: int
    length: int
    last: int
    sentence: int
    value: float


class LcsStep(TypedDict, total=False):
    """One sentence pair of rouge 1.0.1's union LCS (the pltrdy family)."""

    reference_sentence: int
    prediction_sentence: int
    times: int
    alignment: list[list[int]]
    counted: list[int]


class Failure(TypedDict):
    """Why a pair has no score (ROUGE-1.5.5's limits)."""

    failure: str
    message: str


class ReferenceExplanation(TypedDict, total=False):
    """One type against one reference: the counts, scores and the matches behind them."""

    reference: int
    hits: Any
    prediction_total: Any
    reference_total: Any
    prediction_weight: float
    reference_weight: float
    whole_prediction: bool
    whole_reference: bool
    precision: float
    recall: float
    fmeasure: float
    select: float
    #: A list, or ``None`` when too large to list (``why`` says so); so for the others.
    matches: Any
    missed: list[GramMissed]
    alignment: Any
    sentences: list[SentenceMarks]
    prediction_in_lcs: list[int]
    runs: Any
    reference_base: float
    lcs: Any
    witness: str
    why: str


class Subset(TypedDict):
    """The rule's score without one reference (``jackknife``)."""

    left_out: int
    precision: float
    recall: float
    fmeasure: float


class TypeExplanation(TypedDict, total=False):
    """One ROUGE type: its kind and parameters, the rule and its choice, the final counts
    and scores, the formula, and each reference's part."""

    kind: str
    n: int
    weight: float
    max_gap: int | None
    unigrams: bool
    count: str
    rule: str
    jackknife: bool
    reference: int | None
    tie: bool
    alpha: float
    peer_count: Any
    hits: Any
    prediction_total: Any
    reference_total: Any
    prediction_weight: float
    reference_weight: float
    whole_prediction: bool
    whole_reference: bool
    precision: float
    recall: float
    fmeasure: float
    formula: str
    per_reference: list[ReferenceExplanation]
    jackknife_subsets: list[Subset]
    failure: str
    message: str


class Head(TypedDict):
    """The keys every explanation starts with."""

    schema: str
    signature: str
    id: str | None
    profile: str


class ExplanationDict(Head):
    """An explanation: the head, the texts, the types by canonical name."""

    prediction: Text
    references: list[Text]
    types: dict[str, TypeExplanation]
