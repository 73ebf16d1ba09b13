"""The main entry point: :class:`RougeScorer`."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, overload

import rougekit._core as _core
import rougekit.diagnostics as diagnostics
import rougekit.frames as frames
import rougekit.inputs as inputs
import rougekit.languages as languages
import rougekit.profiles as profiles
import rougekit.progress as _progress
import rougekit.signature as sig
from rougekit.checks import resolve_threads
from rougekit.config import ScorerConfig
from rougekit.profiles import CoreScorer, ProfileLike
from rougekit.results import BatchResult, CorpusResult, Score, ScoreDict
from rougekit.sentences import SentenceSplit

if TYPE_CHECKING:
    from rougekit.explain.model import Explanation
    from rougekit.text import Tokens


class RougeScorer:
    """Scores predictions against references under one profile.

    Args:
        types: ROUGE types, e.g. ``("rouge1", "rouge2", "rougeL", "rougeLsum")``; any
            ``rougeN`` (n >= 1), ``rougeW`` / ``rougeW-<weight>``, ``rougeS<gap>``,
            ``rougeSU<gap>``; a single string is one type or several separated by commas.
            Default: the profile's (``rouge1 rouge2 rougeL rougeLsum``; ROUGE-1.5.5's:
            ``rouge1 rouge2 rougeL``). ROUGE-1.5.5's spellings are accepted (``ROUGE-1``,
            ``ROUGE-2``, ``ROUGE-SU4``, ``ROUGE-W-1.2``). ``ROUGE-L`` is ``rougeL`` with
            ``profile="perl-1.5.5"``, where ROUGE-L is ROUGE-1.5.5's summary-level LCS; the
            other profiles refuse it, because their ``rougeL`` (LCS over the whole text) is
            not ROUGE-1.5.5's ROUGE-L, which is their ``rougeLsum`` on one sentence per line:
            name the one you mean. Results are keyed by the canonical names (``types``:
            ``rougeW`` is ``rougeW-1.2``, ``ROUGE-2`` is ``rouge2``), and every lookup
            (``score()``'s dict, a batch's columns and rows, corpus results) takes any
            spelling of a scored type.
        profile: whose rules: ``"rouge-score"`` (Google's rouge-score 0.1.2, bit for bit),
            ROUGE-1.5.5.pl's (to its printed digits), ``"unicode-v1"`` and
            ``"character-v1"`` (rouge-score-rs 0.2.1's Unicode word and character
            tokenizers, for other languages), ``"whitespace"`` (pre-tokenised text),
            ``"token-ids"`` (sequences of integer token ids). See ``rougekit.profiles``.
        stemmer: rouge-score: ``True`` is NLTK's Porter stemmer (``use_stemmer=True``).
            unicode-v1 and whitespace: ``"snowball:<algorithm>"`` (e.g.
            ``"snowball:german"``), on tokens longer than 3 characters. ROUGE-1.5.5's:
            ``True``/``"wordnet"`` is ROUGE-1.5.5's ``-m`` (WordNet-2.0 exceptions, then its
            Porter variant), ``"porter"`` is ``-m`` with the empty exception table many
            installs built. A stemmer a profile cannot use is an error.
        language: a shortcut that picks the profile and stemmer for a language: an ISO
            639-1 code or an English name (``"hi"``, ``"Hindi"``). English: rouge-score with
            its Porter stemmer; Chinese, Japanese, Thai, Lao, Khmer, Burmese:
            ``"character-v1"``; languages with a Snowball stemmer: ``"unicode-v1"`` with
            ``"snowball:<language>"``; others: ``"unicode-v1"``. An explicit ``stemmer``
            wins; ``profile`` must then be left out (or be the same). The signature names
            the profile and stemmer, not the shortcut. See ``rougekit.languages``. With a
            profile that takes a language (``"xlsum-v1"``: required), it is that profile's
            option instead: ``RougeScorer(profile="xlsum-v1", language="hindi")``.
        threads: worker threads for :meth:`score_batch`; ``None`` reads
            ``$ROUGEKIT_NUM_THREADS``, else uses every core. Never changes a number.
        multiref: how several references combine: ``"best-f"`` (rouge-score's
            ``score_multi``, the default of the rouge-score family), ``"pooled"``
            (ROUGE-1.5.5's ``-f A``, its profile's default), ``"best-recall"`` (``-f B``),
            ``"mean"`` (the float64 mean; torchmetrics' ``accumulate="avg"`` up to float32
            rounding), ``"best-f-float32"`` (the best F compared after rounding to float32,
            the first on ties: torchmetrics' ``accumulate="best"``).
        jackknife: average the rule over the leave-one-out subsets of the references
            (ROUGE before 1.4; for comparing humans with systems). Not for ROUGE-1.5.5.
        separator: token-ids only: the id that ends a sentence for rougeLsum.
        segmenter: ``"whitespace"`` and ``"rouge-chinese-1.0.3"`` only: ``"jieba"`` segments
            every text with jieba 0.42.1 (``rougekit.segment``) and scores its words joined
            with spaces, in Rust: the numbers of ``" ".join(jieba.cut(text))`` passed to the
            profile (for rouge-chinese-1.0.3, exactly the call of LLaMA-Factory, ChatGLM,
            OpenCompass and evalscope); ``"newmm"`` likewise with pythainlp 5.4.0's
            ``word_tokenize(text, engine="newmm")`` (Thai).
        nltk_stopwords: ``"xlsum-v1"`` only: the nltk_data snapshot of NLTK's stopword
            lists its stemmers skip, ``"5db857e"`` (today's, the default) or ``"3a486db"``
            (before 2021-10-19: XL-Sum's paper).
        ja_dict: ``"xlsum-v1"`` with ``language="japanese"`` only: ``"unidic-lite-1.0.8"``
            scores Japanese with XL-Sum's scorer over MeCab and unidic-lite 1.0.8's
            dictionary (read from the installed ``unidic-lite``): not XL-Sum's published
            numbers, which used the full UniDic; without it Japanese is refused.
        stopwords: ROUGE-1.5.5's profile only: its ``-s`` (drop stopwords).
        limit_words: ROUGE-1.5.5's profile only: its ``-l`` (keep the first N words).
        limit_bytes: ROUGE-1.5.5's profile only: its ``-b`` (keep the first N bytes).
        alpha: ROUGE-1.5.5's profile only: its ``-p`` (F = 1 / (alpha/P + (1-alpha)/R)).
        beta: ROUGE-1.5.5's profile only: the paper's F weight (alpha = 1 / (1 + beta²)).
        data_dir: ROUGE-1.5.5's profile only, its ``-e``: a folder holding
            ``smart_common_words.txt`` (the ``stopwords`` list) and ``WordNet-2.0.exc.db``
            (``stemmer=True``'s exception table, read without libdb); ``None``: the
            embedded canonical files. ``stemmer="porter"`` still means no table.
        split_sentences: text profiles: how texts are cut into sentences for rougeLsum.
            ``"newline"`` (default): at their newlines only. ``"punkt"``: every text first
            becomes ``"\\n".join(nltk.sent_tokenize(text))``, exactly, as the harnesses that
            split with NLTK do, with the punkt_tab model of ``language`` when it is given
            (else English); ``"punkt:<language>"`` names the model (``"punkt:german"``; see
            :func:`rougekit.sentences.punkt`). ``"rules"``: the built-in rule-based English
            splitter. The signature names the splitter and its version
            (``split:punkt-english@nltk-3.10.4``). Only rougeLsum reads sentences: the other
            types' numbers do not change.

        on_empty: ``"pltrdy-1.0.1"`` and ``"rouge-chinese-1.0.3"`` only, whose originals
            raise ``ValueError`` on a text without a sentence: ``"raise"`` (the default, as
            they do) or ``"zero"`` (such a pair scores 0, as LongBench, LLaMA-Factory and
            OpenCompass, which catch the error, report it; signature ``empty:zero``).

    Empty text scores 0.0; texts that lose every token under the profile score 0.0 with a
    :class:`~rougekit.NoTokensWarning` naming the profile to use instead.
    """

    def __init__(
        self,
        types: str | Iterable[str] | None = None,
        *,
        profile: ProfileLike | None = None,
        stemmer: bool | str | None = None,
        language: str | None = None,
        threads: int | None = None,
        multiref: str | None = None,
        jackknife: bool | None = None,
        separator: int | None = None,
        segmenter: str | None = None,
        nltk_stopwords: str | None = None,
        ja_dict: str | None = None,
        stopwords: bool | None = None,
        limit_words: int | None = None,
        limit_bytes: int | None = None,
        alpha: float | None = None,
        beta: float | None = None,
        data_dir: str | os.PathLike[str] | None = None,
        on_empty: str | None = None,
        split_sentences: str | None = None,
    ) -> None:
        split = SentenceSplit.parse(split_sentences, language)
        if language is not None and not profiles.takes_language(profile):
            profile, stemmer = languages.resolve(language, profile=profile, stemmer=stemmer)
            language = None
        config = ScorerConfig.create(
            types,
            profile=profiles.DEFAULT if profile is None else profile,
            threads=threads,
            stemmer=stemmer,
            multiref=multiref,
            jackknife=jackknife,
            separator=separator,
            segmenter=segmenter,
            language=language,
            nltk_stopwords=nltk_stopwords,
            ja_dict=ja_dict,
            stopwords=stopwords,
            limit_words=limit_words,
            limit_bytes=limit_bytes,
            alpha=alpha,
            beta=beta,
            data_dir=data_dir,
            on_empty=on_empty,
            split=split,
        )
        self._setup(config, None if threads is None else config.threads)

    def _setup(self, config: ScorerConfig, requested_threads: int | None) -> None:
        self.config = config
        # Pickles carry the request, not this machine's core count.
        self._requested_threads = requested_threads
        self._core: CoreScorer = config.profile.scorer(config.types, config.threads)
        # Text profiles of the core engine score one pair without a batch (see score()).
        self._score_one: Any = getattr(self._core, "score_one", None)
        self._tokens: Tokens | None = None  # made by the first tokenize()

    @classmethod
    def from_config(cls, config: ScorerConfig) -> RougeScorer:
        """A scorer for a validated configuration (e.g. ``RougeConfig.from_perl_args``)."""
        scorer = cls.__new__(cls)
        scorer._setup(config, config.threads)
        return scorer

    @property
    def types(self) -> tuple[str, ...]:
        return self.config.types

    @property
    def profile(self) -> str:
        """The profile's name."""
        return self.config.profile.name

    def __repr__(self) -> str:
        c = self.config
        extra = "".join(f", {k}={v!r}" for k, v in c.profile.options().items())
        if c.split is not None:
            extra += f", split_sentences={c.split.option!r}"
        return (
            f"RougeScorer(types={list(c.types)}, profile={c.profile.name!r}{extra}, "
            f"threads={c.threads})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.config, self._requested_threads))

    def signature(self, nrefs: str = "?") -> sig.Signature:
        """The signature of results from this scorer."""
        return self.config.signature(nrefs=nrefs)

    @overload
    def tokenize(self, text: str) -> list[str]: ...  # type: ignore[overload-overlap]

    @overload
    def tokenize(self, text: Iterable[str]) -> list[list[str]]: ...

    def tokenize(self, text: str | Iterable[str]) -> list[str] | list[list[str]]:
        """The tokens this scorer compares for ``text``, or for each text of a list (see
        :func:`rougekit.tokenize`)."""
        import rougekit.text as _text

        if self._tokens is None:
            self._tokens = _text.tokens_of(self.config.profile)
        if isinstance(text, str):
            return self._tokens.tokens(inputs.text(text, "text"))
        return self._tokens.tokens_many(_text.texts_of(text), self.config.threads)

    def score(self, prediction: Any, references: Any) -> dict[str, Score]:
        """Scores of one prediction against one reference or a list of references, by type
        (keyed by the canonical names, e.g. ``rougeW-1.2``; any spelling finds a type:
        ``scores["rougeW"]``)."""
        self.config.profile.before_scoring()
        if self.config.split is not None:
            prediction, references = _split_pair(self.config.split, prediction, references)
        if self._score_one is not None:
            # One call into the core, on this thread: it checks the texts as
            # rougekit.inputs does and returns the notes the warnings need.
            rows, dropped, nbytes, other = self._score_one(prediction, references)
            if dropped or other:
                diagnostics.Notes.of_pair(dropped, nbytes, other).warn(self.config.profile)
            return ScoreDict.of(
                [(t, Score(p, r, f)) for t, (p, r, f, _) in zip(self.config.types, rows)],
                self.config.profile,
            )
        if self.config.profile.INPUT == "text":
            prediction = inputs.text(prediction, "prediction")
            references = inputs.references(references, "references")
        batch = self._core.score_batch([prediction], [references])
        diagnostics.Notes.of(batch, (), None).warn(self.config.profile)
        return ScoreDict.of(
            [(t, Score(p, r, f)) for t, (p, r, f, _) in zip(batch.types, batch.row(0))],
            self.config.profile,
        )

    def score_batch(
        self,
        predictions: Sequence[Any],
        references: Sequence[Any],
        *,
        ids: Sequence[str] | None = None,
        progress: bool | None = None,
    ) -> BatchResult:
        """Scores every pair in Rust, in parallel, with the GIL released.

        ``references[i]`` is a string or a non-empty list of strings (token-ids: one id
        sequence or a list of them). ``ids``: the pairs' ids (str), kept as
        ``result.ids`` and carried into data frames (``to_pandas``, ``to_arrow``...).
        ``progress``: a progress bar (tqdm's when installed) advancing as chunks of pairs are
        scored; ``None`` (default) shows one for 10,000 pairs or more on a terminal or in a
        notebook, ``True`` always, ``False`` never. It never changes a number.
        """
        result, notes = self._batch(predictions, references, ids=ids, progress=progress)
        notes.warn(self.config.profile)
        return result

    def _batch(
        self,
        predictions: Sequence[Any],
        references: Sequence[Any],
        *,
        ids: Sequence[str] | None = None,
        progress: bool | None = None,
    ) -> tuple[BatchResult, diagnostics.Notes]:
        """:meth:`score_batch` without its warnings: the result and what they would say
        (``rougekit.dask`` adds up the notes of a corpus's partitions and warns once)."""
        profile = self.config.profile
        profile.before_scoring()
        text = profile.INPUT == "text"
        if text:  # the texts may be read again for warnings: a one-pass iterator is listed
            predictions, references = _reusable(predictions), _reusable(references)
        if self.config.split is not None:
            predictions, references = _split_batch(
                self.config.split, predictions, references, self.config.threads
            )
        if ids is not None and hasattr(predictions, "__len__"):
            frames.check_ids(ids, len(predictions))  # before the work, not after
        batch = self._score(predictions, references, progress)
        # Texts split into sentences have their lines from the splitter: a one-sentence text
        # has no newline, and rougeLsum has its sentences all the same.
        texts = (predictions, references) if text and self.config.split is None else None
        notes = diagnostics.Notes.of(batch, self.config.types, texts)
        signature = self.signature(sig.nrefs_field(*batch.nrefs))
        result = BatchResult(batch, signature, profile, threads=self.config.threads)
        if ids is not None:
            result.ids = frames.check_ids(ids, len(result))
        return result, notes

    def _score(self, predictions: Any, references: Any, progress: bool | None) -> _core.BatchScores:
        """The core's scores of every pair; with a progress bar, chunk by chunk.

        Chunks change no number: each pair is scored on its own, and the chunks' columns are
        appended in order into one batch (``_core.BatchBuilder``), so the columns, and every
        corpus number computed from them, are the bits of the one-call batch.
        """
        if progress is not False and not hasattr(predictions, "__len__"):
            # A one-pass iterator (token ids): listed here, as the profile would, to count it.
            with contextlib.suppress(TypeError):  # not iterable: the core names it
                predictions = inputs.ordered(predictions, "predictions")
        n = len(predictions) if hasattr(predictions, "__len__") else 0
        bar = _progress.open_bar(progress, n, "rougekit")
        if bar is None:
            return self._core.score_batch(predictions, references)
        try:
            preds = inputs.ordered(predictions, "predictions")
            refs = inputs.ordered(references, "references")
        except TypeError:
            bar.close()
            return self._core.score_batch(predictions, references)  # names the argument
        if len(preds) != len(refs):
            bar.close()
            return self._core.score_batch(preds, refs)  # the core's length error
        # About 100 updates, each chunk still large enough to keep every thread busy.
        size = max(256 * self.config.threads, -(-len(preds) // 100))
        builder = _core.BatchBuilder(True)
        try:
            for start in range(0, len(preds), size):
                end = start + size
                try:
                    chunk = self._core.score_batch(preds[start:end], refs[start:end])
                except Exception:
                    if start == 0:
                        raise
                    # The chunk's message counts pairs from the chunk's start: score the
                    # whole input once to raise the same error naming the right pair.
                    self._core.score_batch(preds, refs)
                    raise
                builder.append(chunk)
                bar.update(len(chunk))
        finally:
            bar.close()
        return builder.finish()

    def explain(self, prediction: Any, references: Any, *, id: str | None = None) -> Explanation:
        """Why ``prediction`` scored what it did against ``references`` (one or a list):
        per type, the tokens compared (with their spans in the texts and what the profile
        dropped), the counts, the matches behind them and the multi-reference rule's
        choice, computed by the code that scores. Its floats equal :meth:`score`'s
        (:meth:`~rougekit.explain.Explanation.check` recomputes them). The inputs are
        checked as :meth:`score` checks them, with its messages. ``id`` (a str of valid
        Unicode text, or ``None``) is kept in it. See :class:`rougekit.explain.Explanation`."""
        import rougekit.explain.batch as _explain

        self.config.profile.before_scoring()
        if self.config.split is not None:
            prediction, references = _split_pair(self.config.split, prediction, references)
        (explanation,) = _explain.explain_pairs(self, prediction, references, id, single=True)
        return explanation

    def explain_batch(
        self,
        predictions: Iterable[Any],
        references: Iterable[Any],
        ids: Iterable[str] | None = None,
    ) -> Iterator[Explanation]:
        """The explanations of every pair, in order, as an iterator: the core explains the
        pairs a chunk at a time, in parallel with the GIL released, and each explanation's
        dict is built when first used. The inputs are checked before the first pair, as
        :meth:`score_batch` checks them (the same rules and messages: any ordered collection
        or a generator, not a single str); ``ids`` one str of valid Unicode text per pair,
        as ``explain``'s ``id``."""
        import rougekit.explain.batch as _explain

        self.config.profile.before_scoring()
        if self.config.split is not None:
            predictions, references = _split_batch(
                self.config.split, predictions, references, self.config.threads
            )
        return _explain.explain_pairs(self, predictions, references, ids)

    def corpus(
        self,
        predictions: Sequence[Any],
        references: Sequence[Any],
        *,
        confidence: float | None = None,
        n_bootstrap: int = 1000,
        seed: int = 0,
        unit: int = 0,
        progress: bool | None = None,
    ) -> CorpusResult:
        """Corpus scores per type, with a seeded bootstrap CI when ``confidence`` is set.

        Most profiles: means of the per-pair scores. ROUGE-1.5.5's profile: its printed
        Average and CI (its bootstrap, always run; ``confidence`` defaults to 0.95, ``unit``
        is ``-t``: 0 averages per summary, 1 pools counts per token). ``progress``: as
        :meth:`score_batch`'s.
        """
        return self.score_batch(predictions, references, progress=progress).corpus(
            confidence=confidence, n_bootstrap=n_bootstrap, seed=seed, unit=unit
        )


def _split_pair(split: SentenceSplit, prediction: Any, references: Any) -> tuple[str, list[str]]:
    """One pair's texts with one sentence per line (``split_sentences=``)."""
    texts = [inputs.text(prediction, "prediction"), *inputs.references(references, "references")]
    lines = split.lines(texts, 1)
    return lines[0], lines[1:]


def _split_batch(
    split: SentenceSplit, predictions: Any, references: Any, threads: int
) -> tuple[list[str], list[list[str]]]:
    """Every pair's texts with one sentence per line, split in one call to the core."""
    preds = [
        inputs.text(p, f"predictions[{i}]")
        for i, p in enumerate(inputs.ordered(predictions, "predictions"))
    ]
    refs = [
        inputs.references(r, f"references[{i}]")
        for i, r in enumerate(inputs.ordered(references, "references"))
    ]
    lines = split.lines([*preds, *(t for rs in refs for t in rs)], threads)
    out, at = [], len(preds)
    for rs in refs:
        out.append(lines[at : at + len(rs)])
        at += len(rs)
    return lines[: len(preds)], out


def _reusable(texts: Any) -> Any:
    try:
        return list(texts) if iter(texts) is texts else texts
    except TypeError:
        return texts  # not iterable: the core names the argument


def _rebuild(config: ScorerConfig, threads: int | None) -> RougeScorer:
    if threads is None:  # re-resolved on the unpickling machine
        config = replace(config, threads=resolve_threads(None))
    scorer = RougeScorer.from_config(config)
    scorer._requested_threads = threads
    return scorer
