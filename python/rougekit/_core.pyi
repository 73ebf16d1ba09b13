"""Type stubs for the Rust extension module ``rougekit._core`` (private API).

Everything here is an implementation detail of :mod:`rougekit`; use the public API instead.
Numbers are decided here, in Rust; the Python package only orchestrates.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any, final

from typing_extensions import CapsuleType, Self

__all__ = [
    "PUNKT_LANGUAGES",
    "PUNKT_VERSION",
    "BatchBuilder",
    "BatchScores",
    "ColumnView",
    "Engine",
    "ExplanationRecord",
    "InputTooLargeError",
    "JsonlReader",
    "LineFilesReader",
    "PerlExplanationRecord",
    "PerlFileError",
    "PerlRunPlan",
    "PerlScorer",
    "Pipeline",
    "PltrdyExplanationRecord",
    "PltrdyScorer",
    "RougekitError",
    "StreamingSums",
    "TableReader",
    "TextChunk",
    "__version__",
    "approximate_randomization",
    "arrow_stream",
    "arrow_views",
    "dedup",
    "dedup_edges",
    "dedup_resolve",
    "exact_sum",
    "exact_sum_scaled",
    "instance_rows",
    "load_mecab_dictionary",
    "mbr",
    "nearest",
    "normalize_types",
    "numpy_resample_means",
    "paired_bootstrap",
    "pairwise",
    "perl_builtin_data",
    "perl_eval_config",
    "perl_normalize_types",
    "perl_split_summary",
    "perl_xml_plan",
    "pltrdy_pieces",
    "pltrdy_recursion_depths",
    "pltrdy_tokens",
    "poisson_weight",
    "punkt_lines",
    "punkt_sentences",
    "segment",
    "segment_joined",
    "stem_words",
    "stemmer_id",
    "tokenize",
]

__version__: str

_Summary = dict[str, dict[str, tuple[float, float, float]]]

def normalize_types(types: Sequence[str]) -> list[str]:
    """Validate and canonicalise ROUGE type names (``rouge1``, ``rougeL``, ``rougeLsum``...).

    Raises ``ValueError`` naming the offending type.
    """

def tokenize(text: str, stemmer: bool | str | None, tokenizer: str = "rouge-score") -> list[str]:
    """Tokens of ``text`` under ``tokenizer`` (``rouge-score``: lower-case, ``[a-z0-9]``
    runs), stems of tokens longer than 3 characters by ``stemmer`` (``True``: NLTK Porter,
    or a stemmer name)."""

def stem_words(words: list[str] | tuple[str, ...], stemmer: str) -> list[str]:
    """Each word stemmed as is by the named stemmer (``nltk-porter``: NLTK
    ``PorterStemmer()`` in NLTK_EXTENSIONS mode; ``snowball:<algorithm>``: Snowball 3.1.1's
    stemmer of that algorithm id, e.g. ``snowball:german``). ``TypeError`` naming
    ``words[i]`` for an item that is not str; large inputs are stemmed without the GIL."""

@final
class Pipeline:
    """A tokenizer and a stemmer, parsed once (``rougekit.tokenize``)."""

    def __new__(cls, tokenizer: str = "rouge-score", stemmer: bool | str | None = None) -> Self:
        """``tokenizer``: ``rouge-score``, ``whitespace``, ``unicode-v1``, ``character-v1``;
        ``stemmer``: ``True`` (NLTK Porter) or a stemmer name, applied to tokens longer than
        3 characters."""

    @property
    def tokenizer(self) -> str: ...
    @property
    def stemmer(self) -> str | None:
        """The stemmer's name, or ``None``."""

    def tokens(self, text: str) -> list[str]:
        """The (stemmed) tokens of ``text``."""

    def tokens_many(self, texts: list[str] | tuple[str, ...], threads: int = 1) -> list[list[str]]:
        """The tokens of each text, in order; large inputs without the GIL on ``threads``
        workers. ``TypeError``/``ValueError`` naming ``text[i]`` for a bad item."""

def stemmer_id(stemmer: str) -> str:
    """The signature id of the named stemmer: ``nltk-porter``, or
    ``snowball-<version>:<algorithm>`` for ``snowball:<algorithm>`` (``snowball-3.1.1:german``:
    the Snowball release whose stems these are). ``ValueError`` for an unknown name."""

PUNKT_VERSION: str
PUNKT_LANGUAGES: list[str]

def punkt_sentences(texts: list[str], language: str, threads: int) -> list[list[str]]:
    """The sentences of each text by NLTK's Punkt with the ``punkt_tab`` model of
    ``language`` (``nltk.sent_tokenize(text, language)``, NLTK 3.10.4), on ``threads``
    threads with the GIL released. ``ValueError`` for an unknown language (listing the known
    ones) or a lone surrogate, ``TypeError`` for a non-str."""

def punkt_lines(texts: list[str], language: str, threads: int) -> list[str]:
    """``"\\n".join(punkt_sentences(...)[i])`` for each text, without building Python lists."""

def load_mecab_dictionary(dicdir: str, name: str) -> None:
    """Loads the compiled MeCab dictionary of ``dicdir`` (``sys.dic``, ``unk.dic``,
    ``matrix.bin``, ``char.bin``, ``dicrc``) under ``name`` for the ``mecab-unidic-lite``
    segmenter, once per process. ``ValueError`` for a missing or broken file, or for a
    second dictionary of another name."""

def segment(texts: list[str], segmenter: str, threads: int) -> list[list[str]]:
    """The words of each text by the named segmenter (``jieba``: jieba 0.42.1's
    ``jieba.cut``; ``newmm``: pythainlp 5.4.0's ``word_tokenize(engine="newmm")``), on
    ``threads`` threads with the GIL released. ``ValueError`` for an unknown name (listing
    the known ones) or a lone surrogate, ``TypeError`` for a non-str."""

def segment_joined(texts: list[str], segmenter: str, sep: str, threads: int) -> list[str]:
    """As :func:`segment`, each text's words joined by ``sep`` (one string per text)."""

@final
class BatchScores:
    """Per-pair scores of a batch by column: what every profile's scorer returns."""

    @property
    def types(self) -> list[str]: ...
    def __len__(self) -> int: ...
    @property
    def nrefs(self) -> tuple[int, int]:
        """(fewest, most) references of a pair; (0, 0) for an empty batch."""
    @property
    def failures(self) -> list[tuple[int, int, str, str]]:
        """Scores the profile could not compute (0 instead): (pair, reference, type,
        message)."""
    def row(self, i: int) -> list[tuple[float, float, float, bool]]:
        """Pair ``i``: ``(precision, recall, fmeasure, int_zero)`` per type, in type order."""
    def dropped_counts(self) -> tuple[int, int]:
        """(predictions, pairs with a reference) that are not blank but have no token."""
    def letter_counts(self) -> tuple[int, int]:
        """(bytes, non-ASCII letters) of the texts that are not pure ASCII, counted by the
        ASCII-only profiles; (0, 0) for the others."""
    def buffer(self, rouge_type: str, field_name: str) -> bytearray:
        """float64 buffer of ``precision``, ``recall``, ``fmeasure`` or of the counts
        ``hits``, ``pred_total``, ``ref_total``; uint8 for ``int_zero`` (1 where rouge-score
        returns the int ``0`` triple)."""
    def slice(self, start: int, end: int) -> BatchScores:
        """Pairs ``start..end`` as a batch of their own."""
    @staticmethod
    def concat(parts: Sequence[BatchScores]) -> BatchScores:
        """The batches one after the other (same types); ``ValueError`` for none."""
    def to_bytes(self) -> bytes:
        """Every field as versioned little-endian bytes (what pickling stores)."""
    @staticmethod
    def from_bytes(data: bytes) -> BatchScores:
        """The batch ``to_bytes`` wrote; ``ValueError`` for other bytes."""
    def __reduce__(self) -> tuple[Any, tuple[bytes]]: ...
    def corpus(self, n_samples: int, seed: int, confidence: float, threads: int = 1) -> _Summary:
        """``{type: {field: (mean, low, high)}}``; seeded percentile bootstrap bounds at
        ``confidence``, NaN when ``n_samples == 0``. ``threads`` never changes a number."""
    def perl_corpus(
        self,
        *,
        unit: int,
        alpha: float,
        resamples: float,
        confidence: float,
        order: Sequence[int] | None = None,
        rounded: bool = True,
        threads: int = 1,
    ) -> _Summary:
        """ROUGE-1.5.5's bootstrap Average and CI bounds (``confidence`` in percent) over the
        pairs in ``order`` (default: ROUGE-1.5.5's order of pairs scored through the API),
        rounded to 5 decimals as printed unless ``rounded=False``."""

@final
class BatchBuilder:
    """A batch grown chunk by chunk: running sums and, with ``keep``, the columns."""

    def __new__(cls, keep: bool) -> Self: ...
    def __len__(self) -> int: ...
    def append(self, batch: BatchScores) -> None:
        """Adds a chunk (same types as the first)."""
    def means(self) -> _Summary:
        """``{type: {field: (mean, nan, nan)}}``: ``BatchScores.corpus``'s means, bit for bit."""
    def finish(self) -> BatchScores:
        """Everything appended (``keep=True`` only); the builder is empty after."""

# -- Scale-out (rougekit.CorpusAccumulator's streaming mode, rougekit.dask) --

@final
class StreamingSums:
    """Exact column sums and a Poisson bootstrap keyed by pair id, mergeable in any order."""

    def __new__(cls, ncols: int, n_bootstrap: int, seed: int) -> Self: ...
    def __len__(self) -> int: ...
    def add(self, batch: BatchScores, ids: Sequence[int], threads: int = 1) -> None:
        """Adds the pairs of ``batch`` (ids ``ids``); scores must lie in [0, 1]."""
    def merge(self, other: StreamingSums) -> None:
        """Adds the sums of ``other`` (same columns, replicates and seed)."""
    def estimates(self, confidence: float | None = None) -> list[tuple[float, float, float]]:
        """``(mean, low, high)`` per column; NaN bounds without ``confidence``."""
    def to_bytes(self) -> bytes: ...
    @staticmethod
    def from_bytes(data: bytes) -> StreamingSums: ...
    def __reduce__(self) -> tuple[Any, tuple[bytes]]: ...

def exact_sum(values: Sequence[float]) -> float:
    """The exact sum rounded once to the nearest float (as ``math.fsum``)."""

def exact_sum_scaled(values: Sequence[float]) -> int:
    """The exact sum of finite non-negative values times 2**1074, as an int."""

def numpy_resample_means(
    key: Sequence[int], pos: int, matrix: Sequence[float], rows: int, cols: int, samples: int
) -> tuple[list[float], list[int], int]:
    """rouge-score's bootstrap resample means drawn from NumPy's legacy MT19937 state."""

def poisson_weight(seed: int, pair_id: int, replicate: int) -> int:
    """The streaming bootstrap's Poisson(1) weight of a pair in a replicate."""

def paired_bootstrap(
    a: Sequence[float],
    b: Sequence[float],
    *,
    n_resamples: int,
    seed: int,
    confidence: float,
    threads: int = 1,
) -> tuple[float, float, float, float]:
    """Paired bootstrap of ``mean(b) - mean(a)``: (delta, low, high, p_value)."""

def approximate_randomization(
    a: Sequence[float], b: Sequence[float], *, n_trials: int, seed: int
) -> float:
    """Approximate-randomization p-value of ``mean(b) - mean(a)``."""

# -- many texts against many (rougekit.pairs, rougekit.duplicates) --------------------------------

def pairwise(
    engine: Engine, a: Sequence[str], b: Sequence[str] | None, field: str
) -> tuple[bytearray, int, int, tuple[list[int], list[int]]]:
    """The float64 matrix (native bytes, rows x columns) of the engine's one type: rows
    ``a`` as predictions, columns ``b`` (``None``: ``a``) as references; with the indices of
    the row and column texts that lost every token."""

def dedup(
    engine: Engine,
    texts: Sequence[str],
    against: Sequence[str],
    threshold: float,
    nearest: bool,
    progress: Callable[[int], object] | None = None,
) -> tuple[list[bool], list[tuple[int, float] | None], tuple[list[int], list[int]]]:
    """The self-instruct filter's kept flags of ``texts`` after ``against``; with
    ``nearest``, per dropped text the nearest kept document (``against`` first) and its F;
    the texts and ``against`` texts that lost every token. ``progress(done)`` is called
    with the texts decided so far."""

def dedup_edges(
    engine: Engine,
    texts: Sequence[str],
    against: Sequence[str],
    threshold: float,
    first: int,
    end: int,
) -> list[list[int]]:
    """For the texts ``first..end``, the earlier documents (``against`` first) whose rougeL
    F with each exceeds ``threshold``."""

def dedup_resolve(against: int, edges: Sequence[Sequence[int]]) -> list[bool]:
    """The filter's kept flags from the edges of ``dedup_edges`` over every text."""

def nearest(
    engine: Engine, queries: Sequence[str], corpus: Sequence[str], k: int
) -> tuple[list[int], bytearray, tuple[list[int], list[int]]]:
    """Per query the ``min(k, len(corpus))`` corpus indices with the highest rougeL F (row
    major) and those F (float64 bytes); the queries and corpus texts without a token."""

def mbr(
    engine: Engine, texts: Sequence[str], offsets: Sequence[int], field: str
) -> tuple[list[tuple[int, float]], list[int]]:
    """Per group ``texts[offsets[g]:offsets[g + 1]]`` the candidate with the highest mean
    against the others and that mean; the texts without a token."""

@final
class TextChunk:
    """Pairs read from a file by a core reader, their texts in one Rust buffer."""

    def __new__(cls) -> Self: ...
    def __len__(self) -> int: ...
    def id(self, i: int) -> str:
        """The id of pair ``i``, as the Python reader names it."""
    def ids(self) -> list[str]: ...
    def pair(self, i: int) -> tuple[str, list[str]]:
        """``(prediction, references)`` of pair ``i``."""
    def push(self, id: str, prediction: str, references: Sequence[str]) -> None:
        """Adds a pair (one the Python reader read)."""
    def blank_references(self) -> int:
        """Pairs whose references are all blank (``str.isspace`` or empty)."""
    def lines_note(self) -> int:
        """``rougekit.diagnostics._lines_of`` of the chunk's texts."""

# What stopped a core reader's fill early: ("line", file, number, raw bytes),
# ("long", file, number), ("counts", [lines per file]) or ("io", file, lines read before,
# OSError); the table reader's also ("csv", line, message) and ("cells", line, n).

@final
class JsonlReader:
    """A JSON Lines file (a binary file object) read a chunk at a time."""

    def __new__(
        cls,
        handle: Any,
        prediction_field: str,
        references_field: str,
        id_field: str,
        max_line_bytes: int,
    ) -> Self: ...
    def fill(self, chunk: TextChunk, max: int) -> tuple[Any, ...] | None:
        """Adds pairs to ``chunk`` until it holds ``max`` or the file ends."""
    def count_one(self) -> None:
        """Counts a pair the Python reader added (the next default id is one more)."""
    @property
    def done(self) -> bool: ...
    @property
    def bytes(self) -> int: ...
    @property
    def count(self) -> int: ...
    @property
    def lines(self) -> int: ...

@final
class LineFilesReader:
    """Line-aligned text files (prediction file, then reference files) read in lockstep."""

    def __new__(cls, handles: Sequence[Any], max_line_bytes: int) -> Self: ...
    def fill(self, chunk: TextChunk, max: int) -> tuple[Any, ...] | None:
        """Adds pairs to ``chunk`` until it holds ``max`` or the files end."""
    @property
    def done(self) -> bool: ...
    @property
    def bytes(self) -> int: ...
    def lines(self, k: int) -> int: ...

@final
class TableReader:
    """A CSV or TSV file read a chunk at a time (Python's csv.reader, excel, strict)."""

    def __new__(cls, handle: Any, max_line_bytes: int) -> Self: ...
    def first_line(self) -> bytes | tuple[Any, ...] | None:
        """Line 1's bytes, ``None`` for an empty file."""
    def header(self, delimiter: str) -> list[str] | tuple[Any, ...]:
        """The header's cells, from line 1 on (``("csv", line, message)`` for csv's
        errors)."""
    def columns(
        self, prediction: int, references: Sequence[int], id: int | None, width: int
    ) -> None: ...
    def fill(self, chunk: TextChunk, max: int) -> tuple[Any, ...] | None:
        """Adds pairs to ``chunk`` until it holds ``max`` or the file ends
        (``("cells", line, n)`` for a record of another width)."""
    @property
    def done(self) -> bool: ...
    @property
    def bytes(self) -> int: ...

def instance_rows(scores: BatchScores, ids: Sequence[str] | TextChunk, fmt: str) -> str:
    """The per-instance rows (``jsonl`` or ``csv``) of ``scores`` for the pairs named
    ``ids``, as ``rougekit.report.InstanceWriter`` writes them."""

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
    def explain_texts(
        self, predictions: Sequence[str], references: Sequence[str | Sequence[str]]
    ) -> list[ExplanationRecord]:
        """Every pair explained by this engine's code, in order (in parallel, without the
        GIL)."""
    def explain_ids(
        self, predictions: Sequence[list[int]], references: Sequence[list[Any]]
    ) -> list[ExplanationRecord]:
        """Every pair of token ids explained, in order."""
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
    def score_chunk(self, chunk: TextChunk) -> BatchScores:
        """:meth:`score_batch` of the pairs of a chunk read by a core reader."""
    def score_id_ragged(
        self, pred_values: bytes, pred_offsets: bytes, ref_values: bytes, ref_offsets: bytes
    ) -> BatchScores:
        """Score token ids in the ragged form (int64 native bytes: sequence ``i`` is
        ``values[offsets[i]:offsets[i + 1]]``), one reference per prediction."""
    def score_one(
        self, prediction: str, references: str | Sequence[str]
    ) -> tuple[list[tuple[float, float, float, bool]], int, int, int]:
        """Score one pair on the calling thread, without a batch: ``(rows, dropped, bytes,
        non_ascii_letters)``, one ``(precision, recall, fmeasure, int_zero)`` row per type
        in type order, and the pair's notes (``dropped``: bit 0 the prediction, bit 1 a
        reference lost every token). Errors name ``prediction``, ``references`` and
        ``references[k]``."""
    def score_id_batch(
        self,
        predictions: Sequence[bytes | list[int]],
        references: Sequence[bytes | list[int] | list[bytes | list[int]]],
    ) -> BatchScores:
        """Score token ids: ``predictions[i]`` is one id sequence, ``references[i]`` one or
        a list of them (a list that is empty or starts with an int is one sequence); a
        sequence is native int64 bytes or a list of ints. Lines (rougeLsum) end at the
        engine's ``separator`` id, and rougeLsum without a separator is a ``ValueError``."""
    def score_id_lists(self, predictions: object, references: object) -> BatchScores | None:
        """Score token ids given as a list of lists of exact ints (``references[i]`` one
        such list, or a list of them), read with no per-pair Python code; ``None``, having
        scored nothing, for any other input or value (then normalise and use
        ``score_id_batch``, which words the errors)."""
    def score_token_ids(
        self,
        prediction: tuple[Sequence[int], Sequence[Sequence[int]]],
        references: Sequence[tuple[Sequence[int], Sequence[Sequence[int]]]],
    ) -> BatchScores:
        """Score one pre-tokenised pair (custom tokenizers): each text is
        ``(whole_text_ids, [line_ids, ...])``; a batch of length 1 is returned."""

# ROUGE-1.5.5.pl's profile (spec rouge-1.5.5.md)

def perl_normalize_types(types: Sequence[str]) -> list[str]:
    """Canonical ROUGE-1.5.5 type names (``ROUGE-2`` -> ``rouge2``); ``ValueError`` naming a
    bad one."""

@final
class PerlScorer:
    """ROUGE-1.5.5's profile's scorer: types and ROUGE-1.5.5's scoring options."""

    def __new__(
        cls,
        types: Sequence[str],
        *,
        stemmer: str = "none",
        stopwords: bool = False,
        limit_words: int = 0,
        limit_bytes: int = 0,
        multiref: str = "pooled",
        alpha: float = 0.5,
        exceptions: Sequence[tuple[str, str]] | None = None,
        stoplist: Sequence[str] | None = None,
        threads: int = 1,
    ) -> Self: ...
    @property
    def types(self) -> list[str]: ...
    def tokenize(self, text: str) -> list[str]:
        """The tokens ROUGE-1.5.5 compares for ``text`` (``-s`` applied, ``-m`` stems,
        ``-l``/``-b`` truncation)."""
    def explain_texts(
        self, predictions: Sequence[str], references: Sequence[str | Sequence[str]]
    ) -> list[PerlExplanationRecord]:
        """One record per pair, counted by the scoring code, in parallel without the GIL."""
    def score_batch(
        self, predictions: Sequence[str], references: Sequence[str | Sequence[str]]
    ) -> BatchScores:
        """Scores strings; sentences are the non-empty ``\\n``-separated lines (SPL
        files). ``InputTooLargeError`` ("pair N, reference M: ...") for a sentence pair over
        the ROUGE-W table limit. Ctrl-C raises ``KeyboardInterrupt`` inside long kernels."""
    def score_files(
        self,
        files: Sequence[tuple[str, str]],
        peers: Sequence[int],
        models: Sequence[Sequence[int]],
        *,
        be_mode: str | None = None,
    ) -> BatchScores:
        """Scores a run from its summary files ((path, format) each), read in parallel.
        ``InputTooLargeError`` with args ``(message, instance, model)`` for a sentence pair
        over the ROUGE-W table limit; ``PerlFileError`` for an unusable file; Ctrl-C raises
        ``KeyboardInterrupt`` inside long kernels."""
    def score_plan(self, plan: PerlRunPlan, *, be_mode: str | None = None) -> BatchScores:
        """``score_files`` on a planned XML run's files and instances."""

class RougekitError(Exception):
    """Base of every exception rougekit raises on purpose (``rougekit.errors``)."""

class InputTooLargeError(RougekitError, ValueError):
    """An input over one of rougekit's documented size limits; the message names the pair."""

class PerlFileError(RougekitError, ValueError):
    """A run's summary file is unusable: args (file index, line or None, reason or line)."""

def perl_split_summary(data: bytes, format: str) -> list[bytes]:
    """The raw sentences of one summary file's bytes (``PerlFileError`` on a bad SIMPLE line)."""

def perl_eval_config(
    text: str,
) -> list[tuple[str, str | None, list[tuple[str, str]], list[tuple[str, str]]]]:
    """The EVALs of an XML configuration: (id, format, peers, models), paths joined."""

def perl_xml_plan(text: str, peer: str | None = None) -> PerlRunPlan:
    """A ``rougekit perl`` run planned from an XML configuration for ``peer`` (None: all)."""

@final
class PerlExplanationRecord:
    """One pair's explanation, kept in the core until its dict is asked for."""

    def to_dict(self, head: Mapping[str, object]) -> dict[str, Any]:
        """``head``'s items, then the texts and the types (``rougekit.explain/1``)."""

@final
class PltrdyExplanationRecord:
    """One pair's explanation, kept in the core until its dict is asked for."""

    def to_dict(self, head: Mapping[str, object]) -> dict[str, Any]:
        """``head``'s items, then the texts and the types (``rougekit.explain/1``)."""

def perl_builtin_data() -> tuple[list[tuple[str, str]], bytes, str]:
    """ROUGE-1.5.5's embedded data: the canonical WordNet-2.0 exception table (pairs sorted
    by key), the bytes of ``smart_common_words.txt`` and the WordNet licence text."""

@final
class PerlRunPlan:
    """A planned XML run: peers scored, their instances, the files, the bootstrap order."""

    @property
    def peers(self) -> list[str]: ...
    @property
    def starts(self) -> list[int]: ...
    @property
    def missing(self) -> list[tuple[str, str]]: ...
    def __len__(self) -> int: ...
    def format_problem(self, be: bool) -> tuple[str, str | None, str] | None: ...
    def boot_order(self, p: int) -> list[int]: ...
    def eval_ids(self, p: int) -> list[str]: ...
    def instance(self, i: int) -> tuple[str, str, str, list[tuple[str, str]]]: ...
    def file_path(self, k: int) -> str: ...

# Data frames: zero-copy views of a batch's float64 columns (arrow.rs)

@final
class ColumnView:
    """A float64 column of a batch for NumPy's array interface (read-only, no copy); the
    view keeps the batch alive."""

    def __new__(cls, scores: BatchScores, rouge_type: str, field: str) -> Self: ...
    def __len__(self) -> int: ...
    @property
    def scores(self) -> BatchScores:
        """The batch this column belongs to."""
    @property
    def __array_interface__(self) -> dict[str, object]:
        """NumPy's array interface (version 3): the column's address, read-only."""

def arrow_stream(
    scores: BatchScores,
    columns: Sequence[tuple[str, str, str]],
    ids: tuple[str, Sequence[str]] | None = None,
    metadata: Sequence[tuple[str, str]] = ...,
) -> CapsuleType:
    """An ``arrow_array_stream`` PyCapsule of one record batch: the ids column first when
    given (large UTF-8), then ``(column name, type, field)`` float64 columns over the
    batch's own memory; ``metadata`` becomes the schema's."""

def arrow_views(scores: BatchScores) -> int:
    """How many Arrow arrays share ``scores``' memory (0 once every frame is gone)."""

# pltrdy's rouge 1.0.1 and rouge-chinese 1.0.3 (profiles pltrdy-1.0.1, rouge-chinese-1.0.3)

@final
class PltrdyScorer:
    """A scorer of ``variant`` (``pltrdy-1.0.1`` or ``rouge-chinese-1.0.3``): types
    ``rouge1``..``rougeN`` and ``rougeL``; ``exclusive`` counts distinct n-grams (the
    packages' default); with ``segmenter`` (``"jieba"``) each text is first replaced by its
    words joined with spaces."""

    def __new__(
        cls,
        variant: str,
        types: Sequence[str],
        exclusive: bool = True,
        threads: int = 1,
        segmenter: str | None = None,
        on_empty: str = "raise",
    ) -> Self: ...
    @property
    def variant(self) -> str: ...
    @property
    def types(self) -> list[str]: ...
    @property
    def exclusive(self) -> bool: ...
    @property
    def threads(self) -> int: ...
    @property
    def segmenter(self) -> str | None: ...
    @property
    def on_empty(self) -> str:
        """What ``score_batch`` does with a pair that has an empty side: ``"raise"`` or
        ``"zero"``."""
    def explain_texts(
        self, predictions: Sequence[str], references: Sequence[str | Sequence[str]]
    ) -> list[PltrdyExplanationRecord]:
        """One record per pair (one reference each), counted by the scoring code, in
        parallel without the GIL; ``score_batch``'s errors."""
    def score_batch(
        self, predictions: Sequence[str], references: Sequence[str | Sequence[str]]
    ) -> BatchScores:
        """The profile's batch (with the counts ``hits``, ``pred_total``, ``ref_total``):
        one reference per prediction; ``ValueError`` naming the first pair whose prediction
        or reference has no sentence, or with ``on_empty="zero"`` scores 0 for it."""
    def score_pairs(
        self, hyps: Sequence[str], refs: Sequence[str]
    ) -> tuple[
        list[tuple[list[float], list[float], list[float], list[int], list[int], list[int]]],
        list[int],
        list[int],
        bytes,
    ]:
        """``(columns, hyp_lengths, ref_lengths, empty)``: per type ``(r, p, f, hyp, ref,
        overlap)`` columns; ``empty`` one byte per pair (bit 0: the hypothesis has no
        sentence, bit 1: the reference), whose scores are then 0."""
    def score_means(
        self, hyps: Sequence[str], refs: Sequence[str]
    ) -> tuple[list[tuple[float, float, float]], tuple[float, float], bytes]:
        """Per type ``(r, p, f)`` and the lengths ``(hyp, ref)``, each summed left to right
        over the pairs and divided by their number (the packages' ``avg=True``), and the
        ``empty`` bytes of :meth:`score_pairs`."""

def pltrdy_pieces(text: str, variant: str) -> list[str]:
    """The sentence pieces of ``text`` before empty ones are dropped: ``text.split(".")``
    (pltrdy-1.0.1) or rouge-chinese's ``Rouge.cut_sent(text)``."""

def pltrdy_tokens(text: str, variant: str) -> list[str]:
    """The tokens ``variant`` compares for ``text`` (``""`` for a blank sentence)."""

def pltrdy_recursion_depths(hyps: Sequence[str], refs: Sequence[str]) -> list[int]:
    """Per pair, the most nested calls of rouge 1.0.1's recursive LCS backtrack (0 when
    either text has no sentence)."""

@final
class ExplanationRecord:
    """One pair's explanation as the core made it."""

    def to_dict(self, head: Mapping[str, object]) -> dict[str, Any]:
        """The ``rougekit.explain/1`` dict, ``head``'s keys first."""
