//! Weighted LCS (ROUGE-W, Lin 2004 §3.3) with ROUGE-1.5.5's table and traceback (spec `rouge-1.5.5.md` §8.3):
//! consecutive matches are rewarded through `f(k) = k^w`, and the one traced-back subsequence
//! marks positions of the row sequence (the reference sentence).
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

/// Reusable buffers of [`mark_wlcs`] and [`wlcs_value`].
#[derive(Debug, Default)]
pub struct WlcsScratch {
    w_prev: Vec<f64>,
    w_cur: Vec<f64>,
    k_prev: Vec<u32>,
    k_cur: Vec<u32>,
    /// `mark_wlcs`'s whole W table, row-major, (|rows| + 1) × (|cols| + 1).
    table: Vec<f64>,
}

/// Most table cells one call may allocate (a `f64` each, so at most 2 GiB); larger pairs
/// are refused.
pub const MAX_CELLS: usize = 1 << 28;

/// Marks in `mark` (ORed) the `rows` positions on the weighted LCS that ROUGE-1.5.5 traces
/// back for (`rows`, `cols`): on equal tokens `W = W↖ + f(κ+1) − f(κ)` with κ the run length
/// of the diagonal cell (evaluated left to right); otherwise the cell above if
/// `W↑ ≥ W←` (ties prefer dropping the row token), else the cell to the left. Returns
/// false, marking nothing, when the table would exceed [`MAX_CELLS`].
///
/// The forward pass keeps the whole W table and no directions: off the diagonal the value
/// is `max(W↑, W←)` whichever way the tie rule goes, a branch-free step, and the trace back
/// re-derives each direction from the table (a few cells instead of every cell).
pub fn mark_wlcs(
    rows: &[u32],
    cols: &[u32],
    f: &mut Weights,
    s: &mut WlcsScratch,
    mark: &mut [bool],
) -> bool {
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
    let w = &mut s.table;
    w.clear();
    w.resize((m + 1) * width, 0.0);
    s.k_prev.clear();
    s.k_prev.resize(width, 0);
    s.k_cur.clear();
    s.k_cur.resize(width, 0);
    for (a, &r) in rows.iter().enumerate() {
        let (done, rest) = w.split_at_mut((a + 1) * width);
        let up = &done[a * width..];
        let cur = &mut rest[..width];
        let (k_prev, k_cur) = (&s.k_prev[..], &mut s.k_cur[..]);
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
        std::mem::swap(&mut s.k_prev, &mut s.k_cur);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn marks(rows: &[u32], cols: &[u32]) -> Vec<bool> {
        let mut mark = vec![false; rows.len()];
        let mut f = Weights::new(1.2);
        assert!(mark_wlcs(
            rows,
            cols,
            &mut f,
            &mut WlcsScratch::default(),
            &mut mark
        ));
        mark
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
