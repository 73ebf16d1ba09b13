"""The ``xlsum-v1`` profile: XL-Sum's ``multilingual_rouge_scoring`` (PyPI
``multilingual-rouge`` 0.0.1), the scorer behind XL-Sum, GEM and MIRAGE-Bench numbers, bit
for bit (``docs/published-numbers.md``).

``language=`` is required: it picks the tokenizer and the stemmer as the original's ``lang``
does.

* Every text: Python's ``str.lower()``, BERT's cleaning (control and format characters
  deleted, ZWNJ included; punctuation splits words and is dropped), then jieba 0.42.1
  (Chinese), pythainlp 5.4.0's ``newmm`` with its bundled word list (Thai; the single-space
  words of both are tokens too), the Burmese syllable rules, or the
  default: pyonmttok's ``aggressive`` rule (letter/number changes split, every symbol is a
  token) and CJK ideographs one by one. Unicode data: Python 3.11's (14.0.0).
* ``stemmer=True`` (XL-Sum's ``use_stemmer=True``, as its published numbers) stems tokens
  longer than 3 characters with the language's stemmer: NLTK's Snowball classes with its
  stopword lists for 15 languages (``nltk-snowball:<language>``), the Hindi suffix stemmer,
  the Bengali rule stemmer, TurkishStemmer 1.3; ``language="none"`` (the original's
  ``lang=None``) NLTK's Porter. **Every other language is not stemmed**, as there.
* rougeLsum's lines are lower-cased and cleaned only: no segmenter, no pyonmttok.
* ``nltk_stopwords``: the nltk_data snapshot of the stopword lists, ``"5db857e"`` (today's,
  the default) or ``"3a486db"`` (the lists of 2021, when XL-Sum's numbers were published:
  Arabic has 248 words instead of 753, Portuguese 204 instead of 207).

Japanese is refused by default: XL-Sum's scorer segments it with MeCab over whichever UniDic
fugashi finds, for XL-Sum's numbers the full UniDic that ``python -m unidic download``
fetches from outside PyPI, which cannot be reproduced offline. ``ja_dict="unidic-lite-1.0.8"``
runs the same scorer with MeCab over unidic-lite 1.0.8's dictionary instead (rougekit's
``mecab-unidic-lite`` segmenter, reading an installed ``unidic-lite``): the numbers
multilingual-rouge gives where fugashi finds unidic-lite, not XL-Sum's published ones; the
signature names the dictionary (``seg:mecab-unidic-lite-1.0.8``). Thai's signature names its
segmenter and dictionary (``seg:newmm-pythainlp-5.4.0``): newmm's words change with
pythainlp's word list.
Drop-in: :mod:`rougekit.compat.multilingual_rouge`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import rougekit.languages as languages
from rougekit.checks import as_bool, numpy_bool
from rougekit.profiles.engine import EngineProfile, multiref_rule
from rougekit.segmentation import check_jieba_unchanged

#: The Unicode version of the tokenizer's data (Python 3.11's ``unicodedata``).
UNICODE_VERSION = "14.0.0"

#: XL-Sum's 45 languages (its dataset's names).
XLSUM_LANGUAGES = (
    "amharic", "arabic", "azerbaijani", "bengali", "burmese", "chinese_simplified",
    "chinese_traditional", "english", "french", "gujarati", "hausa", "hindi", "igbo",
    "indonesian", "japanese", "kirundi", "korean", "kyrgyz", "marathi", "nepali", "oromo",
    "pashto", "persian", "pidgin", "portuguese", "punjabi", "russian", "scottish_gaelic",
    "serbian_cyrillic", "serbian_latin", "sinhala", "somali", "spanish", "swahili", "tamil",
    "telugu", "thai", "tigrinya", "turkish", "ukrainian", "urdu", "uzbek", "vietnamese",
    "welsh", "yoruba",
)  # fmt: skip

#: The original's own aliases (``SPECIAL_LANGID_CONVERSION_MAP``).
ALIASES = {
    "bangla": "bengali",
    "turkce": "turkish",
    "chinese_simplified": "chinese",
    "chinese_traditional": "chinese",
    "mundo": "spanish",
}

#: NLTK's Snowball languages (``SnowballStemmer.languages`` but ``porter``).
NLTK_SNOWBALL = (
    "arabic", "danish", "dutch", "english", "finnish", "french", "german", "hungarian",
    "italian", "norwegian", "portuguese", "romanian", "russian", "spanish", "swedish",
)  # fmt: skip

#: The languages with a stemmer of their own, and that stemmer's core name.
OTHER_STEMMERS = {
    "hindi": "hindi-suffix",
    "bengali": "bengali-rafi",
    "turkish": "turkish-stemmer-1.3",
}

#: The languages with a segmenter: the core tokenizer's name.
TOKENIZERS = {
    "chinese": "xlsum-v1+jieba",
    "thai": "xlsum-v1+newmm",
    "burmese": "xlsum-v1+burmese",
    "japanese": "xlsum-v1+mecab-unidic-lite",
}

#: ``ja_dict=`` values: the MeCab dictionaries Japanese can be scored with (not XL-Sum's).
JA_DICTS = ("unidic-lite-1.0.8",)

#: The languages whose segmenter depends on a dictionary that changes between versions of
#: its package: the signature's ``seg`` names it.
SEGMENTER_IDS = {"thai": "newmm-pythainlp-5.4.0"}

#: Languages refused until exact, and why.
REFUSED = {
    "japanese": (
        "XL-Sum segments Japanese with MeCab and the UniDic dictionary that "
        "'python -m unidic download' fetched, which rougekit cannot reproduce offline; "
        "ja_dict='unidic-lite-1.0.8' scores it with unidic-lite's dictionary instead (not "
        "XL-Sum's numbers)"
    ),
}

#: The stopword snapshots (``nltk_stopwords=``).
STOPWORD_SNAPSHOTS = ("5db857e", "3a486db")


def xlsum_language(value: object, *, strict: bool = True, ja_dict: str | None = None) -> str:
    """The original's ``lang`` for a ``language=`` value: an XL-Sum or NLTK language name
    (``"hindi"``, ``"chinese_simplified"``, ``"bangla"``), an ISO 639-1 code or English name
    (``"hi"``, ``"Hindi"``), or ``"none"`` for the original's ``lang=None``. Aliases are
    resolved as the original resolves them (``"bangla"`` -> ``"bengali"``). ``strict=False``
    takes any other name as the original does (a language it does not know: the default
    tokenizer, no stemming)."""
    if not isinstance(value, str):
        raise TypeError(
            f"language must be a language name such as 'hindi' or 'hi', got {type(value).__name__}"
        )
    key = "_".join(value.replace("-", " ").replace("_", " ").split()).casefold()
    if key in ("none", "porter"):
        return "none"
    key = ALIASES.get(key, key)
    known = {*XLSUM_LANGUAGES, *NLTK_SNOWBALL, *TOKENIZERS, *REFUSED, *OTHER_STEMMERS}
    if key not in known and not strict:
        return key
    if key not in known:
        try:
            found = languages.lookup(value)
        except ValueError:
            raise ValueError(
                f"unknown language {value!r} for the 'xlsum-v1' profile: give one of XL-Sum's "
                f"languages ({', '.join(x for x in XLSUM_LANGUAGES if x not in REFUSED)}; "
                f"not {' or '.join(REFUSED)}), an ISO 639-1 code such as 'hi', "
                "or 'none' (XL-Sum's lang=None: English, stemmed by NLTK's Porter)"
            ) from None
        key = "_".join(found.name.split()).casefold()
        key = {"chinese": "chinese", "myanmar": "burmese"}.get(key, key)
    key = ALIASES.get(key, key)
    if key == "japanese" and ja_dict is not None:
        return key
    if key in REFUSED:
        raise ValueError(
            f"language={value!r} is not reproduced exactly by the 'xlsum-v1' profile: "
            f"{REFUSED[key]}"
        )
    return key


def stemmer_of(language: str, nltk_stopwords: str) -> str | None:
    """The core stemmer XL-Sum's ``use_stemmer=True`` gives ``language`` (``None``: none)."""
    if language == "none":
        return "nltk-porter"
    if language in NLTK_SNOWBALL:
        suffix = "" if nltk_stopwords == STOPWORD_SNAPSHOTS[0] else f"@{nltk_stopwords}"
        return f"nltk-snowball:{language}{suffix}"
    return OTHER_STEMMERS.get(language)


@dataclass(frozen=True)
class XlsumV1(EngineProfile):
    """XL-Sum's multilingual scorer for one language (``language``), stemmed or not
    (``use_stemmer``), with the NLTK stopword lists of ``nltk_stopwords``."""

    language: str = "none"
    use_stemmer: bool = False
    nltk_stopwords: str = STOPWORD_SNAPSHOTS[0]
    #: Japanese only: the MeCab dictionary (``"unidic-lite-1.0.8"``), not XL-Sum's UniDic.
    ja_dict: str | None = None

    NAME: ClassVar[str] = "xlsum-v1"
    SUMMARY: ClassVar[str] = "XL-Sum's multilingual scorer (multilingual-rouge 0.0.1), bit for bit"
    TOKENIZER: ClassVar[str] = "xlsum-v1"
    OPTIONS: ClassVar[tuple[str, ...]] = (
        "language",
        "stemmer",
        "nltk_stopwords",
        "multiref",
        "jackknife",
        "ja_dict",
    )
    KEEPS: ClassVar[str] = "every word, number and symbol (punctuation dropped)"

    @classmethod
    def accepts(cls, option: str, value: Any) -> bool:
        if option == "stemmer":
            return isinstance(value, bool) or numpy_bool(value)
        return option in cls.OPTIONS

    @classmethod
    def from_options(cls, **options: Any) -> XlsumV1:
        if options.get("language") is None:
            raise ValueError(
                "the 'xlsum-v1' profile needs language=: one of XL-Sum's languages ('hindi', "
                "'chinese_simplified', ...), an ISO 639-1 code ('hi'), or 'none' (XL-Sum's "
                "lang=None: English with NLTK's Porter stemmer)"
            )
        ja_dict = options.get("ja_dict")
        if ja_dict is not None and ja_dict not in JA_DICTS:
            raise ValueError(
                f"unknown ja_dict {ja_dict!r}: expected {', '.join(map(repr, JA_DICTS))} "
                "(MeCab over the installed unidic-lite's dictionary)"
            )
        language = xlsum_language(options["language"], ja_dict=ja_dict)
        if ja_dict is not None and language != "japanese":
            raise ValueError(
                f"ja_dict= is for language='japanese' only (got language={options['language']!r})"
            )
        if ja_dict is not None:
            from rougekit.segmentation import load_unidic_lite

            load_unidic_lite()
        stem = options.get("stemmer")
        if numpy_bool(stem):
            stem = bool(stem)
        if stem is not None and not isinstance(stem, bool):
            raise ValueError(
                "the 'xlsum-v1' profile takes stemmer=True (XL-Sum's use_stemmer=True: the "
                f"language's own stemmer) or False, got {stem!r}"
            )
        snapshot = options.get("nltk_stopwords", STOPWORD_SNAPSHOTS[0])
        if snapshot not in STOPWORD_SNAPSHOTS:
            raise ValueError(
                f"unknown nltk_stopwords {snapshot!r}: expected '5db857e' (today's NLTK "
                "stopword lists) or '3a486db' (the lists before 2021-10-19, XL-Sum's paper)"
            )
        use_stemmer = bool(stem)
        return cls(
            stemmer=stemmer_of(language, snapshot) if use_stemmer else None,
            multiref=multiref_rule(options.get("multiref", "best-f")),
            jackknife=as_bool(options.get("jackknife", False), "jackknife"),
            language=language,
            use_stemmer=use_stemmer,
            nltk_stopwords=snapshot,
            ja_dict=ja_dict,
        )

    @property
    def tokenizer(self) -> str:
        return TOKENIZERS.get(self.language, self.TOKENIZER)

    def signature_fields(self) -> dict[str, str]:
        seg = SEGMENTER_IDS.get(self.language)
        if self.ja_dict is not None:
            seg = f"mecab-{self.ja_dict}"
        return {
            **super().signature_fields(),
            **({"seg": seg} if seg else {}),
            "lang": self.language,
            "uni": UNICODE_VERSION,
        }

    @classmethod
    def options_of(cls, fields: Mapping[str, str]) -> dict[str, Any]:
        """... ``nltk_stopwords`` from the stemmer's stopword snapshot (``@3a486db``), and
        ``ja_dict`` from Japanese's segmenter (``seg:mecab-unidic-lite-1.0.8``)."""
        options = super().options_of(fields)
        if fields["stem"].endswith("@3a486db"):
            options["nltk_stopwords"] = "3a486db"
        seg = fields.get("seg", "")
        if seg.startswith("mecab-"):
            options["ja_dict"] = seg[len("mecab-") :]
        return options

    def before_scoring(self) -> None:
        if self.tokenizer.endswith("+jieba"):
            check_jieba_unchanged()
        elif self.ja_dict is not None:
            from rougekit.segmentation import load_unidic_lite

            load_unidic_lite()

    def options(self) -> dict[str, Any]:
        out: dict[str, Any] = {"language": self.language}
        if self.use_stemmer:
            out["stemmer"] = True
        if self.nltk_stopwords != STOPWORD_SNAPSHOTS[0]:
            out["nltk_stopwords"] = self.nltk_stopwords
        if self.multiref != "best-f":
            out["multiref"] = self.multiref
        if self.jackknife:
            out["jackknife"] = True
        if self.ja_dict is not None:
            out["ja_dict"] = self.ja_dict
        return out

    @property
    def no_tokens_advice(self) -> str:
        return "Check the texts: punctuation alone gives no token."
