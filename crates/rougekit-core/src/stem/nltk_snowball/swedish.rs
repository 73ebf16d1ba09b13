//! NLTK's Swedish stemmer (`nltk.stem.snowball.SwedishStemmer`, NLTK 3.10.4).
//!
//! The original Snowball Swedish algorithm (R1 after the first non-vowel that follows a vowel,
//! with at least three letters before it; main suffix, consonant pair, other suffix), the one
//! NLTK ported. Snowball 3.1.1 has since changed it (for example `-et` and `-ets` endings and
//! the letters allowed before a final `s`), so stems differ from `snowball:swedish` on some
//! words; NLTK's are kept.
//!
//! The word is lower-cased (Python's `str.lower()`) before the stopword check.
//!
//! ```
//! # use rougekit_core::stem::nltk_snowball::swedish::stem;
//! let none = |_: &str| false;
//! assert_eq!(stem("Klokheten", &none), "klok");
//! assert_eq!(stem("altarets", &none), "altaret");
//! assert_eq!(stem("och", &|w: &str| w == "och"), "och");
//! ```

use super::standard::{char_from_end, lower, r1_scandinavian};

const VOWELS: &str = "aeiouyäåö";
/// Letters that may precede a final `s` that is removed.
const S_ENDING: &str = "bcdfghjklmnoprtvy";

/// Step 1 suffixes, longest first (the first one R1 ends with is the one handled).
const MAIN_SUFFIXES: [&str; 37] = [
    "heterna", "hetens", "heter", "heten", "anden", "arnas", "ernas", "ornas", "andes", "andet",
    "arens", "arna", "erna", "orna", "ande", "arne", "aste", "aren", "ades", "erns", "ade", "are",
    "ern", "ens", "het", "ast", "ad", "en", "ar", "er", "or", "as", "es", "at", "a", "e", "s",
];
const CONSONANT_PAIRS: [&str; 7] = ["dd", "gd", "nn", "dt", "gt", "kt", "tt"];

/// NLTK's Swedish stem of `word`; `is_stopword` says whether a lower-cased word is on the
/// stopword list (such words are returned lower-cased, unstemmed).
#[must_use]
pub fn stem(word: &str, is_stopword: &dyn Fn(&str) -> bool) -> String {
    let mut w = lower(word);
    if is_stopword(&w) {
        return w;
    }
    // R1 as a byte offset: every removal below lies inside R1, so R1 stays `w[p1..]`.
    let p1 = w.len() - r1_scandinavian(&w, VOWELS).len();
    let r1_ends_with = |w: &str, s: &str| w.get(p1..).is_some_and(|r1| r1.ends_with(s));

    // Step 1.
    if let Some(suffix) = MAIN_SUFFIXES.iter().find(|s| r1_ends_with(&w, s)) {
        if *suffix == "s" {
            if char_from_end(&w, 2).is_some_and(|c| S_ENDING.contains(c)) {
                w.pop();
            }
        } else {
            w.truncate(w.len() - suffix.len());
        }
    }

    // Step 2: a consonant pair loses its last letter.
    if CONSONANT_PAIRS.iter().any(|p| r1_ends_with(&w, p)) {
        w.pop();
    }

    // Step 3: `els lig ig` go, `löst fullt` lose their `t`.
    for suffix in ["fullt", "löst", "els", "lig", "ig"] {
        if r1_ends_with(&w, suffix) {
            if suffix.ends_with('t') {
                w.pop();
            } else {
                w.truncate(w.len() - suffix.len());
            }
            break;
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::stem;

    fn st(w: &str) -> String {
        stem(w, &|_| false)
    }

    #[test]
    fn examples() {
        assert_eq!(st("klokheten"), "klok");
        // R1 is `lt`, so `fullt` is not in it.
        assert_eq!(st("fullt"), "fullt");
        // Snowball 3.1.1 also removes `-et`, `-ets` ("antal", "altar"); NLTK's algorithm does not.
        assert_eq!(st("antalet"), "antalet");
        assert_eq!(st("altarets"), "altaret");
        assert_eq!(st("upplöst"), "upplös");
        assert_eq!(st("ÅRETS"), "året");
        assert_eq!(st(""), "");
    }
}
