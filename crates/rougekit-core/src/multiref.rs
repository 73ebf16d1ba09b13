//! Multi-reference rules: how the per-reference [`Match`]es of one type become one score.
use crate::error::RougeError;
use crate::scores::{Match, Score};

/// A multi-reference rule (named in the signature).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MultiRef {
    /// rouge-score's `score_multi` (spec `rouge-score.md` §8): the whole score of the
    /// reference with the highest F-measure, the earliest on ties (`numpy.argmax`).
    #[default]
    BestF,
    /// ROUGE-1.5.5's `-f A` (spec `rouge-1.5.5.md` §9.2): hits and reference sizes summed
    /// over references, the prediction's size counted once per reference.
    Pooled,
    /// ROUGE-1.5.5's `-f B`: the reference with the highest recall, the earliest on ties
    /// (unrounded here; ROUGE-1.5.5's profile keeps Perl's rounding).
    BestRecall,
    /// The float64 mean of each of P, R and F over references (torchmetrics' `accumulate="avg"`
    /// up to its float32 rounding, which the Python integration reproduces with torch).
    Mean,
    /// torchmetrics' `accumulate="best"`: like [`MultiRef::BestF`], but the F-measures are
    /// compared after rounding to `f32`, the earliest on ties (torchmetrics stores each
    /// score as a float32 tensor and takes `torch.argmax`). Two references whose F is equal
    /// in exact arithmetic can differ in the last bit of `f64` (2·P·R/(P+R) rounds
    /// differently), which makes `best-f` pick the later one where torchmetrics keeps the
    /// first; their P and R then differ. Measured: 4 of 1,600 SummEval pairs (11 refs).
    BestFFloat32,
}

impl MultiRef {
    /// Every rule, in documentation order.
    pub const ALL: [MultiRef; 5] = [
        MultiRef::BestF,
        MultiRef::Pooled,
        MultiRef::BestRecall,
        MultiRef::Mean,
        MultiRef::BestFFloat32,
    ];

    /// The rule's name: `best-f`, `pooled`, `best-recall`, `mean` or `best-f-float32`.
    pub fn name(self) -> &'static str {
        match self {
            MultiRef::BestF => "best-f",
            MultiRef::Pooled => "pooled",
            MultiRef::BestRecall => "best-recall",
            MultiRef::Mean => "mean",
            MultiRef::BestFFloat32 => "best-f-float32",
        }
    }

    /// Parses a rule name.
    pub fn parse(name: &str) -> Result<MultiRef, RougeError> {
        MultiRef::ALL
            .into_iter()
            .find(|r| r.name() == name)
            .ok_or_else(|| {
                RougeError::InvalidOption(format!(
                    "unknown multi-reference rule {name:?}: expected one of best-f, pooled, \
                     best-recall, mean, best-f-float32"
                ))
            })
    }

    /// One score from the per-reference matches of one type (`score` is the variant's P/R/F
    /// step); `None` when there is no reference.
    pub fn combine(self, matches: &[Match], score: impl Fn(&Match) -> Score) -> Option<Score> {
        if let [only] = matches {
            return Some(score(only)); // every rule is the identity on one reference
        }
        match self {
            MultiRef::Pooled => Match::pooled(matches).map(|m| score(&m)),
            MultiRef::Mean => mean(matches.iter().map(score)),
            _ => first_max(matches.iter().map(&score), |s| self.key(s).unwrap_or(0.0)),
        }
    }

    /// What a rule that keeps one reference's score compares (the earliest of the greatest
    /// wins); `None` for the rules that combine the references (pooled, mean).
    pub fn key(self, s: &Score) -> Option<f64> {
        match self {
            MultiRef::BestF => Some(s.fmeasure),
            MultiRef::BestRecall => Some(s.recall),
            // `as f32` rounds to nearest, as torch's float64 -> float32 conversion does.
            MultiRef::BestFFloat32 => Some(f64::from(s.fmeasure as f32)),
            MultiRef::Pooled | MultiRef::Mean => None,
        }
    }

    /// [`MultiRef::combine`] with jackknifing (ROUGE before 1.4, spec `rouge-1.5.5.md`
    /// §9.2): with J >= 2 references, the mean over the J leave-one-out subsets of the rule's
    /// score; with one reference, the rule's score.
    pub fn combine_jackknife(
        self,
        matches: &[Match],
        subset: &mut Vec<Match>,
        score: impl Fn(&Match) -> Score,
    ) -> Option<Score> {
        if matches.len() < 2 {
            return self.combine(matches, score);
        }
        let rounds = (0..matches.len()).filter_map(|left_out| {
            subset.clear();
            subset.extend(
                matches
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != left_out)
                    .map(|(_, m)| *m),
            );
            self.combine(subset, &score)
        });
        mean(rounds.collect::<Vec<_>>())
    }
}

/// The first score with the strictly greatest `key`.
fn first_max(scores: impl Iterator<Item = Score>, key: impl Fn(&Score) -> f64) -> Option<Score> {
    let mut best: Option<Score> = None;
    for s in scores {
        // Strict `>`: a later reference must be strictly better to replace the first.
        if best.is_none_or(|b| key(&s) > key(&b)) {
            best = Some(s);
        }
    }
    best
}

/// Field-wise means, summed left to right then divided by the count.
fn mean(scores: impl IntoIterator<Item = Score>) -> Option<Score> {
    let mut n = 0usize;
    let mut sum = Score::INT_ZERO;
    for s in scores {
        sum = Score {
            precision: sum.precision + s.precision,
            recall: sum.recall + s.recall,
            fmeasure: sum.fmeasure + s.fmeasure,
            int_zero: (n == 0 || sum.int_zero) && s.int_zero,
        };
        n += 1;
    }
    (n > 0).then(|| {
        let k = n as f64;
        Score {
            precision: sum.precision / k,
            recall: sum.recall / k,
            fmeasure: sum.fmeasure / k,
            int_zero: sum.int_zero,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ratio(m: &Match) -> Score {
        m.ratio_score()
    }

    #[test]
    fn best_f_first_wins_ties() {
        let a = Match::counts(1, 2, 2);
        let b = Match::counts(1, 2, 4);
        let c = Match::counts(2, 2, 2);
        assert_eq!(MultiRef::BestF.combine(&[a, a], ratio).unwrap().recall, 0.5);
        assert_eq!(
            MultiRef::BestF.combine(&[a, c], ratio).unwrap().fmeasure,
            1.0
        );
        assert_eq!(MultiRef::BestF.combine(&[a, b], ratio).unwrap().recall, 0.5);
        assert!(MultiRef::BestF.combine(&[], ratio).is_none());
    }

    #[test]
    fn best_f_float32_keeps_the_first_of_f32_ties() {
        // Two references whose F is equal in exact arithmetic but not in f64: best-f takes
        // the later (its f64 F is one ulp larger), best-f-float32 the first, as
        // torchmetrics' argmax over float32 F does.
        let mut found = None;
        'search: for (h1, p1, r1) in (1..20usize).flat_map(|h| (h..40).map(move |p| (h, p, p))) {
            for h2 in 1..20usize {
                for p2 in h2..40 {
                    for r2 in h2..40 {
                        let (a, b) = (Match::counts(h1, p1, r1), Match::counts(h2, p2, r2));
                        let (fa, fb) = (ratio(&a).fmeasure, ratio(&b).fmeasure);
                        if fa < fb && fa as f32 == fb as f32 && ratio(&a).recall != ratio(&b).recall
                        {
                            found = Some((a, b));
                            break 'search;
                        }
                    }
                }
            }
        }
        let (a, b) = found.expect("an f64-only difference between equal F exists");
        let best = MultiRef::BestF.combine(&[a, b], ratio).unwrap();
        let best32 = MultiRef::BestFFloat32.combine(&[a, b], ratio).unwrap();
        assert_eq!(best.recall, ratio(&b).recall);
        assert_eq!(best32.recall, ratio(&a).recall);
        assert_eq!(
            MultiRef::parse("best-f-float32").unwrap(),
            MultiRef::BestFFloat32
        );
    }

    #[test]
    fn pooled_is_perl_f_a() {
        // Spec rouge-1.5.5.md E32: `the cat sat on the mat` vs `the cat sat` and
        // `a dog sat on the mat today`: ROUGE-1 hits 3 + 4, sizes 3 + 7, peer 6 twice;
        // Perl prints R 0.70000, P 0.58333.
        let s = MultiRef::Pooled
            .combine(&[Match::counts(3, 6, 3), Match::counts(4, 6, 7)], ratio)
            .unwrap();
        assert_eq!((s.recall, s.precision), (0.7, 7.0 / 12.0));
    }

    #[test]
    fn best_recall_and_mean() {
        let a = Match::counts(2, 4, 4);
        let b = Match::counts(3, 4, 6);
        let s = MultiRef::BestRecall.combine(&[b, a], ratio).unwrap();
        assert_eq!(s.recall, 0.5);
        assert_eq!(s.precision, 0.75);
        let m = MultiRef::Mean.combine(&[a, b], ratio).unwrap();
        assert_eq!(m.precision, (0.5 + 0.75) / 2.0);
        assert!(!m.int_zero);
        let z = MultiRef::Mean
            .combine(&[Match::empty_side(0, 3), Match::empty_side(0, 2)], ratio)
            .unwrap();
        assert!(z.int_zero);
    }

    #[test]
    fn jackknife_averages_leave_one_out() {
        let (a, b, c) = (
            Match::counts(1, 4, 4),
            Match::counts(2, 4, 4),
            Match::counts(4, 4, 4),
        );
        let mut buf = Vec::new();
        let s = MultiRef::BestF
            .combine_jackknife(&[a, b, c], &mut buf, ratio)
            .unwrap();
        // Subsets {b, c}, {a, c}, {a, b}: best recalls 1, 1, 0.5.
        assert_eq!(s.recall, (1.0 + 1.0 + 0.5) / 3.0);
        let one = MultiRef::BestF.combine_jackknife(&[a], &mut buf, ratio);
        assert_eq!(one, MultiRef::BestF.combine(&[a], ratio));
    }

    #[test]
    fn names_round_trip() {
        for r in MultiRef::ALL {
            assert_eq!(MultiRef::parse(r.name()), Ok(r));
        }
        assert!(MultiRef::parse("A").is_err());
    }
}
