//! The rule-based Bengali stemmer of Rafi Kamal (rafikamal2014, packaged as `bengali-stemmer`
//! by banglakit, MIT), as XL-Sum's multilingual ROUGE scorer runs it (`RafiStemmer().stem_word`
//! in PyPI `multilingual-rouge` 0.0.1).
//!
//! The rules are the stemmer's `common.rules` file, embedded unchanged (`data/bengali-stemmer/`,
//! with its licence and provenance). The file lists groups of suffixes in braces, one suffix a
//! line, optionally `suffix -> replacement`, with `#` comments. The word goes through the groups
//! in order; in each group the first listed suffix that ends the word (not the longest) decides:
//! * a suffix with a replacement overwrites the word from where the suffix starts with the
//!   replacement, character by character (a `.` in the replacement keeps the word's character),
//!   and cuts the word after it;
//! * otherwise the suffix is removed if what remains has at least one character that is not one
//!   of the vowel signs া ি ী ে ু ূ ো;
//! * either way the group is done (a suffix whose removal is refused stops the group too).
//!
//! Quirk kept from the original: the `.` of the rules `ে.েছিলেন` and `ে.ে` is meant as "any
//! character", but the original compares suffixes literally, so these two rules only fire on
//! words that contain a real full stop (which XL-Sum's tokenizer never produces). And the rules
//! spell য় precomposed (U+09DF), which Unicode normalization (NFC) decomposes into য + nukta,
//! so on NFC text the rules with য় do not fire, in the original as here.

use rustc_hash::FxHashMap;
use std::sync::OnceLock;

/// The rule file, byte-identical to the stemmer's `common.rules`.
pub const RULES: &str = include_str!("../../data/bengali-stemmer/common.rules");

/// The MIT licence of the rule file, which must travel with it.
pub const LICENSE: &str = include_str!("../../data/bengali-stemmer/LICENSE");

/// The vowel signs that do not count as a remaining character when a suffix is removed.
const VOWEL_SIGNS: [char; 7] = ['া', 'ি', 'ী', 'ে', 'ু', 'ূ', 'ো'];

/// A parsed rule file.
#[derive(Debug, Default)]
pub struct Rules {
    /// The suffix groups, in file order, each in file order.
    groups: Vec<Vec<String>>,
    /// Replacement for the suffixes that have one (a later rule for the same suffix wins).
    replacements: FxHashMap<String, String>,
}

/// Python's `str.isspace()`: Unicode whitespace plus the four ASCII information separators
/// U+001C..U+001F, which Python's `\s` also matches.
fn is_py_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// Python's `str.splitlines()` line boundaries.
fn py_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let boundary = |c: char| {
            matches!(
                c,
                '\n' | '\r'
                    | '\u{0b}'
                    | '\u{0c}'
                    | '\u{1c}'
                    | '\u{1d}'
                    | '\u{1e}'
                    | '\u{85}'
                    | '\u{2028}'
                    | '\u{2029}'
            )
        };
        match rest.find(boundary) {
            None => {
                let line = rest;
                rest = "";
                Some(line)
            }
            Some(at) => {
                let line = &rest[..at];
                let after = &rest[at..];
                let skip = if after.starts_with("\r\n") {
                    2
                } else {
                    after.chars().next().map_or(1, char::len_utf8)
                };
                rest = &after[skip..];
                Some(line)
            }
        }
    })
}

impl Rules {
    /// Parses a rule file the way the original's parser does.
    ///
    /// Each line loses all its whitespace (not only at the ends: `েয়ে  -> া` is the suffix
    /// `েয়ে` with the replacement `া`), then everything from the first `#`. Empty lines are
    /// skipped. In a line with `->`, the text before it is the suffix and the text after it the
    /// replacement; a line with two `->` is skipped entirely, and an empty replacement means
    /// none. A line `{` opens a group that runs to the next line `}` (or the end of the file);
    /// lines outside groups are ignored, and a `{` inside a group is an ordinary suffix.
    #[must_use]
    pub fn parse(text: &str) -> Self {
        let mut lines: Vec<String> = Vec::new();
        let mut replacements = FxHashMap::default();
        for raw in py_lines(text) {
            let mut line: String = raw.chars().filter(|&c| !is_py_space(c)).collect();
            if let Some(hash) = line.find('#') {
                line.truncate(hash);
            }
            if line.is_empty() {
                continue;
            }
            let (suffix, replacement) = match line.split_once("->") {
                None => (line, String::new()),
                Some((_, after)) if after.contains("->") => continue,
                Some((before, after)) => (before.to_owned(), after.to_owned()),
            };
            if !replacement.is_empty() {
                replacements.insert(suffix.clone(), replacement);
            }
            if !suffix.is_empty() {
                lines.push(suffix);
            }
        }

        let mut groups = Vec::new();
        let mut it = lines.into_iter();
        while let Some(line) = it.next() {
            if line == "{" {
                groups.push(it.by_ref().take_while(|l| l != "}").collect());
            }
        }
        Self {
            groups,
            replacements,
        }
    }

    /// Stems one word with these rules.
    #[must_use]
    pub fn stem(&self, word: &str) -> String {
        let mut word = word.to_owned();
        for group in &self.groups {
            for suffix in group {
                let Some(rest) = word.strip_suffix(suffix.as_str()) else {
                    continue;
                };
                if let Some(replacement) = self.replacements.get(suffix) {
                    word = replaced(rest, suffix, replacement);
                } else if rest.chars().any(|c| !VOWEL_SIGNS.contains(&c)) {
                    word.truncate(rest.len());
                }
                break;
            }
        }
        word
    }
}

/// `rest` followed by `replacement` written over `suffix`, character by character: a `.` in
/// the replacement keeps the suffix's character; the word ends with the replacement. The
/// original fails when a replacement is longer than its suffix; none of the shipped rules is,
/// and here the extra characters are appended.
fn replaced(rest: &str, suffix: &str, replacement: &str) -> String {
    let mut out = String::with_capacity(rest.len() + replacement.len());
    out.push_str(rest);
    let mut kept = suffix.chars();
    for c in replacement.chars() {
        match (c, kept.next()) {
            ('.', Some(old)) => out.push(old),
            (c, _) => out.push(c),
        }
    }
    out
}

/// The rules of the embedded `common.rules`, parsed once.
fn rules() -> &'static Rules {
    static PARSED: OnceLock<Rules> = OnceLock::new();
    PARSED.get_or_init(|| Rules::parse(RULES))
}

/// Stems one token exactly like the scorer's `RafiStemmer().stem_word(word)` with the
/// stemmer's `common.rules`.
#[must_use]
pub fn stem(word: &str) -> String {
    rules().stem(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_rules_parse() {
        let rules = rules();
        let sizes: Vec<usize> = rules.groups.iter().map(Vec::len).collect();
        assert_eq!(sizes, [3, 3, 39, 10]);
        assert_eq!(rules.replacements.len(), 7);
        assert_eq!(rules.replacements["\u{9c7}\u{9df}\u{9c7}"], "া");
        assert_eq!(rules.replacements["ে.েছিলেন"], "া.");
        for (suffix, replacement) in &rules.replacements {
            assert!(replacement.chars().count() <= suffix.chars().count());
        }
    }

    #[test]
    fn parser_edge_cases() {
        let rules = Rules::parse("a\n{\n x # c\n y -> z -> w\n\t{\n}\nb\n{ \n  q->\n");
        assert_eq!(
            rules.groups,
            [vec!["x".to_owned(), "{".to_owned()], vec!["q".to_owned()]]
        );
        assert!(rules.replacements.is_empty());
    }

    #[test]
    fn examples() {
        assert_eq!(stem("ছেলেরা"), "ছেল");
        assert_eq!(stem("করছ"), "কর");
        // The rules spell য় precomposed (U+09DF); NFC text spells it য + nukta (U+09AF U+09BC).
        assert_eq!(stem("প\u{9c7}\u{9df}\u{9c7}"), "পা");
        assert_eq!(
            stem("প\u{9c7}\u{9af}\u{9bc}\u{9c7}"),
            "প\u{9c7}\u{9af}\u{9bc}"
        );
        // The `.` rules only match a literal full stop.
        assert_eq!(stem("হেসে"), "হেস");
        assert_eq!(stem("হে.ে"), "হা.");
        assert_eq!(stem(""), "");
    }
}
