//! NLTK's German Snowball stemmer (`SnowballStemmer("german", ignore_stopwords=True)`,
//! NLTK 3.10.4): Snowball's older `german` algorithm as NLTK implements it.
//!
//! Order: lower-case (Python's `str.lower()`); a stopword is returned as it is (tested before
//! `ß` becomes `ss`); then the algorithm. Both NLTK and Snowball 3.1.1 end by removing the
//! umlauts (`Häuser` → `haus`).
//!
//! Where NLTK's stems differ from Snowball 3.1.1's (reproduced here):
//! * `ae`, `oe`, `ue` are two letters: Snowball 3.1.1 reads them as `ä`, `ö`, `ü`
//!   (`haeuser` → NLTK `haeus`, Snowball `haus`; `schoen` → `schoen` / `schon`).
//! * No `-et` (`bildeten` → `bildet`; Snowball `bild`) and no `-erin`/`-in` removal
//!   (`zauberin` stays; Snowball `zaub`).
//! * The step-3 conditions look inside the regions only: "not preceded by `e`" (`-ig`, `-ik`,
//!   `-isch`, and `-ig` before `-end`/`-ung`) tests the letter before the suffix *in R2* (a
//!   missing letter counts as not `e`); `-er`/`-en` before `-lich`/`-heit` is looked for in
//!   R1.
//!
//! Steps 1 and 2 compare their suffixes with R1 (which the word ends with), in NLTK's list
//! order; R1 starts after the third letter at the earliest; `u`/`y` between vowels are
//! consonants (`U`/`Y` while stemming).
//!
//! ```
//! # use rougekit_core::stem::nltk_snowball::german::stem;
//! let none = |_: &str| false;
//! assert_eq!(stem("Häuser", &none), "haus");
//! assert_eq!(stem("Straße", &none), "strass");
//! ```
use super::standard::{
    char_from_end, char_len, first_suffix, lower, r1r2_standard, skip_chars, tail_slice,
    truncate_chars,
};

const VOWELS: &str = "aeiouyäöü";
const S_ENDING: &str = "bdfghklmnrt";
const ST_ENDING: &str = "bdfghklmnt";
const STEP1: [&str; 7] = ["ern", "em", "er", "en", "es", "e", "s"];
const STEP2: [&str; 4] = ["est", "en", "er", "st"];
const STEP3: [&str; 8] = ["isch", "lich", "heit", "keit", "end", "ung", "ig", "ik"];

/// Stems `word` as NLTK's `SnowballStemmer("german", ignore_stopwords=True).stem(word)` does
/// when its stopword list is the set of words for which `is_stopword` is true.
///
/// ```
/// # use rougekit_core::stem::nltk_snowball::german::stem;
/// let none = |_: &str| false;
/// assert_eq!(stem("aufeinanderfolgenden", &none), "aufeinanderfolg");
/// assert_eq!(stem("Müller", &|w: &str| w == "müller"), "müller");
/// ```
#[must_use]
pub fn stem(word: &str, is_stopword: &dyn Fn(&str) -> bool) -> String {
    let word = lower(word);
    if is_stopword(&word) {
        return word;
    }
    let word = mark_u_y(&word.replace('ß', "ss"));

    let (r1, r2) = r1r2_standard(&word, VOWELS);
    let r1 = if !r1.is_empty() && char_len(&word) - char_len(r1) < 3 {
        // The part before R1 has at least three letters.
        skip_chars(&word, 3)
    } else {
        r1
    };
    let (mut r1, mut r2) = (r1.to_owned(), r2.to_owned());
    let mut word = word;
    let cut = |w: &mut String, r1: &mut String, r2: &mut String, n: usize| {
        truncate_chars(w, n);
        truncate_chars(r1, n);
        truncate_chars(r2, n);
    };

    // Step 1.
    match first_suffix(&r1, &STEP1) {
        Some(suf @ ("en" | "es" | "e"))
            if tail_slice(&word, char_len(suf) + 4, char_len(suf)) == "niss" =>
        {
            // `-nisse` → `-nis`.
            cut(&mut word, &mut r1, &mut r2, char_len(suf) + 1);
        }
        Some("s") => {
            // Removed after a valid s-ending; either way step 1 ends here.
            let n = usize::from(char_from_end(&word, 2).is_some_and(|c| S_ENDING.contains(c)));
            cut(&mut word, &mut r1, &mut r2, n);
        }
        Some(suf) => cut(&mut word, &mut r1, &mut r2, char_len(suf)),
        None => {}
    }

    // Step 2.
    match first_suffix(&r1, &STEP2) {
        Some("st") => {
            // Removed after a valid st-ending, leaving at least three letters before it;
            // either way step 2 ends here.
            let valid = char_from_end(&word, 3).is_some_and(|c| ST_ENDING.contains(c))
                && char_len(&word) >= 6;
            cut(&mut word, &mut r1, &mut r2, if valid { 2 } else { 0 });
        }
        Some(suf) => cut(&mut word, &mut r1, &mut r2, char_len(suf)),
        None => {}
    }

    // Step 3: derivational suffixes in R2; only the word changes from here on.
    if let Some(suf) = first_suffix(&r2, &STEP3) {
        let n = char_len(suf);
        // The letters before the suffix inside a region (fewer when the region is short).
        let before = |r: &str, k: usize| tail_slice(r, n + k, n).to_owned();
        let not_after_e = |k: usize| tail_slice(&r2, n + k + 1, n + k) != "e";
        let drop = match suf {
            "end" | "ung" => {
                if before(&r2, 2) == "ig" && not_after_e(2) {
                    n + 2
                } else {
                    n
                }
            }
            "ig" | "ik" | "isch" => {
                if not_after_e(0) {
                    n
                } else {
                    0
                }
            }
            "lich" | "heit" => {
                let b = before(&r1, 2);
                if b == "er" || b == "en" {
                    n + 2
                } else {
                    n
                }
            }
            // "keit"
            _ => {
                if before(&r2, 4) == "lich" {
                    n + 4
                } else if before(&r2, 2) == "ig" {
                    n + 2
                } else {
                    n
                }
            }
        };
        truncate_chars(&mut word, drop);
    }

    word.chars()
        .map(|c| match c {
            'ä' => 'a',
            'ö' => 'o',
            'ü' | 'U' => 'u',
            'Y' => 'y',
            c => c,
        })
        .collect()
}

/// `u` and `y` between vowels become `U` and `Y` (consonants). NLTK scans left to right, so
/// the letter before is the already-marked one and the letter after is the original.
fn mark_u_y(word: &str) -> String {
    let chars: Vec<char> = word.chars().collect();
    let mut out = String::with_capacity(word.len());
    let mut prev: Option<char> = None;
    for (i, &c) in chars.iter().enumerate() {
        let next = chars.get(i + 1).copied();
        let between =
            prev.is_some_and(|p| VOWELS.contains(p)) && next.is_some_and(|n| VOWELS.contains(n));
        let m = match c {
            'u' if between => 'U',
            'y' if between => 'Y',
            c => c,
        };
        out.push(m);
        prev = Some(m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::stem;

    /// Expected stems are NLTK 3.10.4's.
    #[test]
    fn matches_nltk() {
        let none = |_: &str| false;
        assert_eq!(stem("haeuser", &none), "haeus"); // Snowball 3.1.1: haus
        assert_eq!(stem("schoen", &none), "schoen"); // Snowball 3.1.1: schon
        assert_eq!(stem("zauberin", &none), "zauberin"); // Snowball 3.1.1: zaub
        assert_eq!(stem("bildeten", &none), "bildet"); // Snowball 3.1.1: bild
        assert_eq!(stem("Häuser", &none), "haus");
        assert_eq!(stem("Straße", &none), "strass");
        assert_eq!(stem("ergebnisse", &none), "ergebnis"); // -nisse
        assert_eq!(stem("aufeinanderfolgenden", &none), "aufeinanderfolg");
        assert_eq!(stem("bauen", &none), "bau"); // u between vowels
        assert_eq!(stem("", &none), "");
        assert_eq!(stem("ÜBER", &none), "uber");
    }

    #[test]
    fn stopwords_are_returned_lower_cased() {
        let stop = |w: &str| ["über", "und"].contains(&w);
        assert_eq!(stem("ÜBER", &stop), "über");
        assert_eq!(stem("UND", &stop), "und");
        // Not a stopword without the list.
        assert_eq!(stem("und", &|_: &str| false), "und");
    }
}
