"""Language shortcuts: ``language="hi"`` (``--lang hi``) picks the profile and stemmer that
suit the language, so a user need not learn both to score Hindi.

The choice is a shortcut, never a setting of its own: the scorer's signature names the
profile and stemmer it resolved to (``profile:unicode-v1|stem:snowball-3.1.1:hindi``), which
is all a reader needs to reproduce the numbers.

* English: the ``rouge-score`` profile with its Porter stemmer (the numbers of most papers).
* Scripts written without spaces (Chinese, Japanese, Thai, Lao, Khmer, Burmese):
  ``character-v1``, no stemmer.
* Languages with a Snowball 3.1.1 stemmer: ``unicode-v1`` with ``snowball:<algorithm>``.
* Every other language: ``unicode-v1`` without a stemmer (words, case-folded).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

#: ISO 639-1 codes and their English names (ISO 639-2 registration authority's list).
ISO_639_1: dict[str, str] = {
    "aa": "Afar", "ab": "Abkhazian", "ae": "Avestan", "af": "Afrikaans", "ak": "Akan",
    "am": "Amharic", "an": "Aragonese", "ar": "Arabic", "as": "Assamese", "av": "Avaric",
    "ay": "Aymara", "az": "Azerbaijani", "ba": "Bashkir", "be": "Belarusian",
    "bg": "Bulgarian", "bi": "Bislama", "bm": "Bambara", "bn": "Bengali", "bo": "Tibetan",
    "br": "Breton", "bs": "Bosnian", "ca": "Catalan", "ce": "Chechen", "ch": "Chamorro",
    "co": "Corsican", "cr": "Cree", "cs": "Czech", "cu": "Church Slavic", "cv": "Chuvash",
    "cy": "Welsh", "da": "Danish", "de": "German", "dv": "Divehi", "dz": "Dzongkha",
    "ee": "Ewe", "el": "Greek", "en": "English", "eo": "Esperanto", "es": "Spanish",
    "et": "Estonian", "eu": "Basque", "fa": "Persian", "ff": "Fulah", "fi": "Finnish",
    "fj": "Fijian", "fo": "Faroese", "fr": "French", "fy": "Western Frisian", "ga": "Irish",
    "gd": "Scottish Gaelic", "gl": "Galician", "gn": "Guarani", "gu": "Gujarati",
    "gv": "Manx", "ha": "Hausa", "he": "Hebrew", "hi": "Hindi", "ho": "Hiri Motu",
    "hr": "Croatian", "ht": "Haitian", "hu": "Hungarian", "hy": "Armenian", "hz": "Herero",
    "ia": "Interlingua", "id": "Indonesian", "ie": "Interlingue", "ig": "Igbo",
    "ii": "Sichuan Yi", "ik": "Inupiaq", "io": "Ido", "is": "Icelandic", "it": "Italian",
    "iu": "Inuktitut", "ja": "Japanese", "jv": "Javanese", "ka": "Georgian", "kg": "Kongo",
    "ki": "Kikuyu", "kj": "Kuanyama", "kk": "Kazakh", "kl": "Kalaallisut", "km": "Khmer",
    "kn": "Kannada", "ko": "Korean", "kr": "Kanuri", "ks": "Kashmiri", "ku": "Kurdish",
    "kv": "Komi", "kw": "Cornish", "ky": "Kyrgyz", "la": "Latin", "lb": "Luxembourgish",
    "lg": "Ganda", "li": "Limburgish", "ln": "Lingala", "lo": "Lao", "lt": "Lithuanian",
    "lu": "Luba-Katanga", "lv": "Latvian", "mg": "Malagasy", "mh": "Marshallese",
    "mi": "Maori", "mk": "Macedonian", "ml": "Malayalam", "mn": "Mongolian", "mr": "Marathi",
    "ms": "Malay", "mt": "Maltese", "my": "Burmese", "na": "Nauru", "nb": "Norwegian Bokmal",
    "nd": "North Ndebele", "ne": "Nepali", "ng": "Ndonga", "nl": "Dutch",
    "nn": "Norwegian Nynorsk", "no": "Norwegian", "nr": "South Ndebele", "nv": "Navajo",
    "ny": "Chichewa", "oc": "Occitan", "oj": "Ojibwa", "om": "Oromo", "or": "Oriya",
    "os": "Ossetian", "pa": "Punjabi", "pi": "Pali", "pl": "Polish", "ps": "Pashto",
    "pt": "Portuguese", "qu": "Quechua", "rm": "Romansh", "rn": "Rundi", "ro": "Romanian",
    "ru": "Russian", "rw": "Kinyarwanda", "sa": "Sanskrit", "sc": "Sardinian", "sd": "Sindhi",
    "se": "Northern Sami", "sg": "Sango", "si": "Sinhala", "sk": "Slovak", "sl": "Slovenian",
    "sm": "Samoan", "sn": "Shona", "so": "Somali", "sq": "Albanian", "sr": "Serbian",
    "ss": "Swati", "st": "Southern Sotho", "su": "Sundanese", "sv": "Swedish",
    "sw": "Swahili", "ta": "Tamil", "te": "Telugu", "tg": "Tajik", "th": "Thai",
    "ti": "Tigrinya", "tk": "Turkmen", "tl": "Tagalog", "tn": "Tswana", "to": "Tonga",
    "tr": "Turkish", "ts": "Tsonga", "tt": "Tatar", "tw": "Twi", "ty": "Tahitian",
    "ug": "Uyghur", "uk": "Ukrainian", "ur": "Urdu", "uz": "Uzbek", "ve": "Venda",
    "vi": "Vietnamese", "vo": "Volapuk", "wa": "Walloon", "wo": "Wolof", "xh": "Xhosa",
    "yi": "Yiddish", "yo": "Yoruba", "za": "Zhuang", "zh": "Chinese", "zu": "Zulu",
}  # fmt: skip

#: Other names in common use, for the same codes.
ALIASES: dict[str, str] = {
    "bangla": "bn", "farsi": "fa", "myanmar": "my", "kirghiz": "ky", "uighur": "ug",
    "sinhalese": "si", "castilian": "es", "panjabi": "pa", "flemish": "nl", "gaelic": "gd",
    "moldavian": "ro", "moldovan": "ro", "bokmal": "nb", "nynorsk": "nn", "sotho": "st",
    "pushto": "ps", "odia": "or", "filipino": "tl", "mandarin": "zh",
}  # fmt: skip

#: Snowball 3.1.1's algorithm for a language (English is the rouge-score profile's).
SNOWBALL: dict[str, str] = {
    "ar": "arabic", "hy": "armenian", "eu": "basque", "ca": "catalan", "cs": "czech",
    "da": "danish", "nl": "dutch", "eo": "esperanto", "et": "estonian", "fi": "finnish",
    "fr": "french", "de": "german", "el": "greek", "hi": "hindi", "hu": "hungarian",
    "id": "indonesian", "ga": "irish", "it": "italian", "lt": "lithuanian", "ne": "nepali",
    "no": "norwegian", "nb": "norwegian", "nn": "norwegian", "fa": "persian", "pl": "polish",
    "pt": "portuguese", "ro": "romanian", "ru": "russian", "sr": "serbian", "st": "sesotho",
    "es": "spanish", "sv": "swedish", "ta": "tamil", "tr": "turkish", "yi": "yiddish",
}  # fmt: skip

#: Scripts written without spaces between words: scored by characters.
CHARACTER_LANGUAGES = frozenset({"zh", "ja", "th", "lo", "km", "my"})


@dataclass(frozen=True)
class Language:
    """What ``language=`` resolves to."""

    code: str
    name: str
    profile: str
    #: The scorer's ``stemmer=`` (``None``: no stemmer).
    stemmer: bool | str | None

    def describe(self) -> str:
        if self.stemmer is None:
            return f"profile={self.profile!r} without a stemmer"
        if self.stemmer is True:
            return f"profile={self.profile!r} with its stemmer"
        return f"profile={self.profile!r} with stemmer={self.stemmer!r}"


def _key(name: str) -> str:
    return " ".join(name.replace("_", " ").replace("-", " ").split()).casefold()


_BY_NAME: dict[str, str] = {
    **{_key(name): code for code, name in ISO_639_1.items()},
    **{_key(alias): code for alias, code in ALIASES.items()},
}


def lookup(language: str) -> Language:
    """The profile and stemmer for ``language``: an ISO 639-1 code (``"hi"``, also
    ``"pt-BR"``: the region is ignored) or an English name (``"Hindi"``).

    Raises:
        TypeError: ``language`` is not a string.
        ValueError: an unknown language, with the nearest known names.
    """
    if not isinstance(language, str):
        raise TypeError(f"language must be a string such as 'hi' or 'Hindi', got {language!r}")
    key = _key(language)
    code = key if key in ISO_639_1 else _BY_NAME.get(key)
    if code is None and len(key) > 3 and key[2] == " " and key[:2] in ISO_639_1:
        code = key[:2]  # a regional tag (pt-BR, zh_TW): the language's own choice
    if code is None:
        close = difflib.get_close_matches(key, list(_BY_NAME), n=3, cutoff=0.75)
        hint = f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
        raise ValueError(
            f"unknown language {language!r}{hint}: give an ISO 639-1 code such as 'hi' or "
            "an English name such as 'Hindi'"
        )
    if code == "en":
        return Language(code, ISO_639_1[code], "rouge-score", True)
    if code in CHARACTER_LANGUAGES:
        return Language(code, ISO_639_1[code], "character-v1", None)
    algorithm = SNOWBALL.get(code)
    return Language(
        code, ISO_639_1[code], "unicode-v1", None if algorithm is None else f"snowball:{algorithm}"
    )


def resolve(
    language: str, *, profile: object, stemmer: bool | str | None
) -> tuple[str, bool | str | None]:
    """The ``(profile, stemmer)`` a scorer with ``language=`` uses. An explicit ``stemmer``
    wins (``False``: no stemming); an explicit ``profile`` (a name; a profile object always
    conflicts, as it carries its own options) must be the language's own.
    """
    chosen = lookup(language)
    if profile is not None and profile != chosen.profile:
        raise ValueError(
            f"language={language!r} chooses {chosen.describe()}; profile={profile!r} "
            "conflicts with it: give one of language= and profile="
        )
    return chosen.profile, chosen.stemmer if stemmer is None else stemmer
