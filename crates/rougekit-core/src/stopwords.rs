//! ROUGE-1.5.5's stopword list (`-s`), spec `rouge-1.5.5.md` §3 and §6.4.
//!
//! The list is ROUGE-1.5.5's own `smart_common_words.txt` (23 ROUGE-specific words and
//! `'s`, then the SMART stop list), embedded byte for byte; see
//! `data/rouge155/PROVENANCE.md`. ROUGE-1.5.5 removes only the trailing newline of each
//! line and nothing else (§3), and drops a token only if it is *exactly* equal to an entry,
//! before stemming (§6.4). Entries with an apostrophe or a period (`don't`, `e.g.`) stay in
//! the set although no token can ever equal them.

use rustc_hash::FxHashSet;
use std::sync::OnceLock;

/// The embedded file, one entry per line.
const SOURCE: &str = include_str!("../data/rouge155/smart_common_words.txt");

/// The entries: each `\n`-terminated line without its newline (§3). `split_terminator`
/// does exactly that: no stripping of other whitespace, and no phantom empty entry after
/// the final newline.
fn entries() -> impl Iterator<Item = &'static str> {
    SOURCE.split_terminator('\n')
}

/// The embedded file's bytes as ROUGE-1.5.5 ships it (`rougekit perl --make-home` writes
/// it to a data folder).
#[must_use]
pub fn source() -> &'static str {
    SOURCE
}

fn set() -> &'static FxHashSet<&'static str> {
    static SET: OnceLock<FxHashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| entries().collect())
}

/// Whether `token` is exactly an entry of ROUGE-1.5.5's stopword list (§6.4).
///
/// Case-sensitive and without any normalisation: ROUGE-1.5.5 lower-cases text before this
/// check, so callers pass lower-cased tokens.
#[must_use]
pub fn is_stopword(token: &str) -> bool {
    set().contains(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_shape() {
        let lines: Vec<&str> = entries().collect();
        assert_eq!(lines.len(), 598);
        // `may` and `would` occur twice (§3).
        assert_eq!(set().len(), 596);
        assert_eq!(lines.iter().filter(|l| **l == "may").count(), 2);
        assert_eq!(lines.iter().filter(|l| **l == "would").count(), 2);
        assert_eq!(lines[0], "reuters");
        assert_eq!(lines[22], "sat");
        assert_eq!(lines[23], "'s");
        assert_eq!(lines[24], "a");
        // Entries made only of a-z: the effective list (§3).
        let effective = set()
            .iter()
            .filter(|e| !e.is_empty() && e.bytes().all(|b| b.is_ascii_lowercase()))
            .count();
        assert_eq!(effective, 543);
        // The other 53 all contain an apostrophe or a period.
        let other: Vec<&&str> = set()
            .iter()
            .filter(|e| !e.bytes().all(|b| b.is_ascii_lowercase()))
            .collect();
        assert_eq!(other.len(), 53);
        assert!(other.iter().all(|e| e.contains('\'') || e.contains('.')));
    }

    #[test]
    fn rouge_specific_and_smart_entries() {
        for w in [
            "reuters", "ap", "jan", "may", "sat", "news", "new", "said", "says", "one", "two",
            "went", "used", "us", "the", "a", "would", "index", "tech",
        ] {
            assert!(is_stopword(w), "{w}");
        }
        for c in b'a'..=b'z' {
            let s = [c];
            let s = std::str::from_utf8(&s).expect("ASCII letter");
            assert!(is_stopword(s), "{s}");
        }
        // Present in the list but never equal to a ROUGE token (§6.4).
        assert!(is_stopword("don't"));
        assert!(is_stopword("e.g."));
        assert!(is_stopword("'s"));
    }

    #[test]
    fn exact_matching_only() {
        for w in [
            "cat", "mat", "police", "", "The", "SAT", " sat", "sat ", "sat\n", "dont", "1",
            "beings",
        ] {
            assert!(!is_stopword(w), "{w:?}");
        }
        // `be` is a stopword, `beings` is not: removal happens on the unstemmed token (E17).
        assert!(is_stopword("be"));
    }
}
