//! From per-model counts to one instance's scores (spec `rouge-1.5.5.md` §9.2): `-f A` pooling or `-f B`
//! best-recall selection, then R and P rounded to 5 decimals *before* F (quirk 2).
use super::counts::ModelCounts;
use super::round::round5;
pub use crate::multiref::MultiRef;

/// One instance's result for one variant.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct InstanceScore {
    /// Rounded recall, precision and F (what `-t 0` stores and prints).
    pub r: f64,
    pub p: f64,
    pub f: f64,
    /// Unrounded TotalM, TotalP, TotalHit (what `-t 1` / `-t 2` use).
    pub total_m: f64,
    pub total_p: f64,
    pub total_hit: f64,
}

/// Combines the models' counts (`peer` = the peer count Pc) into R, P and F. `inverse` is
/// f⁻¹ for ROUGE-W and the identity otherwise.
pub fn combine(
    models: &[ModelCounts],
    peer: f64,
    rule: MultiRef,
    alpha: f64,
    inverse: impl Fn(f64) -> f64,
) -> InstanceScore {
    let (mut hit, mut m, mut p) = (0.0, 0.0, 0.0);
    // `-f B` is best-recall; every other rule pools (`-f A`), as ROUGE-1.5.5 treats any `-f`
    // value other than `B` (spec `rouge-1.5.5.md` §2, `-f`). The profile only offers the two.
    match rule {
        MultiRef::Pooled | MultiRef::BestF | MultiRef::Mean | MultiRef::BestFFloat32 => {
            for c in models {
                hit += c.hit;
                m += c.m;
                p += peer;
            }
        }
        MultiRef::BestRecall => {
            if let Some(c) = best_recall(models).map(|j| &models[j]) {
                (hit, m, p) = (c.hit, c.m, peer);
            }
        }
    }
    let r = if m != 0.0 {
        round5(inverse(hit / m))
    } else {
        0.0
    };
    let prec = if p != 0.0 {
        round5(inverse(hit / p))
    } else {
        0.0
    };
    let denom = (1.0 - alpha) * prec + alpha * r;
    let f = if denom > 0.0 {
        round5(prec * r / denom)
    } else {
        0.0
    };
    InstanceScore {
        r,
        p: prec,
        f,
        total_m: m,
        total_p: p,
        total_hit: hit,
    }
}

/// The model `-f B` keeps: the first with the highest `select` (a later model must be
/// strictly greater, spec `rouge-1.5.5.md` §9.2); `None` without models.
pub fn best_recall(models: &[ModelCounts]) -> Option<usize> {
    let mut best = -1.0;
    let mut chosen = None;
    for (j, c) in models.iter().enumerate() {
        if c.select > best {
            best = c.select;
            chosen = Some(j);
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn f_uses_rounded_r_and_p() {
        // E02 ROUGE-SU4: hits 4, model 14, peer 9 -> F 0.34782 (not 0.34783).
        let c = [ModelCounts {
            hit: 4.0,
            m: 14.0,
            select: 0.0,
        }];
        let s = combine(&c, 9.0, MultiRef::Pooled, 0.5, |x| x);
        assert_eq!((s.r, s.p, s.f), (0.28571, 0.44444, 0.34782));
    }
}
