//! NLTK's Hungarian stemmer (`nltk.stem.snowball.HungarianStemmer`, NLTK 3.10.4).
//!
//! Snowball's Hungarian algorithm (instrumental, frequent cases, special cases, other cases,
//! factive, owned, singular and plural owner, plural), with NLTK's deviations, all reproduced:
//!
//! * *`õ` and `û` instead of `ő` and `ű`*: NLTK's vowels and suffixes use the tilde letters
//!   (Latin-1's `õ`, `û`), so the double-acute letters of real Hungarian text are consonants
//!   to it and suffixes such as `-ből`, `-től`, `-ről` are never removed (`házból` → `ház`,
//!   but `kertből` stays `kertből`).
//! * *R1*: for a word that starts with a vowel, NLTK looks for the digraphs `cs dz dzs gy ly ny
//!   ty zs` anywhere after the first letter, in that order, and starts R1 after the first
//!   occurrence in the word of the digraph's *last letter*; failing that, after the first
//!   non-vowel. Snowball uses the first consonant or digraph after the vowel (`sz` included).
//! * *regions as strings*: NLTK keeps R1 as a string it edits along with the word; when the
//!   instrumental or factive undoubling changes the word but not R1 (the double consonant
//!   starts before R1), the two drift apart and later steps test the stale R1 while cutting
//!   the word. `Parts` reproduces this.
//! * steps 2 and 7–9 pick the longest suffix of the *word* and then require it in R1 (so a
//!   longer suffix outside R1 hides a shorter one inside it), while steps 3–6 pick the
//!   longest suffix of R1.
//!
//! The word is lower-cased (Python's `str.lower()`) before the stopword check.
//!
//! ```
//! # use rougekit_core::stem::nltk_snowball::hungarian::stem;
//! let none = |_: &str| false;
//! assert_eq!(stem("Házakban", &none), "ház");
//! assert_eq!(stem("kertből", &none), "kertből");
//! assert_eq!(stem("és", &|w: &str| w == "és"), "és");
//! ```

use super::standard::{char_from_end, drop_last_chars, lower, replace_last_chars};

const VOWELS: &str = "aeiouöüáéíóõúû";
const DIGRAPHS: [&str; 8] = ["cs", "dz", "dzs", "gy", "ly", "ny", "ty", "zs"];
/// Double consonants (long consonants, digraphs doubled on their first letter), in NLTK's order.
const DOUBLES: [&str; 23] = [
    "bb", "cc", "ccs", "dd", "ff", "gg", "ggy", "jj", "kk", "ll", "lly", "mm", "nn", "nny", "pp",
    "rr", "ss", "ssz", "tt", "tty", "vv", "zz", "zzs",
];

const FREQUENT_CASES: [&str; 44] = [
    "képpen", "onként", "enként", "anként", "képp", "ként", "ban", "ben", "nak", "nek", "val",
    "vel", "tól", "tõl", "ról", "rõl", "ból", "bõl", "hoz", "hez", "höz", "nál", "nél", "ért",
    "kor", "ba", "be", "ra", "re", "ig", "at", "et", "ot", "öt", "ul", "ül", "vá", "vé", "en",
    "on", "an", "ön", "n", "t",
];
const OTHER_CASES: [&str; 6] = ["astul", "estül", "ástul", "éstül", "stul", "stül"];
const OWNED: [&str; 12] = [
    "oké", "öké", "aké", "eké", "áké", "áéi", "éké", "ééi", "ké", "éi", "éé", "é",
];
const SINGULAR_OWNER: [&str; 31] = [
    "ájuk", "éjük", "ünk", "unk", "juk", "jük", "ánk", "énk", "nk", "uk", "ük", "em", "om", "am",
    "od", "ed", "ad", "öd", "ja", "je", "ám", "ád", "ém", "éd", "m", "d", "a", "e", "o", "á", "é",
];
const PLURAL_OWNER: [&str; 42] = [
    "jaitok", "jeitek", "jaink", "jeink", "aitok", "eitek", "áitok", "éitek", "jaim", "jeim",
    "jaid", "jeid", "eink", "aink", "itek", "jeik", "jaik", "áink", "éink", "aim", "eim", "aid",
    "eid", "jai", "jei", "ink", "aik", "eik", "áim", "áid", "áik", "éim", "éid", "éik", "im", "id",
    "ai", "ei", "ik", "ái", "éi", "i",
];
const PLURAL: [&str; 7] = ["ák", "ék", "ök", "ok", "ek", "ak", "k"];

/// The word and NLTK's copy of its R1 (which can drift from the word, see the module docs).
struct Parts {
    word: String,
    r1: String,
}

impl Parts {
    /// Removes `suffix`'s length from the word and R1.
    fn cut(&mut self, suffix: &str) {
        let n = suffix.chars().count();
        replace_last_chars(&mut self.word, n, "");
        replace_last_chars(&mut self.r1, n, "");
    }

    /// Replaces the last `suffix.len()` letters of the word and of R1 by `by` (whatever they
    /// are: the two may have drifted apart).
    fn replace(&mut self, suffix: &str, by: &str) {
        let n = suffix.chars().count();
        replace_last_chars(&mut self.word, n, by);
        replace_last_chars(&mut self.r1, n, by);
    }

    /// `-á`/`-é` → `-a`/`-e` for suffixes whose long vowel is shortened (`ánk` → `a`, …), else
    /// a plain cut.
    fn cut_or_shorten(&mut self, suffix: &str, long_a: &[&str], long_e: &[&str]) {
        if long_a.contains(&suffix) {
            self.replace(suffix, "a");
        } else if long_e.contains(&suffix) {
            self.replace(suffix, "e");
        } else {
            self.cut(suffix);
        }
    }
}

/// The double consonant that ends `s` once its last `skip` letters are left out.
fn double_before(s: &str, skip: usize) -> Option<&'static str> {
    let head = drop_last_chars(s, skip);
    DOUBLES.iter().copied().find(|d| head.ends_with(d))
}

/// Undoubles a double consonant followed by `skip` letters and drops those letters: keeps
/// everything but the last `skip + 2` letters, then the letter `skip + 1` from the end
/// (`…ccsal` → `…cs`, `…bbá` → `…b`).
fn undouble_before(s: &mut String, skip: usize) {
    let kept = char_from_end(s, skip + 1);
    replace_last_chars(s, skip + 2, "");
    s.extend(kept);
}

/// NLTK's R1: see the module docs.
fn r1_of(word: &str) -> &str {
    let chars: Vec<(usize, char)> = word.char_indices().collect();
    let after = |k: usize| chars.get(k + 1).map_or(word.len(), |&(i, _)| i);
    let is_vowel = |c: char| VOWELS.contains(c);
    let Some(&(_, first)) = chars.first() else {
        return "";
    };
    let rest = &word[first.len_utf8()..];
    let found = if is_vowel(first) {
        DIGRAPHS
            .iter()
            .find(|d| rest.contains(**d))
            .and_then(|d| {
                let last = d.chars().last()?;
                chars.iter().position(|&(_, c)| c == last)
            })
            .or_else(|| (1..chars.len()).find(|&k| !is_vowel(chars[k].1)))
    } else {
        (1..chars.len()).find(|&k| is_vowel(chars[k].1))
    };
    found.map_or("", |k| &word[after(k)..])
}

/// NLTK's Hungarian stem of `word`; `is_stopword` says whether a lower-cased word is on the
/// stopword list (such words are returned lower-cased, unstemmed).
#[must_use]
pub fn stem(word: &str, is_stopword: &dyn Fn(&str) -> bool) -> String {
    let word = lower(word);
    if word.is_empty() || is_stopword(&word) {
        return word;
    }
    let mut p = Parts {
        r1: r1_of(&word).to_string(),
        word,
    };

    // Step 1: instrumental `-al`/`-el` after a double consonant: drop it and undouble.
    if p.r1.ends_with("al") || p.r1.ends_with("el") {
        if let Some(d) = double_before(&p.word, 2) {
            undouble_before(&mut p.word, 2);
            if drop_last_chars(&p.r1, 2).ends_with(d) {
                undouble_before(&mut p.r1, 2);
            }
        }
    }

    // Step 2: frequent cases (longest suffix of the word, if in R1); a long `á`/`é` left at
    // the end of R1 is shortened (the word's last letter is replaced whatever it is).
    if let Some(suffix) = FREQUENT_CASES.iter().find(|s| p.word.ends_with(**s)) {
        if p.r1.ends_with(suffix) {
            p.cut(suffix);
            if p.r1.ends_with('á') {
                p.replace("á", "a");
            } else if p.r1.ends_with('é') {
                p.replace("é", "e");
            }
        }
    }

    // Step 3: special cases.
    if let Some(suffix) = ["ánként", "án", "én"].iter().find(|s| p.r1.ends_with(**s)) {
        let by = if *suffix == "én" { "e" } else { "a" };
        p.replace(suffix, by);
    }

    // Step 4: other cases.
    if let Some(suffix) = OTHER_CASES.iter().find(|s| p.r1.ends_with(**s)) {
        p.cut_or_shorten(suffix, &["ástul"], &["éstül"]);
    }

    // Step 5: factive `-á`/`-é` after a double consonant: drop it and undouble (each vowel is
    // tried in turn on the result, as in NLTK).
    for vowel in ['á', 'é'] {
        if p.r1.ends_with(vowel) {
            if let Some(d) = double_before(&p.word, 1) {
                undouble_before(&mut p.word, 1);
                if drop_last_chars(&p.r1, 1).ends_with(d) {
                    undouble_before(&mut p.r1, 1);
                }
            }
        }
    }

    // Step 6: owned.
    if let Some(suffix) = OWNED.iter().find(|s| p.r1.ends_with(**s)) {
        p.cut_or_shorten(suffix, &["áké", "áéi"], &["éké", "ééi", "éé"]);
    }

    // Step 7: singular owner (longest suffix of the word, if in R1).
    if let Some(suffix) = SINGULAR_OWNER.iter().find(|s| p.word.ends_with(**s)) {
        if p.r1.ends_with(suffix) {
            p.cut_or_shorten(
                suffix,
                &["ánk", "ájuk", "ám", "ád", "á"],
                &["énk", "éjük", "ém", "éd", "é"],
            );
        }
    }

    // Step 8: plural owner (longest suffix of the word, if in R1).
    if let Some(suffix) = PLURAL_OWNER.iter().find(|s| p.word.ends_with(**s)) {
        if p.r1.ends_with(suffix) {
            p.cut_or_shorten(
                suffix,
                &["áim", "áid", "ái", "áink", "áitok", "áik"],
                &["éim", "éid", "éi", "éink", "éitek", "éik"],
            );
        }
    }

    // Step 9: plural (longest suffix of the word, if in R1).
    if let Some(suffix) = PLURAL.iter().find(|s| p.word.ends_with(**s)) {
        if p.r1.ends_with(suffix) {
            p.cut_or_shorten(suffix, &["ák"], &["ék"]);
        }
    }
    p.word
}

/// Only for tests: R1 as NLTK computes it.
#[cfg(test)]
fn r1(word: &str) -> &str {
    r1_of(word)
}

#[cfg(test)]
mod tests {
    use super::{r1, stem};

    fn st(w: &str) -> String {
        stem(w, &|_| false)
    }

    #[test]
    fn examples() {
        assert_eq!(st("házakban"), "ház");
        assert_eq!(st("KÖNYVEKET"), "könyv");
        assert_eq!(st(""), "");
    }

    #[test]
    fn double_acute_letters_are_not_vowels() {
        // `-ból` (with `ó`) goes, `-ből` (with `ő`) stays: NLTK knows `bõl` (with `õ`).
        assert_eq!(st("házból"), "ház");
        assert_eq!(st("kertből"), "kertből");
        assert_eq!(st("kertbõl"), "kert");
    }

    #[test]
    fn regions() {
        assert_eq!(r1("tóban"), "ban");
        // A vowel-initial word: the first `s` of the word, not the `cs` digraph, ends the
        // part before R1.
        assert_eq!(r1("asztalocska"), "ztalocska");
    }
}
