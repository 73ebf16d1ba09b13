//! Token → id for the perl-1.5.5 profile: the §6.4 filter (stopwords on the unstemmed token)
//! and the §7 stemmer, cached per worker so every distinct word is filtered and stemmed once.
use crate::intern::{short_key, ShortTable};
use crate::stem::porter_perl;
use crate::stopwords;
use rustc_hash::{FxHashMap, FxHashSet};
use std::borrow::Cow;
use std::sync::{Mutex, OnceLock};

/// A user's WordNet exception table (ROUGE-1.5.5's `-e DIR/WordNet-2.0.exc.db`, spec `rouge-1.5.5.md` §3),
/// interned for the process by content, so equal tables are the same pointer and compare
/// and hash by address.
pub struct ExceptionTable {
    map: FxHashMap<Box<str>, Box<str>>,
}

/// A user's stopword list (`-e DIR/smart_common_words.txt`, spec `rouge-1.5.5.md` §3 and §6.4), interned
/// like [`ExceptionTable`].
pub struct StopList {
    set: FxHashSet<Box<str>>,
}

macro_rules! by_address {
    ($t:ty, $what:literal, $len:ident) => {
        impl PartialEq for $t {
            fn eq(&self, other: &Self) -> bool {
                std::ptr::eq(self, other)
            }
        }
        impl Eq for $t {}
        impl std::hash::Hash for $t {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                std::ptr::hash(self, state);
            }
        }
        impl std::fmt::Debug for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}({} entries)", $what, self.$len.len())
            }
        }
    };
}
by_address!(ExceptionTable, "ExceptionTable", map);
by_address!(StopList, "StopList", set);

/// Interned tables live for the process; a registry keyed by the sorted content keeps their
/// number bounded by the distinct data folders a process reads.
type Registry<T> = Mutex<FxHashMap<Vec<String>, &'static T>>;

/// The value `registry` holds for the content `key` (sorted here), made once by `make`.
fn intern_in<T: Sync>(
    registry: &OnceLock<Registry<T>>,
    mut key: Vec<String>,
    make: impl FnOnce() -> T,
) -> &'static T {
    key.sort_unstable();
    let mut registry = registry
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    registry
        .entry(key)
        .or_insert_with(|| Box::leak(Box::new(make())))
}

impl ExceptionTable {
    /// The interned table of these `(key, value)` pairs (a later pair replaces an earlier
    /// one with the same key, as a DB holds one value per key).
    pub fn intern(pairs: Vec<(String, String)>) -> &'static ExceptionTable {
        static TABLES: OnceLock<Registry<ExceptionTable>> = OnceLock::new();
        let map: FxHashMap<Box<str>, Box<str>> = pairs
            .into_iter()
            .map(|(k, v)| (k.into(), v.into()))
            .collect();
        let key = map.iter().map(|(k, v)| format!("{k}\t{v}")).collect();
        intern_in(&TABLES, key, || ExceptionTable { map })
    }

    /// The table's value for `word`, returned verbatim (§7 step 1).
    pub fn get(&self, word: &str) -> Option<&str> {
        self.map.get(word).map(|v| &**v)
    }
}

impl StopList {
    /// The interned list of these entries.
    pub fn intern(entries: Vec<String>) -> &'static StopList {
        static LISTS: OnceLock<Registry<StopList>> = OnceLock::new();
        let set: FxHashSet<Box<str>> = entries.into_iter().map(Into::into).collect();
        let key = set.iter().map(|s| s.to_string()).collect();
        intern_in(&LISTS, key, || StopList { set })
    }

    /// Whether `token` is exactly an entry (§6.4).
    pub fn contains(&self, token: &str) -> bool {
        self.set.contains(token)
    }
}

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
    /// A user's exception table (`-e`), then Perl's Porter variant.
    Custom(&'static ExceptionTable),
}

impl PerlStemmer {
    /// The exception table's value for `word`, if this variant has a table holding it.
    pub fn exception(self, word: &str) -> Option<&'static str> {
        match self {
            PerlStemmer::None | PerlStemmer::Porter => None,
            PerlStemmer::WordNet => crate::stem::wordnet::lookup(word),
            PerlStemmer::Custom(table) => table.get(word),
        }
    }
}

/// Settings that change which id a raw token gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TokenRules {
    pub stemmer: PerlStemmer,
    pub stopwords: bool,
    /// The `-s` list: ROUGE-1.5.5's own when `None`.
    pub stoplist: Option<&'static StopList>,
}

impl TokenRules {
    /// What becomes of a normalised token: `None` when `-s` drops it (§6.4, on the
    /// unstemmed token), else its stem (§7).
    pub fn apply(self, word: &str) -> Option<Cow<'_, str>> {
        if self.stopwords
            && match self.stoplist {
                Some(list) => list.contains(word),
                None => stopwords::is_stopword(word),
            }
        {
            return None;
        }
        Some(match self.stemmer {
            PerlStemmer::None => Cow::Borrowed(word),
            PerlStemmer::WordNet => porter_perl::stem_token(word, true),
            PerlStemmer::Porter => porter_perl::stem_token(word, false),
            // Same order as the canonical table (§7): short tokens kept, then the table.
            PerlStemmer::Custom(table) => match table.get(word) {
                Some(base) if word.len() > 3 => Cow::Borrowed(base),
                _ => porter_perl::stem_token(word, false),
            },
        })
    }
}

/// Marks a token that the filter drops.
pub const DROPPED: u32 = u32::MAX;

/// Above this many cached raw tokens the cache is cleared between instances.
const MAX_CACHED: usize = 1 << 21;

/// Per-worker token cache. Ids are dense from 0 and shared by tokens with equal stems.
#[derive(Debug, Default)]
pub struct Vocab {
    rules: TokenRules,
    /// Nearly every token: looked up without hashing or comparing a byte string (that was
    /// a sixth of the scoring time on CNN/DM).
    short: ShortTable,
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
            if let Some(id) = self.short.get(key) {
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
        let Some(stem) = self.rules.apply(word) else {
            return DROPPED;
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

#[cfg(test)]
mod custom_tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn equal_tables_intern_to_one_pointer() {
        let a = ExceptionTable::intern(pairs(&[("went", "go"), ("geese", "goose")]));
        let b = ExceptionTable::intern(pairs(&[("geese", "goose"), ("went", "go")]));
        let c = ExceptionTable::intern(pairs(&[("went", "gone")]));
        assert!(std::ptr::eq(a, b) && a == b && a != c);
        let s = StopList::intern(vec!["the".into(), "a".into()]);
        assert!(std::ptr::eq(
            s,
            StopList::intern(vec!["a".into(), "the".into()])
        ));
    }

    #[test]
    fn a_custom_table_then_porter_and_a_custom_stoplist() {
        let table = ExceptionTable::intern(pairs(&[("went", "go"), ("cats", "dog"), ("is", "be")]));
        let mut vocab = Vocab::default();
        vocab.reset_for(TokenRules {
            stemmer: PerlStemmer::Custom(table),
            stopwords: true,
            stoplist: Some(StopList::intern(vec!["sat".into()])),
        });
        assert_eq!(vocab.id(b"went"), vocab.id(b"go")); // the table (went > 3 bytes)
        assert_eq!(vocab.id(b"cats"), vocab.id(b"dog"));
        assert_ne!(vocab.id(b"is"), vocab.id(b"be")); // 3 bytes or fewer: never looked up
        assert_eq!(vocab.id(b"running"), vocab.id(b"run")); // Porter for the rest
        assert_eq!(vocab.id(b"sat"), DROPPED);
        assert_ne!(vocab.id(b"the"), DROPPED); // only the custom list applies
        assert_eq!(PerlStemmer::Custom(table).exception("went"), Some("go"));
    }
}
