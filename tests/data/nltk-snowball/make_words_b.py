# ruff: noqa: RUF001 (Arabic and Cyrillic letters are the point of the generated words)
"""Writes ``<language>.tsv.gz`` for Danish, Norwegian, Swedish, Finnish, Hungarian, Russian and
Arabic: test words for ``nltk-snowball:<language>`` with NLTK's stems.

Run with NLTK 3.10.4 and rougekit installed, from the repository root::

    python tests/data/nltk-snowball/make_words_b.py SNOWBALL_DATA_GIT_DIR

``SNOWBALL_DATA_GIT_DIR`` is a git directory of https://github.com/snowballstem/snowball-data
(its ``<language>/voc.txt`` at ``HEAD`` (``ba91f32``) are read with ``git show``; Arabic's
vocabulary is not used: it is GPL-licensed). A rerun with the same inputs writes the same bytes.

The format is ``make_words.py``'s: one line per word, ``word<TAB>stem with the 5db857e
stopwords<TAB>stem with the 3a486db stopwords`` (NLTK's ``SnowballStemmer(language)`` with its
``stopwords`` set to the list of that nltk_data snapshot, as ``ignore_stopwords=True`` would
load it; the lists are the ones embedded in ``crates/rougekit-core/data/nltk-stopwords/``).
Arabic stems come from a stemmer object that has first stemmed ``كتبته``: NLTK's Arabic
stemmer never resets its flag "a verb suffix of step 1 was removed", and ``nltk-snowball:arabic``
stems as an object with that flag set does (the state XL-Sum's scorer runs in). Words, in this
order, duplicates dropped:

1. every vocabulary word whose NLTK stem differs from Snowball 3.1.1's
   (``rougekit.stem(..., stemmer="snowball:<language>")``);
2. every stopword of both snapshots, also capitalised and upper-cased;
3. 1,500 other vocabulary words (fixed seed);
4. 1,500 generated words (fixed seed): vocabulary words in upper and mixed case, a word's start
   followed by one to three suffixes from NLTK's own suffix tables (with doubled letters),
   short and random strings over the language's letters; Russian: letters of other scripts
   (Latin, Ukrainian, NLTK's transliteration characters ``^ ` '``) put into words, words ending
   in ``ъ`` and ``-ующая``; Arabic (no vocabulary): roots and words written for this file with
   NLTK's prefixes and suffixes, diacritics, tatweel, hamza forms and punctuation inserted.
"""

from __future__ import annotations

import gzip
import random
import subprocess
import sys
from pathlib import Path

import rougekit as rk
from nltk.stem import snowball

LANGUAGES = ("danish", "norwegian", "swedish", "finnish", "hungarian", "russian", "arabic")
SNAPSHOTS = ("5db857e", "3a486db")
ROOT = Path(__file__).resolve().parents[3]
STOPWORDS = ROOT / "crates" / "rougekit-core" / "data" / "nltk-stopwords"
OUT = Path(__file__).resolve().parent
ALPHABETS = {
    "danish": "abcdefghijklmnopqrstuvwxyzæøå",
    "norwegian": "abcdefghijklmnopqrstuvwxyzæøåòóô",
    "swedish": "abcdefghijklmnopqrstuvwxyzåäö",
    "finnish": "abcdefghijklmnopqrstuvwxyzäöå",
    "hungarian": "aábcdeéfghiíjklmnoóöőpqrstuúüűvwxyzõû",
    "russian": "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
    "arabic": "ابتثجحخدذرزسشصضطظعغفقكلمنهويءأإآؤئىة",
}
#: Arabic material written for this file: roots and words, NLTK's prefixes and suffixes, and
#: characters NLTK deletes or rewrites.
ARABIC_STEMS = [
    "كتب",
    "درس",
    "علم",
    "عمل",
    "قرأ",
    "سأل",
    "جمع",
    "حكم",
    "فهم",
    "ذهب",
    "رسم",
    "شرب",
    "أكل",
    "أمر",
    "بدأ",
    "سمع",
    "نظر",
    "خرج",
    "دخل",
    "وصل",
    "قال",
    "كان",
    "رأى",
    "جاء",
    "مشى",
    "سعى",
    "دعا",
    "بنى",
    "ملك",
    "سكن",
    "ترجم",
    "زلزل",
    "طمأن",
    "استقبل",
    "اجتماع",
    "مدرسة",
    "مكتبة",
    "حكومة",
    "سياسة",
    "اقتصاد",
    "رئيس",
    "وزير",
    "شركة",
    "مستشفى",
    "جامعة",
    "طالب",
    "معلم",
    "مسؤول",
    "سؤال",
    "بيئة",
    "شيء",
    "ماء",
    "سماء",
    "قرآن",
    "إسلام",
    "آخر",
    "أخبار",
    "مؤتمر",
    "عربي",
    "دولي",
    "مصطفى",
    "موسيقى",
    "هدى",
    "ملكوت",
    "عنكبوت",
    "دنيا",
    "بيت",
]
ARABIC_PREFIXES = [
    "و",
    "ف",
    "ب",
    "ك",
    "ل",
    "ال",
    "وال",
    "فال",
    "بال",
    "كال",
    "لل",
    "س",
    "ي",
    "ت",
    "ن",
    "أ",
    "است",
    "يست",
    "نست",
    "تست",
    "سي",
    "ست",
    "سن",
    "سأ",
    "أأ",
    "أا",
    "أإ",
    "أآ",
    "أؤ",
    "بب",
    "كك",
    "م",
    "ا",
    "إ",
    "آ",
]
ARABIC_SUFFIXES = [
    "ة",
    "ات",
    "ه",
    "ك",
    "ي",
    "ني",
    "نا",
    "ها",
    "هم",
    "هن",
    "كم",
    "كن",
    "هما",
    "كما",
    "كمو",
    "ت",
    "ا",
    "ن",
    "تا",
    "تن",
    "ان",
    "ون",
    "ين",
    "تما",
    "وا",
    "تم",
    "و",
    "تمو",
    "ى",
    "ية",
    "يات",
    "أ",
    "إ",
    "آ",
    "ؤ",
    "ئ",
    "ء",
    "يه",
    "تها",
    "ونه",
]
ARABIC_INSERTS = (
    "\u064b\u064c\u064d\u064e\u064f\u0650\u0651\u0652\u0640-\u060c\u061b\u061f\u0610\u0670"
)
RUSSIAN_INSERTS = [
    "a",
    "A",
    "U",
    "E",
    "sh",
    "ch",
    "kh",
    "i^a",
    "'",
    "`",
    "^",
    "x",
    "h",
    "і",
    "ї",
    "є",
    "ґ",
    "ў",
    "шч",
    "ьь",
    "ъ",
    "Ё",
    "ё",
    "й",
    "q",
    "e`",
    "t^s",
    "zh",
]


def stopwords(language: str, snapshot: str) -> list[str]:
    text = (STOPWORDS / snapshot / language).read_text(encoding="utf-8")
    return [w for w in text.split("\n") if w]


def vocabulary(language: str, git_dir: str) -> list[str]:
    if language == "arabic":
        return []
    out = subprocess.run(
        ["git", f"--git-dir={git_dir}", "show", f"HEAD:{language}/voc.txt"],
        capture_output=True,
        check=True,
    ).stdout
    return list(dict.fromkeys(out.decode().split()))


def suffix_tables(language: str) -> list[str]:
    cls = getattr(snowball, language.capitalize() + "Stemmer")
    found = {s for v in vars(cls).values() if isinstance(v, tuple) for s in v if isinstance(s, str)}
    if language == "russian":
        spell = cls()._RussianStemmer__roman_to_cyrillic  # NLTK keeps them in ASCII
        found = {spell(s) for s in found}
    return sorted(s for s in found if s)


def generated(language: str, vocab: list[str], rnd: random.Random) -> list[str]:
    alphabet = ALPHABETS[language]
    suffixes = suffix_tables(language)
    out: list[str] = []
    if language == "arabic":
        pool = ARABIC_STEMS
        for _ in range(1300):
            w = rnd.choice([*ARABIC_PREFIXES, "", ""]) + rnd.choice(pool)
            for _ in range(rnd.randint(0, 2)):
                w += rnd.choice(ARABIC_SUFFIXES)
            if rnd.random() < 0.3:
                i = rnd.randint(0, len(w))
                w = w[:i] + rnd.choice(ARABIC_INSERTS) + w[i:]
            out.append(w)
    else:
        for w in rnd.sample(vocab, 150):
            out += [w.upper(), w[: len(w) // 2] + w[len(w) // 2 :].upper()]
        for _ in range(600):
            w = rnd.choice(vocab)
            w = w[: rnd.randint(0, len(w))]
            for _ in range(rnd.randint(1, 3)):
                if rnd.random() < 0.3:
                    w += rnd.choice(alphabet) * rnd.randint(1, 2)
                w += rnd.choice(suffixes)
            out.append(w)
    if language == "russian":
        for w in rnd.sample(vocab, 200):
            i = rnd.randint(0, len(w))
            out.append(w[:i] + rnd.choice(RUSSIAN_INSERTS) + w[i:])
        out += [w + "ъ" for w in rnd.sample(vocab, 40)]
        out += [w[:4] + "ующая" for w in rnd.sample(vocab, 40)]
    for n in range(5):
        out += ["".join(rnd.choice(alphabet) for _ in range(n)) for _ in range(20)]
    out += ["".join(rnd.choice(alphabet) for _ in range(rnd.randint(6, 14))) for _ in range(100)]
    return out[:1500]


def main() -> None:
    git_dir = sys.argv[1]
    for language in LANGUAGES:
        rnd = random.Random(f"nltk-snowball:{language}")
        vocab = vocabulary(language, git_dir)
        stemmer = snowball.SnowballStemmer(language)
        differing: list[str] = []
        if vocab:
            snowball_stems = rk.stem(vocab, stemmer=f"snowball:{language}")
            differing = [
                w for w, s in zip(vocab, snowball_stems, strict=True) if stemmer.stem(w) != s
            ]
        stops = [w for snap in SNAPSHOTS for w in stopwords(language, snap)]
        stops = stops + [w.capitalize() for w in stops] + [w.upper() for w in stops]
        others = rnd.sample(sorted(set(vocab) - set(differing)), 1500) if vocab else []
        words = list(dict.fromkeys(differing + stops + others + generated(language, vocab, rnd)))
        words = [w for w in words if "\t" not in w and "\n" not in w and "\r" not in w]
        columns = []
        for snap in SNAPSHOTS:
            if language == "arabic":
                stemmer.stem("كتبته")  # sets the flag for good
            stemmer.stemmer.stopwords = set(stopwords(language, snap))
            columns.append([stemmer.stem(w) for w in words])
        lines = "".join(f"{w}\t{a}\t{b}\n" for w, a, b in zip(words, *columns, strict=True))
        data = gzip.compress(lines.encode(), compresslevel=9, mtime=0)
        (OUT / f"{language}.tsv.gz").write_bytes(data)
        changed = sum(w.lower() != a for w, a in zip(words, columns[0], strict=True))
        print(f"{language}: {len(words)} words, {changed} changed, {len(differing)} ≠ Snowball")


if __name__ == "__main__":
    main()
