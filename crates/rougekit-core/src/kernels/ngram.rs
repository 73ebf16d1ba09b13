//! ROUGE-N: clipped multiset overlap of n-grams over the whole token list (spec `rouge-score.md` §4).
//!
//! N-grams become integer keys (exact: a pair packs two u32 ids, longer n-grams get ids from
//! a map keyed by the id slice); overlap Σ_g min(count_pred(g), count_ref(g)) is counted with
//! a dense table for unigrams and a reusable hash table otherwise.
use rustc_hash::FxHashMap;

/// Assigns exact ids to n-grams with n >= 3 within one pair (shared by all its texts).
#[derive(Debug, Default)]
pub struct NgramIds<'a> {
    ids: FxHashMap<&'a [u32], u64>,
}

impl<'a> NgramIds<'a> {
    /// A new, empty n-gram id map.
    pub fn new() -> Self {
        NgramIds {
            ids: FxHashMap::default(),
        }
    }
}

/// Writes the n-gram keys of `tokens` into `out` (cleared first), in text order.
pub fn keys<'a>(tokens: &'a [u32], n: usize, ids: &mut NgramIds<'a>, out: &mut Vec<u64>) {
    out.clear();
    if n == 0 || tokens.len() < n {
        return;
    }
    match n {
        1 => out.extend(tokens.iter().map(|&t| u64::from(t))),
        2 => out.extend(
            tokens
                .windows(2)
                .map(|w| (u64::from(w[0]) << 32) | u64::from(w[1])),
        ),
        _ => {
            for w in tokens.windows(n) {
                let next = ids.ids.len() as u64;
                out.push(*ids.ids.entry(w).or_insert(next));
            }
        }
    }
}

/// Clipped overlap of two key multisets through a reusable open-addressing table of
/// counts: linear probing on a multiplicative hash, slots valid only for the current call's
/// stamp, so nothing is cleared between calls (this runs for every pair and reference).
#[derive(Debug, Default)]
pub struct KeyCounter {
    keys: Vec<u64>,
    counts: Vec<u32>,
    /// A slot holds a key of this call iff its stamp equals `stamp`.
    stamps: Vec<u32>,
    stamp: u32,
}

impl KeyCounter {
    /// Σ_k min(count of k in `a`, count of k in `b`).
    pub fn overlap(&mut self, a: &[u64], b: &[u64]) -> usize {
        if a.is_empty() || b.is_empty() {
            return 0;
        }
        // At most an eighth full: a probe almost always ends at the key's home slot, so
        // the loops below rarely branch the other way (a hit or a miss is a coin flip
        // for the predictor, and the counting itself is branch-free).
        let bits = (8 * a.len()).next_power_of_two().max(16).trailing_zeros();
        let size = 1usize << bits;
        if self.keys.len() < size {
            self.keys.resize(size, 0);
            self.counts.resize(size, 0);
            self.stamps.resize(size, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // Wrapped: stamps from 2^32 calls ago would look current.
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        let (stamp, mask) = (self.stamp, size - 1);
        let home = |k: u64| (k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize;
        // The slot of `k`: where it is, or the free slot where it would go.
        let place = |keys: &[u64], stamps: &[u32], k: u64| {
            let mut i = home(k);
            loop {
                let live = stamps[i] == stamp;
                // One branch, not two (`||` would test `live` alone first).
                if u8::from(!live) | u8::from(keys[i] == k) != 0 {
                    return (i, live);
                }
                i = (i + 1) & mask;
            }
        };
        for &k in a {
            let (i, live) = place(&self.keys, &self.stamps, k);
            self.counts[i] = std::hint::select_unpredictable(live, self.counts[i], 0) + 1;
            self.keys[i] = k;
            self.stamps[i] = stamp;
        }
        let mut hits = 0;
        for &k in b {
            let (i, live) = place(&self.keys, &self.stamps, k);
            // A free slot may hold a stale count: `live` gates it.
            let take = u32::from(live & (self.counts[i] > 0));
            self.counts[i] -= take;
            hits += take as usize;
        }
        hits
    }
}

/// Largest id for which [`UnigramCounter`] uses a dense table (beyond it: sorting).
const DENSE_LIMIT: u32 = 1 << 24;

/// Clipped unigram overlap through a dense count table indexed by token id: O(|a| + |b|)
/// with no sorting or hashing (ids are small and dense, see `intern`).
#[derive(Debug, Default)]
pub struct UnigramCounter {
    counts: Vec<u32>,
    keys: (Vec<u64>, Vec<u64>),
    sparse: KeyCounter,
}

impl UnigramCounter {
    /// Σ_t min(count of t in `a`, count of t in `b`).
    pub fn overlap(&mut self, a: &[u32], b: &[u32]) -> usize {
        let max = a.iter().chain(b).copied().max().unwrap_or(0);
        if max >= DENSE_LIMIT {
            let (ka, kb) = &mut self.keys;
            ka.clear();
            ka.extend(a.iter().map(|&t| u64::from(t)));
            kb.clear();
            kb.extend(b.iter().map(|&t| u64::from(t)));
            return self.sparse.overlap(ka, kb);
        }
        if self.counts.len() <= max as usize {
            self.counts.resize(max as usize + 1, 0);
        }
        for &t in a {
            self.counts[t as usize] += 1;
        }
        let mut hits = 0;
        for &t in b {
            // Branch-free: whether a prediction token is still unmatched is unpredictable.
            let c = &mut self.counts[t as usize];
            let take = u32::from(*c > 0);
            *c -= take;
            hits += take as usize;
        }
        for &t in a {
            self.counts[t as usize] = 0;
        }
        hits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Oracle: Σ over keys of min(multiplicity in `a`, multiplicity in `b`), both sorted ascending.
    fn sorted_overlap(a: &[u64], b: &[u64]) -> usize {
        let (mut i, mut j, mut hits) = (0, 0, 0);
        while i < a.len() && j < b.len() {
            match a[i].cmp(&b[j]) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    hits += 1;
                    i += 1;
                    j += 1;
                }
            }
        }
        hits
    }

    fn overlap(a: &[u32], b: &[u32], n: usize) -> (usize, usize, usize) {
        let mut ids = NgramIds::new();
        let (mut ka, mut kb) = (Vec::new(), Vec::new());
        keys(a, n, &mut ids, &mut ka);
        keys(b, n, &mut ids, &mut kb);
        let hashed = KeyCounter::default().overlap(&ka, &kb);
        ka.sort_unstable();
        kb.sort_unstable();
        assert_eq!(hashed, sorted_overlap(&ka, &kb));
        (hashed, ka.len(), kb.len())
    }

    #[test]
    fn dense_counter_matches_sorting() {
        let mut c = UnigramCounter::default();
        assert_eq!(c.overlap(&[0, 0, 0, 0], &[0, 1]), 1);
        assert_eq!(c.overlap(&[3, 1, 3], &[3, 3, 3, 1, 1]), 3);
        assert_eq!(
            c.overlap(&[DENSE_LIMIT + 5, 2], &[2, DENSE_LIMIT + 5, 7]),
            2
        );
        assert_eq!(c.overlap(&[], &[1]), 0);
    }

    #[test]
    fn open_addressing_matches_sorting() {
        // Many calls on one counter (stale slots of earlier calls must not count), sizes
        // across table growth, keys crowded into few values (collisions, long probes).
        let mut counter = KeyCounter::default();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = |range: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % range
        };
        for round in 0..400 {
            let range = [3, 50, 1 << 40, u64::MAX][round % 4];
            let (la, lb) = (next(300) as usize, next(300) as usize);
            let mut a: Vec<u64> = (0..la).map(|_| next(range)).collect();
            let mut b: Vec<u64> = (0..lb).map(|_| next(range) << (round % 3)).collect();
            let got = counter.overlap(&a, &b);
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(got, sorted_overlap(&a, &b), "round {round}");
        }
    }

    #[test]
    fn clipping() {
        // E15/E16: "the the the the" vs "the cat".
        assert_eq!(overlap(&[0, 0, 0, 0], &[0, 1], 1), (1, 4, 2));
        assert_eq!(overlap(&[0, 1, 2, 0, 1, 2], &[0, 1, 2, 3], 3), (1, 4, 2));
        assert_eq!(
            overlap(&[0, 1, 2, 0, 1, 2], &[0, 1, 2, 0, 1, 2], 3),
            (4, 4, 4)
        );
        assert_eq!(overlap(&[7], &[7], 2), (0, 0, 0));
        assert_eq!(overlap(&[1, 2, 1, 2, 1], &[2, 1, 2, 1, 2], 2), (4, 4, 4));
    }
}
