//! Sizes of sets of keys (n-grams, words) and of their intersection, for the packages'
//! `exclusive=True` counting: an open-addressing table whose slots are valid only for the
//! current call's stamp (nothing is cleared between calls), instead of sorting.

/// Reusable set table.
#[derive(Debug, Default)]
pub(crate) struct Distinct {
    keys: Vec<u64>,
    /// Bit 0: the key is in the first set; bit 1: in the second.
    sides: Vec<u8>,
    stamps: Vec<u32>,
    stamp: u32,
}

impl Distinct {
    /// Prepares a table for `len` insertions: returns `(bits, mask)`.
    fn start(&mut self, len: usize) -> (u32, usize) {
        let bits = (2 * len).next_power_of_two().max(16).trailing_zeros();
        let size = 1usize << bits;
        if self.keys.len() < size {
            self.keys.resize(size, 0);
            self.sides.resize(size, 0);
            self.stamps.resize(size, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // Wrapped: stamps from 2^32 calls ago would look current.
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        (bits, size - 1)
    }

    /// Adds `k` to set `side` (bit 0 or 1); returns the key's side bits before.
    #[inline]
    fn insert(&mut self, k: u64, side: u8, bits: u32, mask: usize) -> u8 {
        let mut i = (k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize;
        loop {
            if self.stamps[i] != self.stamp {
                self.stamps[i] = self.stamp;
                self.keys[i] = k;
                self.sides[i] = side;
                return 0;
            }
            if self.keys[i] == k {
                let before = self.sides[i];
                self.sides[i] |= side;
                return before;
            }
            i = (i + 1) & mask;
        }
    }

    /// `(|set(a)|, |set(b)|, |set(a) ∩ set(b)|)`.
    pub(crate) fn pair(&mut self, a: &[u64], b: &[u64]) -> (usize, usize, usize) {
        let (bits, mask) = self.start(a.len() + b.len());
        let (mut na, mut nb, mut both) = (0, 0, 0);
        for &k in a {
            na += usize::from(self.insert(k, 1, bits, mask) == 0);
        }
        for &k in b {
            let before = self.insert(k, 2, bits, mask);
            if before & 2 == 0 {
                nb += 1;
                both += usize::from(before & 1 != 0);
            }
        }
        (na, nb, both)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_sets() {
        let mut d = Distinct::default();
        assert_eq!(d.pair(&[1, 1, 2, 3], &[3, 3, 4, 1]), (3, 3, 2));
        assert_eq!(d.pair(&[], &[5]), (0, 1, 0));
        let a: Vec<u64> = (0..1000).map(|i| i % 37).collect();
        let b: Vec<u64> = (0..500).map(|i| i % 50 + 20).collect();
        assert_eq!(d.pair(&a, &b), (37, 50, 17));
    }
}
