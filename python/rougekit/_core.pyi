"""Type stubs for the Rust extension module ``rougekit._core`` (private API).

Everything here is an implementation detail of :mod:`rougekit`; use the public API instead.
Numbers are decided here, in Rust; the Python package only orchestrates.
"""

from collections.abc import Sequence

__version__: str

def normalize_types(types: Sequence[str]) -> list[str]:
    """Validate and canonicalise ROUGE type names (``rouge1``, ``rougeL``, ``rougeLsum``...).

    Raises ``ValueError`` naming the offending type.
    """

def tokenize(text: str, stemmer: bool) -> list[str]:
    """Tokens of ``text`` under the rouge-score profile (lower-case, ``[a-z0-9]`` runs,
    NLTK-Porter stems of tokens longer than 3 characters when ``stemmer``)."""

def porter_stem(words: Sequence[str]) -> list[str]:
    """NLTK ``PorterStemmer()`` (NLTK_EXTENSIONS mode) stems of ``words``."""

class BatchScores:
    """Columnar scores of a batch: float64 buffers per type and field."""

    @property
    def types(self) -> list[str]: ...
    def __len__(self) -> int: ...
    @property
    def nrefs(self) -> tuple[int, int]:
        """(fewest, most) references of a pair; (0, 0) for an empty batch."""
    def row(self, i: int) -> list[tuple[float, float, float, bool]]:
        """Pair ``i``: ``(precision, recall, fmeasure, int_zero)`` per type, in type order."""
    def dropped_counts(self) -> tuple[int, int]:
        """(predictions, pairs with a reference) that are not blank but have no token."""
    def corpus(
        self, n_samples: int, seed: int, confidence: float
    ) -> dict[str, dict[str, tuple[float, float, float]]]:
        """``{type: {field: (mean, low, high)}}``; seeded percentile bootstrap bounds at
        ``confidence``, NaN when ``n_samples == 0``."""
    def buffer(self, rouge_type: str, field: str) -> bytearray:
        """float64 buffer for ``field`` in {precision, recall, fmeasure}; uint8 for
        ``int_zero`` (1 where rouge-score returns the int ``0`` triple)."""

class Engine:
    """A configured scorer for one profile and a fixed list of types."""

    def __init__(self, types: Sequence[str], stemmer: bool, threads: int) -> None: ...
    @property
    def types(self) -> list[str]: ...
    @property
    def stemmer(self) -> bool: ...
    @property
    def threads(self) -> int: ...
    def score_batch(
        self, predictions: Sequence[str], references: Sequence[str | Sequence[str]]
    ) -> BatchScores:
        """Score every prediction against its references (best F per type, first on ties).

        Runs with the GIL released, in parallel over ``threads``. Raises ``TypeError`` /
        ``ValueError`` naming the argument and index for non-str items, mismatched lengths
        or an empty reference list.
        """
    def score_token_ids(
        self,
        prediction: tuple[Sequence[int], Sequence[Sequence[int]]],
        references: Sequence[tuple[Sequence[int], Sequence[Sequence[int]]]],
    ) -> BatchScores:
        """Score one pre-tokenised pair (custom tokenizers): each text is
        ``(whole_text_ids, [line_ids, ...])``; a batch of length 1 is returned."""
