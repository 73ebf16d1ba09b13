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

/// Clipped overlap of two key multisets through a reusable hash table of counts.
#[derive(Debug, Default)]
pub struct KeyCounter {
    counts: FxHashMap<u64, u32>,
}

impl KeyCounter {
    /// Σ_k min(count of k in `a`, count of k in `b`).
    pub fn overlap(&mut self, a: &[u64], b: &[u64]) -> usize {
        self.counts.clear();
        for &k in a {
            *self.counts.entry(k).or_insert(0) += 1;
        }
        let mut hits = 0;
        for k in b {
            if let Some(c) = self.counts.get_mut(k) {
                if *c > 0 {
                    *c -= 1;
                    hits += 1;
                }
            }
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
            let c = &mut self.counts[t as usize];
            if *c > 0 {
                *c -= 1;
                hits += 1;
            }
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
