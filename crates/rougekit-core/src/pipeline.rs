//! The text pipeline of the rouge-score family of profiles: normalise and tokenise (one
//! [`Tokenizer`] per profile), then stem (a [`Stemmer`]) and intern ([`crate::intern`]).
//!
//! Every tokenizer reports the `\n`s of the text as well as its tokens, so one scan gives both
//! the whole-text tokens (ROUGE-N, rougeL, -W, -S) and the lines of rougeLsum (spec
//! `rouge-score.md` §6). For each tokenizer here the whole-text tokens are exactly the
//! concatenation of the per-line tokens (no token spans a `\n`), which is what rouge-score
//! computes when it tokenises the text and each of its lines separately.
use crate::error::RougeError;
use crate::stem::porter_nltk;
use crate::stem::snowball::{self, Snowball};
use crate::tokenize::rouge_score;
use crate::tokenize::unicode::{self, Unit};
use std::borrow::Cow;

/// How text becomes tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tokenizer {
    /// rouge-score 0.1.2's default tokenizer (spec `rouge-score.md` §2).
    RougeScore,
    /// Pre-tokenised text: split on Unicode `White_Space`, nothing else changes.
    Whitespace,
    /// `unicode-v1`: rouge-score-rs 0.2.1's `UnicodeTokenizer`: NFKC, case folding, NFKC, then
    /// the UAX #29 words that contain a letter or a number ([`crate::tokenize::unicode`]).
    Unicode,
    /// `character-v1`: rouge-score-rs 0.2.1's `CharacterTokenizer`: normalised like
    /// `unicode-v1`, then the grapheme clusters that contain a letter or a number.
    Character,
}

impl Tokenizer {
    /// The tokenizer's frozen name (the signature's `tok:` field).
    pub fn name(self) -> &'static str {
        match self {
            Tokenizer::RougeScore => "rouge-score",
            Tokenizer::Whitespace => "whitespace",
            Tokenizer::Unicode => "unicode-v1",
            Tokenizer::Character => "character-v1",
        }
    }

    /// Parses a tokenizer name.
    pub fn parse(name: &str) -> Result<Tokenizer, RougeError> {
        Ok(match name {
            "rouge-score" => Tokenizer::RougeScore,
            "whitespace" => Tokenizer::Whitespace,
            "unicode-v1" => Tokenizer::Unicode,
            "character-v1" => Tokenizer::Character,
            _ => {
                return Err(RougeError::InvalidOption(format!(
                    "unknown tokenizer {name:?}: expected rouge-score, whitespace, unicode-v1 \
                     or character-v1"
                )))
            }
        })
    }

    /// Whether the tokenizer keeps only ASCII letters and digits (every other letter is
    /// dropped, which the warnings count).
    pub fn ascii_only(self) -> bool {
        matches!(self, Tokenizer::RougeScore)
    }

    /// Calls `on_event(Some(token))` for each token in order and `on_event(None)` at each
    /// `\n`.
    ///
    /// No token spans a `\n` and the whole-text tokens are the per-line tokens concatenated
    /// (for `unicode-v1` / `character-v1` too: normalisation and UAX #29 segmentation both
    /// stop at `\n`, see [`crate::tokenize::unicode`]).
    pub fn scan(self, text: &str, mut on_event: impl FnMut(Option<&str>)) {
        match self {
            Tokenizer::RougeScore => rouge_score::scan(text, on_event),
            Tokenizer::Unicode => unicode::scan(text, Unit::Word, on_event),
            Tokenizer::Character => unicode::scan(text, Unit::Grapheme, on_event),
            Tokenizer::Whitespace => {
                for (i, line) in text.split('\n').enumerate() {
                    if i > 0 {
                        on_event(None);
                    }
                    line.split(char::is_whitespace)
                        .filter(|t| !t.is_empty())
                        .for_each(|t| on_event(Some(t)));
                }
            }
        }
    }
}

/// How tokens are stemmed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Stemmer {
    #[default]
    None,
    /// NLTK's `PorterStemmer()` in NLTK_EXTENSIONS mode, rouge-score's `use_stemmer=True`.
    PorterNltk,
    /// A Snowball 3.1.1 stemmer, `snowball:<algorithm>` ([`crate::stem::snowball`]).
    Snowball(Snowball),
}

impl Stemmer {
    /// The stemmer's name as users write it (`None` for no stemmer): `nltk-porter`,
    /// `snowball:<algorithm>`.
    pub fn name(self) -> Option<&'static str> {
        match self {
            Stemmer::None => None,
            Stemmer::PorterNltk => Some("nltk-porter"),
            Stemmer::Snowball(s) => Some(s.name()),
        }
    }

    /// The stemmer's id in a signature (`None` for no stemmer): `nltk-porter`,
    /// `snowball-<version>:<algorithm>` (`snowball-3.1.1:german`), naming the Snowball
    /// release whose stems these are.
    pub fn signature_id(self) -> Option<&'static str> {
        match self {
            Stemmer::None => None,
            Stemmer::PorterNltk => Some("nltk-porter"),
            Stemmer::Snowball(s) => Some(s.signature_id()),
        }
    }

    /// Parses a stemmer name: `nltk-porter` or `snowball:<algorithm>`.
    pub fn parse(name: &str) -> Result<Stemmer, RougeError> {
        if name == "nltk-porter" {
            return Ok(Stemmer::PorterNltk);
        }
        if let Some(algorithm) = name.strip_prefix("snowball:") {
            return Snowball::parse(algorithm).map(Stemmer::Snowball);
        }
        Err(RougeError::InvalidOption(format!(
            "unknown stemmer {name:?}: expected nltk-porter or snowball:<algorithm>, \
             <algorithm> one of {}",
            snowball::ids()
        )))
    }

    /// The stem of `word` as is, whatever its length (the public `rougekit.stem`).
    pub fn stem_word(self, word: &str) -> Cow<'_, str> {
        match self {
            Stemmer::None => Cow::Borrowed(word),
            Stemmer::PorterNltk => Cow::Owned(porter_nltk::stem(word)),
            Stemmer::Snowball(s) => s.stem(word),
        }
    }

    /// rouge-score's rule (spec `rouge-score.md` §2.1 step 5): only tokens longer than three
    /// characters are stemmed.
    #[inline]
    pub fn applies_to(self, token: &str) -> bool {
        match self {
            Stemmer::None => false,
            // Byte length bounds the character count from above: only a multi-byte token
            // of four or more bytes needs counting.
            _ => token.len() > 3 && (token.is_ascii() || token.chars().nth(3).is_some()),
        }
    }

    /// The stem of `token` (the token itself when the stemmer does not apply to it).
    pub fn stem(self, token: &str) -> Cow<'_, str> {
        if self.applies_to(token) {
            self.stem_word(token)
        } else {
            Cow::Borrowed(token)
        }
    }
}

/// A tokenizer and a stemmer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pipeline {
    pub tokenizer: Tokenizer,
    pub stemmer: Stemmer,
}

impl Pipeline {
    /// rouge-score's tokenizer, with or without its Porter stemmer.
    pub fn rouge_score(stemmer: bool) -> Pipeline {
        Pipeline {
            tokenizer: Tokenizer::RougeScore,
            stemmer: if stemmer {
                Stemmer::PorterNltk
            } else {
                Stemmer::None
            },
        }
    }

    /// The (stemmed) tokens of `text`: the public `tokenize`; scoring interns instead.
    pub fn tokens(&self, text: &str) -> Vec<String> {
        let mut out = Vec::new();
        self.tokenizer.scan(text, |event| {
            if let Some(t) = event {
                out.push(self.stemmer.stem(t).into_owned());
            }
        });
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_splits_on_white_space_only() {
        let p = Pipeline {
            tokenizer: Tokenizer::Whitespace,
            stemmer: Stemmer::None,
        };
        assert_eq!(
            p.tokens("The  cat\u{a0}sat,\tdon't\u{3000}猫\n x\u{1c}y"),
            ["The", "cat", "sat,", "don't", "猫", "x\u{1c}y"]
        );
        let mut events = Vec::new();
        Tokenizer::Whitespace.scan("a b\n\nc", |t| events.push(t.unwrap_or("\\n").to_string()));
        assert_eq!(events, ["a", "b", "\\n", "\\n", "c"]);
    }

    #[test]
    fn stem_rule_counts_characters() {
        let s = Stemmer::PorterNltk;
        assert!(!s.applies_to("cat"));
        assert!(s.applies_to("cats"));
        assert!(!s.applies_to("äöü"));
        assert!(s.applies_to("äöüs"));
        assert_eq!(
            Pipeline::rouge_score(true).tokens("The cats ran"),
            ["the", "cat", "ran"]
        );
    }

    #[test]
    fn snowball_stemmers() {
        let german = Stemmer::parse("snowball:german").unwrap();
        assert_eq!(german.name(), Some("snowball:german"));
        assert_eq!(german.signature_id(), Some("snowball-3.1.1:german"));
        assert_eq!(german.stem_word("katzen"), "katz");
        assert_eq!(Stemmer::PorterNltk.signature_id(), Some("nltk-porter"));
        assert_eq!(Stemmer::None.signature_id(), None);
        for s in Snowball::all() {
            let st = Stemmer::Snowball(s);
            assert_eq!(Stemmer::parse(st.name().unwrap()), Ok(st));
        }
        for bad in [
            "snowball:de",
            "snowball:German",
            "snowball",
            "snowball-3.1.1:german",
        ] {
            let err = Stemmer::parse(bad).unwrap_err().to_string();
            assert!(err.contains("english, esperanto"), "{bad}: {err}");
        }
        let err = Stemmer::parse("porter").unwrap_err().to_string();
        assert!(
            err.starts_with(
                "unknown stemmer \"porter\": expected nltk-porter or snowball:<algorithm>"
            ),
            "{err}"
        );
        // rouge-score's rule in characters: a 3-letter Greek word (6 bytes) is not stemmed,
        // a 4-letter one is; Snowball itself would change the 3-letter one.
        let greek = Stemmer::parse("snowball:greek").unwrap();
        assert_ne!(greek.stem_word("γάτ"), "γάτ");
        assert_eq!(greek.stem("γάτ"), "γάτ");
        assert!(greek.applies_to("γάτα"));
        let p = Pipeline {
            tokenizer: Tokenizer::RougeScore,
            stemmer: Stemmer::parse("snowball:english").unwrap(),
        };
        assert_eq!(
            p.tokens("The cats were running"),
            ["the", "cat", "were", "run"]
        );
    }
}
