"""Writes ``<language>.tsv.gz``: test words for ``nltk-snowball:<language>`` with NLTK's stems.

Run with NLTK 3.10.4 and rougekit installed, from the repository root::

    python tests/data/nltk-snowball/make_words.py SNOWBALL_DATA_GIT_DIR SHARED_VOCAB_DIR

``SNOWBALL_DATA_GIT_DIR`` is a git directory of https://github.com/snowballstem/snowball-data
(its ``<algorithm>/voc.txt`` at ``HEAD`` (``ba91f32``) are read with ``git show``; French: at
``9fa59c4``, see ``FRENCH_BSD_COMMIT``); ``SHARED_VOCAB_DIR`` holds ``<language>.tsv`` samples
of the same vocabularies (first column: the word). A rerun with the same inputs writes the same
bytes.

Each file has one line per word: ``word<TAB>stem with the 5db857e stopwords<TAB>stem with the
3a486db stopwords`` (NLTK's ``SnowballStemmer(language)`` with its ``stopwords`` set to the list
of that nltk_data snapshot, as ``ignore_stopwords=True`` would load it; the lists are the ones
embedded in ``crates/rougekit-core/data/nltk-stopwords/``). Words, in this order, duplicates
dropped:

1. every vocabulary word (lower-cased) whose NLTK stem differs from Snowball 3.1.1's
   (``rougekit.stem(..., stemmer="snowball:<algorithm>")``; Dutch: ``dutch_porter``);
2. every stopword of both snapshots, upper-cased and with an ``s`` added;
3. 1,500 other vocabulary words (fixed seed);
4. 1,500 generated words (fixed seed): vocabulary words in upper and mixed case, a word's
   start followed by one to three suffixes from NLTK's own suffix tables, random strings over
   the language's letters, Romanian words with ``ş``/``ţ`` and ``ș``/``ț`` swapped, German
   words with ``ä``/``ö``/``ü``/``ß`` and ``ae``/``oe``/``ue``/``ss`` swapped.
"""

from __future__ import annotations

import gzip
import random
import subprocess
import sys
from pathlib import Path

import rougekit as rk
from nltk.stem import snowball

LANGUAGES = ("dutch", "english", "french", "german", "italian", "portuguese", "romanian", "spanish")
SNAPSHOTS = ("5db857e", "3a486db")
ROOT = Path(__file__).resolve().parents[3]
STOPWORDS = ROOT / "crates" / "rougekit-core" / "data" / "nltk-stopwords"
OUT = Path(__file__).resolve().parent
ALPHABETS = {
    "english": "abcdefghijklmnopqrstuvwxyz'",
    "french": "abcdefghijklmnopqrstuvwxyzâàçëéêèïîôûù'",
    "german": "abcdefghijklmnopqrstuvwxyzäöüß",
    "italian": "abcdefghijklmnopqrstuvwxyzàèéìíîòóù",
    "portuguese": "abcdefghijklmnopqrstuvwxyzáéíóúâêôçãõü~",
    "romanian": "abcdefghijklmnopqrstuvwxyzăâîşţșț",
    "spanish": "abcdefghijklmnopqrstuvwxyzáéíóúüñ",
    "dutch": "abcdefghijklmnopqrstuvwxyzäëïöüáéíóúè",
}


def stopwords(language: str, snapshot: str) -> list[str]:
    text = (STOPWORDS / snapshot / language).read_text(encoding="utf-8")
    return [w for w in text.split("\n") if w]


#: French: the list of 2007 only (BSD-3-Clause); words added to it since (2018 on) come in part
#: from French Wikipedia (CC BY-SA 3.0, snowball-data's ``french/COPYING``) and are not shipped.
FRENCH_BSD_COMMIT = "9fa59c4d552c9abc739b0508a225c0a07f016658"


def git_words(git_dir: str, revision: str, path: str) -> list[str]:
    out = subprocess.run(
        ["git", f"--git-dir={git_dir}", "show", f"{revision}:{path}"],
        capture_output=True,
        check=True,
    ).stdout
    return out.decode().split()


def vocabulary(language: str, git_dir: str, shared: Path) -> list[str]:
    if language == "french":
        return list(
            dict.fromkeys(
                w.lower() for w in git_words(git_dir, FRENCH_BSD_COMMIT, "french/voc.txt")
            )
        )
    words: list[str] = []
    for algorithm in ("dutch_porter", "dutch") if language == "dutch" else (language,):
        words += git_words(git_dir, "HEAD", f"{algorithm}/voc.txt")
    sample = (shared / f"{language}.tsv").read_text(encoding="utf-8").splitlines()
    words += [line.split("\t")[0] for line in sample if line.strip()]
    return list(dict.fromkeys(w.lower() for w in words))


def generated(language: str, vocab: list[str], rnd: random.Random) -> list[str]:
    cls = getattr(snowball, language.capitalize() + "Stemmer")
    suffixes = sorted(
        {s for v in vars(cls).values() if isinstance(v, tuple) for s in v if isinstance(s, str)}
    )
    alphabet = ALPHABETS[language]
    out: list[str] = []
    for w in rnd.sample(vocab, 300):
        out += [w.upper(), w[: len(w) // 2] + w[len(w) // 2 :].upper()]
    for _ in range(600):
        w = rnd.choice(vocab)
        w = w[: rnd.randint(0, len(w))]
        for _ in range(rnd.randint(1, 3)):
            if rnd.random() < 0.3:
                w += rnd.choice(alphabet)
            w += rnd.choice(suffixes)
        out.append(w)
    for n in range(6):
        out += ["".join(rnd.choice(alphabet) for _ in range(n)) for _ in range(15)]
    out += ["".join(rnd.choice(alphabet) for _ in range(rnd.randint(6, 14))) for _ in range(200)]
    if language == "romanian":
        to_comma, to_cedilla = str.maketrans("şţ", "șț"), str.maketrans("șț", "şţ")
        pool = [w for w in vocab if any(c in w for c in "şţșț")]
        out += [w.translate(rnd.choice((to_comma, to_cedilla))) for w in rnd.sample(pool, 200)]
    if language == "german":
        pairs = (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss"))
        for w in rnd.sample(vocab, 200):
            for a, b in pairs:
                w = w.replace(a, b) if rnd.random() < 0.5 else w.replace(b, a)
            out.append(w)
    return out[:1500]


def main() -> None:
    git_dir, shared = sys.argv[1], Path(sys.argv[2])
    for language in LANGUAGES:
        rnd = random.Random(f"nltk-snowball:{language}")
        vocab = vocabulary(language, git_dir, shared)
        stemmer = snowball.SnowballStemmer(language)
        algorithm = "dutch_porter" if language == "dutch" else language
        snowball_stems = rk.stem(vocab, stemmer=f"snowball:{algorithm}")
        differing = [w for w, s in zip(vocab, snowball_stems, strict=True) if stemmer.stem(w) != s]
        stops = [w for snap in SNAPSHOTS for w in stopwords(language, snap)]
        stops = stops + [w.upper() for w in stops] + [w + "s" for w in stops]
        others = rnd.sample(sorted(set(vocab) - set(differing)), 1500)
        words = list(dict.fromkeys(differing + stops + others + generated(language, vocab, rnd)))
        words = [w for w in words if "\t" not in w and "\n" not in w and "\r" not in w]
        columns = []
        for snap in SNAPSHOTS:
            stemmer.stemmer.stopwords = set(stopwords(language, snap))
            columns.append([stemmer.stem(w) for w in words])
        lines = "".join(f"{w}\t{a}\t{b}\n" for w, a, b in zip(words, *columns, strict=True))
        data = gzip.compress(lines.encode(), compresslevel=9, mtime=0)
        (OUT / f"{language}.tsv.gz").write_bytes(data)
        print(f"{language}: {len(words)} words, {len(differing)} differ from Snowball 3.1.1")


if __name__ == "__main__":
    main()
