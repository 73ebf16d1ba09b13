# ruff: noqa: RUF001
"""Generated hard cases for the xlsum-v1 oracle tests: text in every XL-Sum language's
script with the characters its scorer treats specially (punctuation inside numbers, case
mappings, control and format characters, symbols, marks at word starts, CJK, empty lines)."""

from __future__ import annotations

import functools
import gzip
import itertools
import json
import random
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STOPWORDS = ROOT / "crates/rougekit-core/data/nltk-stopwords"
CONFORMANCE = Path(__file__).resolve().parent / "data/corpora/multilingual-conformance"

#: XL-Sum's 45 languages (its dataset's names), Japanese included (refused by the profile).
XLSUM_LANGUAGES = (
    "amharic", "arabic", "azerbaijani", "bengali", "burmese", "chinese_simplified",
    "chinese_traditional", "english", "french", "gujarati", "hausa", "hindi", "igbo",
    "indonesian", "japanese", "kirundi", "korean", "kyrgyz", "marathi", "nepali", "oromo",
    "pashto", "persian", "pidgin", "portuguese", "punjabi", "russian", "scottish_gaelic",
    "serbian_cyrillic", "serbian_latin", "sinhala", "somali", "spanish", "swahili", "tamil",
    "telugu", "thai", "tigrinya", "turkish", "ukrainian", "urdu", "uzbek", "vietnamese",
    "welsh", "yoruba",
)  # fmt: skip

#: NLTK's Snowball languages that are not XL-Sum's (the scorer stems them too).
NLTK_ONLY = (
    "danish", "dutch", "finnish", "german", "hungarian", "italian", "norwegian", "romanian",
    "swedish",
)  # fmt: skip

LATIN = "abcdefghijklmnopqrstuvwxyz"
#: The original's aliases.
ALIASES = {
    "chinese_simplified": "chinese",
    "chinese_traditional": "chinese",
    "bangla": "bengali",
    "turkce": "turkish",
    "mundo": "spanish",
}
#: Letters of each language beyond ``LATIN`` or its script's code point range.
SCRIPTS: dict[str, str | tuple[int, int]] = {
    "amharic": (0x1200, 0x137F), "arabic": (0x0600, 0x06FF), "azerbaijani": LATIN + "əğıöşüç",
    "bengali": (0x0980, 0x09FF), "burmese": (0x1000, 0x109F), "chinese": (0x4E00, 0x9FFF),
    "english": LATIN, "french": LATIN + "éèêàçùœëïî", "gujarati": (0x0A80, 0x0AFF),
    "hausa": LATIN + "ɓɗƙ", "hindi": (0x0900, 0x097F), "igbo": LATIN + "ịọụṅ",
    "indonesian": LATIN, "kirundi": LATIN, "korean": (0xAC00, 0xD7A3),
    "kyrgyz": (0x0400, 0x04FF), "marathi": (0x0900, 0x097F), "nepali": (0x0900, 0x097F),
    "oromo": LATIN, "pashto": (0x0600, 0x06FF), "persian": (0x0600, 0x06FF),
    "pidgin": LATIN, "portuguese": LATIN + "ãõáéíóúâêôç", "punjabi": (0x0A00, 0x0A7F),
    "russian": (0x0400, 0x044F), "scottish_gaelic": LATIN + "àèìòù",
    "serbian_cyrillic": (0x0400, 0x045F), "serbian_latin": LATIN + "čćđšž",
    "sinhala": (0x0D80, 0x0DFF), "somali": LATIN, "spanish": LATIN + "ñáéíóúü",
    "swahili": LATIN, "tamil": (0x0B80, 0x0BFF), "telugu": (0x0C00, 0x0C7F),
    "thai": (0x0E00, 0x0E7F), "tigrinya": (0x1200, 0x137F), "turkish": LATIN + "çğıöşü",
    "ukrainian": (0x0400, 0x04FF),
    "urdu": (0x0600, 0x06FF), "uzbek": LATIN + "ʻ", "vietnamese": LATIN + "ăâđêôơưạảấầẩẫậ",
    "welsh": LATIN + "ŵŷâ", "yoruba": LATIN + "ẹọṣ\u0300\u0301", "danish": LATIN + "æøå",
    "dutch": LATIN + "ëï", "finnish": LATIN + "äö", "german": LATIN + "äöüß",
    "hungarian": LATIN + "áéíóöőúüű", "italian": LATIN + "àèéìòù", "norwegian": LATIN + "æøå",
    "romanian": LATIN + "ăâîșțşţ", "swedish": LATIN + "åäö",
}  # fmt: skip

#: Inflectional endings of the stemmed languages, so that generated words meet the stemmers'
#: rules (a word and another inflection of it stem alike, or not, as in the original).
SUFFIXES: dict[str, tuple[str, ...]] = {
    "danish": ("erendes", "erende", "hedens", "ethed", "heden", "heder", "endes", "ernes",
               "erens", "ende", "erne", "eren", "erer", "heds", "enes", "eres", "eret", "hed",
               "ene", "ere", "ens", "ers", "ets", "en", "er", "es", "et", "e", "s", "igst",
               "lig", "elig", "løst", "gd", "dt"),
    "swedish": ("heterna", "hetens", "anden", "heten", "heter", "arnas", "ernas", "ornas",
                "andes", "arens", "andet", "arna", "erna", "orna", "ande", "arne", "aste",
                "aren", "ades", "erns", "ade", "are", "ern", "ens", "het", "ast", "ad", "en",
                "ar", "er", "or", "as", "es", "at", "a", "e", "s", "lig", "els", "löst",
                "fullt", "dd", "gd", "nn"),
    "norwegian": ("hetenes", "hetene", "hetens", "heter", "heten", "endes", "ande", "ende",
                  "edes", "enes", "erte", "ede", "ane", "ene", "ens", "ers", "ets", "het",
                  "ast", "ert", "en", "ar", "er", "as", "es", "et", "a", "e", "s", "leg",
                  "eleg", "ig", "lov", "hetslov", "dt", "vt"),
    "finnish": ("lla", "llä", "lta", "ltä", "lle", "ssa", "ssä", "sta", "stä", "na", "nä",
                "ksi", "ine", "ni", "si", "mme", "nne", "han", "hän", "kin", "ko", "kö",
                "pa", "pä", "n", "t", "a", "ä", "imma", "impi", "mpi", "mma", "eja", "ita",
                "issa", "seen", "hin", "siin", "tten", "den", "iden"),
    "russian": ("ами", "ями", "ого", "его", "ому", "ему", "ыми", "ими", "ой", "ей", "ом",
                "ем", "ах", "ях", "ов", "ев", "ть", "ла", "ли", "ло", "ает", "ют", "ует",
                "ый", "ий", "ая", "яя", "ое", "ее", "ые", "ие", "а", "я", "ы", "и", "у", "ю",
                "е", "о", "ость", "ейш", "ся", "сь", "вшись", "ивши"),
    "arabic": ("ات", "ون", "ين", "ان", "ها", "هم", "كم", "نا", "ة", "ه", "ي", "ك", "ت",
               "كما", "هما", "تم", "وا", "ية", "يه"),
    "hungarian": ("ban", "ben", "nak", "nek", "val", "vel", "ból", "ből", "ról", "ről",
                  "tól", "től", "hoz", "hez", "höz", "ra", "re", "on", "en", "ön", "ok",
                  "ek", "ák", "ék", "k", "t", "ot", "et", "at", "ként", "képpen", "ig",
                  "ért", "ás", "és", "ai", "ei", "jai", "jei", "ja", "je", "uk", "jük"),
    "english": ("ing", "ed", "s", "es", "ly", "ness", "ation", "ational", "ies", "er",
                "ement", "ful", "ous", "ive", "ize", "ity"),
    "german": ("en", "ern", "er", "es", "e", "s", "ung", "heit", "lich", "isch", "end",
               "est", "st", "keit", "ig"),
    "french": ("ement", "ation", "ations", "euse", "eux", "ité", "es", "s", "ait", "aient",
               "er", "ez", "issement", "ique", "ions", "ent"),
    "spanish": ("ción", "ciones", "mente", "ando", "iendo", "ar", "er", "ir", "os", "as",
                "es", "ándose", "amiento", "idad"),
    "italian": ("azione", "mente", "are", "ere", "ire", "ando", "i", "e", "o", "a", "ità",
                "issimo", "ando"),
    "portuguese": ("ção", "ções", "mente", "ando", "endo", "ar", "er", "ir", "os", "as",
                   "idade", "ância", "ista"),
    "romanian": ("ului", "ilor", "ele", "ii", "uri", "ea", "ul", "iune", "ește", "ească",
                 "ilor", "ații", "ația", "ători"),
    "dutch": ("en", "heden", "heid", "lijk", "ing", "e", "s", "je", "tje", "baar", "bar",
              "end", "ig"),
    "turkish": ("lar", "ler", "dan", "den", "da", "de", "ın", "in", "un", "ün", "ı", "i",
                "dı", "di", "mış", "miş", "larımız", "lerinden", "yor", "acak", "ecek",
                "sı", "si", "nın", "nin", "ca", "ce", "ki"),
    "hindi": ("ों", "ें", "ाएं", "ियों", "ता", "ती", "ते", "ना", "ने", "ा", "े", "ी",
              "ाएंगे", "ाइयों", "ूंगा", "ाकर", "ो", "ु"),
    "bengali": ("রা", "দের", "কে", "টি", "গুলো", "ের", "য়", "ে", "র", "েরা", "য়ের",
                "গুলি", "ছিলাম", "তেছি", "িয়া", "ও"),
}  # fmt: skip

#: Pieces the scorer treats specially, mixed into every language's texts.
HARD = (
    "3.5", "...", "U.S.", "abc123", "x2y", "١٢٣", "१२३", "€", "°", "±", "©", "👍🏽", "❤\ufe0f",
    "ΟΔΟΣ", "Σ", "ΣΑ", "İstanbul'da", "ß", "ﬁ", "x²", "½", "Ⅻ", "㎒", "Ａｂｃ", "a\u200cb",
    "a\u200db", "so\u00adft", "\ufeffx", "\u0301a", "\u0301", "\u3000", "\u00a0", "\u2028",
    "“quoted”", "l'élève", "l’élève", "—", "中文abc", "國語", "다", "\ufffd", "\x00", "\x07",
    "\t", "\r\n", "￭", "▁", "￨", "%", "e-mail", "snake_case", "@handle", "#tag",
    "https://x.org/a?b=1", "3,000", "12:30", "ǅ", "ʰa", "〇一", "𝟙a", "\U0001F600", "\uFEFF",
    "ⓐ", "ᾼ", "\u0130", "ΆΣ", "\U00016E40", "\U0001E900",
)  # fmt: skip


def _alphabet(language: str) -> list[str]:
    spec = SCRIPTS[ALIASES.get(language, language)]
    if isinstance(spec, str):
        return list(spec)
    lo, hi = spec
    return [chr(c) for c in range(lo, hi + 1) if unicodedata.category(chr(c))[0] in "LMN"]


@functools.cache
def thai_words() -> list[str]:
    """The word list of pythainlp 5.4.0 that rougekit ships (newmm's dictionary)."""
    data = ROOT / "crates/rougekit-core/data/pythainlp/words_th.txt.gz"
    return gzip.decompress(data.read_bytes()).decode("utf-8").split()


def stopwords(language: str) -> list[str]:
    if language == "thai":
        # Dictionary words, so that newmm finds words and not only unknown runs.
        return thai_words()[::50]
    path = STOPWORDS / "5db857e" / ALIASES.get(language, language)
    return path.read_text(encoding="utf-8").split() if path.exists() else []


def conformance_texts(language: str) -> list[str]:
    out = []
    for line in (CONFORMANCE / "pairs.jsonl").read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        if d["lang"] == ALIASES.get(language, language).split("_")[0]:
            out += [d["prediction"], *d["references"]]
    return out


def _word(
    rng: random.Random, alphabet: list[str], stops: list[str], suffixes: tuple[str, ...] = ()
) -> str:
    roll = rng.random()
    if roll < 0.06:
        return rng.choice(HARD)
    if stops and roll < 0.2:
        return rng.choice(stops)
    word = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 9)))
    if suffixes and rng.random() < 0.5:
        word += rng.choice(suffixes)
    if rng.random() < 0.1:
        word = word.upper()
    elif rng.random() < 0.1:
        word = word.capitalize()
    return word


def _text(
    rng: random.Random,
    alphabet: list[str],
    stops: list[str],
    words: int,
    suffixes: tuple[str, ...] = (),
) -> str:
    parts = []
    for _ in range(words):
        parts.append(_word(rng, alphabet, stops, suffixes))
        parts.append(rng.choice([" ", " ", " ", " ", ", ", ". ", "\n", " - ", "  ", "\n\n", "!"]))
    return "".join(parts)


def _perturbed(
    rng: random.Random,
    text: str,
    alphabet: list[str],
    stops: list[str],
    suffixes: tuple[str, ...] = (),
) -> str:
    words = text.split(" ")
    out = []
    for w in words:
        roll = rng.random()
        if roll < 0.15:
            continue
        if roll < 0.3:
            w = _word(rng, alphabet, stops)
        elif roll < 0.45 and w and suffixes:
            # Another ending: stems meet (or not) as the original's.
            for ending in sorted(suffixes, key=len, reverse=True):
                if w.endswith(ending):
                    w = w[: -len(ending)]
                    break
            w += rng.choice(suffixes)
        elif roll < 0.55 and w:
            # Another inflection of the word: stemmers should meet (or not) as the original's.
            cut = rng.randint(0, min(3, len(w) - 1))
            w = w[: len(w) - cut] + "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 3)))
        out.append(w)
        if rng.random() < 0.05:
            out.append("\n")
    if rng.random() < 0.3:
        rng.shuffle(out)
    return " ".join(out)


def pairs(language: str, n: int = 24) -> list[tuple[str, str]]:
    """``(target, prediction)`` pairs for ``language``: real conformance texts when there are
    some, generated texts, and the edge cases (empty, punctuation only, blank lines)."""
    rng = random.Random(f"xlsum-{language}")
    alphabet = _alphabet(language)
    stops = stopwords(language)
    suffixes = SUFFIXES.get(ALIASES.get(language, language), ())
    out: list[tuple[str, str]] = []
    real = conformance_texts(language)
    out += list(itertools.pairwise(real))
    for _ in range(n):
        target = _text(rng, alphabet, stops, rng.randint(1, 40), suffixes)
        out.append((target, _perturbed(rng, target, alphabet, stops, suffixes)))
    if language == "thai":
        out += _thai_runs(rng, n)
    out += [
        ("", ""),
        ("", "x"),
        ("...", "!?"),
        ("\n\n", " \n"),
        (" ".join(HARD), " ".join(reversed(HARD))),
        ("\n".join(HARD[:20]), " ".join(HARD[:20])),
    ]
    return out


def _thai_runs(rng: random.Random, n: int) -> list[tuple[str, str]]:
    """Thai as it is written: dictionary words run together, spaces between phrases, with
    unknown runs, digits and Latin words among them."""
    words = thai_words()
    extra = ["2567", "๒๕๖๗", "COVID-19", "AI", "ๆ", "ฯ", "์", "ั", "เ", "\n", "  "]

    def text() -> str:
        parts = []
        for _ in range(rng.randint(1, 60)):
            roll = rng.random()
            parts.append(
                rng.choice(extra) if roll < 0.1 else " " if roll < 0.2 else rng.choice(words)
            )
        return "".join(parts)

    out = []
    for _ in range(n):
        target = text()
        prediction = text() if rng.random() < 0.3 else target[: len(target) // 2] + text()
        out.append((target, prediction))
    return out


def long_pair(language: str, tokens: int = 1500) -> tuple[str, str]:
    rng = random.Random(f"xlsum-long-{language}")
    alphabet = _alphabet(language)
    stops = stopwords(language)
    suffixes = SUFFIXES.get(ALIASES.get(language, language), ())
    target = _text(rng, alphabet, stops, tokens, suffixes)
    return target, _perturbed(rng, target, alphabet, stops, suffixes)
