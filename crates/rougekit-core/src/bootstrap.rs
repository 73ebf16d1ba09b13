//! Seeded bootstrap of column means: rougekit's own corpus CI, and the draws of the paired
//! tests in [`crate::paired`] (the rouge-score-compatible aggregator, which must follow
//! NumPy's global RNG, draws in [`crate::numpy_bootstrap`]).
//!
//! The generator is SplitMix64 seeded with the user's seed; indices are drawn with Lemire's
//! unbiased multiply-shift rejection method. Deterministic on every platform and for every
//! thread count.

use crate::error::RougeError;
use crate::pool::shared_pool;
use rayon::prelude::*;

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

/// Arithmetic mean: the exact sum of the values rounded once ([`crate::exact_sum`]), over
/// their number (0.0 for an empty column). The exact sum does not depend on the order of
/// the values, so a column summed in chunks, in partitions on other machines, or in any
/// order has this mean bit for bit.
pub fn mean(values: &[f64]) -> f64 {
    mean_of_sum(&crate::exact_sum::sum_of(values), values.len())
}

/// The mean of `n` values whose exact sum is `sum` (0.0 when `n` is 0).
pub fn mean_of_sum(sum: &crate::exact_sum::ExactSum, n: usize) -> f64 {
    if n == 0 {
        return 0.0;
    }
    sum.value() / n as f64
}

/// Most resamples one bootstrap may ask for (memory is `columns × n_samples` floats).
pub const MAX_SAMPLES: usize = 10_000_000;

/// Most resamples drawn between two calls of the `keep_going` callback of
/// [`resample_means`] (a call may take the GIL: not after every resample of a small column).
const CHECK_EVERY: usize = 64;

/// Indices drawn ahead into one block: the bootstrap's working memory (8 bytes each) beyond
/// its output. A block holds whole resamples, at least one.
const DRAW_BUDGET: usize = 1 << 20;

/// Columns of one length, or an error naming the first that differs.
fn common_len(columns: &[&[f64]]) -> Result<usize, RougeError> {
    let n = columns.first().map_or(0, |c| c.len());
    match columns.iter().position(|c| c.len() != n) {
        Some(k) => Err(RougeError::InvalidOption(format!(
            "bootstrap columns must have one length: column 0 has {n} values, column {k} has {}",
            columns[k].len()
        ))),
        None => Ok(n),
    }
}

/// `n_samples` resample means of each column; all columns share the resampled rows, so
/// paired quantities (P, R, F of one type, or two systems) stay paired. `keep_going` is
/// called on the calling thread between blocks of resamples; `Ok(None)` when it returns
/// false (the caller was interrupted).
///
/// The rows are drawn in one sequence from SplitMix64 (resample after resample), and each
/// mean is the sum of its column's values in draw order divided by the length: the
/// numbers do not depend on `threads` (workers only share out the sums).
pub fn resample_means(
    columns: &[&[f64]],
    n_samples: usize,
    seed: u64,
    threads: usize,
    mut keep_going: impl FnMut() -> bool,
) -> Result<Option<Vec<Vec<f64>>>, RougeError> {
    let n = common_len(columns)?;
    let n_samples = n_samples.min(MAX_SAMPLES);
    if n == 0 || n_samples == 0 {
        return Ok(Some(vec![Vec::new(); columns.len()]));
    }
    let pool = shared_pool(threads);
    let per_block = (DRAW_BUDGET / n).clamp(1, CHECK_EVERY).min(n_samples);
    let mut out = vec![vec![0.0; n_samples]; columns.len()];
    let mut rng = SplitMix64::new(seed);
    let mut idx = vec![0usize; per_block * n];
    let mut start = 0;
    while start < n_samples {
        let rows = per_block.min(n_samples - start);
        let idx = &mut idx[..rows * n];
        for slot in idx.iter_mut() {
            *slot = rng.below(n as u64) as usize;
        }
        let idx = &*idx;
        let one = |(r, m): (usize, &mut f64), col: &[f64]| {
            let sum: f64 = idx[r * n..(r + 1) * n].iter().map(|&i| col[i]).sum();
            *m = sum / n as f64;
        };
        let range = start..start + rows;
        match &pool {
            // Every (column, resample) sum is one task: the 2 workers stay busy whether
            // there are 12 columns of a million pairs or a few short ones.
            Some(pool) => pool.install(|| {
                columns
                    .par_iter()
                    .zip(out.par_iter_mut())
                    .for_each(|(col, means)| {
                        means[range.clone()]
                            .par_iter_mut()
                            .enumerate()
                            .for_each(|rm| one(rm, col))
                    })
            }),
            None => columns.iter().zip(out.iter_mut()).for_each(|(col, means)| {
                means[range.clone()]
                    .iter_mut()
                    .enumerate()
                    .for_each(|rm| one(rm, col))
            }),
        }
        start += rows;
        if start < n_samples && !keep_going() {
            return Ok(None);
        }
    }
    Ok(Some(out))
}

/// A column's mean and the bounds of its percentile-bootstrap confidence interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    pub mean: f64,
    /// NaN when no bootstrap ran (no resample asked for, or an empty column).
    pub low: f64,
    pub high: f64,
}

/// rougekit's corpus numbers for float64 columns (one per type and field): each column's
/// [`mean`] and, when `n_samples > 0`, the `confidence` percentile interval of its
/// [`resample_means`] (linear percentiles, [`percentile_sorted`]). This is the one
/// implementation behind `BatchResult.corpus` and the command line's `--ci`, so the two
/// agree bit for bit whatever holds the columns. `Ok(None)`: interrupted by `keep_going`.
pub fn summarize(
    columns: &[&[f64]],
    n_samples: usize,
    seed: u64,
    confidence: f64,
    threads: usize,
    keep_going: impl FnMut() -> bool,
) -> Result<Option<Vec<Estimate>>, RougeError> {
    if !(confidence > 0.0 && confidence < 1.0) {
        return Err(RougeError::InvalidOption(format!(
            "confidence must be strictly between 0 and 1, got {confidence}"
        )));
    }
    if n_samples > MAX_SAMPLES {
        return Err(RougeError::InvalidOption(format!(
            "n_bootstrap must be at most {MAX_SAMPLES}, got {n_samples}"
        )));
    }
    let n = common_len(columns)?;
    let mut out: Vec<Estimate> = columns
        .iter()
        .map(|c| Estimate {
            mean: mean(c),
            low: f64::NAN,
            high: f64::NAN,
        })
        .collect();
    if n_samples == 0 || n == 0 {
        return Ok(Some(out));
    }
    let Some(resampled) = resample_means(columns, n_samples, seed, threads, keep_going)? else {
        return Ok(None);
    };
    let tail = (1.0 - confidence) / 2.0 * 100.0;
    for (e, mut m) in out.iter_mut().zip(resampled) {
        m.sort_by(f64::total_cmp);
        e.low = percentile_sorted(&m, tail);
        e.high = percentile_sorted(&m, 100.0 - tail);
    }
    Ok(Some(out))
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

    /// The bootstrap as first written: one resample at a time, one column after another.
    /// The blocked, parallel [`resample_means`] must give exactly these numbers.
    fn one_at_a_time(columns: &[&[f64]], n_samples: usize, seed: u64) -> Vec<Vec<f64>> {
        let n = columns[0].len();
        let mut out = vec![Vec::new(); columns.len()];
        let mut rng = SplitMix64::new(seed);
        let mut idx = vec![0usize; n];
        for _ in 0..n_samples {
            for slot in idx.iter_mut() {
                *slot = rng.below(n as u64) as usize;
            }
            for (col, means) in columns.iter().zip(out.iter_mut()) {
                let sum: f64 = idx.iter().map(|&i| col[i]).sum();
                means.push(sum / n as f64);
            }
        }
        out
    }

    fn columns(n: usize, width: usize) -> Vec<Vec<f64>> {
        let mut rng = SplitMix64::new(99);
        (0..width)
            .map(|_| (0..n).map(|_| rng.below(1000) as f64 / 997.0).collect())
            .collect()
    }

    #[test]
    fn deterministic_and_in_range() {
        let col = [0.0, 1.0, 0.5, 0.25];
        let run = |seed, keep: bool| resample_means(&[&col], 200, seed, 1, || keep).unwrap();
        let a = run(7, true).unwrap();
        assert_eq!(Some(a.clone()), run(7, true));
        assert!(a[0].iter().all(|&m| (0.0..=1.0).contains(&m)));
        assert_ne!(Some(a), run(8, true));
        assert!(run(7, false).is_none());
        let mut r = SplitMix64::new(1);
        assert!((0..1000).all(|_| r.below(3) < 3));
    }

    #[test]
    fn blocks_and_threads_do_not_change_bits() {
        // 1, several and many resamples per block; short and long columns.
        for (n, samples) in [(1, 5), (3, 200), (1000, 300), (DRAW_BUDGET / 3 + 1, 4)] {
            let cols = columns(n, 3);
            let refs: Vec<&[f64]> = cols.iter().map(|c| &c[..]).collect();
            let want = one_at_a_time(&refs, samples, 5);
            for threads in [1, 2, 3] {
                let got = resample_means(&refs, samples, 5, threads, || true).unwrap();
                assert_eq!(got, Some(want.clone()), "n={n} threads={threads}");
            }
        }
    }

    #[test]
    fn interrupted_between_blocks() {
        let cols = columns(10, 2);
        let refs: Vec<&[f64]> = cols.iter().map(|c| &c[..]).collect();
        let mut calls = 0;
        let out = resample_means(&refs, 1000, 1, 2, || {
            calls += 1;
            calls < 3
        });
        assert_eq!((out, calls), (Ok(None), 3));
    }

    #[test]
    fn summary_of_columns() {
        let cols = columns(500, 2);
        let refs: Vec<&[f64]> = cols.iter().map(|c| &c[..]).collect();
        let got = summarize(&refs, 100, 3, 0.9, 2, || true).unwrap().unwrap();
        let mut means = one_at_a_time(&refs, 100, 3);
        for ((e, col), m) in got.iter().zip(&refs).zip(means.iter_mut()) {
            m.sort_by(f64::total_cmp);
            assert_eq!(e.mean, mean(col));
            let tail = (1.0 - 0.9) / 2.0 * 100.0;
            let bounds = (
                percentile_sorted(m, tail),
                percentile_sorted(m, 100.0 - tail),
            );
            assert_eq!((e.low, e.high), bounds);
            assert!(e.low < e.mean && e.mean < e.high);
        }
        // No resample asked for, or nothing to resample: means only.
        let plain = summarize(&refs, 0, 3, 0.9, 1, || true).unwrap().unwrap();
        assert!(plain.iter().all(|e| e.low.is_nan() && e.high.is_nan()));
        let empty = summarize(&[&[][..]], 10, 3, 0.9, 1, || true)
            .unwrap()
            .unwrap();
        assert_eq!(empty[0].mean, 0.0);
        assert!(empty[0].low.is_nan());
    }

    #[test]
    fn bad_input_is_an_error() {
        let (a, b) = ([0.5; 3], [0.5; 2]);
        let err = summarize(&[&a, &b], 10, 0, 0.9, 1, || true).unwrap_err();
        assert!(err.to_string().contains("column 1 has 2"), "{err}");
        for c in [0.0, 1.0, f64::NAN, -0.5] {
            assert!(summarize(&[&a], 10, 0, c, 1, || true).is_err());
        }
        assert!(summarize(&[&a], MAX_SAMPLES + 1, 0, 0.9, 1, || true).is_err());
    }

    #[test]
    fn percentiles() {
        let s = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(percentile_sorted(&s, 50.0), 2.5);
        assert_eq!(percentile_sorted(&s, 0.0), 1.0);
        assert_eq!(percentile_sorted(&s, 100.0), 4.0);
    }
}
