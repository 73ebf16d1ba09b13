//! The 19 `punkt_tab` models NLTK ships, embedded gzip-compressed (`data/punkt-tab/`, with
//! their provenance and licence) and decompressed on first use, once per process.
use crate::error::RougeError;
use rustc_hash::{FxHashMap, FxHashSet};
use std::io::Read;
use std::sync::OnceLock;

/// One language's Punkt parameters: NLTK's `PunktParameters` read from the four files of its
/// `punkt_tab/<language>/` directory, as `nltk.tokenize.punkt.load_punkt_params` reads them
/// (one entry per line; a collocation and an orthographic context are tab-separated pairs).
#[derive(Debug, Default)]
pub struct PunktModel {
    pub(crate) abbrev_types: FxHashSet<String>,
    /// `(type before the period, type after)`, keyed by the first.
    pub(crate) collocations: FxHashMap<String, FxHashSet<String>>,
    pub(crate) sent_starters: FxHashSet<String>,
    pub(crate) ortho_context: FxHashMap<String, u32>,
}

macro_rules! models {
    ($($lang:literal),* $(,)?) => {
        /// The languages of NLTK's `punkt_tab` package, in alphabetical order.
        pub const LANGUAGES: &[&str] = &[$($lang),*];

        static DATA: &[[&[u8]; 4]] = &[$([
            include_bytes!(concat!("../../data/punkt-tab/", $lang, "/abbrev_types.txt.gz")),
            include_bytes!(concat!("../../data/punkt-tab/", $lang, "/collocations.tab.gz")),
            include_bytes!(concat!("../../data/punkt-tab/", $lang, "/sent_starters.txt.gz")),
            include_bytes!(concat!("../../data/punkt-tab/", $lang, "/ortho_context.tab.gz")),
        ]),*];
    };
}

models!(
    "czech",
    "danish",
    "dutch",
    "english",
    "estonian",
    "finnish",
    "french",
    "german",
    "greek",
    "italian",
    "malayalam",
    "norwegian",
    "polish",
    "portuguese",
    "russian",
    "slovene",
    "spanish",
    "swedish",
    "turkish",
);

static MODELS: [OnceLock<PunktModel>; 19] = [const { OnceLock::new() }; 19];

fn gunzip(bytes: &[u8]) -> String {
    let mut text = String::new();
    libflate::gzip::Decoder::new(bytes)
        .and_then(|mut d| d.read_to_string(&mut text))
        .expect("the embedded punkt_tab data is valid gzip'd UTF-8");
    text
}

/// NLTK reads each file as lines (without their newline); an empty file has none.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n').filter(move |_| !text.is_empty())
}

fn tab_pair(line: &str) -> (&str, &str) {
    line.split_once('\t')
        .expect("every embedded punkt_tab row has two fields")
}

impl PunktModel {
    fn load(files: &[&[u8]; 4]) -> PunktModel {
        let [abbrevs, collocations, starters, ortho] = files.map(gunzip);
        let mut model = PunktModel {
            abbrev_types: lines(&abbrevs).map(str::to_owned).collect(),
            sent_starters: lines(&starters).map(str::to_owned).collect(),
            ..PunktModel::default()
        };
        for (a, b) in lines(&collocations).map(tab_pair) {
            model
                .collocations
                .entry(a.to_owned())
                .or_default()
                .insert(b.to_owned());
        }
        for (word, flags) in lines(&ortho).map(tab_pair) {
            let flags = flags
                .parse()
                .expect("every embedded orthographic context is an integer");
            model.ortho_context.insert(word.to_owned(), flags);
        }
        model
    }

    /// The model of `language` (a `punkt_tab` directory name such as `"english"`, exactly as
    /// `nltk.sent_tokenize` takes it); an error listing the known languages otherwise.
    pub fn get(language: &str) -> Result<&'static PunktModel, RougeError> {
        let at = LANGUAGES
            .iter()
            .position(|&l| l == language)
            .ok_or_else(|| {
                RougeError::InvalidOption(format!(
                    "unknown Punkt language {language:?}: the punkt_tab languages are {}",
                    LANGUAGES.join(", ")
                ))
            })?;
        Ok(MODELS[at].get_or_init(|| PunktModel::load(&DATA[at])))
    }

    pub(crate) fn is_collocation(&self, before: &str, after: &str) -> bool {
        self.collocations
            .get(before)
            .is_some_and(|next| next.contains(after))
    }

    pub(crate) fn ortho(&self, typ: &str) -> u32 {
        self.ortho_context.get(typ).copied().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_model_loads() {
        assert_eq!(LANGUAGES.len(), MODELS.len());
        for lang in LANGUAGES {
            let m = PunktModel::get(lang).unwrap();
            assert!(!m.abbrev_types.is_empty(), "{lang}");
        }
        let en = PunktModel::get("english").unwrap();
        assert!(en.abbrev_types.contains("dr") && en.sent_starters.contains("however"));
        assert!(en.is_collocation("##number##", "review"));
        assert_eq!(en.ortho("a"), 126);
        assert!(PunktModel::get("English").is_err());
    }
}
