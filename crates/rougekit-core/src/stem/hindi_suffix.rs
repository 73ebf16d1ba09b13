//! The Hindi stemmer of XL-Sum's multilingual ROUGE scorer (PyPI `multilingual-rouge` 0.0.1,
//! `HindiStemmer`): a light suffix stripper after A. Ramanathan and D. D. Rao, "A Lightweight
//! Stemmer for Hindi" (EACL 2003 workshop on computational linguistics for South Asian
//! languages).
//!
//! The suffixes are grouped by length in code points. Lengths are tried from 5 down to 1; a
//! group applies only when the word is at least two code points longer than its suffixes
//! (`len(word) > L + 1`), and the first suffix of the group that ends the word is removed.
//! Only one suffix is removed. Lengths are Unicode scalar values, like Python's `len`, so a
//! vowel sign or a nukta counts as one.
//!
//! The scorer passes tokens of more than 3 code points, already lower-cased; this function
//! itself takes any string and never panics.

/// The suffix groups, longest first. Every suffix of a group has exactly the group's length
/// in code points (a test checks it), so removing `len` code points removes the suffix.
const GROUPS: [(usize, &[&str]); 5] = [
    (5, &["ाएंगी", "ाएंगे", "ाऊंगी", "ाऊंगा", "ाइयाँ", "ाइयों", "ाइयां"]),
    (
        4,
        &[
            "ाएगी",
            "ाएगा",
            "ाओगी",
            "ाओगे",
            "एंगी",
            "ेंगी",
            "एंगे",
            "ेंगे",
            "ूंगी",
            "ूंगा",
            "ातीं",
            "नाओं",
            "नाएं",
            "ताओं",
            "ताएं",
            "ियाँ",
            "ियों",
            "ियां",
        ],
    ),
    (
        3,
        &[
            "ाकर",
            "ाइए",
            "ाईं",
            "ाया",
            "ेगी",
            "ेगा",
            "ोगी",
            "ोगे",
            "ाने",
            "ाना",
            "ाते",
            "ाती",
            "ाता",
            "तीं",
            "ाओं",
            "ाएं",
            "ुओं",
            "ुएं",
            "ुआं",
        ],
    ),
    (
        2,
        &[
            "कर", "ाओ", "िए", "ाई", "ाए", "ने", "नी", "ना", "ते", "ीं", "ती", "ता", "ाँ", "ां", "ों", "ें",
        ],
    ),
    (1, &["ो", "े", "ू", "ु", "ी", "ि", "ा"]),
];

/// Stems one token exactly like `multilingual_rouge.stemmers.HindiStemmer()(word)`.
#[must_use]
pub fn stem(word: &str) -> String {
    let chars = word.chars().count();
    for (len, suffixes) in GROUPS {
        if chars > len + 1 && suffixes.iter().any(|suffix| word.ends_with(suffix)) {
            // A suffix is valid UTF-8, so `ends_with` on bytes matches whole code points and
            // the cut below falls on a character boundary.
            return word.chars().take(chars - len).collect();
        }
    }
    word.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffix_lengths_match_their_group() {
        for (len, suffixes) in GROUPS {
            for suffix in suffixes {
                assert_eq!(suffix.chars().count(), len, "{suffix}");
            }
        }
    }

    #[test]
    fn longest_group_first_and_length_guard() {
        // ियाँ (4) beats ाँ (2) and ा (1).
        assert_eq!(stem("लड़कियाँ"), "लड़क");
        // `len > L + 1`: a 3-code-point word keeps a 2-code-point suffix but loses a 1-code-point one.
        assert_eq!(stem("करने"), "कर");
        assert_eq!(stem("ाने"), "ान");
        assert_eq!(stem("का"), "का");
        assert_eq!(stem(""), "");
        assert_eq!(stem("abc"), "abc");
    }
}
