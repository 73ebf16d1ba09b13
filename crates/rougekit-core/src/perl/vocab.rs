//! Token → id for the perl-1.5.5 profile: the §6.4 filter (stopwords on the unstemmed token)
//! and the §7 stemmer, cached per worker so every distinct word is filtered and stemmed once.
use crate::stem::porter_perl;
use crate::stopwords;
use rustc_hash::FxHashMap;

/// The `-m` stemmer variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PerlStemmer {
    /// No stemming.
    #[default]
    None,
    /// The WordNet-2.0 exception table, then Perl's Porter variant (the canonical DB).
    WordNet,
    /// Perl's Porter variant alone: the empty exception DB most wrapper installs built.
    Porter,
}

/// Settings that change which id a raw token gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TokenRules {
    pub stemmer: PerlStemmer,
    pub stopwords: bool,
}

/// Marks a token that the filter drops.
pub const DROPPED: u32 = u32::MAX;

/// Above this many cached raw tokens the cache is cleared between instances.
const MAX_CACHED: usize = 1 << 21;

/// Tokens up to this many bytes are cached under an inline integer key.
const SHORT: usize = 16;

/// A short token as an integer, zero-padded: tokens are ASCII letters and digits, never a
/// zero byte, so distinct tokens get distinct keys.
#[inline]
fn short_key(token: &[u8]) -> Option<u128> {
    (token.len() <= SHORT).then(|| {
        let mut bytes = [0u8; SHORT];
        bytes[..token.len()].copy_from_slice(token);
        u128::from_le_bytes(bytes)
    })
}

/// Per-worker token cache. Ids are dense from 0 and shared by tokens with equal stems.
#[derive(Debug, Default)]
pub struct Vocab {
    rules: TokenRules,
    /// Nearly every token: looked up without hashing or comparing a byte string (that was
    /// a sixth of the scoring time on CNN/DM).
    short: FxHashMap<u128, u32>,
    long: FxHashMap<Box<[u8]>, u32>,
    stems: FxHashMap<Box<str>, u32>,
}

impl Vocab {
    /// Prepares the cache for `rules`, clearing it if they changed or it grew too large.
    /// Ids stay valid until the next call, so call it between instances only.
    pub fn reset_for(&mut self, rules: TokenRules) {
        if self.rules != rules || self.short.len() + self.long.len() > MAX_CACHED {
            self.short.clear();
            self.long.clear();
            self.stems.clear();
            self.rules = rules;
        }
    }

    /// The id of a normalised token (lower-case ASCII letters/digits), or [`DROPPED`].
    #[inline]
    pub fn id(&mut self, token: &[u8]) -> u32 {
        if let Some(key) = short_key(token) {
            if let Some(&id) = self.short.get(&key) {
                return id;
            }
            let id = self.lookup(token);
            self.short.insert(key, id);
            return id;
        }
        if let Some(&id) = self.long.get(token) {
            return id;
        }
        let id = self.lookup(token);
        self.long.insert(token.into(), id);
        id
    }

    fn lookup(&mut self, token: &[u8]) -> u32 {
        // Tokens are ASCII by construction (see `text::for_each_token`).
        let word = std::str::from_utf8(token).unwrap_or_default();
        if self.rules.stopwords && stopwords::is_stopword(word) {
            return DROPPED;
        }
        let stem = match self.rules.stemmer {
            PerlStemmer::None => std::borrow::Cow::Borrowed(word),
            PerlStemmer::WordNet => porter_perl::stem_token(word, true),
            PerlStemmer::Porter => porter_perl::stem_token(word, false),
        };
        if let Some(&id) = self.stems.get(stem.as_ref()) {
            return id;
        }
        let id = self.stems.len() as u32;
        self.stems.insert(stem.into_owned().into_boxed_str(), id);
        id
    }

    /// One more than the largest id handed out since the last reset.
    pub fn len(&self) -> usize {
        self.stems.len()
    }

    /// True when no id has been handed out since the last reset.
    pub fn is_empty(&self) -> bool {
        self.stems.is_empty()
    }
}
