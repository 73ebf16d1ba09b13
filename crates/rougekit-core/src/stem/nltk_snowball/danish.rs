//! NLTK's Danish stemmer (`nltk.stem.snowball.DanishStemmer`, NLTK 3.10.4).
//!
//! Snowball's Danish algorithm (main suffix, consonant pair, other suffix, undouble; R1 after
//! the first non-vowel that follows a vowel, with at least three letters before it), with two
//! deviations NLTK makes and this module reproduces:
//!
//! * *`igst`*: Snowball turns a final `igst` into `ig` anywhere in the word; NLTK only when the
//!   `igst` lies inside R1.
//! * *undouble*: Snowball removes one letter of a final double consonant when the last letter
//!   is in R1; NLTK whenever the word has more than three letters, and only for the doubled
//!   ASCII consonants `bb` … `zz`.
//!
//! The word is lower-cased (Python's `str.lower()`) before the stopword check.
//!
//! ```
//! # use rougekit_core::stem::nltk_snowball::danish::stem;
//! let none = |_: &str| false;
//! assert_eq!(stem("Bestemmelserne", &none), "bestem");
//! assert_eq!(stem("kærlighed", &none), "kær");
//! assert_eq!(stem("og", &|w: &str| w == "og"), "og");
//! ```

use super::standard::{char_from_end, char_len, lower, r1_scandinavian};

const VOWELS: &str = "aeiouyæåø";
/// Letters that may precede a final `s` that is removed.
const S_ENDING: &str = "abcdfghjklmnoprtvyzå";
/// The consonants whose doubling NLTK undoes in the last step.
const CONSONANTS: &str = "bcdfghjklmnpqrstvwxz";

/// Step 1 suffixes, longest first (the first one R1 ends with is the one removed).
const MAIN_SUFFIXES: [&str; 32] = [
    "erendes", "erende", "hedens", "ethed", "erede", "heden", "heder", "endes", "ernes", "erens",
    "erets", "ered", "ende", "erne", "eren", "erer", "heds", "enes", "eres", "eret", "hed", "ene",
    "ere", "ens", "ers", "ets", "en", "er", "es", "et", "e", "s",
];
const CONSONANT_PAIRS: [&str; 4] = ["gd", "dt", "gt", "kt"];
const OTHER_SUFFIXES: [&str; 5] = ["elig", "løst", "lig", "els", "ig"];

/// The word with its R1 start, as a byte offset that never moves (every removal below stays
/// within R1, so R1 is always `word[p1..]`).
struct Word {
    text: String,
    p1: usize,
}

impl Word {
    fn r1(&self) -> &str {
        &self.text[self.p1.min(self.text.len())..]
    }

    fn r1_ends_with(&self, suffix: &str) -> bool {
        self.r1().ends_with(suffix)
    }

    fn drop_bytes(&mut self, n: usize) {
        self.text.truncate(self.text.len() - n);
    }

    fn pop(&mut self) {
        self.text.pop();
    }

    /// Deletes the last letter when R1 ends with one of `gd dt gt kt`.
    fn consonant_pair(&mut self) {
        if CONSONANT_PAIRS.iter().any(|p| self.r1_ends_with(p)) {
            self.pop();
        }
    }
}

/// NLTK's Danish stem of `word`; `is_stopword` says whether a lower-cased word is on the
/// stopword list (such words are returned lower-cased, unstemmed).
#[must_use]
pub fn stem(word: &str, is_stopword: &dyn Fn(&str) -> bool) -> String {
    let text = lower(word);
    if is_stopword(&text) {
        return text;
    }
    let p1 = text.len() - r1_scandinavian(&text, VOWELS).len();
    let mut w = Word { text, p1 };

    // Step 1: the main suffixes; a lone `s` only after a valid s-ending.
    if let Some(suffix) = MAIN_SUFFIXES.iter().find(|s| w.r1_ends_with(s)) {
        if *suffix == "s" {
            if char_from_end(&w.text, 2).is_some_and(|c| S_ENDING.contains(c)) {
                w.pop();
            }
        } else {
            w.drop_bytes(suffix.len());
        }
    }

    // Step 2.
    w.consonant_pair();

    // Step 3. Deviation: NLTK requires `igst` to be inside R1.
    if w.r1_ends_with("igst") {
        w.drop_bytes(2);
    }
    if let Some(suffix) = OTHER_SUFFIXES.iter().find(|s| w.r1_ends_with(s)) {
        if *suffix == "løst" {
            w.pop();
        } else {
            w.drop_bytes(suffix.len());
            w.consonant_pair();
        }
    }

    // Step 4. Deviation: NLTK undoubles whenever the word has more than three letters,
    // whether or not the pair is in R1.
    let mut text = w.text;
    let mut tail = text.chars().rev();
    if let (Some(a), Some(b)) = (tail.next(), tail.next()) {
        if a == b && CONSONANTS.contains(a) && char_len(&text) > 3 {
            text.pop();
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::stem;

    fn st(w: &str) -> String {
        stem(w, &|_| false)
    }

    #[test]
    fn examples() {
        assert_eq!(st("bestemmelserne"), "bestem");
        assert_eq!(st("indtagelse"), "indtag");
        assert_eq!(st("mødtes"), "mødt");
        assert_eq!(st("fuldkommenhed"), "fuldkommen");
        assert_eq!(st("hus"), "hus");
        assert_eq!(st(""), "");
        assert_eq!(st("KÆRLIGHED"), "kær");
    }

    #[test]
    fn deviations() {
        // `igst` partly before R1 stays (Snowball 3.1.1: "rig"); inside R1 it goes.
        assert_eq!(st("rigst"), "rigst");
        assert_eq!(st("vigtigst"), "vigt");
        // A word without vowels has an empty R1; NLTK still undoubles (Snowball 3.1.1 keeps
        // "hmmm").
        assert_eq!(st("hmmm"), "hmm");
        assert_eq!(st("brrr"), "brr");
    }

    #[test]
    fn stopwords_are_lowercased_first() {
        assert_eq!(stem("Og", &|w: &str| w == "og"), "og");
    }
}
