"""Snowball stemmers (``stemmer="snowball:<algorithm>"``) vs Snowball 3.1.1.

Oracles: Snowball's own test vocabularies (``snowball-vocab`` in the shared data, 34
algorithms, ``word<TAB>stem``; they do not ship: without them, vocabularies generated from a
fixed seed with PyStemmer's stems stand in) and PyStemmer 3.1.0 (Snowball 3.1.0's C stemmers, whose
algorithms equal 3.1.1's) on the same words, on mixed-case splices of them and on
hypothesis-generated words of each language's script. Every comparison counts differences
and asserts there are none.
"""

from __future__ import annotations

import random
import string

import pytest
from conftest import SHARED_DATA
from hypothesis import given, settings
from hypothesis import strategies as st
from rougekit import _core

#: Snowball 3.1.1's algorithms: every ``snowball:<algorithm>`` rougekit accepts.
ALGORITHMS = (
    "arabic", "armenian", "basque", "catalan", "czech", "danish", "dutch", "dutch_porter",
    "english", "esperanto", "estonian", "finnish", "french", "german", "greek", "hindi",
    "hungarian", "indonesian", "irish", "italian", "lithuanian", "lovins", "nepali",
    "norwegian", "persian", "polish", "porter", "portuguese", "romanian", "russian", "serbian",
    "sesotho", "spanish", "swedish", "tamil", "turkish", "yiddish",
)  # fmt: skip
#: PyStemmer has every one but lovins (not in Snowball's libstemmer).
PYSTEMMER_ALGORITHMS = tuple(a for a in ALGORITHMS if a != "lovins")
PYSTEMMER_VERSION = "3.1.0"
SIGNATURE_VERSION = "snowball-3.1.1"

VOCAB_DIR = SHARED_DATA / "snowball-vocab"
#: The lists the shared folder holds (its README: 34 stemmers; no arabic, sesotho, tamil).
VOCAB_ALGORITHMS = tuple(a for a in ALGORITHMS if a not in ("arabic", "sesotho", "tamil"))

#: Entries of the vocabularies that predate Snowball's own change: they come from
#: snowball-data at ba91f32 (2026-05-01); Snowball commit ed15f4b (2026-05-19, "Finnish:
#: Improve fallback from illative rules", released in 3.1.0) stems -hin/-han after a
#: non-matching vowel as a genitive. Snowball 3.1.1's C stemmer and PyStemmer 3.1.0 give the
#: stems here; the C stemmer of ed15f4b's parent gives the listed ones.
VOCAB_STALE = {
    "finnish": {
        "akashin": "akash", "balakshin": "balaksh", "barhin": "barh",
        "carneilhan": "carneilh", "cashin": "cash", "cucchin": "cucch", "goghin": "gogh",
        "hoxhan": "hoxh", "hughin": "hugh",
    },
}  # fmt: skip


def _read_vocab(alg: str) -> list[tuple[str, str]]:
    """Snowball's vocabulary of ``alg`` (shared data), else :func:`_generated_vocab`."""
    if not VOCAB_DIR.is_dir():
        return _generated_vocab(alg)
    path = VOCAB_DIR / f"{alg}.tsv"
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    rows = []
    for lineno, line in enumerate(text.split("\n"), 1):
        if not line:
            continue
        word, sep, stem = line.partition("\t")
        assert sep and word and "\t" not in stem, f"{path}:{lineno}: not word<TAB>stem"
        rows.append((word, stem))
    assert rows, f"{path} holds no word"
    return rows


def _generated_vocab(alg: str, n: int = 4_000) -> list[tuple[str, str]]:
    """A vocabulary without the shared data (Snowball's lists do not ship): ``n`` words of
    the language's letters drawn from a fixed seed (syllables of a consonant and a vowel
    where the script has Latin, Greek or Cyrillic vowels), then three rounds of ``n`` words
    made of a drawn stem and an ending PyStemmer removed from an earlier word (so that the
    suffix rules fire), each with PyStemmer 3.1.0's stem (Snowball 3.1.0's C stemmers, the
    algorithms of 3.1.1)."""
    stemmer = pytest.importorskip("Stemmer").Stemmer(alg)
    rng = random.Random(f"vocab-{alg}")
    letters = [c for c in SCRIPTS[alg] if c.isalpha()]
    vowels = [c for c in letters if c in VOWELS]
    consonants = [c for c in letters if c not in VOWELS]

    def word(syllables: int) -> str:
        if vowels and consonants:
            return "".join(rng.choice(consonants) + rng.choice(vowels) for _ in range(syllables))
        return "".join(rng.choice(letters) for _ in range(2 * syllables))

    words = {word(rng.randint(1, 6)) for _ in range(n)}
    endings: set[str] = set()
    for _ in range(3):
        batch = sorted(words)
        endings |= {
            w[len(t) :]
            for w, t in zip(batch, stemmer.stemWords(batch))
            if w.startswith(t) and w != t
        }
        # (Irish removes no ending from such words: its rules are checked on the drawn
        # words, and on the hypothesis-generated ones below.)
        pool = sorted(endings) or [""]
        words |= {word(rng.randint(1, 4)) + rng.choice(pool) for _ in range(n)}
    batch = sorted(words)
    return list(zip(batch, stemmer.stemWords(batch)))


#: Vowels of the Latin, Greek and Cyrillic scripts (for the syllables of generated words).
VOWELS = frozenset(
    "aeiouy\u00e0\u00e1\u00e2\u00e3\u00e4\u00e5\u00e6\u00e8\u00e9\u00ea\u00eb\u00ec\u00ed"
    "\u00ee\u00ef\u00f2\u00f3\u00f4\u00f5\u00f6\u00f8\u00f9\u00fa\u00fb\u00fc\u00ff\u0103"
    "\u0105\u0117\u0119\u011b\u012f\u0151\u0153\u0171\u0173\u016b"
    "\u03ac\u03ad\u03ae\u03af\u03b1\u03b5\u03b7\u03b9\u03bf\u03c5\u03c9\u03ca\u03cb\u03cc"
    "\u03cd\u03ce\u0390\u03b0"
    "\u0430\u0435\u0451\u0438\u043e\u0443\u044b\u044d\u044e\u044f\u0456\u0457\u0454"
)


def _vocab_params(algorithms: tuple[str, ...]) -> list[object]:
    """Every algorithm with the shared vocabularies; without them, those PyStemmer has (the
    generated vocabularies need it: lovins is checked on the shared lists only)."""
    if not VOCAB_DIR.is_dir():
        algorithms = tuple(a for a in algorithms if a in PYSTEMMER_ALGORITHMS)
    return [pytest.param(a, id=a) for a in algorithms]


def _differences(words: list[str], got: list[str], want: list[str]) -> list[str]:
    assert len(got) == len(want) == len(words)
    return [f"{w!r}: want {e!r}, rougekit {g!r}" for w, g, e in zip(words, got, want) if g != e]


def _report(alg: str, diffs: list[str], total: int, oracle: str) -> str:
    head = "\n  ".join(diffs[:10])
    return f"snowball:{alg}: {len(diffs)} of {total} words differ from {oracle}:\n  {head}"


def _stem(words: list[str], alg: str) -> list[str]:
    return _core.stem_words(words, f"snowball:{alg}")


@pytest.fixture(scope="module")
def pystemmer():
    """PyStemmer 3.1.0's module (skipped when absent or another version)."""
    stemmer = pytest.importorskip("Stemmer")
    if stemmer.version() != PYSTEMMER_VERSION:
        pytest.skip(f"PyStemmer {stemmer.version()} installed; the oracle is {PYSTEMMER_VERSION}")
    return stemmer


# -- names ------------------------------------------------------------------------------------


def test_every_algorithm_has_a_name_and_a_signature_id():
    for alg in ALGORITHMS:
        assert _core.stemmer_id(f"snowball:{alg}") == f"{SIGNATURE_VERSION}:{alg}"
        engine = _core.Engine(["rouge1"], f"snowball:{alg}", 1)
        assert engine.stemmer == f"snowball:{alg}"
        assert engine.stemmer_id == f"{SIGNATURE_VERSION}:{alg}"
    assert _core.stemmer_id("nltk-porter") == "nltk-porter"
    assert _core.Engine(["rouge1"], True, 1).stemmer_id == "nltk-porter"
    assert _core.Engine(["rouge1"], None, 1).stemmer_id is None


@pytest.mark.parametrize(
    "name",
    ["snowball:de", "snowball:German", "snowball:english ", "snowball:", "snowball:klingon",
     "snowball:earlymodernenglish", "snowball-3.1.1:german", "snowball", "german"],
)  # fmt: skip
def test_unknown_algorithm(name):
    for call in (
        lambda: _core.stem_words(["katzen"], name),
        lambda: _core.tokenize("katzen", name),
        lambda: _core.stemmer_id(name),
        lambda: _core.Engine(["rouge1"], name, 1),
    ):
        with pytest.raises(ValueError) as err:
            call()
        msg = str(err.value)
        assert repr(name.removeprefix("snowball:")).replace("'", '"') in msg, msg
        assert ", ".join(ALGORITHMS) in msg, msg


def test_alias_hint():
    with pytest.raises(ValueError, match=r'did you mean "snowball:german"\?'):
        _core.stem_words(["katzen"], "snowball:de")
    with pytest.raises(ValueError, match=r'did you mean "snowball:dutch"\?'):
        _core.stem_words(["katzen"], "snowball:Dutch")


# -- Snowball's test vocabularies ---------------------------------------------------------------


def test_vocab_folder_holds_the_expected_lists():
    """The shared folder's lists, or (without it) a generated list for every algorithm but
    lovins, each with thousands of words."""
    if VOCAB_DIR.is_dir():
        found = sorted(p.stem for p in VOCAB_DIR.glob("*.tsv"))
        assert found == sorted(VOCAB_ALGORITHMS)
    else:
        sizes = {a: len(_read_vocab(a)) for a in VOCAB_ALGORITHMS if a != "lovins"}
        assert min(sizes.values()) > 5_000, sizes


@pytest.mark.parametrize("alg", _vocab_params(VOCAB_ALGORITHMS))
def test_vocab(alg):
    rows = _read_vocab(alg)
    want = dict(rows)
    for word, stem in (VOCAB_STALE.get(alg, {}) if VOCAB_DIR.is_dir() else {}).items():
        assert word in want, f"stale entry {word!r} is no longer in {alg}.tsv: drop it"
        assert want[word] != stem, f"{alg}.tsv now has {word!r} -> {stem!r}: drop the entry"
        want[word] = stem
    words = [w for w, _ in rows]
    diffs = _differences(words, _stem(words, alg), [want[w] for w in words])
    assert not diffs, _report(alg, diffs, len(words), f"{alg}.tsv")


@pytest.mark.parametrize("alg", _vocab_params(("english", "german", "finnish", "french")))
def test_vocab_comparison_catches_a_mismatch(alg):
    """The comparison is not vacuous: another algorithm's stems differ on many words."""
    rows = _read_vocab(alg)
    words = [w for w, _ in rows]
    other = "porter" if alg == "english" else "english"
    if alg == "english" and not VOCAB_DIR.is_dir():
        other = "lovins"  # porter and english agree on the generated words
    diffs = _differences(words, _stem(words, other), [s for _, s in rows])
    assert len(diffs) > len(words) // 20


# -- PyStemmer 3.1.0 ------------------------------------------------------------------------------


def _splices(words: list[str], n: int, seed: str, elisions: str = "") -> list[str]:
    """Upper-case and capitalised copies of ``words``, ``n`` splices (a prefix of one word
    and a suffix of another), a quarter with random upper-case letters, and each letter of
    ``elisions`` elided before 20 words (French ``l'avion``, ``z'yeux``)."""
    rng = random.Random(seed)
    out = {w.upper() for w in words} | {w.capitalize() for w in words}
    for i in range(n):
        a, b = rng.choice(words), rng.choice(words)
        s = a[: rng.randint(0, len(a))] + b[rng.randint(0, len(b)) :]
        if i % 4 == 0:
            s = "".join(c.upper() if rng.random() < 0.3 else c for c in s)
        out.add(s)
    for c in elisions:
        out.update(f"{c}'{w}" for w in rng.sample(words, 20))
    return sorted(out)


@pytest.mark.slow  # the full suite's: over 2 s of the fast subset's CPU
@pytest.mark.parametrize(
    "alg", _vocab_params(tuple(a for a in VOCAB_ALGORITHMS if a in PYSTEMMER_ALGORITHMS))
)
def test_pystemmer_on_vocab_and_splices(alg, pystemmer):
    vocab = [w for w, _ in _read_vocab(alg)]
    elisions = "".join(c for c in SCRIPTS[alg] if c.isalpha()) if "'" in SCRIPTS[alg] else ""
    words = vocab + _splices(vocab, 20_000, alg, elisions)
    want = pystemmer.Stemmer(alg).stemWords(words)
    diffs = _differences(words, _stem(words, alg), want)
    assert not diffs, _report(alg, diffs, len(words), f"PyStemmer {PYSTEMMER_VERSION}")


def _chars(*ranges: tuple[int, int]) -> str:
    return "".join(chr(c) for lo, hi in ranges for c in range(lo, hi + 1))


LATIN = string.ascii_lowercase
CYRILLIC = _chars((0x430, 0x44F)) + "ё"
ARABIC = _chars((0x621, 0x63A), (0x641, 0x652), (0x660, 0x669)) + "\u0670"
DEVANAGARI = _chars((0x900, 0x97F))
#: The letters each algorithm's language writes (lower case; upper case is added below).
SCRIPTS = {
    "arabic": ARABIC,
    "armenian": _chars((0x561, 0x587)),
    "basque": LATIN + "ñ",
    "catalan": LATIN + "àèéíïòóúüç·'",
    "czech": LATIN + "áčďéěíňóřšťúůýž",
    "danish": LATIN + "æøåé",
    "dutch": LATIN + "äëïöüáéíóúè'",
    "dutch_porter": LATIN + "äëïöüáéíóúè",
    "english": LATIN + "'\u2019",
    "esperanto": LATIN + "ĉĝĥĵŝŭ'",
    "estonian": LATIN + "äöõüšž",
    "finnish": LATIN + "äöåšžø'",
    "french": LATIN + "àâæçéèêëîïôœùûüÿ'",
    "german": LATIN + "äöüß",
    "greek": _chars((0x3AC, 0x3CE)) + "ΐΰ",
    "hindi": DEVANAGARI,
    "hungarian": LATIN + "áéíóöőúüű",
    "indonesian": LATIN,
    "irish": LATIN + "áéíóú'-",
    "italian": LATIN + "àèéìíîòóùú'",
    "lithuanian": LATIN + "ąčęėįšųūž",
    "nepali": DEVANAGARI,
    "norwegian": LATIN + "æøåéèêóòô",
    "persian": ARABIC + "پچژگکی\u200c",
    "polish": LATIN + "ąćęłńóśźż",
    "porter": LATIN,
    "portuguese": LATIN + "áâãàçéêíóôõú",
    "romanian": LATIN + "ăâîșşțţ",
    "russian": CYRILLIC,
    "serbian": LATIN + "čćđšž" + CYRILLIC + "ђјљњћџ",
    "sesotho": LATIN + "'",
    "spanish": LATIN + "áéíóúüñ",
    "swedish": LATIN + "åäöé",
    "tamil": _chars((0xB82, 0xBD7)),
    "turkish": LATIN + "çğıöşüâîû'",
    "yiddish": _chars((0x5B0, 0x5C7), (0x5D0, 0x5EA), (0x5F0, 0x5F4)) + "\ufb1f\ufb2e\ufb2f",
}


def _alphabet(alg: str) -> str:
    lower = SCRIPTS[alg]
    upper = "".join(u for c in lower if len(u := c.upper()) == 1 and u != c)
    return lower + upper


def test_scripts_cover_every_pystemmer_algorithm():
    assert sorted(SCRIPTS) == sorted(PYSTEMMER_ALGORITHMS)


# 8 s of CPU over 30 algorithms: the full suite's; the fast subset keeps the vocabularies.
@pytest.mark.slow
@pytest.mark.parametrize("alg", PYSTEMMER_ALGORITHMS)
def test_pystemmer_on_generated_words(alg, pystemmer):
    oracle = pystemmer.Stemmer(alg)
    letters = _alphabet(alg)
    word = st.text(alphabet=letters, min_size=1, max_size=16)
    if "'" in letters:  # elisions: a letter, an apostrophe, a word
        word = word | st.builds("{}'{}".format, st.sampled_from(letters), word)
    words = st.lists(word, min_size=1, max_size=40)

    @settings(max_examples=150)
    @given(words)
    def check(ws):
        diffs = _differences(ws, _stem(ws, alg), oracle.stemWords(ws))
        assert not diffs, _report(alg, diffs, len(ws), f"PyStemmer {PYSTEMMER_VERSION}")

    check()


#: Words whose stems tell Snowball 3.1.1 from its neighbours (the signature's version):
#: Snowball main strips French z' from 2026-08-21 (commit 746d142); before 3.1.0 (commit
#: ed15f4b) Finnish kept -hin after a consonant.
VERSION_CANARIES = {
    "french": {"z'yeux": "z'yeux", "z'avez": "z'av", "l'avion": "avion"},
    "finnish": {"akashin": "akash", "hughin": "hugh"},
}


@pytest.mark.parametrize("alg", sorted(VERSION_CANARIES))
def test_version_canaries(alg, pystemmer):
    words = sorted(VERSION_CANARIES[alg])
    want = [VERSION_CANARIES[alg][w] for w in words]
    assert pystemmer.Stemmer(alg).stemWords(words) == want
    assert _stem(words, alg) == want


# -- the rule: only tokens longer than 3 characters are stemmed --------------------------------


def test_short_tokens_are_not_stemmed():
    # Snowball alone changes the 3-letter words: "its" -> "it", "any" -> "ani".
    assert _stem(["its", "any", "cats"], "english") == ["it", "ani", "cat"]
    assert _core.tokenize("Its cats, any dogs; ITS", "snowball:english") == [
        "its", "cat", "any", "dog", "its",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("alg", "text", "stems", "tokens"),
    [
        # Three code points in six bytes: counted as 3, so not stemmed.
        ("russian", "она книги дома", ["он", "книг", "дом"], ["она", "книг", "дом"]),
        ("greek", "γάτ γάτα γάτες", ["γατ", "γατ", "γατ"], ["γάτ", "γατ", "γατ"]),
        ("armenian", "ելա ազատ", ["ել", "ազ"], ["ելա", "ազ"]),  # noqa: RUF001
        # Three code points in nine bytes.
        ("hindi", "अका अंगो", ["अक", "अंग"], ["अका", "अंग"]),
    ],
)
def test_short_tokens_counted_in_code_points(alg, text, stems, tokens):
    words = text.split()
    assert _stem(words, alg) == stems
    assert _core.tokenize(text, f"snowball:{alg}", tokenizer="whitespace") == tokens


def test_scoring_uses_the_stemmer():
    pred, ref = "die Katzen spielten", "die Katze spielt"
    plain = _core.Engine(["rouge1"], None, 1, tokenizer="whitespace").score_batch([pred], [ref])
    german = _core.Engine(["rouge1"], "snowball:german", 1, tokenizer="whitespace")
    stemmed = german.score_batch([pred], [ref])
    assert plain.row(0)[0][2] == pytest.approx(1 / 3)
    assert _stem(["Katzen", "Katze", "spielten", "spielt"], "german") == [
        "Katz", "Katz", "spielt", "spielt",
    ]  # fmt: skip
    assert stemmed.row(0)[0][:3] == (1.0, 1.0, 1.0)
