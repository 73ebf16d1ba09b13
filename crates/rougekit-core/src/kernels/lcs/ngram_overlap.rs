//! ROUGE-N's clipped n-gram overlap counted from the LCS kernel's one-word match masks: the
//! prediction's masks are built once for every type of the pair that reads them.

use super::LcsScratch;

impl LcsScratch {
    /// Σ_g min(count of g in `rows`, count of g in `columns`) over the n-grams g (`n >= 1`),
    /// the clipped overlap of ROUGE-N (spec `rouge-score.md` §4), for `columns` of at most
    /// 64 tokens, from the same one-word masks as the LCS (built once per prediction for
    /// every type that reads them, [`LcsScratch::set_columns`]).
    ///
    /// The columns where an n-gram of `rows` starts are the AND of its tokens' masks, each
    /// shifted down by its offset; a column starts one n-gram only, so these sets are
    /// disjoint across distinct n-grams. Each n-gram of `rows` takes the lowest column of
    /// its set not yet taken: a gram occurring `c` times in `rows` and `p` times in the
    /// columns takes `min(c, p)`, which is the clipped count, with no hash table.
    pub fn ngram_overlap_against(&mut self, rows: &[u32], columns: &[u32], n: usize) -> usize {
        debug_assert!(n >= 1 && columns.len() <= 64);
        if rows.len() < n || columns.len() < n {
            return 0;
        }
        self.set_columns(columns);
        let masks = &self.masks;
        let mask = |c: u32| masks.word_mask(c);
        let (mut taken, mut hits) = (0u64, 0usize);
        let mut take = |starts: u64| {
            let free = starts & !taken;
            let first = free & free.wrapping_neg();
            taken |= first;
            hits += usize::from(first != 0);
        };
        match n {
            1 => rows.iter().for_each(|&c| take(mask(c))),
            2 => {
                let mut before = mask(rows[0]);
                for &c in &rows[1..] {
                    let m = mask(c);
                    take(before & (m >> 1));
                    before = m;
                }
            }
            _ => {
                for gram in rows.windows(n) {
                    let starts = gram
                        .iter()
                        .enumerate()
                        .fold(!0u64, |acc, (k, &c)| acc & (mask(c) >> k));
                    take(starts);
                }
            }
        }
        hits
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::lcg;
    use super::*;

    #[test]
    fn ngram_overlap_matches_the_hash_counter() {
        // Random texts over small alphabets (repeated n-grams, clipping on both sides),
        // columns of every length up to the word, n from 1 to beyond the text; one scratch
        // for all, so stale masks of an earlier call would show.
        use crate::kernels::ngram::{self, KeyCounter, NgramIds};
        let (mut seed, mut s, mut counter) = (3u64, LcsScratch::default(), KeyCounter::default());
        for round in 0..6000 {
            let alphabet = 1 + lcg(&mut seed) % if round % 2 == 0 { 3 } else { 40 };
            let cols: Vec<u32> = (0..lcg(&mut seed) % 65)
                .map(|_| lcg(&mut seed) % alphabet)
                .collect();
            let rows: Vec<u32> = (0..lcg(&mut seed) % 90)
                .map(|_| lcg(&mut seed) % alphabet)
                .collect();
            let n = 1 + (lcg(&mut seed) % 5) as usize;
            let mut ids = NgramIds::new();
            let (mut kr, mut kc) = (Vec::new(), Vec::new());
            ngram::keys(&rows, n, &mut ids, &mut kr);
            ngram::keys(&cols, n, &mut ids, &mut kc);
            let expected = counter.overlap(&kr, &kc);
            let got = s.ngram_overlap_against(&rows, &cols, n);
            assert_eq!(got, expected, "round {round}: n={n} {rows:?} {cols:?}");
        }
    }
}
