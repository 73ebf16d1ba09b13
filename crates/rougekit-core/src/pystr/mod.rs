//! Python 3.11's string methods on one character or text, as the scorers rougekit reproduces
//! run them: `str.lower()` (XL-Sum's scorer, NLTK's Punkt), `str.isspace`, `str.isupper`,
//! `str.islower`, `str.isdecimal` (pythainlp's `newmm` splits numbers with `re`'s `\d`), and
//! the third-party `regex` module's `\s`, `\d` and `[^\W\d]` that NLTK 3.10 compiles Punkt's
//! patterns with (`nltk.redos`). The two families disagree (`"\x1c".isspace()` is true,
//! `regex`'s `\s` does not match it), so both are kept. The tables in [`tables`] are generated
//! from Python 3.11 and `regex` themselves (`tools/gen_pystr_tables.py`), not taken from a Rust
//! crate's Unicode version.
mod tables;

use tables::{
    CASED, CASE_IGNORABLE, DECIMAL, LOWER, LOWER_MAP, RE_DECIMAL, RE_LETTER, RE_SPACE, SPACE, UPPER,
};

/// The Unicode version of Python's string methods here (Python 3.11's `unicodedata`).
pub const UNICODE_VERSION: &str = tables::UNICODE_VERSION;
/// The `regex` release whose `\s`, `\d` and `[^\W\d]` [`is_re_space`], [`is_re_decimal`] and
/// [`is_re_letter`] are.
pub const REGEX_VERSION: &str = tables::REGEX_VERSION;

/// Whether `c` is in `table`, sorted ranges of code points.
fn in_table(table: &[(u32, u32)], c: char) -> bool {
    let cp = c as u32;
    let i = table.partition_point(|&(first, _)| first <= cp);
    i > 0 && table[i - 1].1 >= cp
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

/// `c.isdecimal()`, which is also what Python's `re` matches with `\d` in a `str` pattern.
pub(crate) fn is_decimal(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_digit();
    }
    in_table(DECIMAL, c)
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

/// `text.lower()`, appended to `out`.
pub fn lower_into(text: &str, out: &mut String) {
    if text.is_ascii() {
        let start = out.len();
        out.push_str(text);
        out[start..].make_ascii_lowercase();
        return;
    }
    lower_with(text, out, |_, _| {});
}

/// [`lower_into`], calling `at(k, out.len())` after the `k`-th code point of `text` was
/// lower-cased into `out`: each character's full lower-case mapping (`İ` becomes two), and a
/// capital sigma in Python's Final_Sigma context lowered to `ς` instead of `σ`.
#[inline(always)]
pub(crate) fn lower_with(text: &str, out: &mut String, mut at: impl FnMut(usize, usize)) {
    for (k, (i, c)) in text.char_indices().enumerate() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else if c == 'Σ' {
            out.push(if final_sigma(text, i) { 'ς' } else { 'σ' });
        } else if !changes_on_lower(c) {
            out.push(c);
        } else {
            match LOWER_MAP.binary_search_by_key(&(c as u32), |&(from, _)| from) {
                Ok(found) => out.push_str(LOWER_MAP[found].1),
                Err(_) => out.push(c),
            }
        }
        at(k, out.len());
    }
}

/// Whether `str.lower()` may change `c`: a bit per Basic Multilingual Plane character (8 KiB,
/// built once), so that nearly every character of real text skips the mapping's search.
#[inline]
fn changes_on_lower(c: char) -> bool {
    static BMP: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    let cp = c as u32;
    if cp >= 0x10000 {
        return true;
    }
    let bits = BMP.get_or_init(|| {
        let mut bits = vec![0u64; 0x10000 / 64];
        for &(from, _) in LOWER_MAP.iter().take_while(|&&(from, _)| from < 0x10000) {
            bits[from as usize / 64] |= 1 << (from % 64);
        }
        bits
    });
    bits[cp as usize / 64] & (1 << (cp % 64)) != 0
}

/// Whether the `Σ` at byte `i` of `text` is word-final (Unicode's Final_Sigma, as CPython
/// tests it): a cased character before it, case-ignorables skipped, and none after it.
fn final_sigma(text: &str, i: usize) -> bool {
    let before = text[..i]
        .chars()
        .rev()
        .find(|&c| !in_table(CASE_IGNORABLE, c));
    if !before.is_some_and(|c| in_table(CASED, c)) {
        return false;
    }
    let after = text[i + 'Σ'.len_utf8()..]
        .chars()
        .find(|&c| !in_table(CASE_IGNORABLE, c));
    !after.is_some_and(|c| in_table(CASED, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lower(s: &str) -> String {
        let mut out = String::from("kept ");
        lower_into(s, &mut out);
        out.split_off("kept ".len())
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
        assert!(is_decimal('٣') && is_decimal('๓') && !is_decimal('²') && !is_decimal('a'));
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
        // `"İSTANBUL ΟΔΟΣ Σ ΣΑ".lower()` in Python 3.11
        assert_eq!(lower("İSTANBUL ΟΔΟΣ Σ ΣΑ"), "i\u{307}stanbul οδος σ σα");
        assert_eq!(lower("\u{10400}\u{1E900}"), "\u{10428}\u{1E922}");
    }

    #[test]
    fn lower_reports_each_code_point() {
        let mut out = String::new();
        let mut ends = Vec::new();
        lower_with("AİΣ", &mut out, |k, end| ends.push((k, end)));
        assert_eq!(out, "ai\u{307}ς");
        assert_eq!(ends, vec![(0, 1), (1, 4), (2, 6)]);
    }
}
