//! NLTK's Norwegian stemmer (`nltk.stem.snowball.NorwegianStemmer`, NLTK 3.10.4).
//!
//! The original Snowball Norwegian algorithm (R1 after the first non-vowel that follows a
//! vowel, with at least three letters before it; main suffix, consonant pair, other suffix),
//! the one NLTK ported. Snowball 3.1.1 has since changed the algorithm (more suffixes, other
//! conditions), so stems differ from `snowball:norwegian` on some words; NLTK's are kept.
//!
//! The word is lower-cased (Python's `str.lower()`) before the stopword check.
//!
//! ```
//! # use rougekit_core::stem::nltk_snowball::norwegian::stem;
//! let none = |_: &str| false;
//! assert_eq!(stem("Opplysningene", &none), "opplysning");
//! assert_eq!(stem("hovedsakelig", &none), "hovedsak");
//! assert_eq!(stem("og", &|w: &str| w == "og"), "og");
//! ```

use super::standard::{char_from_end, lower, r1_scandinavian};

const VOWELS: &str = "aeiouyæåø";
/// Letters that may precede a final `s` that is removed (`k` too, after a non-vowel).
const S_ENDING: &str = "bcdfghjlmnoprtvyz";

/// Step 1 suffixes, longest first (the first one R1 ends with is the one handled).
const MAIN_SUFFIXES: [&str; 29] = [
    "hetenes", "hetene", "hetens", "heter", "heten", "endes", "ande", "ende", "edes", "enes",
    "erte", "ede", "ane", "ene", "ens", "ers", "ets", "het", "ast", "ert", "en", "ar", "er", "as",
    "es", "et", "a", "e", "s",
];
const OTHER_SUFFIXES: [&str; 11] = [
    "hetslov", "eleg", "elig", "elov", "slov", "leg", "eig", "lig", "els", "lov", "ig",
];

/// NLTK's Norwegian stem of `word`; `is_stopword` says whether a lower-cased word is on the
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
        match *suffix {
            // `erte`, `ert` → `er`.
            "erte" | "ert" => {
                w.truncate(w.len() - suffix.len());
                w.push_str("er");
            }
            "s" => {
                let before = char_from_end(&w, 2);
                let valid = before.is_some_and(|c| S_ENDING.contains(c))
                    || (before == Some('k')
                        && char_from_end(&w, 3).is_some_and(|c| !VOWELS.contains(c)));
                if valid {
                    w.pop();
                }
            }
            _ => w.truncate(w.len() - suffix.len()),
        }
    }

    // Step 2: `dt`, `vt` lose their `t`.
    if r1_ends_with(&w, "dt") || r1_ends_with(&w, "vt") {
        w.pop();
    }

    // Step 3.
    if let Some(suffix) = OTHER_SUFFIXES.iter().find(|s| r1_ends_with(&w, s)) {
        w.truncate(w.len() - suffix.len());
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
        assert_eq!(st("opplysningene"), "opplysning");
        assert_eq!(st("hovedsakelig"), "hovedsak");
        assert_eq!(st("bygdt"), "bygd");
        assert_eq!(st("spurte"), "spurt");
        assert_eq!(st("HUS"), "hus");
        // Snowball 3.1.1 keeps `asters`, `binders` and strips `blóta` to `blót`; NLTK's
        // algorithm strips the `ers` and treats `ó` as a non-vowel.
        assert_eq!(st("asters"), "ast");
        assert_eq!(st("binders"), "bind");
        assert_eq!(st("blóta"), "blóta");
        assert_eq!(st(""), "");
    }

    #[test]
    fn s_after_k() {
        // `s` goes after `k` only when a non-vowel precedes the `k`.
        assert_eq!(st("banks"), "bank");
        assert_eq!(st("spøkelseaks"), "spøkelseaks");
    }
}
