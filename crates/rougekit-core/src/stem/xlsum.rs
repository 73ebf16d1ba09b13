//! The stemmers of XL-Sum's scorer (`multilingual_rouge_scoring`, PyPI `multilingual-rouge`
//! 0.0.1), by language: NLTK's Snowball ports with `ignore_stopwords=True`
//! (`nltk-snowball:<language>`, [`crate::stem::nltk_snowball`]), the Hindi suffix stemmer
//! (`hindi-suffix`), the Bengali rule stemmer (`bengali-rafi`) and `TurkishStemmer` 1.3
//! (`turkish-stemmer-1.3`).
//!
//! # Stopwords are part of the stemmer
//!
//! With `ignore_stopwords=True` NLTK leaves the words of its stopword list unstemmed, and the
//! lists are versioned data: the nltk_data snapshot `5db857e` (today's, the default) has 753
//! Arabic and 207 Portuguese words, `3a486db` (before 2021-10-19, when XL-Sum's scores were
//! published) 248 and 204. So the snapshot is part of the stemmer's value:
//! `nltk-snowball:arabic` is `nltk-snowball:arabic@5db857e`, `nltk-snowball:arabic@3a486db`
//! the older lists, and the signature id always names it
//! (`nltk-snowball-3.10.4:arabic@5db857e`, the NLTK release whose classes are ported). The
//! lists are embedded (`data/nltk-stopwords/`, provenance there) and each is read once.
//!
//! # Cost
//!
//! [`XlsumStemmer`] is two bytes (`Copy`, `Eq`, `Hash`): it keys the stem cache as
//! [`crate::stem::snowball::Snowball`] does.
use crate::error::RougeError;
use rustc_hash::FxHashSet;
use std::sync::OnceLock;

/// The NLTK release whose Snowball classes `nltk_snowball` ports (the signature's id).
pub const NLTK_VERSION: &str = "3.10.4";

/// The languages of NLTK's `SnowballStemmer` that XL-Sum's scorer stems with (its `porter`
/// is `nltk-porter`, [`crate::stem::porter_nltk`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NltkLanguage {
    Arabic,
    Danish,
    Dutch,
    English,
    Finnish,
    French,
    German,
    Hungarian,
    Italian,
    Norwegian,
    Portuguese,
    Romanian,
    Russian,
    Spanish,
    Swedish,
}

/// Every [`NltkLanguage`], in the order of [`NltkLanguage::id`].
pub const NLTK_LANGUAGES: [NltkLanguage; 15] = [
    NltkLanguage::Arabic,
    NltkLanguage::Danish,
    NltkLanguage::Dutch,
    NltkLanguage::English,
    NltkLanguage::Finnish,
    NltkLanguage::French,
    NltkLanguage::German,
    NltkLanguage::Hungarian,
    NltkLanguage::Italian,
    NltkLanguage::Norwegian,
    NltkLanguage::Portuguese,
    NltkLanguage::Romanian,
    NltkLanguage::Russian,
    NltkLanguage::Spanish,
    NltkLanguage::Swedish,
];

impl NltkLanguage {
    /// NLTK's name of the language (`german`).
    pub fn id(self) -> &'static str {
        match self {
            NltkLanguage::Arabic => "arabic",
            NltkLanguage::Danish => "danish",
            NltkLanguage::Dutch => "dutch",
            NltkLanguage::English => "english",
            NltkLanguage::Finnish => "finnish",
            NltkLanguage::French => "french",
            NltkLanguage::German => "german",
            NltkLanguage::Hungarian => "hungarian",
            NltkLanguage::Italian => "italian",
            NltkLanguage::Norwegian => "norwegian",
            NltkLanguage::Portuguese => "portuguese",
            NltkLanguage::Romanian => "romanian",
            NltkLanguage::Russian => "russian",
            NltkLanguage::Spanish => "spanish",
            NltkLanguage::Swedish => "swedish",
        }
    }

    /// The language named `id` (NLTK's name, lower case).
    pub fn parse(id: &str) -> Option<NltkLanguage> {
        NLTK_LANGUAGES.into_iter().find(|l| l.id() == id)
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// Which nltk_data snapshot the stopword lists come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Stopwords {
    /// nltk_data `5db857e`: today's lists (the default).
    #[default]
    Nltk5db857e,
    /// nltk_data `3a486db`: the lists before 2021-10-19 (Arabic 248 words, Portuguese 204).
    Nltk3a486db,
}

impl Stopwords {
    /// The snapshot's id, as the option `nltk_stopwords=` takes it.
    pub fn id(self) -> &'static str {
        match self {
            Stopwords::Nltk5db857e => "5db857e",
            Stopwords::Nltk3a486db => "3a486db",
        }
    }

    /// The snapshot named `id`.
    pub fn parse(id: &str) -> Result<Stopwords, RougeError> {
        match id {
            "5db857e" => Ok(Stopwords::Nltk5db857e),
            "3a486db" => Ok(Stopwords::Nltk3a486db),
            _ => Err(RougeError::InvalidOption(format!(
                "unknown NLTK stopword snapshot {id:?}: expected 5db857e (today's lists) or \
                 3a486db (the lists before 2021-10-19)"
            ))),
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// One of XL-Sum's stemmers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum XlsumStemmer {
    /// NLTK's `SnowballStemmer(language, ignore_stopwords=True)` with the stopword lists of a
    /// snapshot: `nltk-snowball:<language>[@<snapshot>]`.
    NltkSnowball(NltkLanguage, Stopwords),
    /// XL-Sum's `HindiStemmer` (Ramanathan & Rao's suffix list): `hindi-suffix`.
    HindiSuffix,
    /// `RafiStemmer` (bengali-stemmer) with its `common.rules`: `bengali-rafi`.
    BengaliRafi,
    /// `TurkishStemmer` 1.3 (PyPI `TurkishStemmer`): `turkish-stemmer-1.3`.
    TurkishStemmer,
}

/// The names of the stemmers that are not `nltk-snowball:`.
const OTHERS: [(&str, XlsumStemmer); 3] = [
    ("hindi-suffix", XlsumStemmer::HindiSuffix),
    ("bengali-rafi", XlsumStemmer::BengaliRafi),
    ("turkish-stemmer-1.3", XlsumStemmer::TurkishStemmer),
];

macro_rules! nltk_names {
    ($($lang:literal)*) => {
        /// `[language][snapshot]`: the user-facing name.
        const NLTK_NAMES: [[&str; 2]; 15] = [$([
            concat!("nltk-snowball:", $lang),
            concat!("nltk-snowball:", $lang, "@3a486db"),
        ],)*];
        /// `[language][snapshot]`: the signature id.
        const NLTK_SIGNATURE_IDS: [[&str; 2]; 15] = [$([
            concat!("nltk-snowball-3.10.4:", $lang, "@5db857e"),
            concat!("nltk-snowball-3.10.4:", $lang, "@3a486db"),
        ],)*];
    };
}

nltk_names! {
    "arabic" "danish" "dutch" "english" "finnish" "french" "german" "hungarian" "italian"
    "norwegian" "portuguese" "romanian" "russian" "spanish" "swedish"
}

/// The embedded lists, `[snapshot][language]`.
const LISTS: [[&str; 15]; 2] = {
    macro_rules! lists {
        ($snapshot:literal) => {
            [
                include_str!(concat!("../../data/nltk-stopwords/", $snapshot, "/arabic")),
                include_str!(concat!("../../data/nltk-stopwords/", $snapshot, "/danish")),
                include_str!(concat!("../../data/nltk-stopwords/", $snapshot, "/dutch")),
                include_str!(concat!("../../data/nltk-stopwords/", $snapshot, "/english")),
                include_str!(concat!("../../data/nltk-stopwords/", $snapshot, "/finnish")),
                include_str!(concat!("../../data/nltk-stopwords/", $snapshot, "/french")),
                include_str!(concat!("../../data/nltk-stopwords/", $snapshot, "/german")),
                include_str!(concat!(
                    "../../data/nltk-stopwords/",
                    $snapshot,
                    "/hungarian"
                )),
                include_str!(concat!("../../data/nltk-stopwords/", $snapshot, "/italian")),
                include_str!(concat!(
                    "../../data/nltk-stopwords/",
                    $snapshot,
                    "/norwegian"
                )),
                include_str!(concat!(
                    "../../data/nltk-stopwords/",
                    $snapshot,
                    "/portuguese"
                )),
                include_str!(concat!(
                    "../../data/nltk-stopwords/",
                    $snapshot,
                    "/romanian"
                )),
                include_str!(concat!("../../data/nltk-stopwords/", $snapshot, "/russian")),
                include_str!(concat!("../../data/nltk-stopwords/", $snapshot, "/spanish")),
                include_str!(concat!("../../data/nltk-stopwords/", $snapshot, "/swedish")),
            ]
        };
    }
    [lists!("5db857e"), lists!("3a486db")]
};

/// Each list as a set, built on first use.
static SETS: [[OnceLock<FxHashSet<&'static str>>; 15]; 2] =
    [const { [const { OnceLock::new() }; 15] }; 2];

/// The NLTK stopword list of `language` in `snapshot`, as NLTK reads it
/// (`stopwords.words(language)`: the file's lines, blank lines dropped, nothing stripped).
pub fn stopwords(language: NltkLanguage, snapshot: Stopwords) -> &'static FxHashSet<&'static str> {
    SETS[snapshot.index()][language.index()].get_or_init(|| {
        LISTS[snapshot.index()][language.index()]
            .split('\n')
            .filter(|line| !line.trim_end().is_empty())
            .collect()
    })
}

impl XlsumStemmer {
    /// The stemmer's name as users write it.
    pub fn name(self) -> &'static str {
        match self {
            XlsumStemmer::NltkSnowball(l, s) => NLTK_NAMES[l.index()][s.index()],
            XlsumStemmer::HindiSuffix => "hindi-suffix",
            XlsumStemmer::BengaliRafi => "bengali-rafi",
            XlsumStemmer::TurkishStemmer => "turkish-stemmer-1.3",
        }
    }

    /// The stemmer's id in a signature: `nltk-snowball-3.10.4:<language>@<snapshot>` names the
    /// NLTK release and the stopword snapshot; the others are their names.
    pub fn signature_id(self) -> &'static str {
        match self {
            XlsumStemmer::NltkSnowball(l, s) => NLTK_SIGNATURE_IDS[l.index()][s.index()],
            other => other.name(),
        }
    }

    /// The stemmer named `name` (`nltk-snowball:<language>[@<snapshot>]`, `hindi-suffix`,
    /// `bengali-rafi`, `turkish-stemmer-1.3`); `None` when it is none of them.
    pub fn parse(name: &str) -> Option<Result<XlsumStemmer, RougeError>> {
        if let Some((_, s)) = OTHERS.iter().find(|(n, _)| *n == name) {
            return Some(Ok(*s));
        }
        let rest = name.strip_prefix("nltk-snowball:")?;
        let (language, snapshot) = match rest.split_once('@') {
            Some((l, s)) => (l, Some(s)),
            None => (rest, None),
        };
        let Some(language) = NltkLanguage::parse(language) else {
            return Some(Err(RougeError::InvalidOption(format!(
                "unknown stemmer {name:?}: nltk-snowball:<language> takes one of {}",
                nltk_language_ids()
            ))));
        };
        let snapshot = match snapshot.map(Stopwords::parse) {
            None => Stopwords::default(),
            Some(Ok(s)) => s,
            Some(Err(e)) => return Some(Err(e)),
        };
        Some(Ok(XlsumStemmer::NltkSnowball(language, snapshot)))
    }

    /// This stemmer with the stopword lists of `snapshot` (the others are unchanged).
    pub fn with_stopwords(self, snapshot: Stopwords) -> XlsumStemmer {
        match self {
            XlsumStemmer::NltkSnowball(l, _) => XlsumStemmer::NltkSnowball(l, snapshot),
            other => other,
        }
    }

    /// Whether `word` is on this stemmer's stopword list (NLTK stemmers only).
    pub fn is_stopword(self, word: &str) -> bool {
        match self {
            XlsumStemmer::NltkSnowball(l, s) => stopwords(l, s).contains(word),
            _ => false,
        }
    }

    /// The stem of `word` as is, whatever its length.
    pub fn stem(self, word: &str) -> String {
        use NltkLanguage as L;
        // `is_stopword` for the NLTK stemmers: `nltk_snowball::<language>::stem(word, &sw)`.
        let sw = |w: &str| self.is_stopword(w);
        let _ = &sw;
        match self {
            XlsumStemmer::NltkSnowball(L::Arabic, _) => arabic_settled().clone().stem(word, &sw),
            XlsumStemmer::NltkSnowball(L::Danish, _) => {
                crate::stem::nltk_snowball::danish::stem(word, &sw)
            }
            XlsumStemmer::NltkSnowball(L::Dutch, _) => {
                crate::stem::nltk_snowball::dutch::stem(word, &sw)
            }
            XlsumStemmer::NltkSnowball(L::English, _) => {
                crate::stem::nltk_snowball::english::stem(word, &sw)
            }
            XlsumStemmer::NltkSnowball(L::Finnish, _) => {
                crate::stem::nltk_snowball::finnish::stem(word, &sw)
            }
            XlsumStemmer::NltkSnowball(L::French, _) => {
                crate::stem::nltk_snowball::french::stem(word, &sw)
            }
            XlsumStemmer::NltkSnowball(L::German, _) => {
                crate::stem::nltk_snowball::german::stem(word, &sw)
            }
            XlsumStemmer::NltkSnowball(L::Hungarian, _) => {
                crate::stem::nltk_snowball::hungarian::stem(word, &sw)
            }
            XlsumStemmer::NltkSnowball(L::Italian, _) => {
                crate::stem::nltk_snowball::italian::stem(word, &sw)
            }
            XlsumStemmer::NltkSnowball(L::Norwegian, _) => {
                crate::stem::nltk_snowball::norwegian::stem(word, &sw)
            }
            XlsumStemmer::NltkSnowball(L::Portuguese, _) => {
                crate::stem::nltk_snowball::portuguese::stem(word, &sw)
            }
            XlsumStemmer::NltkSnowball(L::Romanian, _) => {
                crate::stem::nltk_snowball::romanian::stem(word, &sw)
            }
            XlsumStemmer::NltkSnowball(L::Russian, _) => {
                crate::stem::nltk_snowball::russian::stem(word, &sw)
            }
            XlsumStemmer::NltkSnowball(L::Spanish, _) => {
                crate::stem::nltk_snowball::spanish::stem(word, &sw)
            }
            XlsumStemmer::NltkSnowball(L::Swedish, _) => {
                crate::stem::nltk_snowball::swedish::stem(word, &sw)
            }
            XlsumStemmer::HindiSuffix => crate::stem::hindi_suffix::stem(word),
            XlsumStemmer::BengaliRafi => crate::stem::bengali_rafi::stem(word),
            XlsumStemmer::TurkishStemmer => crate::stem::turkish_stemmer::stem(word),
        }
    }
}

/// NLTK's Arabic stemmer object in the state XL-Sum's scorer runs in: its flag "a verb
/// suffix of step 1 was removed" set. NLTK never resets that flag, and the scorer keeps one
/// stemmer object for all its calls, so from the first such word on (within the first words
/// of a run on Arabic text) every word is stemmed in this state; `nltk-snowball:arabic` always
/// stems in it, so a stem depends on the word alone (cacheable, order-free). Only the words
/// the original stems before its flag is first set can differ (see
/// [`crate::stem::nltk_snowball::arabic`]).
fn arabic_settled() -> &'static crate::stem::nltk_snowball::arabic::Stemmer {
    static SETTLED: OnceLock<crate::stem::nltk_snowball::arabic::Stemmer> = OnceLock::new();
    SETTLED.get_or_init(|| {
        let mut nltk = crate::stem::nltk_snowball::arabic::Stemmer::new();
        // `ه` is a verb suffix of step 1: removing it sets the flag.
        nltk.stem("كتبته", &|_| false);
        nltk
    })
}

/// NLTK's language names, comma-separated (for error messages).
pub fn nltk_language_ids() -> String {
    NLTK_LANGUAGES
        .iter()
        .map(|l| l.id())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every XL-Sum stemmer with the default stopwords, in a fixed order.
pub fn all() -> impl Iterator<Item = XlsumStemmer> {
    NLTK_LANGUAGES
        .into_iter()
        .map(|l| XlsumStemmer::NltkSnowball(l, Stopwords::default()))
        .chain(OTHERS.iter().map(|(_, s)| *s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in all() {
            for snapshot in [Stopwords::Nltk5db857e, Stopwords::Nltk3a486db] {
                let s = s.with_stopwords(snapshot);
                assert_eq!(XlsumStemmer::parse(s.name()).unwrap(), Ok(s));
            }
        }
        let german = XlsumStemmer::parse("nltk-snowball:german@5db857e")
            .unwrap()
            .unwrap();
        assert_eq!(german.name(), "nltk-snowball:german");
        assert_eq!(german.signature_id(), "nltk-snowball-3.10.4:german@5db857e");
        assert!(XlsumStemmer::parse("snowball:german").is_none());
        assert!(XlsumStemmer::parse("nltk-snowball:de").unwrap().is_err());
        assert!(XlsumStemmer::parse("nltk-snowball:german@x")
            .unwrap()
            .is_err());
    }

    #[test]
    fn arabic_stems_in_the_settled_state() {
        // After a verb step 1 suffix, NLTK's object keeps `و` of `كتبوا` (a fresh one drops it).
        let arabic = XlsumStemmer::parse("nltk-snowball:arabic")
            .unwrap()
            .unwrap();
        assert_eq!(arabic.stem("كتبوا"), "كتبو");
        assert_eq!(arabic.stem("والكتاب"), "كتاب");
    }

    #[test]
    fn stopword_lists() {
        let sizes = |s| {
            NLTK_LANGUAGES
                .iter()
                .map(|&l| stopwords(l, s).len())
                .collect::<Vec<_>>()
        };
        let today = sizes(Stopwords::Nltk5db857e);
        let before = sizes(Stopwords::Nltk3a486db);
        // Arabic 753 and 248 lines, Portuguese 207 and 204 (distinct words may be fewer).
        assert!(today[0] > 600 && before[0] < 260, "{today:?} {before:?}");
        assert_eq!(today[1..10], before[1..10]);
        assert_eq!(today[11..], before[11..]);
        assert!(XlsumStemmer::parse("nltk-snowball:english")
            .unwrap()
            .unwrap()
            .is_stopword("the"));
    }
}
