//! Token interning: every distinct (stemmed) token becomes a small dense `u32` id, so the
//! kernels compare and hash integers, and each word is stemmed once per cache.
use crate::pipeline::Stemmer;
use rustc_hash::FxHashMap;

/// Above this many cached raw tokens the caches are cleared (between pairs only), so a
/// long-running process scoring an open vocabulary keeps bounded memory.
const MAX_CACHED: usize = 1 << 21;

/// Maps raw tokens to ids; with stemming, tokens sharing a stem share an id.
#[derive(Debug, Default)]
pub struct Interner {
    stemmer: Stemmer,
    raw: FxHashMap<Box<str>, u32>,
    stems: FxHashMap<Box<str>, u32>,
    next: u32,
}

impl Interner {
    /// A new, empty interner.
    pub fn new(stemmer: Stemmer) -> Interner {
        Interner {
            stemmer,
            ..Interner::default()
        }
    }

    /// The id of `token` (as its tokenizer gave it).
    #[inline]
    pub fn id(&mut self, token: &str) -> u32 {
        if let Some(&id) = self.raw.get(token) {
            return id;
        }
        let id = if self.stemmer.applies_to(token) {
            let stem = self.stemmer.stem_word(token);
            match self.stems.get(&*stem) {
                Some(&id) => id,
                None => {
                    let id = self.fresh();
                    self.stems.insert(stem.into_owned().into_boxed_str(), id);
                    id
                }
            }
        } else if self.stemmer != Stemmer::None {
            // An unstemmed short token shares the id of an equal stem of a longer word.
            match self.stems.get(token) {
                Some(&id) => id,
                None => {
                    let id = self.fresh();
                    self.stems.insert(token.into(), id);
                    id
                }
            }
        } else {
            self.fresh()
        };
        self.raw.insert(token.into(), id);
        id
    }

    fn fresh(&mut self) -> u32 {
        let id = self.next;
        self.next += 1;
        id
    }

    /// One more than the largest id handed out.
    pub fn len(&self) -> usize {
        self.next as usize
    }

    /// True when no id has been handed out.
    pub fn is_empty(&self) -> bool {
        self.next == 0
    }

    /// Clears the caches when they have grown past the bound. Ids are only meaningful within
    /// one pair, so this may be called between pairs, never inside one.
    pub fn trim(&mut self) {
        if self.raw.len() > MAX_CACHED {
            self.raw.clear();
            self.stems.clear();
            self.next = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_share_ids() {
        let mut i = Interner::new(Stemmer::PorterNltk);
        assert_eq!(i.id("jumps"), i.id("jump"));
        assert_eq!(i.id("cats"), i.id("cat"));
        assert_ne!(i.id("was"), i.id("wa"));
        let mut plain = Interner::new(Stemmer::None);
        assert_ne!(plain.id("jumps"), plain.id("jump"));
        assert_eq!(plain.id("jump"), plain.id("jump"));
    }
}
