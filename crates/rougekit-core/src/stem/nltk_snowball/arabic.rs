//! NLTK's Arabic stemmer (`nltk.stem.snowball.ArabicStemmer`, NLTK 3.10.4).
//!
//! NLTK's own light stemmer after the early Snowball Arabic algorithm (Chelli, Aries,
//! Benzahia), not Snowball 3.1.1's `arabic`: guess noun/verb from the word's shape, normalise,
//! remove verb suffixes, noun suffixes, then prefixes, normalise the hamzas. What NLTK does,
//! all reproduced here:
//!
//! * *order*: the noun/verb guesses (`ال`, `بال`, `كال`, `لل` at the start; `ة`, `ات` at the end)
//!   look at the word as given, diacritics included (their lengths count them). Then the
//!   diacritics (U+064B–U+0652), the tatweel, the characters U+060C–U+061B and U+061F, and
//!   `-` are deleted, and only then is the stopword list consulted: a word on it, or of at most
//!   two letters, is returned in that form. There is no lower-casing.
//! * *first match, not longest*: a suffix list is scanned in order and the first entry that
//!   ends the word is used, so the verb suffixes `نا تا تن ان ون ين تما تمو` never apply: their
//!   last letter alone (`ا`, `ن`, `و`) is removed instead.
//! * *`ات` as two letters*: NLTK's noun step for `ات` iterates over the letters of the string
//!   `"ات"`, so it removes the last *two* letters of any word of five or more that ends in `ا`
//!   or `ت`.
//! * *always a noun*: the guesses can only make a word a noun, never not one, so the noun
//!   suffixes are always tried and the verb-only `ى` → `ي` rewrite never happens.
//! * *state across calls*: the flag "a verb suffix of step 1 was removed" is never reset by
//!   NLTK. Once one word has set it, every later word of the same stemmer object takes the
//!   other branch of the verb steps (step 2a, then 2c, instead of 2b, then 2a). [`stem`] is a
//!   new NLTK stemmer object; [`Stemmer`] carries the flag from word to word, as one NLTK
//!   object does (XL-Sum's scorer keeps one per scorer, so its flag is set within the first
//!   words; `nltk-snowball:arabic` stems in that settled state).
//! * *listed words with diacritics never match*: the list is consulted after the diacritics
//!   are deleted, so entries written with them (98 of the 2021 list's, such as `ثمّة` and
//!   `كلّما`) exempt nothing.
//!
//! ```
//! # use rougekit_core::stem::nltk_snowball::arabic::{stem, Stemmer};
//! let none = |_: &str| false;
//! assert_eq!(stem("والكتاب", &none), "كتاب");
//! assert_eq!(stem("يَكْتُبُونَ", &none), "يكتب");
//! // One stemmer object: after `كتبته` (its `ه` is a verb step 1 suffix), `كتبوا` keeps `و`.
//! let mut nltk = Stemmer::new();
//! assert_eq!(nltk.stem("كتبوا", &none), "كتب");
//! assert_eq!(nltk.stem("كتبته", &none), "كتب");
//! assert_eq!(nltk.stem("كتبوا", &none), "كتبو");
//! ```

/// NLTK's Arabic stemmer object: the stemmer plus the flag it never resets.
#[derive(Debug, Clone, Default)]
pub struct Stemmer {
    /// Set once a suffix of verb step 1 has been removed from any word.
    verb_step1_seen: bool,
}

/// The stem NLTK's Arabic stemmer gives `word` as the first word of a new stemmer object;
/// `is_stopword` says whether the normalised word is on the stopword list.
#[must_use]
pub fn stem(word: &str, is_stopword: &dyn Fn(&str) -> bool) -> String {
    Stemmer::new().stem(word, is_stopword)
}

/// The word being stemmed, as code points (NLTK's lengths count code points).
struct Word(Vec<char>);

impl Word {
    fn len(&self) -> usize {
        self.0.len()
    }

    fn ends_with(&self, suffix: &str) -> bool {
        let n = suffix.chars().count();
        n <= self.len() && self.0[self.len() - n..].iter().copied().eq(suffix.chars())
    }

    fn starts_with(&self, prefix: &str) -> bool {
        let n = prefix.chars().count();
        n <= self.len() && self.0[..n].iter().copied().eq(prefix.chars())
    }

    fn last_is(&self, set: &[char]) -> bool {
        self.0.last().is_some_and(|c| set.contains(c))
    }

    fn cut(&mut self, n: usize) {
        self.0.truncate(self.len().saturating_sub(n));
    }

    fn drop_front(&mut self, n: usize) {
        self.0.drain(..n.min(self.len()));
    }

    /// Removes the first of `suffixes` that ends the word if the word then has at least the
    /// suffix's length-dependent minimum `min_len(n)`; returns whether one was removed.
    fn strip_suffix(&mut self, suffixes: &[&str], min_len: impl Fn(usize) -> usize) -> bool {
        for s in suffixes {
            let n = s.chars().count();
            if self.ends_with(s) && self.len() >= min_len(n) {
                self.cut(n);
                return true;
            }
        }
        false
    }
}

const ALEF: char = 'ا';
const WAW: char = 'و';
const YEH: char = 'ي';
const TEH: char = 'ت';

/// Characters NLTK deletes before stemming: the diacritics, the tatweel, U+060C–U+061B,
/// U+061F, and `-` (its character classes are written with `-` between the members).
fn deleted_before(c: char) -> bool {
    matches!(c, '\u{064B}'..='\u{0652}' | '\u{0640}' | '\u{060C}'..='\u{061B}' | '\u{061F}' | '-')
}

/// NLTK's final normalisation: a final hamza carrier (`أ إ آ ؤ ئ`) becomes `ء`; then `ؤ` → `و`,
/// `ئ` → `ي` and `أ آ إ` → `ا` everywhere.
fn normalize_post(mut w: Vec<char>) -> String {
    if let Some(last) = w.last_mut() {
        if matches!(*last, 'أ' | 'إ' | 'آ' | 'ؤ' | 'ئ') {
            *last = 'ء';
        }
    }
    w.into_iter()
        .map(|c| match c {
            'ؤ' => WAW,
            'ئ' => YEH,
            'أ' | 'آ' | 'إ' => ALEF,
            c => c,
        })
        .collect()
}

impl Stemmer {
    /// A new stemmer object (the flag unset).
    #[must_use]
    pub fn new() -> Stemmer {
        Stemmer::default()
    }

    /// The stem NLTK's stemmer object gives `word` now, updating the object's flag as NLTK
    /// does; `is_stopword` says whether the normalised word is on the stopword list.
    pub fn stem(&mut self, word: &str, is_stopword: &dyn Fn(&str) -> bool) -> String {
        // The guesses, on the word as given.
        let raw = Word(word.chars().collect());
        let mut is_verb = true;
        let mut is_defined = false;
        let article = [("كال", 4), ("بال", 4), ("ال", 3), ("لل", 3)]
            .iter()
            .any(|&(p, min)| raw.starts_with(p) && raw.len() > min);
        if article {
            is_verb = false;
            is_defined = true;
        }
        if (raw.ends_with("ة") && raw.len() > 2) || (raw.ends_with("ات") && raw.len() > 3) {
            is_verb = false;
        }

        let normalized: String = word.chars().filter(|&c| !deleted_before(c)).collect();
        let mut w = Word(normalized.chars().collect());
        if is_stopword(&normalized) || w.len() <= 2 {
            return normalized;
        }

        if is_verb {
            self.verb_suffixes(&mut w);
        }
        // Every word is a noun to NLTK at this point (see the module docs).
        noun_suffixes(&mut w, is_defined);
        prefixes(&mut w, is_verb);
        normalize_post(w.0)
    }

    fn verb_suffixes(&mut self, w: &mut Word) {
        const STEP1: [&str; 12] = [
            "ه", "ك", "ني", "نا", "ها", "هم", "هن", "كم", "كن", "هما", "كما", "كمو",
        ];
        // Suffixes of n letters need a word of n + 3 letters.
        if w.strip_suffix(&STEP1, |n| n + 3) {
            self.verb_step1_seen = true;
        }
        if self.verb_step1_seen {
            if !verb_step2a(w) && w.ends_with("و") && w.len() >= 4 {
                // Step 2c: `و` (its `تمو` is never reached).
                w.cut(1);
            }
        } else if !w.strip_suffix(&["وا", "تم"], |_| 5) {
            verb_step2a(w);
        }
    }
}

/// Verb step 2a: NLTK's list starts with `ت ا ن ي`, which pre-empt its longer entries, so it
/// removes one of those letters from a word of four or more.
fn verb_step2a(w: &mut Word) -> bool {
    if w.len() >= 4 && w.last_is(&[TEH, ALEF, 'ن', YEH]) {
        w.cut(1);
        return true;
    }
    false
}

/// Noun steps 2a–2c1: `ا ي و` from a word of five or more; else two letters after a final
/// `ا`/`ت` from a word of five or more (NLTK's `ات` step); else a final `ت` from a word of four
/// or more.
fn noun_step2(w: &mut Word) {
    if w.len() > 4 && w.last_is(&[ALEF, YEH, WAW]) {
        w.cut(1);
    } else if w.len() >= 5 && w.last_is(&[ALEF, TEH]) {
        w.cut(2);
    } else if w.len() >= 4 && w.last_is(&[TEH]) {
        w.cut(1);
    }
}

fn noun_suffixes(w: &mut Word, is_defined: bool) {
    if w.len() >= 3 && w.ends_with("ة") {
        // Step 2c2: the teh marbuta.
        w.cut(1);
    } else if !is_defined {
        // Step 1a (a suffix of n letters needs a word of n + 3), then step 2.
        const STEP1A: [&str; 10] = ["ي", "ك", "ه", "نا", "كم", "ها", "هن", "هم", "كما", "هما"];
        w.strip_suffix(&STEP1A, |n| n + 3);
        noun_step2(w);
    } else if w.len() > 5 && w.ends_with("ن") {
        // Step 1b, then step 2.
        w.cut(1);
        noun_step2(w);
    } else if w.len() >= 5 && w.last_is(&[ALEF, TEH]) {
        // Step 2b alone (NLTK's `ات` step, see `noun_step2`).
        w.cut(2);
    }
    // Step 3: the nisba `ي`.
    if w.len() >= 3 && w.ends_with("ي") {
        w.cut(1);
    }
}

fn prefixes(w: &mut Word, is_verb: bool) {
    // Step 1: `أأ أآ أؤ أا أإ` lose their first `أ`.
    if w.len() > 3 && w.starts_with("أ") && w.0.get(1).is_some_and(|c| "أآؤاإ".contains(*c)) {
        w.drop_front(1);
    }
    // Step 2: `فال`, `وال`; else `ف`, `و` (not before `ا`).
    if w.len() > 5 && (w.starts_with("فال") || w.starts_with("وال")) {
        w.drop_front(3);
    } else if w.len() > 3 && (w.starts_with("ف") || w.starts_with("و")) && w.0.get(1) != Some(&ALEF)
    {
        w.drop_front(1);
    }
    // Step 3: the article; `كال`, `بال` leave the noun prefixes to run, `ال`, `لل` send the
    // word to the verb prefixes instead.
    let mut article_removed = false;
    if w.len() > 4 && (w.starts_with("ال") || w.starts_with("لل")) {
        w.drop_front(2);
        article_removed = true;
    } else if w.len() > 5 && (w.starts_with("كال") || w.starts_with("بال")) {
        w.drop_front(3);
    }
    if !article_removed {
        // Noun prefixes: `ب` (four letters or more), `ك` and `ل` (five or more), `كك` → `ك`.
        let strip = (w.starts_with("ب") && w.len() > 3)
            || ((w.starts_with("ك") || w.starts_with("ل")) && w.len() > 4)
            || (w.starts_with("كك") && w.len() > 3);
        if strip {
            w.drop_front(1);
        }
    } else if is_verb {
        // Verb prefixes: `سي ست سن سأ` lose the `س`; then `يست نست تست` become `است`.
        if w.len() > 4 && w.starts_with("س") && w.0.get(1).is_some_and(|c| "يتنأ".contains(*c))
        {
            w.drop_front(1);
        }
        if w.len() > 4 && ["يست", "نست", "تست"].iter().any(|p| w.starts_with(p)) {
            w.0[0] = ALEF;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{stem, Stemmer};

    fn st(w: &str) -> String {
        stem(w, &|_| false)
    }

    #[test]
    fn examples() {
        assert_eq!(st("والكتاب"), "كتاب");
        assert_eq!(st("يَكْتُبُونَ"), "يكتب");
        assert_eq!(st("مؤتمر"), "موتمر");
        assert_eq!(st(""), "");
    }

    #[test]
    fn stopwords_are_checked_after_normalisation() {
        let sw = |w: &str| w == "هذا";
        assert_eq!(stem("هَذَا", &sw), "هذا");
        // Two letters or fewer: returned normalised, unstemmed.
        assert_eq!(st("بِهِ"), "به");
        // A listed word written with a diacritic never matches.
        assert_eq!(stem("ثمّة", &|w: &str| w == "ثمّة"), "ثم");
    }

    #[test]
    fn first_match_and_two_letter_at() {
        // `ون` is never removed as a whole by verb step 2a: `ن`, then noun step 2a's `و`.
        assert_eq!(st("يكتبون"), "يكتب");
        // NLTK's `ات` step removes two letters after any final `ت` or `ا`.
        assert_eq!(st("كاتبات"), "كاتب");
        assert_eq!(st("الملكوت"), "ملك");
        assert_eq!(st("الدنيا"), "الدن");
    }

    #[test]
    fn flag_carries_over_between_words() {
        let none = |_: &str| false;
        let mut nltk = Stemmer::new();
        assert_eq!(nltk.stem("كتبتم", &none), "كتب");
        assert_eq!(nltk.stem("كتبته", &none), "كتب");
        assert_eq!(nltk.stem("كتبتم", &none), "تبتم");
        assert_eq!(stem("كتبتم", &none), "كتب");
    }
}
