"""Type stubs for the Rust extension module ``rougekit._core`` (private API).

Everything here is an implementation detail of :mod:`rougekit`; use the public API instead.
Numbers are decided here, in Rust; the Python package only orchestrates.
"""

from collections.abc import Sequence
from typing import Any, final

from typing_extensions import Self

__all__ = [
    "BatchScores",
    "Engine",
    "InputTooLargeError",
    "PerlBatch",
    "PerlFileError",
    "PerlSettings",
    "ScoreColumns",
    "__version__",
    "normalize_types",
    "perl_bootstrap_many",
    "perl_eval_config",
    "perl_score_files",
    "perl_score_texts",
    "perl_split_summary",
    "stem_words",
    "stemmer_id",
    "tokenize",
]

__version__: str

def normalize_types(types: Sequence[str]) -> list[str]:
    """Validate and canonicalise ROUGE type names (``rouge1``, ``rougeL``, ``rougeLsum``...).

    Raises ``ValueError`` naming the offending type.
    """

def tokenize(
    text: str, stemmer: bool | str | None, tokenizer: str = "rouge-score"
) -> list[str]:
    """Tokens of ``text`` under ``tokenizer`` (``rouge-score``: lower-case, ``[a-z0-9]``
    runs), stems of tokens longer than 3 characters by ``stemmer`` (``True``: NLTK Porter,
    or a stemmer name)."""

def stem_words(words: Sequence[str], stemmer: str) -> list[str]:
    """Each word stemmed as is by the named stemmer (``nltk-porter``: NLTK
    ``PorterStemmer()`` in NLTK_EXTENSIONS mode; ``snowball:<algorithm>``: Snowball 3.1.1's
    stemmer of that algorithm id, e.g. ``snowball:german``)."""

def stemmer_id(stemmer: str) -> str:
    """The signature id of the named stemmer: ``nltk-porter``, or
    ``snowball-<version>:<algorithm>`` for ``snowball:<algorithm>`` (``snowball-3.1.1:german``:
    the Snowball release whose stems these are). ``ValueError`` for an unknown name."""

@final
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
        self, n_samples: int, seed: int, confidence: float, threads: int = 1
    ) -> dict[str, dict[str, tuple[float, float, float]]]:
        """``{type: {field: (mean, low, high)}}``; seeded percentile bootstrap bounds at
        ``confidence``, NaN when ``n_samples == 0``. ``threads`` never changes a number."""
    def buffer(self, rouge_type: str, field_name: str) -> bytearray:
        """float64 buffer for ``field`` in {precision, recall, fmeasure}; uint8 for
        ``int_zero`` (1 where rouge-score returns the int ``0`` triple)."""

@final
class ScoreColumns:
    """Float64 columns of one length kept in the core, grown chunk by chunk and
    bootstrapped in place with the GIL released (the command line's ``--ci``)."""

    def __new__(cls, width: int) -> Self:
        """``width`` empty columns."""
    @property
    def width(self) -> int: ...
    def __len__(self) -> int:
        """Values per column."""
    def append(self, chunk: Sequence[bytes | bytearray]) -> None:
        """Appends ``chunk[k]`` (native-endian float64 values) to column ``k``. Raises
        ``ValueError`` unless there is one buffer per column, all of one length."""
    def column(self, index: int) -> bytes:
        """Column ``index`` as native-endian float64 bytes (a copy)."""
    def bootstrap(
        self, n_samples: int, seed: int, confidence: float, threads: int = 1
    ) -> list[tuple[float, float, float]]:
        """``(mean, low, high)`` per column, computed by the code behind
        :meth:`BatchScores.corpus` (equal bit for bit for equal values); NaN bounds when
        ``n_samples == 0`` or the columns are empty. ``threads`` never changes a number."""

@final
class Engine:
    """A configured scorer for one profile and a fixed list of types."""

    def __new__(
        cls,
        types: Sequence[str],
        stemmer: bool | str | None,
        threads: int,
        tokenizer: str = "rouge-score",
        multiref: str = "best-f",
        jackknife: bool = False,
        separator: int | None = None,
    ) -> Self: ...
    @property
    def types(self) -> list[str]: ...
    @property
    def stemmer(self) -> str | None:
        """The stemmer's name (``nltk-porter``, ``snowball:<algorithm>``), or ``None``."""
    @property
    def stemmer_id(self) -> str | None:
        """The stemmer's signature id (``nltk-porter``, ``snowball-3.1.1:<algorithm>``), or
        ``None``."""
    @property
    def tokenizer(self) -> str: ...
    @property
    def multiref(self) -> str: ...
    @property
    def jackknife(self) -> bool: ...
    @property
    def threads(self) -> int: ...
    def score_batch(
        self, predictions: Sequence[str], references: Sequence[str | Sequence[str]]
    ) -> BatchScores:
        """Score every prediction against its references (best F per type, first on ties).

        Runs with the GIL released, in parallel over ``threads``; Ctrl-C raises
        ``KeyboardInterrupt`` between chunks and inside long kernels. Raises ``TypeError`` /
        ``ValueError`` naming the argument and index for non-str items, mismatched lengths
        or an empty reference list, and ``InputTooLargeError`` ("pair N: ...") for a pair
        over a kernel's size limit (ROUGE-W's cell limit).
        """
    def score_id_batch(
        self, predictions: Sequence[bytes], references: Sequence[Sequence[bytes]]
    ) -> BatchScores:
        """Score token ids: ``predictions[i]`` and every ``references[i][k]`` are native
        int64 bytes; lines (rougeLsum) end at the engine's ``separator`` id, and rougeLsum
        without a separator is a ``ValueError``."""
    def score_token_ids(
        self,
        prediction: tuple[Sequence[int], Sequence[Sequence[int]]],
        references: Sequence[tuple[Sequence[int], Sequence[Sequence[int]]]],
    ) -> BatchScores:
        """Score one pre-tokenised pair (custom tokenizers): each text is
        ``(whole_text_ids, [line_ids, ...])``; a batch of length 1 is returned."""

# perl-1.5.5 profile (ROUGE-1.5.5.pl behaviour; spec rouge-1.5.5.md)

_Columns = tuple[list[float], list[float], list[float]]
_Estimate = tuple[float, float, float]

@final
class PerlBatch:
    """Per-instance perl-1.5.5 scores of one batch, one column triple per variant."""

    @property
    def variants(self) -> list[str]:
        """Variant keys in ROUGE-1.5.5's output order: "1", ..., "L", "W", "S", "SU", "BE"."""
    def __len__(self) -> int: ...
    def rpf(self, variant: str) -> _Columns:
        """Per-instance (R, P, F), R and P rounded to 5 decimals before F (``-t 0``)."""
    def counts(self, variant: str) -> _Columns:
        """Per-instance raw (TotalM, TotalP, TotalHit) (``-t 1`` / ``-t 2``)."""
    def bootstrap(
        self,
        order: Sequence[int],
        *,
        unit: int,
        alpha: float,
        resamples: float,
        confidence: float,
        threads: int = 1,
    ) -> list[tuple[_Estimate, _Estimate, _Estimate]]:
        """ROUGE-1.5.5's bootstrap of every variant over the instances ``order``."""
    def dropped_counts(self) -> tuple[int, int]:
        """(peers, instances with some model) not blank but without any token character."""
    @property
    def failures(self) -> list[tuple[int, int, str, str]]:
        """(instance, model, variant, message) of scores ROUGE-1.5.5 dies on; they are 0."""

@final
class PerlSettings:
    """The perl-1.5.5 scoring options, checked once (``ValueError`` as ROUGE-1.5.5 dies)."""

    def __new__(
        cls,
        *,
        ngram_max: int = 0,
        lcs: bool = True,
        wlcs_weight: float | None = None,
        skip_gap: int | None = None,
        skip_variants: str = "S",
        stemmer: str = "none",
        stopwords: bool = False,
        limit_words: int = 0,
        limit_bytes: int = 0,
        multiref: str = "A",
        alpha: float = 0.5,
        exceptions: Sequence[tuple[str, str]] | None = None,
        stoplist: Sequence[str] | None = None,
    ) -> Self: ...
    @property
    def variants(self) -> list[str]: ...

class InputTooLargeError(ValueError):
    """An input over one of rougekit's documented size limits; the message names the pair."""

class PerlFileError(ValueError):
    """A run's summary file is unusable: args (file index, line or None, reason or line)."""

def perl_score_files(
    files: Sequence[tuple[str, str]],
    peers: Sequence[int],
    models: Sequence[Sequence[int]],
    settings: PerlSettings,
    *,
    be_mode: str | None = None,
    threads: int = 1,
) -> PerlBatch:
    """Scores a run from its summary files ((path, format) each), read in parallel.

    ``InputTooLargeError`` with args ``(message, instance, model)`` for a sentence pair over
    the ROUGE-W table limit."""

def perl_score_texts(
    predictions: Any,
    references: Any,
    settings: PerlSettings,
    *,
    threads: int = 1,
) -> PerlBatch:
    """Scores strings; sentences are the non-empty ``\\n``-separated lines (SPL files).

    ``InputTooLargeError`` ("pair N, reference M: ...") for a sentence pair over the ROUGE-W
    table limit."""

def perl_split_summary(data: bytes, format: str) -> list[bytes]:
    """The raw sentences of one summary file's bytes (``PerlFileError`` on a bad SIMPLE line)."""

def perl_eval_config(
    text: str,
) -> list[tuple[str, str | None, list[tuple[str, str]], list[tuple[str, str]]]]:
    """The EVALs of an XML configuration: (id, format, peers, models), paths joined."""

def perl_bootstrap_many(
    variants: Sequence[tuple[Sequence[float], Sequence[float], Sequence[float]]],
    *,
    unit: int,
    alpha: float,
    resamples: float,
    confidence: float,
    threads: int = 1,
) -> list[tuple[_Estimate, _Estimate, _Estimate]]:
    """ROUGE-1.5.5's bootstrap of several variants' columns, sharing each resample's draws."""
