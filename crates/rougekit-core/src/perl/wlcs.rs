//! ROUGE-W's table and trace back for one (model sentence, peer sentence) pair, as
//! ROUGE-1.5.5 computes them (spec `rouge-1.5.5.md` §8.3): the same cells and the same
//! floating-point operations as [`crate::kernels::wlcs::mark_wlcs`], arranged for the
//! perl-1.5.5 profile's many small tables (a CNN/DM instance builds a dozen of them).
//!
//! What differs from the shared kernel, and why it changes no bit: the table is not zeroed
//! as a whole before each pair (every cell the trace back reads is written by the forward
//! pass first; only row 0 and column 0 are set), and `max(W↑, W←)` is a plain comparison
//! (the values are finite and never -0.0, so it picks the same double as `f64::max`). And
//! each run of columns that no row's token matches is one column (argued in
//! [`WlcsTable::mark`]).
use crate::kernels::wlcs::{Weights, MAX_CELLS};
use crate::pool::Cancel;

/// Reusable buffers: the W table (row-major, (|rows| + 1) × (|cols| + 1)), the run lengths
/// κ of the previous and current rows, and `f(k)` for k = 0, 1, ...
#[derive(Debug, Default)]
pub struct WlcsTable {
    w: Vec<f64>,
    k_prev: Vec<u32>,
    k_cur: Vec<u32>,
    f: Vec<f64>,
    weight: Option<f64>,
    /// Per table row: the stored row that holds its values.
    slot: Vec<u32>,
    /// The tokens of the current columns ...
    col_tokens: Stamps,
    /// ... and of the current rows.
    row_tokens: Stamps,
    /// The columns with each run of columns that no row holds collapsed to one [`GAP`].
    kept: Vec<u32>,
}

/// A set of tokens cleared in O(1): `stamp[t] == generation` when t is in it.
#[derive(Debug, Default)]
struct Stamps {
    stamp: Vec<u32>,
    generation: u32,
}

impl Stamps {
    /// Makes the set `tokens` ([`GAP`] excluded).
    fn set(&mut self, tokens: &[u32]) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        let tokens = || tokens.iter().filter(|&&t| t != GAP);
        let top = tokens().max().map_or(0, |&t| t as usize + 1);
        if self.stamp.len() < top {
            self.stamp.resize(top, 0);
        }
        for &t in tokens() {
            self.stamp[t as usize] = self.generation;
        }
    }

    #[inline]
    fn contains(&self, t: u32) -> bool {
        self.stamp.get(t as usize) == Some(&self.generation)
    }
}

/// A collapsed run of columns: a token no row holds (token ids are below `u32::MAX`, the
/// vocabulary's `DROPPED`).
const GAP: u32 = u32::MAX;

impl WlcsTable {
    /// `f(0..=k)` of `weights` in `self.f`.
    fn weights_up_to(&mut self, weights: &mut Weights, k: usize) {
        if self.weight != Some(weights.weight()) {
            self.f.clear();
            self.weight = Some(weights.weight());
        }
        while self.f.len() <= k {
            let next = self.f.len();
            self.f.push(weights.f(next));
        }
    }

    /// Marks in `mark` (ORed) the `rows` positions on the weighted LCS that ROUGE-1.5.5
    /// traces back for (`rows`, `cols`); false, marking nothing, when the table would exceed
    /// [`MAX_CELLS`]. Same rules as [`crate::kernels::wlcs::mark_wlcs`]: on equal tokens
    /// `W = (W↖ + f(κ+1)) − f(κ)`, otherwise `max(W↑, W←)`; the trace back goes up when
    /// `W↑ ≥ W←`. The cells of a large table are reported to `cancel` as they are filled
    /// (up to [`MAX_CELLS`], seconds of work); when it stops, nothing is marked.
    pub fn mark(
        &mut self,
        rows: &[u32],
        cols: &[u32],
        weights: &mut Weights,
        mark: &mut [bool],
        cancel: &Cancel<'_>,
    ) -> bool {
        let (m, n) = (rows.len(), cols.len());
        if m == 0 || n == 0 {
            return true;
        }
        if (m + 1).saturating_mul(n + 1) > MAX_CELLS {
            return false;
        }
        // A run of columns whose tokens no row holds is one column here. Every cell of such
        // a run is max(W↑, W←) with κ = 0, so every column of the run holds the running
        // maximum, down the rows, of the column before the run: one column of the run has
        // the values of all, the column after the run reads the same W↖, W← and κ = 0, and
        // every row's "rising" test passes in the run. The trace back, inside the run, goes
        // up or left by the same test on every column (it depends on the row only), so it
        // leaves the run at the same row as through the whole run: the same marks.
        self.row_tokens.set(rows);
        let mut kept = std::mem::take(&mut self.kept);
        kept.clear();
        let mut in_gap = false;
        for &c in cols {
            if self.row_tokens.contains(c) {
                kept.push(c);
                in_gap = false;
            } else if !in_gap {
                kept.push(GAP);
                in_gap = true;
            }
        }
        self.mark_kept(rows, &kept, weights, mark, cancel);
        self.kept = kept;
        true
    }

    /// [`WlcsTable::mark`] on the collapsed columns `cols`.
    fn mark_kept(
        &mut self,
        rows: &[u32],
        cols: &[u32],
        weights: &mut Weights,
        mark: &mut [bool],
        cancel: &Cancel<'_>,
    ) {
        let (m, n) = (rows.len(), cols.len());
        let width = n + 1;
        self.weights_up_to(weights, m.min(n) + 1);
        self.col_tokens.set(cols);
        let cells = (m + 1) * width;
        if self.w.len() < cells {
            self.w.resize(cells, 0.0);
        }
        self.w[..width].fill(0.0);
        for k in [&mut self.k_prev, &mut self.k_cur] {
            k.clear();
            k.resize(width, 0);
        }
        self.slot.clear();
        self.slot.push(0);
        // A row whose token occurs in no column is max(W↑, W←) everywhere: the running
        // maximum of the row above, which is that row itself when it never decreases. Such
        // a row is not stored again (it shares the row above), and the trace back always
        // goes up through it (W↑ ≥ W← there). Row 0 (zeros) never decreases.
        let mut stored = 0usize;
        let mut rising = true;
        let mut k_zero = true;
        // A report to `cancel` per block of about 2^20 cells, counted down per stored row (no
        // division in the loop): a usual table (a dozen per instance, a few hundred cells
        // each) makes none; the caller reports it per sentence.
        let rows_per_tick = (1 << 20) / width + 1;
        let mut until_tick = rows_per_tick;
        let f = &self.f[..];
        let w = &mut self.w[..cells];
        for &r in rows {
            let absent = !self.col_tokens.contains(r);
            if absent && rising {
                if !k_zero {
                    self.k_prev.fill(0);
                    k_zero = true;
                }
                self.slot.push(stored as u32);
                continue;
            }
            let (done, rest) = w.split_at_mut((stored + 1) * width);
            let up = &done[stored * width..];
            let cur = &mut rest[..width];
            cur[0] = 0.0;
            let (k_prev, k_cur) = (&self.k_prev[..n], &mut self.k_cur[1..]);
            let mut left = 0.0f64;
            let mut up_rising = true;
            let cells = cols
                .iter()
                .zip(up.windows(2))
                .zip(k_prev.iter().zip(k_cur.iter_mut()))
                .zip(cur[1..].iter_mut());
            for (((&c, pair), (&k, kc)), out) in cells {
                let value = if r == c {
                    *kc = k + 1;
                    let k = k as usize;
                    pair[0] + f[k + 1] - f[k]
                } else {
                    *kc = 0;
                    let above = pair[1];
                    if above >= left {
                        above
                    } else {
                        left
                    }
                };
                up_rising &= value >= left;
                *out = value;
                left = value;
            }
            rising = up_rising;
            k_zero = absent;
            std::mem::swap(&mut self.k_prev, &mut self.k_cur);
            stored += 1;
            self.slot.push(stored as u32);
            until_tick -= 1;
            if until_tick == 0 {
                until_tick = rows_per_tick;
                if !cancel.tick(rows_per_tick * width) {
                    return;
                }
            }
        }
        let slot = &self.slot;
        let row = |a: usize| slot[a] as usize * width;
        let (mut a, mut b) = (m, n);
        while a > 0 && b > 0 {
            if rows[a - 1] == cols[b - 1] {
                mark[a - 1] = true;
                a -= 1;
                b -= 1;
            } else if slot[a] == slot[a - 1] || w[row(a - 1) + b] >= w[row(a) + b - 1] {
                a -= 1;
            } else {
                b -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::wlcs::{mark_wlcs, WlcsScratch};
    use crate::test_rng::XorShift;

    /// Marks of the shared kernel and of this table agree on many small random pairs over a
    /// few vocabularies, in sequence, so stale cells of a larger earlier table would show.
    #[test]
    fn same_marks_as_the_shared_kernel() {
        let mut rng = XorShift::new(0x2545_F491_4F6C_DD1D);
        let mut next = |k: u64| rng.below(k) as u32;
        let mut table = WlcsTable::default();
        let mut scratch = WlcsScratch::default();
        for weight in [1.2, 2.0, 1.0001] {
            let mut f1 = Weights::new(weight);
            let mut f2 = Weights::new(weight);
            for _ in 0..6000 {
                // Small vocabularies: ties and runs; larger ones: rows absent from the
                // columns (shared rows).
                let vocab = [3, 5, 20, 60][next(4) as usize] as u64;
                let rows: Vec<u32> = (0..next(30)).map(|_| next(vocab)).collect();
                let cols: Vec<u32> = (0..next(30)).map(|_| next(vocab)).collect();
                let mut want = vec![false; rows.len()];
                let mut got = vec![false; rows.len()];
                assert!(mark_wlcs(&rows, &cols, &mut f1, &mut scratch, &mut want));
                assert!(table.mark(&rows, &cols, &mut f2, &mut got, &Cancel::never()));
                assert_eq!(want, got, "{rows:?} {cols:?}");
            }
        }
    }
}
