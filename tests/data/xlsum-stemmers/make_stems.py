# ruff: noqa: RUF001, SIM905 (the Turkish dotless i; word lists written as text)
"""Rebuild ``stems.json.xz``: test words for XL-Sum's Hindi, Bengali and Turkish stemmers with
the stems their original implementations give.

    python tests/data/xlsum-stemmers/make_stems.py

Needs PyPI ``multilingual-rouge==0.0.1`` (its ``HindiStemmer`` and ``RafiStemmer``; only its
``stemmers`` module and ``bengali_stemmer`` package are used) and ``TurkishStemmer==1.3``.
The wheel of multilingual-rouge lacks ``common.rules``, so the Bengali stemmer runs from a
temporary copy of its package with the rule file placed beside its parser (the scorer's
``RafiStemmer()`` reads it from there).

Words, in this order and without duplicates, the same for the three stemmers:
1. the words of the shipped multilingual conformance texts (``../corpora/multilingual-
   conformance``, all 15 languages), lower-cased, split at spaces, punctuation and control
   characters, and also the raw whitespace-separated pieces (punctuation attached);
2. generated words (``random.Random("xlsum-<language>")``): every suffix after a few short
   stems, random stems of 0-5 letters with 1-3 random suffixes (Hindi, Bengali: both
   spellings of য়; the rules' `.` as a real full stop and as a letter), Turkish roots with
   0-5 random suffix allomorphs and buffer letters, all Turkish strings of 1-2 letters, and
   mixed words (digits, upper case, `i̇`, `â`, q/w/x, apostrophes);
3. random strings of 0-9 characters from Latin, Devanagari, Bengali, emoji and line/space
   separators (no ``\\n``/``\\r``).
A stem equal to its word is stored as ``null``.
"""

from __future__ import annotations

import importlib.util
import json
import lzma
import random
import shutil
import sys
import tempfile
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
CONFORMANCE = ROOT / "tests" / "data" / "corpora" / "multilingual-conformance"
CORE_DATA = ROOT / "crates" / "rougekit-core" / "data"
RULES = CORE_DATA / "bengali-stemmer" / "common.rules"
TURKISH_LISTS = CORE_DATA / "turkish-stemmer"
OUT = HERE / "stems.json.xz"

#: How many generated words, relative to the 300,000-word measurement this set samples.
SCALE = 0.1


def conformance_words() -> list[str]:
    texts: list[str] = []
    for name in ("strings.jsonl", "pairs.jsonl"):
        for line in (CONFORMANCE / name).read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            texts.extend([d["text"]] if "text" in d else [d["prediction"], *d["references"]])
    words: list[str] = []
    for t in texts:
        t = t.lower()
        words.extend("".join(" " if unicodedata.category(c)[0] in "PZC" else c for c in t).split())
        words.extend(t.split())
    return words


HINDI_SUFFIXES = """
ो े ू ु ी ि ा कर ाओ िए ाई ाए ने नी ना ते ीं ती ता ाँ ां ों ें ाकर ाइए ाईं ाया ेगी ेगा ोगी ोगे ाने
ाना ाते ाती ाता तीं ाओं ाएं ुओं ुएं ुआं ाएगी ाएगा ाओगी ाओगे एंगी ेंगी एंगे ेंगे ूंगी ूंगा ातीं नाओं
नाएं ताओं ताएं ियाँ ियों ियां ाएंगी ाएंगे ाऊंगी ाऊंगा ाइयाँ ाइयों ाइयां
""".split()
DEVANAGARI = [chr(c) for c in range(0x0900, 0x0980)]
HI_LETTERS = [chr(c) for c in range(0x0915, 0x0939)] + list("अआइईउऊएऐओऔ")


def hindi(rng: random.Random) -> list[str]:
    out = [pre + s for s in HINDI_SUFFIXES for pre in ("", "क", "कि", "लड़", "a", "1", "१", "ा")]
    for _ in range(int(40000 * SCALE)):
        n = rng.choice([0, 0, 1, 1, 2, 2, 3, 4, 5])
        letters = HI_LETTERS if rng.random() < 0.7 else DEVANAGARI
        stem = "".join(rng.choice(letters) for _ in range(n))
        out.append(
            stem + "".join(rng.choice(HINDI_SUFFIXES) for _ in range(rng.choice([1, 1, 2, 3])))
        )
    for _ in range(int(5000 * SCALE)):
        out.append(
            "".join(
                rng.choice([*DEVANAGARI, *"abz09 \u200c\u200d"]) for _ in range(rng.randint(1, 6))
            )
        )
    return out


def bengali_suffixes() -> list[str]:
    found: set[str] = set()
    for line in RULES.read_text(encoding="utf-8").splitlines():
        line = "".join(line.split("#")[0].split())
        if line and line not in "{}":
            for part in line.split("->"):
                found |= {part, part.replace("\u09df", "\u09af\u09bc")}
                if "." in part:
                    found |= {part.replace(".", c) for c in "কসচ"}
    return sorted(found - {""})


BN_LETTERS = [chr(c) for c in range(0x0995, 0x09B9)] + list("অআইঈউঊএঐওঔ")
BN_SIGNS = list("ািীেুূোৃৈৌ্ংঁ়")
BENGALI = [chr(c) for c in range(0x0980, 0x0A00)]


def bengali(rng: random.Random) -> list[str]:
    sufs = bengali_suffixes()
    out = [pre + s for s in sufs for pre in ("", "ক", "া", "াে", "কা", "রহিম", "a", "১")]
    for _ in range(int(40000 * SCALE)):
        n = rng.choice([0, 0, 1, 1, 2, 3, 4])
        stem = "".join(
            rng.choice(BN_LETTERS) if rng.random() < 0.6 else rng.choice(BN_SIGNS) for _ in range(n)
        )
        out.append(stem + "".join(rng.choice(sufs) for _ in range(rng.choice([1, 1, 2, 2, 3]))))
    for _ in range(int(5000 * SCALE)):
        out.append("".join(rng.choice([*BENGALI, *"a.9 \u200c"]) for _ in range(rng.randint(1, 6))))
    return out


TR_ROOTS = """
kitap ev araba göz el kalem okul masa kapı ağaç çocuk kadın adam gün yıl su deniz dağ yol şehir
köy ülke dil söz iş güç bilgi haber hayat dünya insan devlet halk millet ordu savaş barış sağlık
hastane doktor öğretmen öğrenci sınıf ders sınav kağıt defter renk kırmızı mavi yeşil büyük küçük
uzun kısa güzel çirkin iyi kötü yeni eski genç yaşlı hızlı yavaş gel git yap et al ver gör bak
oku yaz konuş dinle anla bil sev iste düşün bekle çalış koş yürü otur kalk uyu ye iç aç kapat
başla bitir dön geç kal bul sor cevap ağla gül kitab ağac renğ çocuğ kanad yurd dert ahmet mehmet
ayşe istanbul ankara türkiye avrupa cumhurbaşkanı bakanlık seçim parti meclis hükümet ekonomi
para fiyat enflasyon faiz üniversite araştırma teknoloji bilgisayar telefon internet televizyon
gazete dergi kardeş anne baba dede nine amca teyze hala dayı eş arkadaş komşu misafir düğün
bayram çiçek böcek kuş balık kedi köpek at inek koyun tavuk yumurta ekmek peynir süt çay kahve
""".split()
TR_ALPHA = "abcçdefgğhıijklmnoöprsştuüvyz"
TR_VOWELS = "aeıioöuü"
TR_CONSONANTS = "bcçdfgğhjklmnprsştvyz"
TR_SUFFIXES = """
casına çasına cesine çesine sınız siniz sunuz sünüz muş miş müş mış ken sın sin sun sün lar ler
nız niz nuz nüz tır tir tur tür dır dir dur dür ız iz uz üz ım im um üm dı di du dü tı ti tu tü
sa se m n k ndan ntan nden nten ları leri mız miz muz müz nta nte nda nde dan tan den ten la le
ın in un ün ca ce nı ni nu nü na ne da de ta te ki ı i u ü a e lı li lu lü y n s yım yiz ydı
ysa ymış yken yla ya yı sı sü nın nin
""".split()


def turkish(rng: random.Random) -> list[str]:
    lists = [
        w.strip()
        for f in sorted(TURKISH_LISTS.glob("*.txt"))
        for w in f.read_text(encoding="utf-8").splitlines()
        if w.strip()
    ]
    roots = TR_ROOTS + lists
    out = [*roots, *TR_ALPHA, *(a + b for a in TR_ALPHA for b in TR_ALPHA)]
    for _ in range(int(4000 * SCALE)):
        out.append("".join(rng.choice(TR_ALPHA) for _ in range(rng.randint(3, 5))))
    for _ in range(int(60000 * SCALE)):
        if rng.random() < 0.6:
            root = rng.choice(roots)
        else:
            root = "".join(
                rng.choice(TR_CONSONANTS)
                + rng.choice(TR_VOWELS)
                + (rng.choice(TR_CONSONANTS) if rng.random() < 0.5 else "")
                for _ in range(rng.randint(1, 3))
            )
        k = rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 4, 5])
        out.append(root + "".join(rng.choice(TR_SUFFIXES) for _ in range(k)))
    for _ in range(int(3000 * SCALE)):
        w = rng.choice(out)
        kind = rng.randint(0, 5)
        if kind == 0:
            w += str(rng.randint(0, 99))
        elif kind == 1:
            w = w.capitalize()
        elif kind == 2:
            w = "i\u0307" + w
        elif kind == 3:
            w = w.replace("a", "â", 1)
        elif kind == 4:
            w += "'" + rng.choice(["da", "de", "nin", "ı"])
        else:
            w = w[: len(w) // 2] + rng.choice("qwx") + w[len(w) // 2 :]
        out.append(w)
    return out


def random_strings(rng: random.Random, n: int) -> list[str]:
    pool = [chr(c) for c in range(0x20, 0x250)] + [chr(c) for c in range(0x900, 0xA00)]
    pool += ["\u2028", "\x1c", "\x85", "\u0130", "\U0001f600", "\t", "\x0b", "\u200c"]
    return ["".join(rng.choice(pool) for _ in range(rng.randint(0, 9))) for _ in range(n)]


def words_for(language: str, generate: object) -> list[str]:
    rng = random.Random(f"xlsum-{language}")
    words = conformance_words() + generate(rng) + random_strings(rng, 300)  # type: ignore[operator]
    seen: set[str] = set()
    return [w for w in words if "\n" not in w and "\r" not in w and not (w in seen or seen.add(w))]


def original_bengali(rules: Path) -> object:
    """The scorer's ``RafiStemmer()``, run from a temporary copy of its parser with
    ``rules`` placed beside it (where it looks for ``common.rules``)."""
    spec = importlib.util.find_spec("multilingual_rouge.bengali_stemmer.parser")
    assert spec is not None and spec.origin is not None, "multilingual-rouge is not installed"
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(spec.origin, Path(tmp) / "parser.py")
        shutil.copy(rules, Path(tmp) / "common.rules")
        copy = importlib.util.spec_from_file_location("_rafi_parser_copy", Path(tmp) / "parser.py")
        assert copy is not None and copy.loader is not None
        module = importlib.util.module_from_spec(copy)
        copy.loader.exec_module(module)
        return module.RafiStemmer().stem_word  # the rules are read here


def main() -> None:
    from multilingual_rouge.stemmers import HindiStemmer
    from TurkishStemmer import TurkishStemmer

    stemmers = {
        "hindi-suffix": (HindiStemmer(), hindi),
        "bengali-rafi": (original_bengali(RULES), bengali),
        "turkish-stemmer-1.3": (TurkishStemmer().stem, turkish),
    }
    out: dict[str, list[list[str | None]]] = {}
    for name, (stem, generate) in stemmers.items():
        words = words_for(name.split("-")[0], generate)
        out[name] = [[w, None if (s := stem(w)) == w else s] for w in words]  # type: ignore[operator]
        print(name, len(words), file=sys.stderr)
    text = json.dumps(out, ensure_ascii=False, indent=0)
    OUT.write_bytes(lzma.compress(text.encode("utf-8"), preset=9))


if __name__ == "__main__":
    main()
