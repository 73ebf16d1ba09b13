//! Counts to scores, in rouge-score's exact order of floating-point operations, and the
//! [`Match`] every variant reports per reference before a multi-reference rule combines them.

/// Precision, recall and F-measure of one type for one pair.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Score {
    pub precision: f64,
    pub recall: f64,
    pub fmeasure: f64,
    /// rouge-score returns the *ints* `(0, 0, 0)` for rougeL/rougeLsum when a side has no
    /// tokens (spec `rouge-score.md` §7); the values here are then 0.0 and this flag records the quirk.
    pub int_zero: bool,
}

impl Score {
    /// The `(0, 0, 0)` int triple of rouge-score's empty-input paths for LCS types.
    pub const INT_ZERO: Score = Score {
        precision: 0.0,
        recall: 0.0,
        fmeasure: 0.0,
        int_zero: true,
    };

    /// P = hits / max(pred, 1), R = hits / max(ref, 1), as rouge-score's `_score_ngrams`.
    pub fn from_counts(hits: usize, pred_total: usize, ref_total: usize) -> Score {
        Score::from_totals(hits as f64, pred_total as f64, ref_total as f64)
    }

    /// [`Score::from_counts`] on counts held as `f64` (pooled counts; exact below 2^53, so
    /// the bits are those of the integer division).
    pub fn from_totals(hits: f64, pred_total: f64, ref_total: f64) -> Score {
        let precision = hits / pred_total.max(1.0);
        let recall = hits / ref_total.max(1.0);
        Score {
            precision,
            recall,
            fmeasure: fmeasure(precision, recall),
            int_zero: false,
        }
    }
}

/// What a variant measured of one prediction against one reference: the numerator and both
/// denominators of its recall and precision, before any multi-reference rule. ROUGE-N, -L,
/// -Lsum and -S/SU count hits and items; ROUGE-W holds the weighted LCS and f(|side|).
/// Summing matches over references is ROUGE-1.5.5's `-f A` pooling (spec `rouge-1.5.5.md`
/// §9.2), so every variant's P/R/F step reads the same three numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Match {
    pub hits: f64,
    pub pred_total: f64,
    pub ref_total: f64,
    /// The LCS types' empty-side quirk (see [`Score::int_zero`]): the score is `INT_ZERO`.
    pub int_zero: bool,
    /// ROUGE-W: one run of matches covers the whole prediction (P is exactly 1).
    pub whole_pred: bool,
    /// ROUGE-W: one run covers the whole reference (R is exactly 1).
    pub whole_ref: bool,
}

impl Match {
    /// Plain counts.
    pub fn counts(hits: usize, pred_total: usize, ref_total: usize) -> Match {
        Match {
            hits: hits as f64,
            pred_total: pred_total as f64,
            ref_total: ref_total as f64,
            int_zero: false,
            whole_pred: false,
            whole_ref: false,
        }
    }

    /// rouge-score's `(0, 0, 0)` ints of the LCS types when a side has no tokens; the totals
    /// still count when matches are pooled.
    pub fn empty_side(pred_total: usize, ref_total: usize) -> Match {
        Match {
            int_zero: true,
            ..Match::counts(0, pred_total, ref_total)
        }
    }

    /// The sum of `matches` (the prediction's total is added once per reference, as
    /// ROUGE-1.5.5's `-f A`); `None` for no matches. Flags hold when they hold for all.
    pub fn pooled(matches: &[Match]) -> Option<Match> {
        let (first, rest) = matches.split_first()?;
        Some(rest.iter().fold(*first, |a, b| Match {
            hits: a.hits + b.hits,
            pred_total: a.pred_total + b.pred_total,
            ref_total: a.ref_total + b.ref_total,
            int_zero: a.int_zero && b.int_zero,
            whole_pred: a.whole_pred && b.whole_pred,
            whole_ref: a.whole_ref && b.whole_ref,
        }))
    }

    /// Hits over totals ([`Score::from_totals`]), or `INT_ZERO`.
    pub fn ratio_score(&self) -> Score {
        if self.int_zero {
            Score::INT_ZERO
        } else {
            Score::from_totals(self.hits, self.pred_total, self.ref_total)
        }
    }
}

/// rouge-score's `scoring.fmeasure`: `2 * P * R / (P + R)` evaluated left to right from the
/// already-divided P and R, `0.0` when `P + R == 0` (spec `rouge-score.md` §7: `2*hits/(m+n)` is not
/// bit-identical).
#[inline]
pub fn fmeasure(precision: f64, recall: f64) -> f64 {
    if precision + recall > 0.0 {
        2.0 * precision * recall / (precision + recall)
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fmeasure_operation_order() {
        // E27 and E14 of the spec: bit patterns that only this order produces.
        assert_eq!(fmeasure(0.6, 0.75), 0.6666666666666665);
        assert_eq!(fmeasure(0.2, 0.2), 0.20000000000000004);
        assert_eq!(fmeasure(0.0, 0.0), 0.0);
        assert_eq!(Score::from_counts(0, 0, 0).precision, 0.0);
    }
}
