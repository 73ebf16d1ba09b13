//! The character classes and `str.lower()` NLTK's Punkt sees text with.
//!
//! NLTK 3.10 compiles Punkt's regular expressions with the third-party `regex` module
//! (`nltk.redos`), whose `\s`, `\d` and `[^\W\d]` are [`is_re_space`], [`is_re_decimal`] and
//! [`is_re_letter`]; the string methods it calls are Python's ([`is_space`] for `strip()`,
//! [`is_upper`], [`is_lower`], [`lower_into`]). The two disagree (`"\x1c".isspace()` is true,
//! `regex`'s `\s` does not match it), so both are kept. The tables in [`super::pyunicode`]
//! are generated from Python 3.11 and `regex` themselves (`tools/gen_python_unicode.py`).
use super::pyunicode::{
    CASED, CASE_IGNORABLE, LOWER, LOWER_MAP, RE_DECIMAL, RE_LETTER, RE_SPACE, SPACE, UPPER,
};

fn in_table(table: &[(u32, u32)], c: char) -> bool {
    let c = c as u32;
    table
        .binary_search_by(|&(lo, hi)| {
            if hi < c {
                std::cmp::Ordering::Less
            } else if lo > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// `c.isspace()` (what `str.strip()` removes).
pub(crate) fn is_space(c: char) -> bool {
    if c.is_ascii() {
        return matches!(c, ' ' | '\t'..='\r' | '\x1c'..='\x1f');
    }
    in_table(SPACE, c)
}

/// `regex`'s `\s`.
pub(crate) fn is_re_space(c: char) -> bool {
    if c.is_ascii() {
        return matches!(c, ' ' | '\t'..='\r');
    }
    in_table(RE_SPACE, c)
}

/// `regex`'s `[^\W\d]`: a word character that is not a decimal digit.
pub(crate) fn is_re_letter(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic() || c == '_';
    }
    in_table(RE_LETTER, c)
}

/// `regex`'s `\d`.
pub(crate) fn is_re_decimal(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_digit();
    }
    in_table(RE_DECIMAL, c)
}

/// `c.isupper()` for one character.
pub(crate) fn is_upper(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_uppercase();
    }
    in_table(UPPER, c)
}

/// `c.islower()` for one character.
pub(crate) fn is_lower(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_lowercase();
    }
    in_table(LOWER, c)
}

/// `s.rstrip()`.
pub(crate) fn rstrip(s: &str) -> &str {
    s.trim_end_matches(is_space)
}

/// `s.lower()`: each character's full lower-case mapping, and a capital sigma in Python's
/// Final_Sigma context (a cased character before it, skipping case-ignorable ones, and
/// none after it) lowered to `ς` instead of `σ`.
pub(crate) fn lower_into(s: &str, out: &mut String) {
    out.clear();
    if s.is_ascii() {
        out.push_str(s);
        out.make_ascii_lowercase();
        return;
    }
    for (i, c) in s.char_indices() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else if c == '\u{3A3}' {
            out.push(if final_sigma(s, i) {
                '\u{3C2}'
            } else {
                '\u{3C3}'
            });
        } else {
            match LOWER_MAP.binary_search_by_key(&(c as u32), |&(k, _)| k) {
                Ok(at) => out.push_str(LOWER_MAP[at].1),
                Err(_) => out.push(c),
            }
        }
    }
}

fn final_sigma(s: &str, at: usize) -> bool {
    let before = s[..at]
        .chars()
        .rev()
        .find(|&c| !in_table(CASE_IGNORABLE, c));
    if !before.is_some_and(|c| in_table(CASED, c)) {
        return false;
    }
    let after = s[at + '\u{3A3}'.len_utf8()..]
        .chars()
        .find(|&c| !in_table(CASE_IGNORABLE, c));
    !after.is_some_and(|c| in_table(CASED, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lower(s: &str) -> String {
        let mut out = String::new();
        lower_into(s, &mut out);
        out
    }

    #[test]
    fn classes_are_pythons() {
        assert!(is_space('\x1c') && is_space('\u{85}') && is_space('\u{3000}'));
        assert!(!is_re_space('\x1c') && is_re_space('\u{85}') && is_re_space('\u{3000}'));
        assert!(!is_space('\u{200b}'));
        // a combining mark is `\w` in `regex` (not in Python's `re`)
        assert!(is_re_letter('\u{301}'));
        assert!(is_re_letter('é') && is_re_letter('_') && !is_re_letter('٣') && !is_re_letter('²'));
        assert!(is_re_decimal('٣') && !is_re_decimal('²'));
        assert!(is_upper('É') && is_lower('ß') && !is_upper('ǅ') && !is_lower('ǅ'));
    }

    #[test]
    fn lower_is_pythons() {
        assert_eq!(lower("İ"), "i\u{307}");
        assert_eq!(lower("ΟΔΟΣ"), "οδος");
        assert_eq!(lower("ΟΔΟΣ."), "οδος.");
        assert_eq!(lower("ΣΑ"), "σα");
        assert_eq!(lower("Σ"), "σ");
        assert_eq!(lower("ABC"), "abc");
    }
}
