//! Multi-reference rules.
use crate::score::Score;

/// rouge-score's `score_multi` (spec §8): per type, the whole score of the reference with the
/// highest F-measure; `numpy.argmax` semantics, so ties go to the earliest reference.
pub fn best_f(scores: impl IntoIterator<Item = Score>) -> Option<Score> {
    let mut best: Option<Score> = None;
    for s in scores {
        // Strict `>`: a later reference must be strictly better to replace the first.
        if best.is_none_or(|b| s.fmeasure > b.fmeasure) {
            best = Some(s);
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_wins_ties() {
        let a = Score::from_counts(1, 2, 2);
        let b = Score::from_counts(1, 2, 2);
        let b = Score { recall: 0.25, ..b };
        assert_eq!(best_f([a, b]).unwrap().recall, 0.5);
        let c = Score::from_counts(2, 2, 2);
        assert_eq!(best_f([a, c]).unwrap().fmeasure, 1.0);
        assert!(best_f([]).is_none());
    }
}
