//! Shared pieces of NLTK's Snowball ports (`nltk.stem.snowball`, NLTK 3.10.4).
//!
//! NLTK's stemmers work on Python strings, whose positions and lengths count Unicode code
//! points (`char`s here), and they keep their regions (R1, R2, RV) as *strings*: each region is
//! computed once as a suffix of the word, then edited by hand as suffixes are removed from the
//! word. A region therefore can drift from what Snowball would compute on the edited word, and
//! reproducing NLTK means keeping the same strings. The helpers below return regions as
//! borrowed suffixes of the word; callers copy them into `String`s when they edit them.
//!
//! Everything here counts in `char`s, never bytes, so multi-byte letters (`ä`, `ş`, `ș`)
//! behave as one letter, as in Python. No function panics on any input.
//!
//! Vowel sets are given as `&str` (each `char` of it is a vowel), as in NLTK's `__vowels`.

/// Python's `str.lower()`, as NLTK applies it before stemming.
///
/// Rust's `str::to_lowercase` implements the same full Unicode lower-case mapping, including
/// the context-dependent final sigma and `İ` → `i̇` (two code points). The two differ only on
/// code points whose mapping changed between their Unicode versions (Python 3.11: Unicode 14).
///
/// ```
/// # use rougekit_core::stem::nltk_snowball::standard::lower;
/// assert_eq!(lower("ÉCOLE"), "école");
/// ```
#[must_use]
pub fn lower(word: &str) -> String {
    word.to_lowercase()
}

/// Number of code points (Python's `len`).
#[must_use]
pub fn char_len(s: &str) -> usize {
    s.chars().count()
}

/// Byte offset of the `n`-th code point of `s` (or `s.len()` when `s` is shorter).
fn byte_at(s: &str, n: usize) -> usize {
    s.char_indices().nth(n).map_or(s.len(), |(i, _)| i)
}

/// Python's `s[n:]`: `s` without its first `n` code points (empty when `s` is shorter).
#[must_use]
pub fn skip_chars(s: &str, n: usize) -> &str {
    &s[byte_at(s, n)..]
}

/// Python's `s[:n]`: the first `n` code points of `s`.
#[must_use]
pub fn take_chars(s: &str, n: usize) -> &str {
    &s[..byte_at(s, n)]
}

/// Python's `s[-n:]` for `n >= 1`: the last `n` code points (all of `s` when shorter).
/// `n = 0` gives the empty string (unlike Python's `s[-0:]`, which is all of `s`).
#[must_use]
pub fn last_chars(s: &str, n: usize) -> &str {
    let len = char_len(s);
    skip_chars(s, len.saturating_sub(n))
}

/// Python's `s[:-n]` for `n >= 1`: `s` without its last `n` code points (empty when `s` is
/// shorter). `n = 0` returns `s` unchanged (unlike Python's `s[:-0]`, which is empty).
#[must_use]
pub fn drop_last_chars(s: &str, n: usize) -> &str {
    let len = char_len(s);
    take_chars(s, len.saturating_sub(n))
}

/// Removes the last `n` code points of `s` in place (saturating, like [`drop_last_chars`]).
pub fn truncate_chars(s: &mut String, n: usize) {
    let keep = drop_last_chars(s, n).len();
    s.truncate(keep);
}

/// Inside the word, `u` and `i` between two of `vowels` become `U` and `I` (consonants); the
/// scan sees its own marks on the left (NLTK's Italian and Romanian pre-pass).
pub fn mark_u_i_between(chars: &mut [char], vowels: &str) {
    for i in 1..chars.len().saturating_sub(1) {
        if vowels.contains(chars[i - 1]) && vowels.contains(chars[i + 1]) {
            match chars[i] {
                'u' => chars[i] = 'U',
                'i' => chars[i] = 'I',
                _ => {}
            }
        }
    }
}

/// Removes the last `n` code points of the word and of one of its regions together (NLTK's
/// paired `word[:-n]`, `rv[:-n]` slices).
pub fn cut2(a: &mut String, b: &mut String, n: usize) {
    truncate_chars(a, n);
    truncate_chars(b, n);
}

/// [`cut2`] for the word and two of its regions.
pub fn cut3(a: &mut String, b: &mut String, c: &mut String, n: usize) {
    cut2(a, b, n);
    truncate_chars(c, n);
}

/// Replaces the last `n` letters of the word and of RV by `rep` (NLTK's `suffix_replace`).
pub fn replace2(w: &mut String, rv: &mut String, n: usize, rep: &str) {
    for s in [w, rv] {
        truncate_chars(s, n);
        s.push_str(rep);
    }
}

/// Removes `suffix` from the end of `s` in place when `s` ends with it; returns whether it did.
pub fn strip_suffix_in_place(s: &mut String, suffix: &str) -> bool {
    if s.ends_with(suffix) {
        s.truncate(s.len() - suffix.len());
        true
    } else {
        false
    }
}

/// Replaces the last `n` code points of `s` by `replacement` (Python's `s[:-n] + replacement`
/// for `n >= 1`).
pub fn replace_last_chars(s: &mut String, n: usize, replacement: &str) {
    truncate_chars(s, n);
    s.push_str(replacement);
}

/// The `n`-th code point of `s` (Python's `s[n]`), `None` when out of range.
#[must_use]
pub fn char_at(s: &str, n: usize) -> Option<char> {
    s.chars().nth(n)
}

/// The `n`-th code point from the end (`n = 1` is Python's `s[-1]`), `None` when out of range
/// or `n = 0`.
#[must_use]
pub fn char_from_end(s: &str, n: usize) -> Option<char> {
    if n == 0 {
        return None;
    }
    s.chars().rev().nth(n - 1)
}

/// The first of `suffixes`, in the given order, that `word` ends with (NLTK scans its suffix
/// tuples in order and stops at the first match; its tuples are mostly longest first, but
/// not always, so the order is the caller's).
#[must_use]
pub fn first_suffix<'a>(word: &str, suffixes: &[&'a str]) -> Option<&'a str> {
    suffixes.iter().copied().find(|s| word.ends_with(s))
}

/// Byte offset just after the first non-vowel that follows a vowel in `s`, scanning from its
/// second code point (NLTK's loop `for i in range(1, len(s))`).
fn after_first_vc(s: &str, vowels: &str) -> Option<usize> {
    let mut prev_is_vowel = false;
    for (n, (i, c)) in s.char_indices().enumerate() {
        let is_vowel = vowels.contains(c);
        if n >= 1 && !is_vowel && prev_is_vowel {
            return Some(i + c.len_utf8());
        }
        prev_is_vowel = is_vowel;
    }
    None
}

/// NLTK's standard R1 and R2 (`_StandardStemmer._r1r2_standard`), as suffixes of `word`.
///
/// R1 is the part after the first non-vowel that follows a vowel (empty when there is none);
/// R2 is the same rule applied to R1. This is Snowball's standard definition; NLTK computes it
/// once per word (callers then edit the strings themselves).
///
/// ```
/// # use rougekit_core::stem::nltk_snowball::standard::r1r2_standard;
/// assert_eq!(r1r2_standard("beautiful", "aeiouy"), ("iful", "ul"));
/// assert_eq!(r1r2_standard("beauty", "aeiouy"), ("y", ""));
/// ```
#[must_use]
pub fn r1r2_standard<'a>(word: &'a str, vowels: &str) -> (&'a str, &'a str) {
    let r1 = after_first_vc(word, vowels).map_or("", |i| &word[i..]);
    let r2 = after_first_vc(r1, vowels).map_or("", |i| &r1[i..]);
    (r1, r2)
}

/// NLTK's standard RV (`_StandardStemmer._rv_standard`), as a suffix of `word`.
///
/// If the second letter is a consonant, RV is the part after the next vowel; if the first two
/// letters are vowels, the part after the next consonant; otherwise the part after the third
/// letter. Empty when the word has fewer than two letters or no such letter exists.
///
/// ```
/// # use rougekit_core::stem::nltk_snowball::standard::rv_standard;
/// assert_eq!(rv_standard("macho", "aeiou"), "ho");
/// assert_eq!(rv_standard("oliva", "aeiou"), "va");
/// assert_eq!(rv_standard("trabajo", "aeiou"), "bajo");
/// assert_eq!(rv_standard("áureo", "aeiouáéíóú"), "eo");
/// ```
#[must_use]
pub fn rv_standard<'a>(word: &'a str, vowels: &str) -> &'a str {
    let mut chars = word.char_indices();
    let (Some((_, c0)), Some((_, c1))) = (chars.next(), chars.next()) else {
        return "";
    };
    let v0 = vowels.contains(c0);
    let v1 = vowels.contains(c1);
    if !v1 {
        // After the next vowel from the third letter on.
        chars
            .find(|&(_, c)| vowels.contains(c))
            .map_or("", |(i, c)| &word[i + c.len_utf8()..])
    } else if v0 {
        // Both vowels: after the next consonant from the third letter on.
        chars
            .find(|&(_, c)| !vowels.contains(c))
            .map_or("", |(i, c)| &word[i + c.len_utf8()..])
    } else {
        skip_chars(word, 3)
    }
}

/// NLTK's R1 for Danish, Norwegian and Swedish (`_ScandinavianStemmer._r1_scandinavian`).
///
/// The standard R1, except that when the first non-vowel after a vowel ends within the first
/// two letters, R1 starts after the third letter (so the part before it has three letters).
/// Empty when there is no non-vowel after a vowel.
///
/// ```
/// # use rougekit_core::stem::nltk_snowball::standard::r1_scandinavian;
/// assert_eq!(r1_scandinavian("bestemmelse", "aeiouyæåø"), "temmelse");
/// assert_eq!(r1_scandinavian("ost", "aeiouyæåø"), "");
/// assert_eq!(r1_scandinavian("ansvar", "aeiouyæåø"), "var");
/// ```
#[must_use]
pub fn r1_scandinavian<'a>(word: &'a str, vowels: &str) -> &'a str {
    match after_first_vc(word, vowels) {
        None => "",
        Some(i) if char_len(&word[..i]) < 3 => skip_chars(word, 3),
        Some(i) => &word[i..],
    }
}

/// Python's `s[-a:-b]` for `a >= b >= 1`: the code points from the `a`-th to the `b`-th from
/// the end (exclusive), clamped at the start of `s` as Python clamps negative slice bounds. So
/// `tail_slice("abcdef", 4, 2)` is `"cd"` and `tail_slice("abc", 4, 2)` is `"a"`.
#[must_use]
pub fn tail_slice(s: &str, a: usize, b: usize) -> &str {
    let len = char_len(s);
    let start = len.saturating_sub(a);
    let end = len.saturating_sub(b).max(start);
    take_chars(skip_chars(s, start), end - start)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slicing_counts_code_points() {
        assert_eq!(skip_chars("ştiinţă", 2), "iinţă");
        assert_eq!(take_chars("ştiinţă", 2), "şt");
        assert_eq!(last_chars("ştiinţă", 2), "ţă");
        assert_eq!(drop_last_chars("ştiinţă", 2), "ştiin");
        assert_eq!(drop_last_chars("ab", 5), "");
        assert_eq!(char_from_end("ştiinţă", 1), Some('ă'));
        assert_eq!(char_at("ştiinţă", 0), Some('ş'));
        assert_eq!(tail_slice("abcdef", 4, 2), "cd");
        assert_eq!(tail_slice("abc", 4, 2), "a");
        assert_eq!(tail_slice("ab", 4, 2), "");
        let mut s = String::from("größe");
        replace_last_chars(&mut s, 2, "ss");
        assert_eq!(s, "gröss");
        assert!(strip_suffix_in_place(&mut s, "ss"));
        assert_eq!(s, "grö");
        assert_eq!(first_suffix("größe", &["x", "e", "ße"]), Some("e"));
    }

    #[test]
    fn regions_match_snowball_examples() {
        // snowballstem.org's R1/R2 examples.
        assert_eq!(r1r2_standard("beautiful", "aeiouy"), ("iful", "ul"));
        assert_eq!(
            r1r2_standard("animadversion", "aeiouy"),
            ("imadversion", "adversion")
        );
        assert_eq!(r1r2_standard("sprinkled", "aeiouy"), ("kled", ""));
        assert_eq!(r1r2_standard("eucharist", "aeiouy"), ("harist", "ist"));
        assert_eq!(r1r2_standard("", "aeiouy"), ("", ""));
        assert_eq!(rv_standard("a", "aeiou"), "");
        assert_eq!(r1_scandinavian("", "aeiouyæåø"), "");
    }
}
