"""``rougekit._core.stem_words(..., "nltk-porter")`` vs NLTK's ``PorterStemmer().stem``
(NLTK_EXTENSIONS mode)."""

from __future__ import annotations

import json
import random
import re

import pytest
from conftest import REPO, SAMPLE, SHIPPED, open_text, shared_corpus_files
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.stem.porter import PorterStemmer
from rougekit import _core

NLTK = PorterStemmer()
TOKEN_RE = re.compile(r"[a-z0-9]+")
EXC_DIR = REPO / "crates" / "rougekit-core" / "data" / "rouge155"


def _differences(words):
    words = sorted(set(words))
    ours = _core.stem_words(words, "nltk-porter")
    assert len(ours) == len(words)
    return [(w, NLTK.stem(w), o) for w, o in zip(words, ours) if NLTK.stem(w) != o]


def _report(diffs, total):
    head = ", ".join(f"{w!r}: nltk {n!r} rougekit {o!r}" for w, n, o in diffs[:10])
    return f"{len(diffs)} of {total} words stem differently: {head}"


def _corpus_tokens(paths):
    words = set()
    for path in paths:
        with open_text(path) as f:
            for line in f:
                row = json.loads(line)
                for text in [row["prediction"], *row["references"]]:
                    words.update(TOKEN_RE.findall(text.lower()))
    return words


# Known NLTK_EXTENSIONS behaviour (spec §2.4), as NLTK itself prints it.
SPEC_EXAMPLES = {
    "sky": "sky", "skies": "sky", "dying": "die", "lying": "lie", "tying": "tie",
    "news": "news", "innings": "inning", "inning": "inning", "outings": "outing",
    "cannings": "canning", "howe": "howe", "proceed": "proceed", "exceed": "exceed",
    "succeed": "succeed", "dies": "die", "ties": "tie", "died": "die", "spied": "spi",
    "days": "day", "array": "array", "they": "they", "happy": "happi",
    "accidentally": "accident", "carefully": "care", "used": "use", "uses": "use",
    "using": "use", "always": "alway", "statement": "statement", "argument": "argument",
}  # fmt: skip


def test_spec_examples():
    words = sorted(SPEC_EXAMPLES)
    got = dict(zip(words, _core.stem_words(words, "nltk-porter")))
    assert {w: NLTK.stem(w) for w in words} == SPEC_EXAMPLES, "NLTK disagrees with spec §2.4"
    bad = {w: (SPEC_EXAMPLES[w], got[w]) for w in words if got[w] != SPEC_EXAMPLES[w]}
    assert not bad, f"(expected, rougekit) per word: {bad}"


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
def test_all_corpus_tokens():
    """Every token of every corpus (shipped; with the shared data all of them), and each
    token of the shipped ones with 5 suffixes of :data:`SUFFIXES` (drawn from a fixed seed)."""
    files = shared_corpus_files(include_too_big=True)
    words = _corpus_tokens(files)
    rng = random.Random(2024)
    shipped = _corpus_tokens([f for f in files if f.is_relative_to(SHIPPED)])
    words |= {w + s for w in sorted(shipped) for s in rng.sample(SUFFIXES, 5)}
    assert len(words) > 50_000, f"only {len(words)} distinct tokens: corpora incomplete?"
    diffs = _differences(words)
    assert not diffs, _report(diffs, len(words))


def test_shipped_sample_tokens():
    words = _corpus_tokens([SAMPLE])
    assert len(words) > 300
    diffs = _differences(words)
    assert not diffs, _report(diffs, len(words))


def test_wordnet_exception_words():
    """The words of ROUGE-1.5.5's WordNet exception lists (shipped with the core crate)."""
    exc = sorted(EXC_DIR.glob("*.exc"))
    assert len(exc) == 4, f"the WordNet exception lists are not all under {EXC_DIR}"
    words = set()
    for path in exc:
        words.update(TOKEN_RE.findall(path.read_text(encoding="utf-8").lower()))
    assert len(words) > 5_000
    diffs = _differences(words)
    assert not diffs, _report(diffs, len(words))


SUFFIXES = [
    "s", "ss", "ies", "ied", "ing", "ed", "eed", "ly", "y", "yy", "ational", "tional",
    "enci", "anci", "izer", "bli", "alli", "entli", "eli", "ousli", "ization", "ation",
    "ator", "alism", "iveness", "fulness", "ousness", "aliti", "iviti", "biliti", "logi",
    "fulli", "icate", "ative", "alize", "iciti", "ical", "ful", "ness", "al", "ance",
    "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion", "sion",
    "tion", "ou", "ism", "ate", "iti", "ous", "ive", "ize", "e", "ll", "at", "bl", "iz",
]  # fmt: skip

letters = st.text("abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=15)
alnum = st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=15)
cvc = st.text("aeiouy", max_size=3).flatmap(
    lambda v: st.text("bcdfghjklmnpqrstvwxz", min_size=1, max_size=3).map(lambda c: c + v)
)
suffixed = st.tuples(
    st.one_of(letters, cvc, st.text("aeiouy", min_size=1, max_size=4)),
    st.lists(st.sampled_from(SUFFIXES), min_size=1, max_size=3),
).map(lambda t: t[0] + "".join(t[1]))
y_runs = st.tuples(
    st.text("abcdefghijklmnopqrstuvwxyz", max_size=4),
    st.integers(1, 60),
    st.text("abcdefghijklmnopqrstuvwxyz", max_size=4),
).map(lambda t: t[0] + "y" * t[1] + t[2])
words = st.one_of(letters, alnum, suffixed, suffixed, y_runs)


@pytest.mark.slow  # among the fast subset's heaviest (it stays under 120 s of CPU)
@settings(max_examples=2000)
@given(batch=st.lists(words, min_size=1, max_size=50))
def test_generated_words(batch):
    diffs = _differences(batch)
    assert not diffs, _report(diffs, len(set(batch)))


def test_long_y_run_does_not_fail():
    """NLTK <= 3.8.1 hits RecursionError here (spec §2.4); rougekit must not."""
    word = "y" * 100_000
    (stem,) = _core.stem_words([word], "nltk-porter")
    assert isinstance(stem, str) and stem, "empty stem for a y run"
    assert stem == NLTK.stem(word), "differs from NLTK 3.10"
    tokens = _core.tokenize(word + " " + word, True)
    assert tokens == [stem, stem]


def test_tokenize_stems_only_tokens_longer_than_3():
    text = "This was his gas dies does running Ponies"
    got = _core.tokenize(text, True)
    want = [w if len(w) <= 3 else NLTK.stem(w) for w in TOKEN_RE.findall(text.lower())]
    assert got == want == ["thi", "was", "his", "gas", "die", "doe", "run", "poni"], got
    assert _core.tokenize(text, False) == TOKEN_RE.findall(text.lower())
