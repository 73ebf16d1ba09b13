"""Hypothesis-generated hostile text: rougekit vs rouge-score 0.1.2, compared with ``==``.

Paths: ``RougeScorer.score_batch``, ``RougeScorer.score``, compat ``score`` and
``score_multi`` (1-4 references), compat with ``bytes`` (spec §2.3), compat with custom
tokenizer objects (spec §9) and ``split_summaries=True`` when NLTK's punkt data is installed.
"""

from __future__ import annotations

from typing import Any

import pytest
import rougekit
from conftest import ALL_TYPES, FIELDS, rouge_score_scorer
from hypothesis import given, settings
from hypothesis import strategies as st
from rougekit.compat import rouge_scorer as compat_rouge_scorer

pytestmark = pytest.mark.filterwarnings("ignore::rougekit.NoTokensWarning")

# -- strategies ----------------------------------------------------------------------------

VOCAB = [
    # plain words, inflections the stemmer changes, short words it must leave alone
    "the", "cat", "a", "sat", "on", "mat", "dog", "running", "runs", "ran", "ponies",
    "caresses", "happy", "happiness", "generalization", "dies", "died", "spied", "sky",
    "skies", "used", "uses", "they", "accidentally", "carefully", "analogi", "its", "it's",
    "state-of-the-art", "3.14159", "100billion", "gpt-4", "yyyy", "yyyyyyy",
    # the two code points that lower-case to ASCII, titlecase digraph, combining marks
    "İ", "İstanbul", "\u212a", "5\u212a", "ǅ", "ǆ", "e\u0301", "\u0307", "a\u0308b",
    "Cristóbal", "straße", "\uff21\uff22\uff23\uff11\uff12\uff13", "x²",
    # other scripts, emoji
    "今天天气很不错", "日本語", "한국어", "пример", "😀", "👍🏽", "\u200b", "\ufeff",
    # separators and line structure
    " ", "  ", "\t", "\n", "\n\n", "\r\n", "\r", "\u2028", "\x0b", " \n ", "\n \n",
    ".", ",", "!!!", "'", "-", "_", "``", "\\'",
    # very long tokens and repeated words
    "a" * 300, "y" * 250, "ab" * 200, "the the the the", "a b a b",
]  # fmt: skip

word = st.sampled_from(VOCAB)
small_text = st.text(max_size=6)
hostile = st.lists(st.one_of(word, word, word, small_text), max_size=30).map("".join)
hostile_spaced = st.lists(word, max_size=30).map(" ".join)
any_text = st.text(max_size=200)
texts = st.one_of(any_text, hostile, hostile_spaced, st.just(""))
references = st.lists(texts, min_size=1, max_size=4)

ascii_word = st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=9)
separator = st.sampled_from([" ", " ", " ", "\n", "\r\n", "\n\n", ", ", ". ", "-", "\t", "İ"])


@st.composite
def related(draw: Any, max_refs: int = 4) -> tuple[str, list[str]]:
    """A prediction and 1-max_refs references drawn from one small pool of words, so
    n-grams, LCS and union-LCS overlap a lot (random text rarely shares a token)."""
    pool = draw(st.lists(st.one_of(word, ascii_word), min_size=1, max_size=8))

    def text() -> str:
        words = draw(st.lists(st.sampled_from(pool), max_size=25))
        seps = draw(st.lists(separator, min_size=len(words), max_size=len(words)))
        return "".join(w + s for w, s in zip(words, seps))

    prediction = text()
    refs = [text() for _ in range(draw(st.integers(1, max_refs)))]
    return prediction, refs


pairs_strategy = st.one_of(st.tuples(texts, references), related(), related())
stemmers = st.booleans()
type_lists = st.lists(st.sampled_from(ALL_TYPES), min_size=1, max_size=6, unique=True)


def _scorer(stemmer: bool) -> rougekit.RougeScorer:
    return rougekit.RougeScorer(ALL_TYPES, stemmer=stemmer)


def _compat(stemmer: bool, types: tuple[str, ...] = ALL_TYPES) -> Any:
    return compat_rouge_scorer.RougeScorer(list(types), use_stemmer=stemmer)


def _same(got: dict[str, Any], want: dict[str, Any], context: str, *, exact_types: bool):
    assert list(got) == list(want), f"{context}: types {list(got)} != {list(want)}"
    for t, w in want.items():
        g = tuple(got[t])
        assert g == tuple(w), f"{context} {t}: rougekit {g!r} != rouge-score {tuple(w)!r}"
        if exact_types:
            gt = [type(v).__name__ for v in g]
            wt = [type(v).__name__ for v in w]
            assert gt == wt, f"{context} {t}: types {gt} != rouge-score {wt} ({g!r})"


# -- main API ------------------------------------------------------------------------------


@settings(max_examples=1200)
@given(pairs=st.lists(pairs_strategy, min_size=1, max_size=5), stemmer=stemmers)
def test_score_batch_and_score_vs_rouge_score(pairs, stemmer):
    oracle = rouge_score_scorer(ALL_TYPES, stemmer)
    scorer = _scorer(stemmer)
    batch = scorer.score_batch([p for p, _ in pairs], [refs for _, refs in pairs])
    assert len(batch) == len(pairs)
    for i, (pred, refs) in enumerate(pairs):
        want = oracle.score_multi(refs, pred)
        ctx = f"pair {i} pred={pred!r} refs={refs!r} stemmer={stemmer}"
        cols = {t: tuple(float(getattr(batch, f)(t)[i]) for f in FIELDS) for t in ALL_TYPES}
        _same(cols, want, f"score_batch {ctx}", exact_types=False)
        _same(scorer.score(pred, refs), want, f"score {ctx}", exact_types=False)
        if len(refs) == 1:
            # a single str reference is the same as a one-element list
            _same(scorer.score(pred, refs[0]), want, f"score(str) {ctx}", exact_types=False)


# -- compat ------------------------------------------------------------------------------


@settings(max_examples=1500)
@given(pair=pairs_strategy, stemmer=stemmers)
def test_compat_score_vs_rouge_score(pair, stemmer):
    prediction, target = pair[0], pair[1][0]
    want = rouge_score_scorer(ALL_TYPES, stemmer).score(target, prediction)
    got = _compat(stemmer).score(target, prediction)
    ctx = f"target={target!r} prediction={prediction!r} stemmer={stemmer}"
    _same(got, want, ctx, exact_types=True)


@settings(max_examples=1200)
@given(pair=pairs_strategy, stemmer=stemmers, types=type_lists)
def test_compat_score_multi_vs_rouge_score(pair, stemmer, types):
    prediction, targets = pair
    from rouge_score import rouge_scorer

    want = rouge_scorer.RougeScorer(types, use_stemmer=stemmer).score_multi(targets, prediction)
    got = _compat(stemmer, tuple(types)).score_multi(targets, prediction)
    ctx = f"targets={targets!r} prediction={prediction!r} stemmer={stemmer} types={types}"
    _same(got, want, ctx, exact_types=True)


@settings(max_examples=1200)
@given(
    pair=pairs_strategy,
    stemmer=stemmers,
    encode=st.sampled_from(["both", "target", "prediction"]),
)
def test_compat_bytes_vs_rouge_score(pair, stemmer, encode):
    """bytes are lower-cased as ASCII before decoding, except for rougeLsum (spec §2.3)."""
    prediction, target = pair[0], pair[1][0]
    t = target.encode() if encode in ("both", "target") else target
    p = prediction.encode() if encode in ("both", "prediction") else prediction
    want = rouge_score_scorer(ALL_TYPES, stemmer).score(t, p)
    got = _compat(stemmer).score(t, p)
    _same(got, want, f"target={t!r} prediction={p!r} stemmer={stemmer}", exact_types=True)


@settings(max_examples=600)
@given(pair=pairs_strategy, stemmer=stemmers)
def test_compat_bytes_score_multi_vs_rouge_score(pair, stemmer):
    prediction, targets = pair
    t = [x.encode() for x in targets]
    p = prediction.encode()
    want = rouge_score_scorer(ALL_TYPES, stemmer).score_multi(t, p)
    got = _compat(stemmer).score_multi(t, p)
    _same(got, want, f"targets={t!r} prediction={p!r} stemmer={stemmer}", exact_types=True)


def test_compat_lone_surrogate_like_rouge_score():
    """rouge-score treats a lone surrogate as a separator; the drop-in must too."""
    target, prediction = "a \ud800 b", "a b"
    want = rouge_score_scorer(ALL_TYPES, False).score(target, prediction)
    got = _compat(False).score(target, prediction)
    _same(got, want, f"target={target!r}", exact_types=True)


# -- custom tokenizers (spec §9) -----------------------------------------------------------


class SplitTokenizer:
    def tokenize(self, text):
        return text.split()


class CharTokenizer:
    def tokenize(self, text):
        return list(text)


class IntTokenizer:
    """Tokens are ints (word lengths mod 5): hashable, compared with ==."""

    def tokenize(self, text):
        return [len(w) % 5 for w in text.split()]


class CaseSensitiveTokenizer:
    """No lower-casing, punctuation kept attached: nothing of the default pipeline."""

    def tokenize(self, text):
        return [w.strip() for w in text.split(" ") if w.strip()]


TOKENIZERS = [SplitTokenizer(), CharTokenizer(), IntTokenizer(), CaseSensitiveTokenizer()]


@settings(max_examples=1200)
@given(
    pair=pairs_strategy,
    tokenizer=st.sampled_from(TOKENIZERS),
    stemmer=stemmers,
    types=type_lists,
)
def test_compat_custom_tokenizer_vs_rouge_score(pair, tokenizer, stemmer, types):
    """With a tokenizer, use_stemmer is ignored; rougeLsum calls it per line."""
    prediction, targets = pair
    from rouge_score import rouge_scorer

    oracle = rouge_scorer.RougeScorer(types, use_stemmer=stemmer, tokenizer=tokenizer)
    compat = compat_rouge_scorer.RougeScorer(types, use_stemmer=stemmer, tokenizer=tokenizer)
    ctx = f"{type(tokenizer).__name__} targets={targets!r} prediction={prediction!r}"
    _same(
        compat.score(targets[0], prediction),
        oracle.score(targets[0], prediction),
        f"score {ctx}",
        exact_types=True,
    )
    _same(
        compat.score_multi(targets, prediction),
        oracle.score_multi(targets, prediction),
        f"score_multi {ctx}",
        exact_types=True,
    )


class CountingTokenizer:
    def __init__(self):
        self.calls = []

    def tokenize(self, text):
        self.calls.append(text)
        return text.split()


@pytest.mark.parametrize(
    "types", [["rougeLsum"], ["rouge1", "rougeLsum"], ["rougeL"], ["rouge2", "rougeL"]]
)
def test_compat_custom_tokenizer_call_pattern(types):
    """Spec §2.5/§9: whole text once per side, each line again for rougeLsum; the
    ``["rougeLsum"]`` shortcut skips the whole-text calls."""
    from rouge_score import rouge_scorer

    target, prediction = "a b\n\nc d\n", "a c\nb  d"
    mine, theirs = CountingTokenizer(), CountingTokenizer()
    got = compat_rouge_scorer.RougeScorer(types, tokenizer=mine).score(target, prediction)
    want = rouge_scorer.RougeScorer(types, tokenizer=theirs).score(target, prediction)
    _same(got, want, f"types={types}", exact_types=True)
    assert sorted(mine.calls) == sorted(theirs.calls), (
        f"tokenizer calls {mine.calls} != rouge-score's {theirs.calls}"
    )


@settings(max_examples=300)
@given(pair=pairs_strategy, stemmer=stemmers)
def test_compat_split_summaries_vs_rouge_score(trained_punkt, pair, stemmer):
    # split_summaries=True splits with NLTK's Punkt: a model trained offline (conftest).
    prediction, target = pair[0], pair[1][0]
    from rouge_score import rouge_scorer

    types = ["rouge1", "rougeL", "rougeLsum"]
    oracle = rouge_scorer.RougeScorer(types, use_stemmer=stemmer, split_summaries=True)
    compat = compat_rouge_scorer.RougeScorer(types, use_stemmer=stemmer, split_summaries=True)
    _same(
        compat.score(target, prediction),
        oracle.score(target, prediction),
        f"target={target!r} prediction={prediction!r}",
        exact_types=True,
    )


# -- compat module helpers and tokenizers (imported directly by other projects, spec §1) -------

tokens = st.lists(st.sampled_from("abcde"), max_size=12)
sentences = st.lists(tokens, max_size=4)


def _typed(score: Any) -> list[tuple[str, Any]]:
    return [(type(v).__name__, v) for v in score]


@settings(max_examples=400)
@given(target=tokens, prediction=tokens, n=st.integers(1, 4))
def test_compat_ngram_and_lcs_helpers_vs_rouge_score(target, prediction, n):
    from rouge_score import rouge_scorer as theirs

    ours = compat_rouge_scorer
    assert ours._create_ngrams(target, n) == theirs._create_ngrams(target, n)
    t_ours = ours._create_ngrams(target, n)
    p_ours = ours._create_ngrams(prediction, n)
    assert _typed(ours._score_ngrams(t_ours, p_ours)) == _typed(
        theirs._score_ngrams(theirs._create_ngrams(target, n), theirs._create_ngrams(prediction, n))
    )
    assert _typed(ours._score_lcs(target, prediction)) == _typed(
        theirs._score_lcs(target, prediction)
    )
    assert ours._lcs_table(target, prediction) == theirs._lcs_table(target, prediction)
    assert ours.lcs_ind(target, prediction) == theirs.lcs_ind(target, prediction)


@settings(max_examples=200)
@given(target=tokens, prediction=tokens)
def test_compat_backtrack_norec_signature(target, prediction):
    """rouge-score's order is ``_backtrack_norec(table, ref, can)``."""
    from rouge_score import rouge_scorer as theirs

    table = theirs._lcs_table(target, prediction)
    want = theirs._backtrack_norec(table, target, prediction)
    got = compat_rouge_scorer._backtrack_norec(table, target, prediction)
    assert got == want, f"target={target} prediction={prediction}: {got} != {want}"


@settings(max_examples=400)
@given(ref_sents=sentences, can_sents=sentences)
def test_compat_summary_level_helpers_vs_rouge_score(ref_sents, can_sents):
    from rouge_score import rouge_scorer as theirs

    ours = compat_rouge_scorer
    got = ours._summary_level_lcs(ref_sents, can_sents)
    want = theirs._summary_level_lcs(ref_sents, can_sents)
    assert _typed(got) == _typed(want), f"refs={ref_sents} cands={can_sents}"
    for ref in ref_sents:
        assert ours._union_lcs(ref, can_sents) == theirs._union_lcs(ref, can_sents)
    lists = [theirs.lcs_ind(r, c) for r in ref_sents for c in can_sents]
    assert ours._find_union(lists) == theirs._find_union(lists)


@settings(max_examples=600)
@given(text=texts, stemmer=stemmers, as_bytes=st.booleans())
def test_compat_tokenize_vs_rouge_score(text, stemmer, as_bytes):
    from nltk.stem.porter import PorterStemmer
    from rouge_score import tokenize as their_tokenize
    from rouge_score import tokenizers as their_tokenizers
    from rougekit.compat import tokenize as our_tokenize
    from rougekit.compat import tokenizers as our_tokenizers

    value = text.encode() if as_bytes else text
    stem = PorterStemmer() if stemmer else None
    assert our_tokenize.tokenize(value, stem) == their_tokenize.tokenize(value, stem)
    assert our_tokenizers.DefaultTokenizer(stemmer).tokenize(
        value
    ) == their_tokenizers.DefaultTokenizer(stemmer).tokenize(value)


def test_compat_tokenize_module_constants():
    from rouge_score import tokenize as theirs
    from rougekit.compat import tokenize as ours

    for name in ("NON_ALPHANUM_PATTERN", "SPACES_PATTERN", "VALID_TOKEN_PATTERN"):
        assert getattr(ours, name) == getattr(theirs, name), name
    for name in ("NON_ALPHANUM_RE", "SPACES_RE", "VALID_TOKEN_RE"):
        assert getattr(ours, name).pattern == getattr(theirs, name).pattern, name
