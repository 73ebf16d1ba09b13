//! The arithmetic that lets near-duplicate filtering skip pairs without changing a decision.
//!
//! The decision is rouge-score's: `_score_lcs(target, prediction).fmeasure > threshold`,
//! with `precision = lcs / len(prediction)`, `recall = lcs / len(target)` and
//! `scoring.fmeasure` (`2 * p * r / (p + r)`, 0 when `p + r == 0`), all in float64; either
//! side empty scores 0. The F of a pair of lengths (n, m) depends only on its LCS `l`, so
//! for each (n, m) the decision is a set of LCS values: [`need`] finds the smallest `l`
//! whose F exceeds the threshold *in float64, as rouge-score computes it*, and checks that
//! every larger `l` exceeds it too (the harmonic mean is increasing in `l`; checking the
//! rounded values makes the claim hold for the actual floats rather than for the reals).
//! Every pruning then compares integers: the LCS is at most min(n, m) (the length bound
//! F ≤ 2·min(n, m)/(n + m)) and at most the token-bag overlap.
use crate::scores::fmeasure;

/// What a pair of lengths needs of its LCS for F to exceed the threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// No LCS in `0..=min(n, m)` exceeds it.
    Never,
    /// Exactly the LCS values `>= l` exceed it.
    AtLeast(usize),
    /// The values that exceed it are not an upper set (never seen; kept so that a rounding
    /// accident could only cost speed): compute the LCS and compare its F.
    Exact,
}

/// rouge-score's `_score_lcs(...).fmeasure` for an LCS of `l` between texts of `n` and `m`
/// tokens (symmetric in `n` and `m`, bit for bit: `2 * p` is exact and `*`, `+` commute).
#[inline]
pub fn lcs_fmeasure(l: usize, n: usize, m: usize) -> f64 {
    if n == 0 || m == 0 {
        return 0.0;
    }
    let (l, n, m) = (l as f64, n as f64, m as f64);
    fmeasure(l / m, l / n)
}

/// [`Need`] of lengths `(n, m)` at `threshold`, by evaluating every LCS value.
pub fn need(n: usize, m: usize, threshold: f64) -> Need {
    let most = n.min(m);
    let Some(first) = (0..=most).find(|&l| lcs_fmeasure(l, n, m) > threshold) else {
        return Need::Never;
    };
    if (first + 1..=most).all(|l| lcs_fmeasure(l, n, m) > threshold) {
        Need::AtLeast(first)
    } else {
        Need::Exact
    }
}

/// Lengths below this have their [`Need`] memoised in a table.
const TABLE: usize = 256;

/// [`need`] at one threshold, memoised for lengths below [`TABLE`].
#[derive(Debug)]
pub struct Needs {
    threshold: f64,
    /// `-3` unknown, `-2` exact, `-1` never, else the least LCS.
    table: Vec<i32>,
}

impl Needs {
    pub fn new(threshold: f64) -> Needs {
        Needs {
            threshold,
            table: Vec::new(),
        }
    }

    #[inline]
    pub fn get(&mut self, n: usize, m: usize) -> Need {
        if n >= TABLE || m >= TABLE {
            return need(n, m, self.threshold);
        }
        if self.table.is_empty() {
            self.table.resize(TABLE * TABLE, -3);
        }
        let cell = &mut self.table[n * TABLE + m];
        match *cell {
            -3 => {
                let got = need(n, m, self.threshold);
                *cell = match got {
                    Need::Never => -1,
                    Need::Exact => -2,
                    Need::AtLeast(l) => l as i32,
                };
                got
            }
            -1 => Need::Never,
            -2 => Need::Exact,
            l => Need::AtLeast(l as usize),
        }
    }
}

/// A lower bound, over every other length `m`, of the LCS a text of `n` tokens needs with
/// any text for F to exceed `threshold`: `Some(k)` with k ≥ 1 (then a text that exceeds it
/// shares at least one token among any n − k + 1 of this text's tokens: prefix filtering),
/// `None` when no useful bound holds (a negative threshold: even disjoint texts exceed it).
///
/// Why it holds: for l ≥ 1 the real F is 2l/(n + m), and the float64 F differs from it by
/// under 1e-15 relatively (five rounded operations), so F > t implies 2l/(n + m) > t'' with
/// t'' = t·(1 − 1e-15); with l ≤ m that gives l > t''·n/(2 − t''), which is above
/// y = t'·n/(2 − t') for t' = t·(1 − 1e-12) by far more than y's own rounding; so l ≥ ⌊y⌋ + 1.
/// Thresholds at or above 0.999 use 0.999 (a smaller threshold only weakens the bound), and
/// F > t ≥ 0 needs l ≥ 1 (F is 0 at l = 0).
pub fn least_lcs_any_length(n: usize, threshold: f64) -> Option<usize> {
    if threshold.is_nan() || threshold < 0.0 {
        return None;
    }
    let t = threshold.min(0.999) * (1.0 - 1e-12);
    let y = t * n as f64 / (2.0 - t);
    Some((y.floor() as usize + 1).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn need_is_the_least_exceeding_lcs() {
        for &t in &[0.0, 0.3, 0.5, 0.7, 0.7 + 1e-16, 0.9, 1.0, -0.1] {
            for n in 0..40 {
                for m in 0..40 {
                    let got = need(n, m, t);
                    let exceed: Vec<bool> =
                        (0..=n.min(m)).map(|l| lcs_fmeasure(l, n, m) > t).collect();
                    match got {
                        Need::Never => assert!(exceed.iter().all(|e| !e)),
                        Need::AtLeast(l) => {
                            assert!(exceed[l..].iter().all(|&e| e));
                            assert!(exceed[..l].iter().all(|&e| !e));
                        }
                        Need::Exact => panic!("not an upper set at {n} {m} {t}"),
                    }
                    if let (Some(k), Need::AtLeast(l)) = (least_lcs_any_length(n, t), got) {
                        assert!(l >= k, "{n} {m} {t}: {l} < {k}");
                    }
                }
            }
        }
    }

    #[test]
    fn boundary_is_strict() {
        // 2·7/(10 + 10) = 0.7 exactly in the reals; rouge-score's float F of l = 7 against
        // 10 and 10 is 0.7 (0.7 * 0.7 ... evaluated), which is not > 0.7: kept.
        assert_eq!(lcs_fmeasure(7, 10, 10), 0.7);
        assert_eq!(need(10, 10, 0.7), Need::AtLeast(8));
        let mut needs = Needs::new(0.7);
        assert_eq!(needs.get(10, 10), Need::AtLeast(8));
        assert_eq!(needs.get(10, 10), Need::AtLeast(8));
        assert_eq!(needs.get(300, 1), need(300, 1, 0.7));
        assert_eq!(least_lcs_any_length(10, -0.5), None);
    }
}
