//! Token interning: every distinct (stemmed) token becomes a small dense `u32` id, so the
//! kernels compare and hash integers, and each word is stemmed once per cache.
use crate::pipeline::Stemmer;
use rustc_hash::FxHashMap;

/// Above this many cached raw tokens the caches are cleared (between pairs only), so a
/// long-running process scoring an open vocabulary keeps bounded memory.
const MAX_CACHED: usize = 1 << 21;

/// Tokens up to this many bytes are cached under an inline integer key.
const SHORT: usize = 15;

/// A short token as an integer: its bytes, zero-padded, and its length in the last byte, so
/// distinct tokens (even ones holding a zero byte) get distinct keys. Hashing and comparing
/// one `u128` instead of a byte string is most of a cache hit's cost saved (nearly every
/// token of real text is this short). Both token caches use it (this one and
/// ROUGE-1.5.5's, `perl::vocab`).
#[inline]
pub(crate) fn short_key(bytes: &[u8]) -> Option<u128> {
    let n = bytes.len();
    if n > SHORT {
        return None;
    }
    // The same value as copying the bytes into a zeroed 16-byte array, built from fixed-size
    // loads (a variable-length copy is a `memcpy` call per token).
    let (lo, hi) = if n >= 8 {
        (le_u64(&bytes[..8]), le_partial(&bytes[8..]))
    } else {
        (le_partial(bytes), 0)
    };
    Some(u128::from(lo) | u128::from(hi) << 64 | (n as u128) << (8 * SHORT))
}

/// [`short_key`] of `token` when it is a slice of `text` followed by enough of `text` for one
/// 16-byte load: that load, masked to the token's length. The tokenizers pass most tokens as
/// slices of the text, and token lengths are random, so [`short_key`]'s branches on the
/// length were mispredicted about once a token (cachegrind's branch simulation: two thirds
/// of the interner's mispredictions). `None` otherwise (a token built in a buffer, one too
/// long, one of the text's last 15 bytes): then [`short_key`] applies.
#[inline(always)]
pub(crate) fn short_key_in(text: &[u8], token: &[u8]) -> Option<u128> {
    let n = token.len();
    // Addresses only: `off` is the token's offset in `text` when it lies inside it.
    let off = (token.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
    if n > SHORT || off >= text.len().saturating_sub(SHORT) {
        return None;
    }
    let window: [u8; 16] = text[off..off + 16].try_into().expect("16 bytes");
    Some(u128::from_le_bytes(window) & KEY_MASKS[n] | (n as u128) << (8 * SHORT))
}

/// `KEY_MASKS[n]`: the low `n` bytes of a `u128` set (a table load is cheaper than the
/// variable 128-bit shift).
const KEY_MASKS: [u128; SHORT + 1] = {
    let mut masks = [0u128; SHORT + 1];
    let mut n = 1;
    while n <= SHORT {
        masks[n] = (1u128 << (8 * n)) - 1;
        n += 1;
    }
    masks
};

#[inline]
fn le_u64(b: &[u8]) -> u64 {
    u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
}

/// Up to 7 bytes, little-endian, zero-extended: two overlapping loads (overlapping bytes land
/// on the same bits, so OR-ing them is exact).
#[inline]
fn le_partial(b: &[u8]) -> u64 {
    let n = b.len();
    if n >= 4 {
        let first = u64::from(u32::from_le_bytes([b[0], b[1], b[2], b[3]]));
        let last = u64::from(u32::from_le_bytes([b[n - 4], b[n - 3], b[n - 2], b[n - 1]]));
        first | last << (8 * (n - 4))
    } else if n > 0 {
        u64::from(b[0])
            | u64::from(b[n / 2]) << (8 * (n / 2))
            | u64::from(b[n - 1]) << (8 * (n - 1))
    } else {
        0
    }
}

/// Short-token keys to ids: open addressing with linear probing on a multiplicative hash,
/// at most half full. It is looked up once per token of every text, and a probe here is a
/// few integer operations where a general hash map's is several times more. Both token
/// caches use it (this one and ROUGE-1.5.5's, `perl::vocab`).
#[derive(Debug, Default)]
pub(crate) struct ShortTable {
    slots: Vec<ShortSlot>,
    len: usize,
    /// `slots.len() == 1 << bits` (0 before the first insertion).
    bits: u32,
}

/// A key and its id side by side: a lookup in a table larger than the L1 cache then misses
/// once, not once in a key array and again in an id array (callgrind's cache simulation
/// counted 1.2 L1 misses per token in the two-array table).
#[derive(Debug, Clone, Copy)]
struct ShortSlot {
    /// [`EMPTY`] or a [`short_key`].
    key: u128,
    id: u32,
}

const EMPTY_SLOT: ShortSlot = ShortSlot { key: EMPTY, id: 0 };

/// Never a [`short_key`]: its length byte would be 255.
const EMPTY: u128 = u128::MAX;

impl ShortTable {
    #[inline]
    fn home(&self, key: u128) -> usize {
        let x = (key as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ ((key >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (x.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
    }

    #[inline]
    pub(crate) fn get(&self, key: u128) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = self.slots[i];
            if slot.key == key {
                return Some(slot.id);
            }
            if slot.key == EMPTY {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds `key` (not present) with `id`.
    pub(crate) fn insert(&mut self, key: u128, id: u32) {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        while self.slots[i].key != EMPTY {
            i = (i + 1) & mask;
        }
        self.slots[i] = ShortSlot { key, id };
        self.len += 1;
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.bits = (self.bits + 1).max(10);
        self.slots = vec![EMPTY_SLOT; 1 << self.bits];
        self.len = 0;
        for slot in old {
            if slot.key != EMPTY {
                self.insert(slot.key, slot.id);
            }
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    pub(crate) fn clear(&mut self) {
        *self = ShortTable::default();
    }
}

/// Maps raw tokens to ids; with stemming, tokens sharing a stem share an id.
#[derive(Debug, Default)]
pub struct Interner {
    stemmer: Stemmer,
    /// Raw tokens of at most [`SHORT`] bytes, by [`short_key`] ...
    short: ShortTable,
    /// ... and the longer ones.
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
        self.id_keyed(token, short_key(token.as_bytes()))
    }

    /// [`Interner::id`] of a token the tokenizer of `text` gave (a slice of `text` or of a
    /// buffer of its own): the key of a slice comes from one load ([`short_key_in`]).
    #[inline]
    pub fn id_in(&mut self, text: &str, token: &str) -> u32 {
        let (text, bytes) = (text.as_bytes(), token.as_bytes());
        let key = short_key_in(text, bytes).or_else(|| short_key(bytes));
        self.id_keyed(token, key)
    }

    #[inline(always)]
    fn id_keyed(&mut self, token: &str, key: Option<u128>) -> u32 {
        if let Some(key) = key {
            if let Some(id) = self.short.get(key) {
                return id;
            }
            let id = self.lookup(token);
            self.short.insert(key, id);
            return id;
        }
        if let Some(&id) = self.raw.get(token) {
            return id;
        }
        let id = self.lookup(token);
        self.raw.insert(token.into(), id);
        id
    }

    /// The id of a token not cached yet: a fresh one, or its stem's.
    fn lookup(&mut self, token: &str) -> u32 {
        if self.stemmer.applies_to(token) {
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
        }
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
        if self.short.len() + self.raw.len() > MAX_CACHED {
            self.short.clear();
            self.raw.clear();
            self.stems.clear();
            self.next = 0;
        }
    }
}

/// Token ids (any `i64`) to dense ids 0, 1, ... in order of first appearance, for the
/// `token-ids` profile, whose kernels index tables by id. One pair's ids at a time: the slots
/// carry the stamp of the pair that filled them, so starting a pair ([`IdMap::clear`]) costs
/// nothing, and a lookup is a multiply and a probe or two (a general hash map's entry was a
/// tenth of the profile's time). A slot holds its key, id and stamp together (16 bytes): a
/// probe touches one cache line, where three separate arrays touched three.
#[derive(Debug, Default)]
pub struct IdMap {
    slots: Vec<IdSlot>,
    stamp: u32,
    len: usize,
    /// `slots.len() == 1 << bits` (0 before the first id).
    bits: u32,
}

#[derive(Debug, Default, Clone, Copy)]
struct IdSlot {
    key: i64,
    id: u32,
    /// The slot is filled for the current pair iff this is the map's `stamp` (never 0 once
    /// in use).
    stamp: u32,
}

impl IdMap {
    /// Forgets every id: the next pair starts from 0.
    pub fn clear(&mut self) {
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // Wrapped after 2^32 pairs: old stamps could match again.
            self.slots.fill(IdSlot::default());
            self.stamp = 1;
        }
    }

    /// The number of distinct ids since the last [`IdMap::clear`].
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when no id was seen since the last [`IdMap::clear`].
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn home(&self, key: i64) -> usize {
        ((key as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
    }

    /// The dense id of `key`, a new one when it is new to this pair.
    #[inline]
    pub fn id(&mut self, key: i64) -> u32 {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = &mut self.slots[i];
            if slot.stamp != self.stamp {
                let id = self.len as u32;
                *slot = IdSlot {
                    key,
                    id,
                    stamp: self.stamp,
                };
                self.len += 1;
                return id;
            }
            if slot.key == key {
                return slot.id;
            }
            i = (i + 1) & mask;
        }
    }

    #[inline(never)]
    fn grow(&mut self) {
        let old: Vec<IdSlot> = self
            .slots
            .iter()
            .filter(|s| s.stamp == self.stamp)
            .copied()
            .collect();
        self.bits = (self.bits + 1).max(8);
        let size = 1usize << self.bits;
        self.slots = vec![IdSlot::default(); size];
        self.stamp = 1;
        let mask = size - 1;
        for slot in old {
            let mut i = self.home(slot.key);
            while self.slots[i].stamp == self.stamp {
                i = (i + 1) & mask;
            }
            self.slots[i] = IdSlot {
                stamp: self.stamp,
                ..slot
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_from_the_text_equals_the_key_from_the_token() {
        // Every slice of lengths 0..=17 at every offset (bytes of every value, zero among
        // them): where the text has 16 bytes from the slice's start the load gives the key.
        let text: Vec<u8> = (0..64u32).map(|i| (i * 37 % 256) as u8).collect();
        for start in 0..text.len() {
            for n in 0..=17.min(text.len() - start) {
                let token = &text[start..start + n];
                let got = short_key_in(&text, token);
                if n <= SHORT && start + 16 <= text.len() {
                    assert_eq!(got, short_key(token), "{start} {n}");
                } else {
                    assert_eq!(got, None, "{start} {n}");
                }
            }
        }
        // A token of another buffer, even one equal to a slice of the text.
        let other = text[3..9].to_vec();
        assert_eq!(short_key_in(&text, &other), None);
        let mut interner = Interner::new(Stemmer::None);
        let text = "a token of the text, and the token again";
        let ids: Vec<u32> = text
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|t| !t.is_empty())
            .map(|t| interner.id_in(text, t))
            .collect();
        assert_eq!(ids, [0, 1, 2, 3, 4, 5, 3, 1, 6]);
        assert_eq!(interner.id("token"), 1);
        assert_eq!(interner.id_in("", "again"), 6);
    }

    #[test]
    fn id_map_numbers_first_appearances_per_pair() {
        let mut map = IdMap::default();
        let mut oracle: FxHashMap<i64, u32> = FxHashMap::default();
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for pair in 0..300 {
            map.clear();
            oracle.clear();
            // Pairs of growing size (the table grows inside a pair), keys from a small and
            // a wide range (collisions and the sign bit), and repeats.
            for _ in 0..(pair * 7) % 1500 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let key = if x.is_multiple_of(3) {
                    (x % 50) as i64
                } else {
                    x as i64
                };
                let next = oracle.len() as u32;
                assert_eq!(map.id(key), *oracle.entry(key).or_insert(next));
            }
            assert_eq!(map.len(), oracle.len());
        }
        // The stamp wrapping around forgets everything.
        map.stamp = u32::MAX;
        map.clear();
        assert!(map.is_empty());
        assert_eq!((map.id(7), map.id(-7), map.id(7)), (0, 1, 0));
    }

    #[test]
    fn stems_share_ids() {
        let mut i = Interner::new(Stemmer::PorterNltk);
        assert_eq!(i.id("jumps"), i.id("jump"));
        assert_eq!(i.id("cats"), i.id("cat"));
        assert_ne!(i.id("was"), i.id("wa"));
        let mut plain = Interner::new(Stemmer::None);
        assert_ne!(plain.id("jumps"), plain.id("jump"));
        assert_eq!(plain.id("jump"), plain.id("jump"));
        // Short keys carry the length: a trailing zero byte makes another token.
        assert_ne!(plain.id("a"), plain.id("a\0"));
        // Enough short tokens to grow the table several times; all found again.
        let words: Vec<String> = (0..5000).map(|k| format!("w{k}")).collect();
        let ids: Vec<u32> = words.iter().map(|w| plain.id(w)).collect();
        assert_eq!(words.iter().map(|w| plain.id(w)).collect::<Vec<_>>(), ids);
        let long = "x".repeat(40);
        assert_eq!(plain.id(&long), plain.id(&long));
        assert_ne!(plain.id(&long), plain.id(&long[..15]));
        assert_eq!(short_key(b"abc"), short_key(b"abc"));
        assert!(short_key("y".repeat(16).as_bytes()).is_none());
        // The loads build exactly the zero-padded bytes with the length in the last byte.
        let text: Vec<u8> = (1..=15u8).map(|b| b.wrapping_mul(37)).collect();
        for n in 0..=15 {
            let mut key = [0u8; 16];
            key[..n].copy_from_slice(&text[..n]);
            key[SHORT] = n as u8;
            assert_eq!(short_key(&text[..n]), Some(u128::from_le_bytes(key)), "{n}");
        }
    }
}
