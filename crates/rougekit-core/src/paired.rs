//! Paired significance tests of two systems scored on the same pairs (`rougekit compare`),
//! on the core's seeded generator ([`SplitMix64`]): the same inputs and seed give the same
//! p-values on every machine and for every thread count.
//!
//! With `a` and `b` the per-pair scores of a baseline and a system, `d = b - a` and
//! `delta = mean(b) - mean(a)`:
//!
//! * **Paired bootstrap** (Koehn 2004; the null-shifted form of Berg-Kirkpatrick et al.
//!   2012): `B` resamples of the pair indices ([`resample_means`] of `d`, the draws of the
//!   corpus CI); the interval is the percentile interval of the resample means and
//!   `p = (1 + #{i : |delta_i - delta| >= |delta|}) / (B + 1)`.
//! * **Approximate randomization** (Noreen 1989; Riezler and Maxwell 2005): in each of `R`
//!   trials every pair's two scores are swapped with probability 1/2 (one random bit each),
//!   and `p = (1 + #{r : |mean(s_r * d)| >= |delta|}) / (R + 1)`.
//!
//! Ties count as "at least as extreme": the comparisons allow a relative tolerance of 1e-9
//! of `sum(|d|)` for sums taken in another order, so identical systems get p = 1.
use crate::bootstrap::{mean, percentile_sorted, resample_means, SplitMix64, MAX_SAMPLES};
use crate::error::RougeError;

const TOLERANCE: f64 = 1e-9;

/// The paired bootstrap's result.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairedBootstrap {
    /// `mean(b) - mean(a)`.
    pub delta: f64,
    /// Percentile interval of the resampled differences.
    pub low: f64,
    pub high: f64,
    /// Two-sided p-value.
    pub p_value: f64,
}

/// The differences `b - a`, checked: one length, not empty.
fn differences(a: &[f64], b: &[f64]) -> Result<Vec<f64>, RougeError> {
    if a.len() != b.len() {
        return Err(RougeError::InvalidOption(format!(
            "paired scores must have one length, got {} and {}",
            a.len(),
            b.len()
        )));
    }
    if a.is_empty() {
        return Err(RougeError::InvalidOption("paired scores are empty".into()));
    }
    Ok(a.iter().zip(b).map(|(x, y)| y - x).collect())
}

fn check_count(n: usize, what: &str) -> Result<(), RougeError> {
    if n == 0 || n > MAX_SAMPLES {
        return Err(RougeError::InvalidOption(format!(
            "{what} must be from 1 to {MAX_SAMPLES}, got {n}"
        )));
    }
    Ok(())
}

/// Paired bootstrap test of `mean(b) - mean(a)` (see the module documentation);
/// `keep_going` as for [`resample_means`], `Ok(None)` when it stopped the run.
pub fn paired_bootstrap(
    a: &[f64],
    b: &[f64],
    n_resamples: usize,
    seed: u64,
    confidence: f64,
    threads: usize,
    keep_going: impl FnMut() -> bool,
) -> Result<Option<PairedBootstrap>, RougeError> {
    check_count(n_resamples, "the number of resamples")?;
    if !(confidence > 0.0 && confidence < 1.0) {
        return Err(RougeError::InvalidOption(format!(
            "confidence must be strictly between 0 and 1, got {confidence}"
        )));
    }
    let d = differences(a, b)?;
    let delta = mean(b) - mean(a);
    let Some(mut deltas) = resample_means(&[&d], n_resamples, seed, threads, keep_going)? else {
        return Ok(None);
    };
    let mut deltas = deltas.swap_remove(0);
    let tol = TOLERANCE * d.iter().map(|x| x.abs()).sum::<f64>() / d.len() as f64;
    let extreme = deltas
        .iter()
        .filter(|&&x| (x - delta).abs() >= delta.abs() - tol)
        .count();
    deltas.sort_by(f64::total_cmp);
    let tail = (1.0 - confidence) / 2.0 * 100.0;
    Ok(Some(PairedBootstrap {
        delta,
        low: percentile_sorted(&deltas, tail),
        high: percentile_sorted(&deltas, 100.0 - tail),
        p_value: (1 + extreme) as f64 / (n_resamples + 1) as f64,
    }))
}

/// Trials between two calls of `keep_going` in [`approximate_randomization`].
const TRIALS_PER_CHECK: usize = 256;

/// Two-sided approximate-randomization p-value of `mean(b) - mean(a)`. Trial r draws one
/// bit per pair, in pair order, from one SplitMix64 stream seeded with `seed` (64 pairs per
/// draw); a set bit swaps the pair. `Ok(None)` when `keep_going` stopped the run.
pub fn approximate_randomization(
    a: &[f64],
    b: &[f64],
    n_trials: usize,
    seed: u64,
    mut keep_going: impl FnMut() -> bool,
) -> Result<Option<f64>, RougeError> {
    check_count(n_trials, "the number of trials")?;
    let d = differences(a, b)?;
    let total: f64 = d.iter().sum();
    let tol = TOLERANCE * d.iter().map(|x| x.abs()).sum::<f64>();
    let mut rng = SplitMix64::new(seed);
    let mut extreme = 0usize;
    for trial in 0..n_trials {
        // sum(s * d) = total - 2 * sum(d[swapped]).
        let mut swapped = 0.0;
        for block in d.chunks(64) {
            let bits = rng.next_u64();
            for (k, &x) in block.iter().enumerate() {
                if bits >> k & 1 == 1 {
                    swapped += x;
                }
            }
        }
        if (total - 2.0 * swapped).abs() >= total.abs() - tol {
            extreme += 1;
        }
        if trial % TRIALS_PER_CHECK == TRIALS_PER_CHECK - 1 && !keep_going() {
            return Ok(None);
        }
    }
    Ok(Some((1 + extreme) as f64 / (n_trials + 1) as f64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scores(seed: u64, n: usize, shift: f64) -> Vec<f64> {
        let mut r = SplitMix64::new(seed);
        (0..n)
            .map(|_| (r.below(1000) as f64 / 1000.0 + shift).min(1.0))
            .collect()
    }

    #[test]
    fn identical_systems_are_not_different() {
        let a = scores(1, 200, 0.0);
        let boot = paired_bootstrap(&a, &a, 500, 0, 0.95, 1, || true)
            .unwrap()
            .unwrap();
        assert_eq!((boot.delta, boot.p_value), (0.0, 1.0));
        let p = approximate_randomization(&a, &a, 500, 0, || true).unwrap();
        assert_eq!(p, Some(1.0));
    }

    #[test]
    fn a_clear_difference_is_significant_and_seeded() {
        let a = scores(1, 300, 0.0);
        let b = scores(2, 300, 0.2);
        let run = |seed| {
            paired_bootstrap(&a, &b, 1000, seed, 0.95, 2, || true)
                .unwrap()
                .unwrap()
        };
        let boot = run(7);
        assert_eq!(boot, run(7));
        assert_eq!(
            boot,
            paired_bootstrap(&a, &b, 1000, 7, 0.95, 1, || true)
                .unwrap()
                .unwrap()
        );
        assert!(boot.p_value < 0.01 && boot.low > 0.0 && boot.low < boot.delta);
        let p = approximate_randomization(&a, &b, 2000, 7, || true)
            .unwrap()
            .unwrap();
        assert!(p < 0.01, "{p}");
        // A small difference on noisy scores is not.
        let c: Vec<f64> = a
            .iter()
            .enumerate()
            .map(|(i, x)| x + if i % 2 == 0 { 0.01 } else { -0.01 })
            .collect();
        let p = approximate_randomization(&a, &c, 2000, 7, || true)
            .unwrap()
            .unwrap();
        assert!(p > 0.5, "{p}");
    }

    #[test]
    fn bad_input_and_interruption() {
        assert!(paired_bootstrap(&[0.1], &[0.1, 0.2], 10, 0, 0.95, 1, || true).is_err());
        assert!(approximate_randomization(&[], &[], 10, 0, || true).is_err());
        assert!(approximate_randomization(&[0.1], &[0.2], 0, 0, || true).is_err());
        let stopped = approximate_randomization(&[0.1; 10], &[0.2; 10], 10_000, 0, || false);
        assert_eq!(stopped, Ok(None));
    }
}
