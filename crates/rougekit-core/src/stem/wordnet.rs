//! The WordNet 2.0 exception table that ROUGE-1.5.5 consults before Porter stemming
//! (`-m`), spec `rouge-1.5.5.md` §3 and §7 step 1.
//!
//! ROUGE-1.5.5 reads the table from a Berkeley DB built from the four WordNet 2.0 `.exc`
//! files. The canonical DB (5930 keys) is reproduced entry for entry by reading the files
//! in the order adj, adv, noun, verb, splitting each line on whitespace, taking the first
//! field as key and the second as value, and letting a later line override an earlier one
//! with the same key (§3). The files are embedded at compile time (see
//! `data/rouge155/PROVENANCE.md` for their origin and `WORDNET-LICENSE.txt` for the
//! licence), so there is no runtime I/O.

use rustc_hash::FxHashMap;
use std::sync::OnceLock;

/// The four exception files in the override order of spec `rouge-1.5.5.md` §3: a key in a later file
/// replaces the same key from an earlier one (e.g. adv.exc's `best well` overrides
/// adj.exc's `best good`).
const SOURCES: [&str; 4] = [
    include_str!("../../data/rouge155/adj.exc"),
    include_str!("../../data/rouge155/adv.exc"),
    include_str!("../../data/rouge155/noun.exc"),
    include_str!("../../data/rouge155/verb.exc"),
];

/// Builds the table once. Lines with fewer than two fields would have no value; the
/// shipped files have none, and skipping them keeps the parser total.
fn table() -> &'static FxHashMap<&'static str, &'static str> {
    static TABLE: OnceLock<FxHashMap<&'static str, &'static str>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut map = FxHashMap::with_capacity_and_hasher(6144, Default::default());
        for text in SOURCES {
            for line in text.lines() {
                let mut fields = line.split_ascii_whitespace();
                if let (Some(key), Some(value)) = (fields.next(), fields.next()) {
                    // `insert` replaces: later lines (and later files) win, §3.
                    map.insert(key, value);
                }
            }
        }
        map
    })
}

/// The base form ROUGE-1.5.5's exception DB gives for `word`, if `word` is a key.
///
/// The value is returned verbatim; ROUGE-1.5.5 does not stem it further (§7 step 1), and it
/// may contain `_` (`comics → comic_strip`).
#[must_use]
pub fn lookup(word: &str) -> Option<&'static str> {
    table().get(word).copied()
}

/// Every (key, value) pair of the table, in no particular order (`rougekit perl
/// --make-home` writes them as a Berkeley DB for ROUGE-1.5.5).
pub fn entries() -> impl Iterator<Item = (&'static str, &'static str)> {
    table().iter().map(|(&key, &value)| (key, value))
}

/// The WordNet licence, which must travel with any copy of the table.
pub const LICENSE: &str = include_str!("../../data/rouge155/WORDNET-LICENSE.txt");

/// Number of keys in the table (5930 for the canonical DB, §3).
#[must_use]
pub fn len() -> usize {
    table().len()
}

/// Whether the table is empty (never, with the embedded data); provided for API symmetry.
#[must_use]
pub fn is_empty() -> bool {
    table().is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_size() {
        assert_eq!(len(), 5930);
        assert!(!is_empty());
    }

    /// The override cases listed in spec `rouge-1.5.5.md` §3.
    #[test]
    fn override_order_adj_adv_noun_verb() {
        for (key, value) in [
            ("best", "well"),
            ("better", "well"),
            ("testes", "testes"),
            ("is", "be"),
            ("involucra", "involucrum"),
            ("offer", "offer"),
            ("gasses", "gas"),
            ("quizzes", "quiz"),
        ] {
            assert_eq!(lookup(key), Some(value), "{key}");
        }
    }

    #[test]
    fn values_are_verbatim_and_keys_exact() {
        assert_eq!(lookup("comics"), Some("comic_strip"));
        assert_eq!(lookup("geese"), Some("goose"));
        assert_eq!(lookup("went"), Some("go"));
        assert_eq!(lookup("data"), Some("datum"));
        assert_eq!(lookup("goose"), None);
        assert_eq!(lookup("Geese"), None);
        assert_eq!(lookup(""), None);
        assert_eq!(lookup("geese "), None);
    }

    /// 5939 lines, all with at least two fields; 9 keys repeat, leaving 5930 (§3).
    #[test]
    fn source_shape() {
        let lines: Vec<&str> = SOURCES.iter().flat_map(|t| t.lines()).collect();
        assert_eq!(lines.len(), 1490 + 7 + 2041 + 2401);
        assert!(lines
            .iter()
            .all(|l| l.split_ascii_whitespace().count() >= 2));
    }
}
