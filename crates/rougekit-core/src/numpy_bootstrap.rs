//! rouge-score's `BootstrapAggregator` resampling, draw for draw with NumPy's legacy global
//! RNG (`np.random.seed` / `RandomState`): the resample means of a score matrix, from the
//! generator's state, and the state it leaves.
//!
//! What is reproduced (NumPy's documented legacy behaviour):
//! * the generator is MT19937 (Matsumoto & Nishimura 1998): 624 32-bit words and a position;
//!   the state is NumPy's `get_state()` key and pos, and is handed back the same way;
//! * rouge-score draws each resample with `np.random.choice(np.arange(n), size=n)`, which the
//!   legacy `RandomState` makes `randint(0, n, size=n)`: for a range `rng = n - 1` below 2^32,
//!   one 32-bit output masked to the smallest `2^k - 1 >= rng`, drawn again while above
//!   `rng` (the "masked rejection" of the legacy generator); `n == 1` draws nothing;
//! * each resample's mean per column is `np.mean(matrix[idx], axis=0)` of a matrix of two or
//!   more columns: the rows added one after the other in draw order (NumPy's reduction
//!   along the outer axis), then divided by `n`. A one-column matrix is summed as NumPy's
//!   `add.reduce` sums a contiguous run: its identity 0.0 plus the run's pairwise sum
//!   (`pairwise_sum` of NumPy's `loops_utils.h`: below 8 values a plain loop, up to 128
//!   eight accumulators over blocks of 8 then combined as ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7))
//!   and the rest added one by one, above 128 the two halves, the first a multiple of 8,
//!   summed apart and added).

const N: usize = 624;
const M: usize = 397;

/// NumPy's legacy MT19937 generator state: its key and position.
#[derive(Debug, Clone)]
pub struct Mt19937 {
    key: Vec<u32>,
    pos: usize,
    /// The tempered outputs of `key`, all computed after each twist (a loop the compiler
    /// vectorises) instead of one per draw: output `pos` is `tempered[pos]` either way.
    tempered: Vec<u32>,
}

impl Mt19937 {
    /// The generator at `key` (624 words) and `pos` (0..=624), as `get_state()` gives them.
    pub fn from_state(key: &[u32], pos: usize) -> Result<Self, String> {
        if key.len() != N || pos > N {
            return Err(format!(
                "an MT19937 state is 624 words and a position <= 624, got {} words and {pos}",
                key.len()
            ));
        }
        let mut rng = Mt19937 {
            key: key.to_vec(),
            pos,
            tempered: vec![0; N],
        };
        rng.temper_all();
        Ok(rng)
    }

    fn temper_all(&mut self) {
        for (out, &key) in self.tempered.iter_mut().zip(&self.key) {
            let mut y = key;
            y ^= y >> 11;
            y ^= (y << 7) & 0x9d2c_5680;
            y ^= (y << 15) & 0xefc6_0000;
            *out = y ^ (y >> 18);
        }
    }

    /// The key and position, for `set_state()`.
    pub fn state(&self) -> (&[u32], usize) {
        (&self.key, self.pos)
    }

    fn twist(&mut self) {
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7fff_ffff;
        const MATRIX_A: u32 = 0x9908_b0df;
        let mix = |a: u32, b: u32, c: u32| {
            let y = (a & UPPER) | (b & LOWER);
            c ^ (y >> 1) ^ (if y & 1 == 1 { MATRIX_A } else { 0 })
        };
        // The reference recurrence, its index wrap-around split into three loops.
        for i in 0..N - M {
            self.key[i] = mix(self.key[i], self.key[i + 1], self.key[i + M]);
        }
        for i in N - M..N - 1 {
            self.key[i] = mix(self.key[i], self.key[i + 1], self.key[i + M - N]);
        }
        self.key[N - 1] = mix(self.key[N - 1], self.key[0], self.key[M - 1]);
        self.pos = 0;
        self.temper_all();
    }

    /// The next 32-bit output (tempered).
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        if self.pos >= N {
            self.twist();
        }
        let y = self.tempered[self.pos];
        self.pos += 1;
        y
    }

    /// `randint(0, n)` of the legacy generator (masked rejection), `n` in 1..=2^32.
    pub fn below(&mut self, n: u64) -> u64 {
        self.below_masked(n - 1, mask_of(n - 1))
    }

    #[inline]
    fn below_masked(&mut self, rng: u64, mask: u32) -> u64 {
        if rng == 0 {
            return 0;
        }
        loop {
            let v = self.next_u32() & mask;
            if u64::from(v) <= rng {
                return u64::from(v);
            }
        }
    }
}

/// The smallest `2^k - 1 >= rng` (`rng < 2^32`).
fn mask_of(rng: u64) -> u32 {
    if rng == 0 {
        0
    } else {
        u32::MAX >> (rng as u32).leading_zeros()
    }
}

/// The means of `samples` resamples of the `rows x cols` row-major `matrix` (`cols >= 2`),
/// `samples x cols` row-major, each drawn as rouge-score draws it from `rng` (module docs).
pub fn resample_means(
    rng: &mut Mt19937,
    matrix: &[f64],
    rows: usize,
    cols: usize,
    samples: usize,
) -> Result<Vec<f64>, String> {
    if cols == 0 || rows == 0 || matrix.len() != rows * cols {
        return Err(format!(
            "a {rows} x {cols} matrix of at least 1 column and 1 row was expected, got {} \
             values",
            matrix.len()
        ));
    }
    if rows as u64 > 1 << 32 {
        return Err("more than 2^32 rows".to_string());
    }
    let mut out = vec![0.0; samples * cols];
    match cols {
        1 => means_pairwise(rng, matrix, &mut out),
        2 => means_fixed::<2>(rng, matrix, rows, &mut out),
        3 => means_fixed::<3>(rng, matrix, rows, &mut out),
        4 => means_fixed::<4>(rng, matrix, rows, &mut out),
        _ => means_any(rng, matrix, rows, cols, &mut out),
    }
    Ok(out)
}

/// The resample loop for `C` columns (the sums in registers).
fn means_fixed<const C: usize>(rng: &mut Mt19937, matrix: &[f64], rows: usize, out: &mut [f64]) {
    let (range, mask) = (rows as u64 - 1, mask_of(rows as u64 - 1));
    let table: Vec<[f64; C]> = matrix
        .chunks_exact(C)
        .map(|row| std::array::from_fn(|c| row[c]))
        .collect();
    for sample in out.chunks_exact_mut(C) {
        let mut sums = table[rng.below_masked(range, mask) as usize];
        for _ in 1..rows {
            let row = &table[rng.below_masked(range, mask) as usize];
            for c in 0..C {
                sums[c] += row[c];
            }
        }
        for c in 0..C {
            sample[c] = sums[c] / rows as f64;
        }
    }
}

/// One column: each resample's values gathered in draw order, then summed as NumPy does.
fn means_pairwise(rng: &mut Mt19937, column: &[f64], out: &mut [f64]) {
    let rows = column.len();
    let (range, mask) = (rows as u64 - 1, mask_of(rows as u64 - 1));
    let mut drawn = vec![0.0; rows];
    for mean in out.iter_mut() {
        for value in drawn.iter_mut() {
            *value = column[rng.below_masked(range, mask) as usize];
        }
        *mean = (0.0 + pairwise_sum(&drawn)) / rows as f64;
    }
}

/// NumPy's `pairwise_sum` of a contiguous run of doubles (module docs), operation for
/// operation.
pub fn pairwise_sum(a: &[f64]) -> f64 {
    let n = a.len();
    if n < 8 {
        let mut res = -0.0;
        for &x in a {
            res += x;
        }
        res
    } else if n <= 128 {
        let mut r: [f64; 8] = std::array::from_fn(|j| a[j]);
        let full = n - n % 8;
        let mut i = 8;
        while i < full {
            for j in 0..8 {
                r[j] += a[i + j];
            }
            i += 8;
        }
        let mut res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for &x in &a[full..] {
            res += x;
        }
        res
    } else {
        let mut half = n / 2;
        half -= half % 8;
        pairwise_sum(&a[..half]) + pairwise_sum(&a[half..])
    }
}

fn means_any(rng: &mut Mt19937, matrix: &[f64], rows: usize, cols: usize, out: &mut [f64]) {
    let (range, mask) = (rows as u64 - 1, mask_of(rows as u64 - 1));
    let mut sums = vec![0.0; cols];
    for sample in out.chunks_exact_mut(cols) {
        let first = rng.below_masked(range, mask) as usize;
        sums.copy_from_slice(&matrix[first * cols..(first + 1) * cols]);
        for _ in 1..rows {
            let row = rng.below_masked(range, mask) as usize;
            for (sum, value) in sums.iter_mut().zip(&matrix[row * cols..(row + 1) * cols]) {
                *sum += value;
            }
        }
        for (mean, sum) in sample.iter_mut().zip(&sums) {
            *mean = sum / rows as f64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// MT19937's initialisation by one 32-bit seed (`init_genrand`, as `np.random.seed(s)`).
    fn seeded(seed: u32) -> Mt19937 {
        let mut key = vec![0u32; N];
        key[0] = seed;
        for i in 1..N {
            key[i] = 1_812_433_253u32
                .wrapping_mul(key[i - 1] ^ (key[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        Mt19937::from_state(&key, N).unwrap()
    }

    #[test]
    fn reference_outputs() {
        // The first outputs of MT19937 seeded with 5489 (the reference implementation's
        // default seed): 3499211612, 581869302, 3890346734.
        let mut rng = seeded(5489);
        assert_eq!(
            [rng.next_u32(), rng.next_u32(), rng.next_u32()],
            [3_499_211_612, 581_869_302, 3_890_346_734]
        );
    }

    #[test]
    fn one_row_draws_nothing_and_bad_shapes_are_refused() {
        let mut rng = seeded(1);
        let before = rng.state().0.to_vec();
        assert_eq!(
            resample_means(&mut rng, &[1.0, 2.0], 1, 2, 3).unwrap(),
            [1.0, 2.0].repeat(3)
        );
        assert_eq!(rng.state(), (&before[..], N));
        assert_eq!(resample_means(&mut rng, &[1.5], 1, 1, 3).unwrap(), [1.5; 3]);
        assert!(resample_means(&mut rng, &[], 0, 1, 3).is_err());
        assert!(resample_means(&mut rng, &[1.0, 2.0, 3.0], 2, 2, 3).is_err());
        assert!(Mt19937::from_state(&[0; 3], 0).is_err());
    }
}
