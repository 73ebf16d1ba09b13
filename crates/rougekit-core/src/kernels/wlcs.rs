//! Weighted LCS (ROUGE-W, Lin 2004 §3.3) with ROUGE-1.5.5's table and traceback (spec `rouge-1.5.5.md` §8.3):
//! consecutive matches are rewarded through `f(k) = k^w`, and the one traced-back subsequence
//! marks positions of the row sequence (the reference sentence). [`wlcs_value`] is the
//! rouge-score family's ROUGE-W (the table's last value); [`WlcsTable`] marks the traced-back
//! positions for ROUGE-1.5.5's summary-level ROUGE-W.
use crate::pool::Cancel;

/// `f(k) = k^w` for k = 0, 1, 2, ... with the C library `pow` (as Perl's `**`).
#[derive(Debug, Clone, Default)]
pub struct Weights {
    w: f64,
    table: Vec<f64>,
}

impl Weights {
    /// The weighting function for weight `w` (> 0).
    pub fn new(w: f64) -> Weights {
        Weights {
            w,
            table: Vec::new(),
        }
    }

    /// The weight.
    pub fn weight(&self) -> f64 {
        self.w
    }

    /// `f(k)`, from a table grown on demand.
    #[inline]
    pub fn f(&mut self, k: usize) -> f64 {
        if k >= self.table.len() {
            let w = self.w;
            self.table
                .extend((self.table.len()..=k).map(|i| (i as f64).powf(w)));
        }
        self.table[k]
    }

    /// `f(x)` for a non-integer argument (a sum of weights).
    pub fn f_real(&self, x: f64) -> f64 {
        x.powf(self.w)
    }

    /// `f⁻¹(y) = y^(1/w)`.
    pub fn inverse(&self, y: f64) -> f64 {
        y.powf(1.0 / self.w)
    }
}

/// Reusable buffers of [`wlcs_value`].
#[derive(Debug, Default)]
pub struct WlcsScratch {
    w_prev: Vec<f64>,
    w_cur: Vec<f64>,
    k_prev: Vec<u32>,
    k_cur: Vec<u32>,
}

/// Most table cells one call may allocate (a `f64` each, so at most 2 GiB); larger pairs
/// are refused.
pub const MAX_CELLS: usize = 1 << 28;

/// Most cells [`wlcs_value`] may visit for one pair (about a minute of work): ROUGE-W is
/// quadratic in time, so larger pairs are refused with an error naming the pair rather than
/// left to run for hours.
pub const MAX_VALUE_CELLS: usize = 1 << 34;

/// Smallest and largest ROUGE-W weight the rouge-score profile accepts: Lin (2004) §3.3 asks
/// f(x + y) > f(x) + f(y), i.e. w > 1 (with w <= 1 a "score" exceeds 1 or is infinite); at
/// most 16, so that k^w stays finite for any text shorter than 2^60 tokens.
pub const MIN_WEIGHT_EXCLUSIVE: f64 = 1.0;
pub const MAX_WEIGHT: f64 = 16.0;

/// The last cell of the weighted table, and whether a single run of consecutive matches
/// covers all the rows or all the columns (then WLCS = f(|rows|) or f(|cols|) exactly).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WlcsValue {
    pub value: f64,
    pub all_rows: bool,
    pub all_cols: bool,
}

/// The weighted LCS value `WLCS(rows, cols)` of Lin (2004) §3.3 (the table's last cell), in
/// O(|cols|) memory. When `cancel` stops it the value is meaningless (the caller discards
/// it).
pub fn wlcs_value(
    rows: &[u32],
    cols: &[u32],
    f: &mut Weights,
    s: &mut WlcsScratch,
    cancel: &Cancel<'_>,
) -> WlcsValue {
    let (m, n) = (rows.len(), cols.len());
    let mut out = WlcsValue {
        value: 0.0,
        all_rows: false,
        all_cols: false,
    };
    if m == 0 || n == 0 {
        return out;
    }
    f.f(m.min(n) + 1);
    for v in [&mut s.w_prev, &mut s.w_cur] {
        v.clear();
        v.resize(n + 1, 0.0);
    }
    for v in [&mut s.k_prev, &mut s.k_cur] {
        v.clear();
        v.resize(n + 1, 0);
    }
    let rows_per_tick = (1 << 20) / n + 1;
    for (a, &r) in rows.iter().enumerate() {
        for (b, &c) in cols.iter().enumerate() {
            if r == c {
                let k = s.k_prev[b] as usize;
                s.w_cur[b + 1] = s.w_prev[b] + f.table[k + 1] - f.table[k];
                s.k_cur[b + 1] = s.k_prev[b] + 1;
            } else {
                s.w_cur[b + 1] = s.w_prev[b + 1].max(s.w_cur[b]);
                s.k_cur[b + 1] = 0;
            }
        }
        // A run of n matches must end in the last column.
        out.all_cols |= s.k_cur[n] as usize == n;
        std::mem::swap(&mut s.w_prev, &mut s.w_cur);
        std::mem::swap(&mut s.k_prev, &mut s.k_cur);
        if (a + 1) % rows_per_tick == 0 && !cancel.tick(rows_per_tick * n) {
            return out;
        }
    }
    // A run of m matches must end in the last row.
    out.all_rows = s.k_prev.iter().any(|&k| k as usize == m);
    out.value = s.w_prev[n];
    out
}

/// One run of consecutive matches on the traced-back weighted LCS: `len` tokens from row
/// `row` and column `col` on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    pub row: usize,
    pub col: usize,
    pub len: usize,
}

/// Most cells [`wlcs_runs`] keeps (a `f64` each: 32 MiB).
pub const MAX_RUN_CELLS: usize = 1 << 22;

/// The runs of the weighted LCS that the table's trace back follows (the explanations'
/// witness of [`wlcs_value`]): the same cells with the same operations, kept whole, then
/// walked back from the last cell: diagonally on equal tokens (the recurrence always takes
/// the diagonal there), else up when `W↑ ≥ W←`, else left. Replaying the runs in order,
/// `w = w + f(k+1) − f(k)` for k = 0..len per run from w = 0, gives the last cell bit for
/// bit (the maxima only select). `None` above [`MAX_RUN_CELLS`] cells.
pub fn wlcs_runs(rows: &[u32], cols: &[u32], f: &mut Weights) -> Option<Vec<Run>> {
    let (m, n) = (rows.len(), cols.len());
    if m == 0 || n == 0 {
        return Some(Vec::new());
    }
    let width = n + 1;
    if (m + 1).saturating_mul(width) > MAX_RUN_CELLS {
        return None;
    }
    f.f(m.min(n) + 1);
    let mut w = vec![0.0f64; (m + 1) * width];
    let (mut k_prev, mut k_cur) = (vec![0u32; width], vec![0u32; width]);
    for (a, &r) in rows.iter().enumerate() {
        let (done, rest) = w.split_at_mut((a + 1) * width);
        let up = &done[a * width..];
        let cur = &mut rest[..width];
        for (b, &c) in cols.iter().enumerate() {
            if r == c {
                let k = k_prev[b] as usize;
                cur[b + 1] = up[b] + f.table[k + 1] - f.table[k];
                k_cur[b + 1] = k_prev[b] + 1;
            } else {
                cur[b + 1] = up[b + 1].max(cur[b]);
                k_cur[b + 1] = 0;
            }
        }
        std::mem::swap(&mut k_prev, &mut k_cur);
    }
    let mut runs: Vec<Run> = Vec::new();
    let (mut i, mut j) = (m, n);
    let mut in_run = false;
    while i > 0 && j > 0 {
        if rows[i - 1] == cols[j - 1] {
            match runs.last_mut() {
                Some(run) if in_run => {
                    run.row -= 1;
                    run.col -= 1;
                    run.len += 1;
                }
                _ => runs.push(Run {
                    row: i - 1,
                    col: j - 1,
                    len: 1,
                }),
            }
            in_run = true;
            i -= 1;
            j -= 1;
        } else {
            in_run = false;
            if w[(i - 1) * width + j] >= w[i * width + j - 1] {
                i -= 1;
            } else {
                j -= 1;
            }
        }
    }
    runs.reverse();
    Some(runs)
}

// -- the marking table (ROUGE-1.5.5's trace back, perl-1.5.5 profile) ------------------------
//
// ROUGE-W's table and trace back for one (model sentence, peer sentence) pair, as
// ROUGE-1.5.5 computes them (spec `rouge-1.5.5.md` §8.3): the same cells and the same
// floating-point operations as `reference_marks` (the tests), arranged for the
// perl-1.5.5 profile's many small tables (a CNN/DM instance builds a dozen of them).
//
// What differs from the plain table, and why it changes no bit: the table is not zeroed
// as a whole before each pair (every cell the trace back reads is written by the forward
// pass first; only row 0 and column 0 are set), and `max(W↑, W←)` is a plain comparison
// (the values are finite and never -0.0, so it picks the same double as `f64::max`). And
// each run of columns that no row's token matches is one column (argued in
// [`WlcsTable::mark`]).

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
    /// [`MAX_CELLS`]. Same rules as the plain table of the tests: on equal tokens
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

    #[test]
    fn runs_replay_to_the_value() {
        let mut seed = 5u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        let mut scratch = WlcsScratch::default();
        for round in 0..2000 {
            let alphabet = 1 + next() % if round % 2 == 0 { 3 } else { 30 };
            let a: Vec<u32> = (0..next() % 40).map(|_| next() % alphabet).collect();
            let b: Vec<u32> = (0..next() % 40).map(|_| next() % alphabet).collect();
            let mut f = Weights::new(1.2 + f64::from(round % 3));
            let value = wlcs_value(&a, &b, &mut f, &mut scratch, &Cancel::never()).value;
            let runs = wlcs_runs(&a, &b, &mut f).unwrap();
            let mut w = 0.0f64;
            let mut last = (0usize, 0usize);
            for r in &runs {
                assert!(r.row >= last.0 && r.col >= last.1 && r.len > 0);
                for k in 0..r.len {
                    assert_eq!(a[r.row + k], b[r.col + k]);
                    w = w + f.f(k + 1) - f.f(k);
                }
                last = (r.row + r.len, r.col + r.len);
            }
            assert_eq!(w.to_bits(), value.to_bits(), "{a:?} {b:?}");
        }
    }
    use crate::test_rng::XorShift;

    fn marks(rows: &[u32], cols: &[u32]) -> Vec<bool> {
        let mut mark = vec![false; rows.len()];
        let mut f = Weights::new(1.2);
        let mut table = WlcsTable::default();
        assert!(table.mark(rows, cols, &mut f, &mut mark, &Cancel::never()));
        mark
    }

    /// Marks in `mark` (ORed) the `rows` positions on the weighted LCS that ROUGE-1.5.5 traces
    /// back for (`rows`, `cols`): on equal tokens `W = W↖ + f(κ+1) − f(κ)` with κ the run length
    /// of the diagonal cell (evaluated left to right); otherwise the cell above if
    /// `W↑ ≥ W←` (ties prefer dropping the row token), else the cell to the left. Returns
    /// false, marking nothing, when the table would exceed [`MAX_CELLS`].
    ///
    /// The plain form of [`WlcsTable::mark`] (the whole table, every column), the
    /// reference its shortcuts are tested against. The forward pass keeps the whole W table and no directions: off the diagonal the value
    /// is `max(W↑, W←)` whichever way the tie rule goes, a branch-free step, and the trace back
    /// re-derives each direction from the table (a few cells instead of every cell).
    fn reference_marks(rows: &[u32], cols: &[u32], f: &mut Weights, mark: &mut [bool]) -> bool {
        let (m, n) = (rows.len(), cols.len());
        if m == 0 || n == 0 {
            return true;
        }
        let width = n + 1;
        if (m + 1).saturating_mul(width) > MAX_CELLS {
            return false;
        }
        let longest = m.min(n);
        f.f(longest + 1);
        let table = &f.table;
        let w = &mut vec![0.0f64; (m + 1) * width];
        let (mut k_prev, mut k_cur) = (vec![0u32; width], vec![0u32; width]);
        for (a, &r) in rows.iter().enumerate() {
            let (done, rest) = w.split_at_mut((a + 1) * width);
            let up = &done[a * width..];
            let cur = &mut rest[..width];
            let mut left = 0.0f64;
            for (b, &c) in cols.iter().enumerate() {
                let value = if r == c {
                    let k = k_prev[b] as usize;
                    k_cur[b + 1] = k_prev[b] + 1;
                    up[b] + table[k + 1] - table[k]
                } else {
                    k_cur[b + 1] = 0;
                    up[b + 1].max(left)
                };
                cur[b + 1] = value;
                left = value;
            }
            std::mem::swap(&mut k_prev, &mut k_cur);
        }
        let (mut a, mut b) = (m, n);
        while a > 0 && b > 0 {
            if rows[a - 1] == cols[b - 1] {
                mark[a - 1] = true;
                a -= 1;
                b -= 1;
            } else if w[(a - 1) * width + b] >= w[a * width + b - 1] {
                a -= 1;
            } else {
                b -= 1;
            }
        }
        true
    }

    /// Marks of the reference and of the table agree on many small random pairs over a
    /// few vocabularies, in sequence, so stale cells of a larger earlier table would show.
    #[test]
    fn same_marks_as_the_reference() {
        let mut rng = XorShift::new(0x2545_F491_4F6C_DD1D);
        let mut next = |k: u64| rng.below(k) as u32;
        let mut table = WlcsTable::default();
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
                assert!(reference_marks(&rows, &cols, &mut f1, &mut want));
                assert!(table.mark(&rows, &cols, &mut f2, &mut got, &Cancel::never()));
                assert_eq!(want, got, "{rows:?} {cols:?}");
            }
        }
    }

    #[test]
    fn marks_follow_the_weighted_table() {
        assert_eq!(marks(&[1, 2], &[1, 9, 2]), [true, true]);
        assert_eq!(marks(&[1, 2, 3], &[3]), [false, false, true]);
        assert_eq!(marks(&[1, 2], &[]), [false, false]);
        // Ties go up: for rows `a b`, cols `b a` the one marked token is `a` (spec E04).
        assert_eq!(marks(&[1, 2], &[2, 1]), [true, false]);
    }

    #[test]
    fn value_rewards_consecutive_matches() {
        let mut f = Weights::new(2.0);
        let mut s = WlcsScratch::default();
        let c = Cancel::never();
        let full = wlcs_value(&[1, 2, 3], &[1, 2, 3], &mut f, &mut s, &c);
        assert_eq!(
            (full.value, full.all_rows, full.all_cols),
            (9.0, true, true)
        );
        let gaps = wlcs_value(&[1, 2, 3], &[1, 9, 2, 9, 3], &mut f, &mut s, &c);
        assert_eq!(
            (gaps.value, gaps.all_rows, gaps.all_cols),
            (3.0, false, false)
        );
        let inside = wlcs_value(&[2, 3], &[1, 2, 3, 4], &mut f, &mut s, &c);
        assert_eq!(
            (inside.value, inside.all_rows, inside.all_cols),
            (4.0, true, false)
        );
        assert_eq!(wlcs_value(&[], &[1], &mut f, &mut s, &c).value, 0.0);
    }

    #[test]
    fn weights() {
        let mut f = Weights::new(2.0);
        assert_eq!(f.f(3), 9.0);
        assert_eq!(f.f(0), 0.0);
        assert_eq!(f.inverse(9.0), 3.0);
    }
}
