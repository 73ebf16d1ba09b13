//! Counts to scores, in rouge-score's exact order of floating-point operations.

/// Precision, recall and F-measure of one type for one pair.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Score {
    pub precision: f64,
    pub recall: f64,
    pub fmeasure: f64,
    /// rouge-score returns the *ints* `(0, 0, 0)` for rougeL/rougeLsum when a side has no
    /// tokens (spec §7); the values here are then 0.0 and this flag records the quirk.
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
        let precision = hits as f64 / pred_total.max(1) as f64;
        let recall = hits as f64 / ref_total.max(1) as f64;
        Score {
            precision,
            recall,
            fmeasure: fmeasure(precision, recall),
            int_zero: false,
        }
    }
}

/// rouge-score's `scoring.fmeasure`: `2 * P * R / (P + R)` evaluated left to right from the
/// already-divided P and R, `0.0` when `P + R == 0` (spec §7: `2*hits/(m+n)` is not
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
