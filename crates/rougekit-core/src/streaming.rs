//! Corpus numbers from sums only: the streaming mode of the scale-out accumulator.
//!
//! A corpus scored in partitions on many machines (Dask, Spark, Ray) is summarised here
//! with memory that does not grow with the number of pairs, and with numbers that do not
//! depend on how the pairs were partitioned, ordered or merged:
//!
//! - means: exact sums ([`ExactSum`]), so they equal [`crate::bootstrap::mean`] of the
//!   whole column bit for bit;
//! - confidence interval: a Poisson bootstrap. Replicate `r` gives pair `id` the weight
//!   [`poisson_weight`]`(seed, id, r)`, a Poisson(1) draw from a counter-based hash of
//!   `(seed, id, r)`: the same pair gets the same weights wherever it is scored. Each
//!   replicate's weighted sums are kept in fixed point (integers of 2^-62), whose addition is
//!   associative; replicate `r`'s mean is `sum_i w_i x_i / sum_i w_i`. Scores must lie in
//!   [0, 1] (every ROUGE score does) so a sum of 2^40 weighted scores fits an `i128`.
//!
//! The Poisson bootstrap approximates the multinomial one (each pair's count in a resample
//! of n pairs tends to Poisson(1) as n grows), so its interval is close to, not equal to,
//! [`crate::bootstrap::summarize`]'s; it is a different, named, method.

use crate::bootstrap::{mean_of_sum, percentile_sorted, Estimate, MAX_SAMPLES};
use crate::error::RougeError;
use crate::exact_sum::ExactSum;
use crate::pool::shared_pool;
use rayon::prelude::*;

/// SplitMix64's increment (the golden ratio in 64 bits).
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of pair `id` under `seed`: the state of the pair's own SplitMix64 stream.
pub fn pair_key(seed: u64, id: u64) -> u64 {
    mix(mix(seed.wrapping_add(GAMMA)) ^ mix(id.wrapping_add(GAMMA.wrapping_mul(2))))
}

/// `floor(P(X <= k) * 2^64)` for X ~ Poisson(1), k = 0..=19 (computed with 80-digit decimals:
/// no platform's `exp` is involved). A uniform 64-bit `u` has weight `#{k : T[k] <= u}`.
const POISSON_THRESHOLDS: [u64; 20] = [
    0x5e2d_58d8_b3bc_df1a,
    0xbc5a_b1b1_6779_be35,
    0xeb71_5e1d_c158_2dc2,
    0xfb23_9797_34a2_52f1,
    0xff10_25f5_9174_dc3d,
    0xffd9_0f3b_a405_5e19,
    0xfffa_8b71_fc72_c913,
    0xffff_540c_0914_b3c9,
    0xffff_ed1f_4aa8_f120,
    0xffff_fe21_6e64_1462,
    0xffff_ffd4_d85d_3183,
    0xffff_fffc_6da2_62b4,
    0xffff_ffff_ba12_d178,
    0xffff_ffff_fb07_c64c,
    0xffff_ffff_ffab_8ea5,
    0xffff_ffff_fffa_be22,
    0xffff_ffff_ffff_b11a,
    0xffff_ffff_ffff_fba1,
    0xffff_ffff_ffff_ffc5,
    0xffff_ffff_ffff_fffd,
];

/// The Poisson(1) weight of the pair with key `key` ([`pair_key`]) in replicate `r`: the
/// `r`-th output of SplitMix64 started at `key`, through the inverse CDF.
pub fn weight_of_key(key: u64, r: u64) -> u64 {
    let u = mix(key.wrapping_add(GAMMA.wrapping_mul(r.wrapping_add(1))));
    // Most weights are 0 or 1: the scan usually stops after one or two comparisons.
    POISSON_THRESHOLDS.iter().take_while(|&&t| t <= u).count() as u64
}

/// The Poisson(1) weight of pair `id` in replicate `r` under `seed`.
pub fn poisson_weight(seed: u64, id: u64, r: u64) -> u64 {
    weight_of_key(pair_key(seed, id), r)
}

/// Scale of the fixed-point bootstrap sums: a score x in [0, 1] counts as round(x * 2^62).
const FIXED_SCALE: f64 = (1u64 << 62) as f64;

/// Running sums of a stream of per-pair score columns, mergeable in any order.
#[derive(Debug, Clone, PartialEq)]
pub struct StreamingSums {
    ncols: usize,
    n_boot: usize,
    seed: u64,
    n: u64,
    sums: Vec<ExactSum>,
    /// Per replicate: the sum of the weights.
    weight_totals: Vec<u64>,
    /// `boot[r * ncols + c]`: replicate r's weighted sum of column c, in units of 2^-62.
    boot: Vec<i128>,
}

impl StreamingSums {
    /// Empty sums of `ncols` columns with `n_boot` Poisson-bootstrap replicates under `seed`.
    pub fn new(ncols: usize, n_boot: usize, seed: u64) -> Result<StreamingSums, RougeError> {
        if n_boot > MAX_SAMPLES {
            return Err(RougeError::InvalidOption(format!(
                "n_bootstrap must be at most {MAX_SAMPLES}, got {n_boot}"
            )));
        }
        Ok(StreamingSums {
            ncols,
            n_boot,
            seed,
            n: 0,
            sums: vec![ExactSum::new(); ncols],
            weight_totals: vec![0; n_boot],
            boot: vec![0; n_boot * ncols],
        })
    }

    /// Pairs added so far.
    pub fn len(&self) -> u64 {
        self.n
    }

    /// True before the first pair.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Adds the pairs `ids` whose scores are `columns[c][i]`; `threads` share the
    /// replicates (never changing a number).
    pub fn add(
        &mut self,
        columns: &[&[f64]],
        ids: &[u64],
        threads: usize,
    ) -> Result<(), RougeError> {
        if columns.len() != self.ncols {
            return Err(RougeError::InvalidOption(format!(
                "expected {} score columns, got {}",
                self.ncols,
                columns.len()
            )));
        }
        if let Some(c) = columns.iter().position(|c| c.len() != ids.len()) {
            return Err(RougeError::InvalidOption(format!(
                "score column {c} has {} values for {} pair ids",
                columns[c].len(),
                ids.len()
            )));
        }
        let ncols = self.ncols;
        // Fixed-point scores, row by row (checked before anything is added).
        let mut fixed = vec![
            0i64;
            if self.n_boot > 0 {
                ids.len() * ncols
            } else {
                0
            }
        ];
        for (c, col) in columns.iter().enumerate() {
            for (i, &x) in col.iter().enumerate() {
                if !(0.0..=1.0).contains(&x) {
                    return Err(RougeError::InvalidOption(format!(
                        "streaming sums need scores in [0, 1]; pair {} has {x}",
                        ids[i]
                    )));
                }
                if self.n_boot > 0 {
                    fixed[i * ncols + c] = (x * FIXED_SCALE).round() as i64;
                }
            }
        }
        for (s, col) in self.sums.iter_mut().zip(columns) {
            s.extend(col);
        }
        self.n += ids.len() as u64;
        if self.n_boot == 0 || ids.is_empty() {
            return Ok(());
        }
        let keys: Vec<u64> = ids.iter().map(|&id| pair_key(self.seed, id)).collect();
        let one = |r: usize, total: &mut u64, row: &mut [i128]| {
            for (i, &key) in keys.iter().enumerate() {
                let w = weight_of_key(key, r as u64);
                if w == 0 {
                    continue;
                }
                *total += w;
                let x = &fixed[i * ncols..(i + 1) * ncols];
                for (acc, &v) in row.iter_mut().zip(x) {
                    *acc += i128::from(w) * i128::from(v);
                }
            }
        };
        let rows = self
            .weight_totals
            .iter_mut()
            .zip(self.boot.chunks_mut(ncols.max(1)));
        match shared_pool(threads) {
            Some(pool) => pool.install(|| {
                self.weight_totals
                    .par_iter_mut()
                    .zip(self.boot.par_chunks_mut(ncols.max(1)))
                    .enumerate()
                    .for_each(|(r, (total, row))| one(r, total, row))
            }),
            None => rows
                .enumerate()
                .for_each(|(r, (total, row))| one(r, total, row)),
        }
        Ok(())
    }

    /// Adds the sums of `other` (same columns, replicates and seed).
    pub fn merge(&mut self, other: &StreamingSums) -> Result<(), RougeError> {
        if (other.ncols, other.n_boot, other.seed) != (self.ncols, self.n_boot, self.seed) {
            return Err(RougeError::InvalidOption(format!(
                "cannot merge sums of {} columns, {} replicates, seed {} into sums of {} \
                 columns, {} replicates, seed {}",
                other.ncols, other.n_boot, other.seed, self.ncols, self.n_boot, self.seed
            )));
        }
        let n = self
            .n
            .checked_add(other.n)
            .filter(|&n| n <= i64::MAX as u64)
            .ok_or_else(|| RougeError::InvalidOption("too many pairs to merge".into()))?;
        for (a, b) in self.sums.iter_mut().zip(&other.sums) {
            a.merge(b);
        }
        for (a, b) in self.weight_totals.iter_mut().zip(&other.weight_totals) {
            *a += b;
        }
        for (a, b) in self.boot.iter_mut().zip(&other.boot) {
            *a += b;
        }
        self.n = n;
        Ok(())
    }

    /// Each column's mean and, when there are replicates and `confidence` is given, the
    /// percentile interval of the replicate means (replicates whose weights are all 0,
    /// possible for a handful of pairs only, are left out; NaN bounds if none is left).
    pub fn estimates(&self, confidence: Option<f64>) -> Result<Vec<Estimate>, RougeError> {
        if let Some(c) = confidence {
            if !(c > 0.0 && c < 1.0) {
                return Err(RougeError::InvalidOption(format!(
                    "confidence must be strictly between 0 and 1, got {c}"
                )));
            }
            if self.n_boot == 0 {
                return Err(RougeError::InvalidOption(
                    "a confidence interval needs bootstrap replicates (n_bootstrap > 0)".into(),
                ));
            }
        }
        let n = usize::try_from(self.n).unwrap_or(usize::MAX);
        let mut out: Vec<Estimate> = self
            .sums
            .iter()
            .map(|s| Estimate {
                mean: mean_of_sum(s, n),
                low: f64::NAN,
                high: f64::NAN,
            })
            .collect();
        let Some(confidence) = confidence else {
            return Ok(out);
        };
        let tail = (1.0 - confidence) / 2.0 * 100.0;
        for (c, e) in out.iter_mut().enumerate() {
            let mut means: Vec<f64> = self
                .weight_totals
                .iter()
                .enumerate()
                .filter(|(_, &w)| w > 0)
                .map(|(r, &w)| self.boot[r * self.ncols + c] as f64 / FIXED_SCALE / w as f64)
                .collect();
            means.sort_by(f64::total_cmp);
            e.low = percentile_sorted(&means, tail);
            e.high = percentile_sorted(&means, 100.0 - tail);
        }
        Ok(out)
    }

    /// Bytes that [`StreamingSums::from_bytes`] reads back (little-endian).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(
            40 + self.ncols * ExactSum::BYTES + self.n_boot * (8 + 16 * self.ncols),
        );
        out.extend_from_slice(MAGIC);
        for x in [self.ncols as u64, self.n_boot as u64, self.seed, self.n] {
            out.extend_from_slice(&x.to_le_bytes());
        }
        for s in &self.sums {
            s.write(&mut out);
        }
        for w in &self.weight_totals {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.boot {
            out.extend_from_slice(&b.to_le_bytes());
        }
        out
    }

    /// Reads what [`StreamingSums::to_bytes`] wrote.
    pub fn from_bytes(bytes: &[u8]) -> Result<StreamingSums, RougeError> {
        let bad = || RougeError::InvalidOption("corrupt streaming sums".into());
        if bytes.len() < 36 || &bytes[..4] != MAGIC {
            return Err(bad());
        }
        let word = |k: usize| {
            let at = 4 + 8 * k;
            u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]))
        };
        let (ncols, n_boot, seed, n) = (word(0) as usize, word(1) as usize, word(2), word(3));
        let need = ncols
            .checked_mul(ExactSum::BYTES)
            .and_then(|a| n_boot.checked_mul(8 + 16 * ncols).map(|b| (a, b)))
            .and_then(|(a, b)| a.checked_add(b))
            .and_then(|x| x.checked_add(36))
            .ok_or_else(bad)?;
        if bytes.len() != need || n_boot > MAX_SAMPLES {
            return Err(bad());
        }
        let mut at = 36;
        let mut sums = Vec::with_capacity(ncols);
        for _ in 0..ncols {
            sums.push(ExactSum::read(&bytes[at..at + ExactSum::BYTES])?);
            at += ExactSum::BYTES;
        }
        let weight_totals = bytes[at..at + 8 * n_boot]
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect();
        at += 8 * n_boot;
        let boot = bytes[at..]
            .chunks_exact(16)
            .map(|c| i128::from_le_bytes(c.try_into().unwrap_or([0; 16])))
            .collect();
        let sums = StreamingSums {
            ncols,
            n_boot,
            seed,
            n,
            sums,
            weight_totals,
            boot,
        };
        sums.check()?;
        Ok(sums)
    }

    /// What sums of `n` scores in [0, 1] satisfy whatever the pairs were: `n` a count Python
    /// can hold (below 2^63); every column's sum finite and within [0, n]; replicate r's
    /// weights at most [`MAX_WEIGHT`] per pair, and its weighted sums within [0, its
    /// weights]. Bytes that break one were not written by [`StreamingSums::to_bytes`].
    fn check(&self) -> Result<(), RougeError> {
        let bad =
            |what: String| RougeError::InvalidOption(format!("corrupt streaming sums: {what}"));
        if self.n > i64::MAX as u64 {
            return Err(bad(format!("a pair count of {}", self.n)));
        }
        let n = self.n as f64;
        for (c, s) in self.sums.iter().enumerate() {
            let v = s.value();
            if !(0.0..=n).contains(&v) {
                return Err(bad(format!(
                    "column {c} sums to {v:?}, outside [0, {}] for {} pairs of scores in [0, 1]",
                    self.n, self.n
                )));
            }
        }
        let most = u128::from(self.n) * u128::from(MAX_WEIGHT);
        for (r, &w) in self.weight_totals.iter().enumerate() {
            if u128::from(w) > most {
                return Err(bad(format!(
                    "replicate {r} weighs {w}, more than {MAX_WEIGHT} per pair for {} pairs",
                    self.n
                )));
            }
            let cap = i128::from(w).checked_mul(1 << 62);
            let row = &self.boot[r * self.ncols..(r + 1) * self.ncols];
            if let Some(c) = row
                .iter()
                .position(|&b| b < 0 || cap.is_some_and(|cap| b > cap))
            {
                return Err(bad(format!(
                    "replicate {r}'s weighted sum of column {c} is outside [0, its weight {w}]"
                )));
            }
        }
        Ok(())
    }
}

/// The largest Poisson weight [`weight_of_key`] draws (one per threshold passed).
const MAX_WEIGHT: u64 = POISSON_THRESHOLDS.len() as u64;

const MAGIC: &[u8; 4] = b"RKS1";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bootstrap::{mean, SplitMix64};

    fn column(n: usize, seed: u64) -> Vec<f64> {
        let mut rng = SplitMix64::new(seed);
        (0..n)
            .map(|_| rng.below(100_000) as f64 / 99_991.0)
            .collect()
    }

    #[test]
    fn weights_are_poisson_one() {
        let n = 200_000u64;
        let mut counts = [0u64; 21];
        let mut total = 0;
        for id in 0..n {
            let w = poisson_weight(7, id, id % 13);
            counts[w as usize] += 1;
            total += w;
        }
        let mean = total as f64 / n as f64;
        assert!((mean - 1.0).abs() < 0.01, "{mean}");
        // P(0) = P(1) = 0.3679, P(2) = 0.1839.
        let p = |k: usize| counts[k] as f64 / n as f64;
        assert!((p(0) - 0.3679).abs() < 0.005 && (p(1) - 0.3679).abs() < 0.005);
        assert!((p(2) - 0.1839).abs() < 0.005);
        assert_eq!(poisson_weight(7, 3, 4), poisson_weight(7, 3, 4));
        assert_eq!(weight_of_key(0, u64::MAX), weight_of_key(0, u64::MAX));
    }

    #[test]
    fn partitions_and_threads_do_not_change_bits() {
        let cols = [column(1000, 1), column(1000, 2)];
        let ids: Vec<u64> = (0..1000).collect();
        let mut whole = StreamingSums::new(2, 50, 9).unwrap();
        whole.add(&[&cols[0], &cols[1]], &ids, 1).unwrap();
        let mut merged = StreamingSums::new(2, 50, 9).unwrap();
        // Reversed partitions of uneven sizes, each through bytes, with 2 threads.
        let bounds = [0, 1, 250, 251, 700, 1000];
        for w in bounds.windows(2).rev() {
            let (a, b) = (w[0], w[1]);
            let mut part = StreamingSums::new(2, 50, 9).unwrap();
            part.add(&[&cols[0][a..b], &cols[1][a..b]], &ids[a..b], 2)
                .unwrap();
            merged
                .merge(&StreamingSums::from_bytes(&part.to_bytes()).unwrap())
                .unwrap();
        }
        assert_eq!(merged, whole);
        let e = whole.estimates(Some(0.95)).unwrap();
        assert_eq!(e[0].mean, mean(&cols[0]));
        assert_eq!(e[1].mean, mean(&cols[1]));
        assert!(e[0].low < e[0].mean && e[0].mean < e[0].high, "{:?}", e[0]);
        assert!(whole.estimates(None).unwrap()[0].low.is_nan());
    }

    #[test]
    fn bad_input_is_an_error() {
        let mut s = StreamingSums::new(1, 10, 0).unwrap();
        assert!(s.add(&[&[0.5, 1.5]], &[0, 1], 1).is_err());
        assert!(s.add(&[&[0.5, f64::NAN]], &[0, 1], 1).is_err());
        assert!(s.add(&[&[0.5]], &[0, 1], 1).is_err());
        assert!(s.is_empty());
        assert!(s.merge(&StreamingSums::new(1, 10, 1).unwrap()).is_err());
        assert!(s.estimates(Some(1.0)).is_err());
        assert!(StreamingSums::new(1, 0, 0)
            .unwrap()
            .estimates(Some(0.9))
            .is_err());
        assert!(StreamingSums::from_bytes(b"RKS1").is_err());
        let mut bytes = s.to_bytes();
        bytes.push(0);
        assert!(StreamingSums::from_bytes(&bytes).is_err());
        // No bootstrap: the scores must lie in [0, 1] all the same (the sums' invariant).
        let mut plain = StreamingSums::new(1, 0, 0).unwrap();
        assert!(plain.add(&[&[1.5]], &[0], 1).is_err());
        assert!(plain.add(&[&[f64::NAN]], &[0], 1).is_err());
        assert!(plain.is_empty());
    }

    /// Bytes whose content no stream of scores in [0, 1] could give are refused.
    #[test]
    fn from_bytes_checks_the_content() {
        let mut good = StreamingSums::new(2, 4, 5).unwrap();
        good.add(&[&[1.0, 0.5], &[0.25, 0.0]], &[0, 1], 1).unwrap();
        assert_eq!(StreamingSums::from_bytes(&good.to_bytes()).unwrap(), good);
        let refused = |s: &StreamingSums| {
            StreamingSums::from_bytes(&s.to_bytes())
                .unwrap_err()
                .to_string()
        };
        // The pair count: 1 instead of 2 would make the precision mean 150 %.
        let mut s = good.clone();
        s.n = 1;
        assert!(
            refused(&s).contains("column 0 sums to 1.5"),
            "{}",
            refused(&s)
        );
        for n in [1u64 << 63, u64::MAX] {
            s.n = n;
            assert!(refused(&s).contains("pair count"), "{}", refused(&s));
        }
        s.n = 3; // consistent with these sums (the ids, kept in Python, tell more)
        assert!(StreamingSums::from_bytes(&s.to_bytes()).is_ok());
        let mut empty = StreamingSums::new(2, 4, 5).unwrap();
        empty.sums[1] = crate::exact_sum::sum_of(&[0.5]);
        assert!(refused(&empty).contains("column 1"));
        for bad in [f64::NAN, f64::INFINITY, -0.5, 3.0] {
            let mut s = good.clone();
            s.sums[1] = crate::exact_sum::sum_of(&[bad]);
            assert!(refused(&s).contains("column 1"), "{bad}");
        }
        let mut s = good.clone();
        s.weight_totals[2] = 2 * MAX_WEIGHT + 1;
        assert!(refused(&s).contains("replicate 2 weighs"));
        for b in [-1i128, (i128::from(s.weight_totals[3]) << 62) + 1] {
            let mut s = good.clone();
            s.boot[3 * 2 + 1] = b;
            assert!(
                refused(&s).contains("replicate 3's weighted sum of column 1"),
                "{b}"
            );
        }
    }
}
