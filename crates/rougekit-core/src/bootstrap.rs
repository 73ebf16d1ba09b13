//! Seeded bootstrap of column means (rougekit's own corpus CI; the rouge-score-compatible
//! aggregator lives in Python because it must follow NumPy's global RNG).
//!
//! The generator is SplitMix64 seeded with the user's seed; indices are drawn with Lemire's
//! unbiased multiply-shift rejection method. Deterministic on every platform.

/// SplitMix64: a small, well-distributed 64-bit generator.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (`n > 0`), without modulo bias.
    pub fn below(&mut self, n: u64) -> u64 {
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }
}

/// Arithmetic mean, summed in index order (0.0 for an empty column).
pub fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.iter().sum::<f64>() / values.len() as f64
}

/// Most resamples one bootstrap may ask for (memory is `columns × n_samples` floats).
pub const MAX_SAMPLES: usize = 10_000_000;

/// Resamples between two calls of the `keep_going` callback of [`resample_means`].
const CHECK_EVERY: usize = 64;

/// `n_samples` resample means of each column; all columns share the resampled rows, so
/// paired quantities (P, R, F of one type, or two systems) stay paired. `keep_going` is
/// called every few resamples; `None` when it returns false (the caller was interrupted).
pub fn resample_means(
    columns: &[&[f64]],
    n_samples: usize,
    seed: u64,
    mut keep_going: impl FnMut() -> bool,
) -> Option<Vec<Vec<f64>>> {
    let n = columns.first().map_or(0, |c| c.len());
    let n_samples = n_samples.min(MAX_SAMPLES);
    let mut out = vec![Vec::with_capacity(if n == 0 { 0 } else { n_samples }); columns.len()];
    if n == 0 {
        return Some(out);
    }
    let mut rng = SplitMix64::new(seed);
    let mut idx = vec![0usize; n];
    for sample in 0..n_samples {
        if sample % CHECK_EVERY == CHECK_EVERY - 1 && !keep_going() {
            return None;
        }
        for slot in idx.iter_mut() {
            *slot = rng.below(n as u64) as usize;
        }
        for (col, means) in columns.iter().zip(out.iter_mut()) {
            let sum: f64 = idx.iter().map(|&i| col[i]).sum();
            means.push(sum / n as f64);
        }
    }
    Some(out)
}

/// The `q`-th percentile (0..=100) with linear interpolation between order statistics
/// (NumPy's default), of already sorted data.
pub fn percentile_sorted(sorted: &[f64], q: f64) -> f64 {
    match sorted.len() {
        0 => f64::NAN,
        1 => sorted[0],
        n => {
            let pos = q / 100.0 * (n - 1) as f64;
            let lo = pos.floor() as usize;
            let hi = (lo + 1).min(n - 1);
            let frac = pos - lo as f64;
            sorted[lo] + (sorted[hi] - sorted[lo]) * frac
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_in_range() {
        let col = [0.0, 1.0, 0.5, 0.25];
        let a = resample_means(&[&col], 200, 7, || true).unwrap();
        let b = resample_means(&[&col], 200, 7, || true).unwrap();
        assert_eq!(a, b);
        assert!(a[0].iter().all(|&m| (0.0..=1.0).contains(&m)));
        assert_ne!(a, resample_means(&[&col], 200, 8, || true).unwrap());
        assert!(resample_means(&[&col], 200, 7, || false).is_none());
        let mut r = SplitMix64::new(1);
        assert!((0..1000).all(|_| r.below(3) < 3));
    }

    #[test]
    fn percentiles() {
        let s = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(percentile_sorted(&s, 50.0), 2.5);
        assert_eq!(percentile_sorted(&s, 0.0), 1.0);
        assert_eq!(percentile_sorted(&s, 100.0), 4.0);
    }
}
