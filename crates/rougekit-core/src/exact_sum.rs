//! The exact sum of float64 values, rounded once: the corpus means' sums.
//!
//! Float addition is not associative, so a sum added left to right depends on the order of
//! its terms, and a corpus split into partitions (Dask, Spark, Ray), summed per partition
//! and merged would differ from the one-process sum in the last bits. [`ExactSum`] keeps
//! the sum exactly, as a fixed-point integer over every float64 bit position (a
//! "superaccumulator"), so adding, merging and reordering never change it; [`ExactSum::value`]
//! rounds it once to the nearest float64 (ties to even), which is what Python's `math.fsum`
//! returns for the same values.

use crate::error::RougeError;

/// Bits per limb: each limb holds a base-2^32 digit in an `i64`, leaving room for carries.
const LIMB_BITS: u32 = 32;
/// Limb 0 bit 0 is 2^-1074 (the smallest subnormal); the largest finite float's top bit is
/// bit 2097, and 64 more bits hold the carries of 2^64 additions: 2240 bits.
const NLIMBS: usize = 70;
/// Additions between two carry propagations: each adds less than 2^32 to a limb, so limbs
/// stay below 2^63 in magnitude.
const NORMALIZE_EVERY: u32 = 1 << 30;
const LOW_MASK: i64 = (1 << LIMB_BITS) - 1;

/// An exact, order-independent sum of float64 values (equal sums compare equal however
/// their carries stand).
#[derive(Debug, Clone)]
pub struct ExactSum {
    limbs: Vec<i64>,
    /// Additions since the last carry propagation.
    pending: u32,
    nan: bool,
    pos_inf: bool,
    neg_inf: bool,
    /// Some term was not `-0.0`: IEEE's sum of only `-0.0` terms (or none) is `-0.0`,
    /// any other zero sum is `+0.0`.
    signed_zero_plus: bool,
}

impl PartialEq for ExactSum {
    fn eq(&self, other: &Self) -> bool {
        let (mut a, mut b) = (self.limbs.clone(), other.limbs.clone());
        carry(&mut a);
        carry(&mut b);
        let flags = |s: &Self| (s.nan, s.pos_inf, s.neg_inf, s.signed_zero_plus);
        a == b && flags(self) == flags(other)
    }
}

impl Eq for ExactSum {}

impl Default for ExactSum {
    fn default() -> Self {
        ExactSum::new()
    }
}

impl ExactSum {
    /// The empty sum (its value is `-0.0`, the identity of IEEE addition).
    pub fn new() -> Self {
        ExactSum {
            limbs: vec![0; NLIMBS],
            pending: 0,
            nan: false,
            pos_inf: false,
            neg_inf: false,
            signed_zero_plus: false,
        }
    }

    /// Adds `x` exactly.
    pub fn add(&mut self, x: f64) {
        let bits = x.to_bits();
        let negative = bits >> 63 != 0;
        let exponent = ((bits >> 52) & 0x7ff) as usize;
        let fraction = bits & ((1 << 52) - 1);
        if exponent == 0x7ff {
            if fraction != 0 {
                self.nan = true;
            } else if negative {
                self.neg_inf = true;
            } else {
                self.pos_inf = true;
            }
            return;
        }
        if !negative || exponent != 0 || fraction != 0 {
            self.signed_zero_plus = true;
        }
        if exponent == 0 && fraction == 0 {
            return;
        }
        // x = mantissa * 2^(position - 1074).
        let (mantissa, position) = if exponent == 0 {
            (fraction, 0)
        } else {
            (fraction | (1 << 52), exponent - 1)
        };
        let k = position / LIMB_BITS as usize;
        let wide = u128::from(mantissa) << (position % LIMB_BITS as usize);
        for j in 0..3 {
            let digit = ((wide >> (LIMB_BITS as usize * j)) as i64) & LOW_MASK;
            if negative {
                self.limbs[k + j] -= digit;
            } else {
                self.limbs[k + j] += digit;
            }
        }
        self.pending += 1;
        if self.pending >= NORMALIZE_EVERY {
            self.normalize();
        }
    }

    /// Adds every value of `values`.
    pub fn extend(&mut self, values: &[f64]) {
        for &x in values {
            self.add(x);
        }
    }

    /// Adds the terms of `other` (as if each had been added here).
    pub fn merge(&mut self, other: &ExactSum) {
        self.normalize();
        let mut other = other.clone();
        other.normalize();
        for (a, b) in self.limbs.iter_mut().zip(&other.limbs) {
            *a += b;
        }
        self.pending = 2; // two normalised digits per limb at most
        self.nan |= other.nan;
        self.pos_inf |= other.pos_inf;
        self.neg_inf |= other.neg_inf;
        self.signed_zero_plus |= other.signed_zero_plus;
    }

    /// Propagates carries: every limb but the top one in `0..2^32`, the same number.
    fn normalize(&mut self) {
        carry(&mut self.limbs);
        self.pending = 0;
    }

    /// The sum rounded once to the nearest float64, ties to even (`inf` beyond the largest
    /// float, NaN for a NaN term or both infinities).
    pub fn value(&self) -> f64 {
        if self.nan || (self.pos_inf && self.neg_inf) {
            return f64::NAN;
        }
        if self.pos_inf {
            return f64::INFINITY;
        }
        if self.neg_inf {
            return f64::NEG_INFINITY;
        }
        let mut limbs = self.limbs.clone();
        carry(&mut limbs);
        let negative = limbs[NLIMBS - 1] < 0;
        if negative {
            limbs.iter_mut().for_each(|x| *x = -*x);
            carry(&mut limbs);
        }
        let Some(h) = limbs.iter().rposition(|&x| x != 0) else {
            return if self.signed_zero_plus { 0.0 } else { -0.0 };
        };
        // The top (up to) four digits, and whether any bit below them is set.
        let low = h.saturating_sub(3);
        let top = limbs[low..=h]
            .iter()
            .rev()
            .fold(0u128, |acc, &d| (acc << LIMB_BITS) | d as u128);
        let sticky = limbs[..low].iter().any(|&d| d != 0);
        let nbits = 128 - top.leading_zeros();
        let magnitude = if nbits <= 53 {
            // Fewer than 54 bits (so `low` is 0): exact, and a float's bits read as an
            // integer below 2^53 are that integer times 2^-1074.
            f64::from_bits(top as u64)
        } else {
            let drop = nbits - 53;
            let mut mantissa = (top >> drop) as u64;
            let rest = top & ((1u128 << drop) - 1);
            let half = 1u128 << (drop - 1);
            if rest > half || (rest == half && (sticky || mantissa & 1 == 1)) {
                mantissa += 1;
            }
            let mut exponent = i64::from(drop) + (LIMB_BITS as usize * low) as i64;
            if mantissa == 1 << 53 {
                mantissa >>= 1;
                exponent += 1;
            }
            // mantissa * 2^(exponent - 1074), mantissa in [2^52, 2^53).
            let biased = exponent + 1;
            if biased >= 0x7ff {
                f64::INFINITY
            } else {
                f64::from_bits(((biased as u64) << 52) | (mantissa & ((1 << 52) - 1)))
            }
        };
        if negative {
            -magnitude
        } else {
            magnitude
        }
    }

    /// The sum times 2^1074 (an integer: every float64 is a multiple of 2^-1074) as
    /// little-endian bytes, or `None` when it is negative or a term was NaN or infinite. The
    /// torchmetrics integration keeps these integers as its states, summed across processes.
    pub fn scaled_le_bytes(&self) -> Option<Vec<u8>> {
        if self.nan || self.pos_inf || self.neg_inf {
            return None;
        }
        let mut limbs = self.limbs.clone();
        carry(&mut limbs);
        let (top, digits) = limbs.split_last()?;
        if *top < 0 {
            return None;
        }
        // After the carries every digit but the top one is in 0..2^32.
        let mut out: Vec<u8> = digits
            .iter()
            .flat_map(|&d| (d as u32).to_le_bytes())
            .collect();
        out.extend_from_slice(&top.to_le_bytes());
        Some(out)
    }

    /// Bytes that [`ExactSum::from_bytes`] reads back (little-endian, normalised limbs).
    pub fn write(&self, out: &mut Vec<u8>) {
        let mut limbs = self.limbs.clone();
        carry(&mut limbs);
        for x in limbs {
            out.extend_from_slice(&x.to_le_bytes());
        }
        let flags = u8::from(self.nan)
            | (u8::from(self.pos_inf) << 1)
            | (u8::from(self.neg_inf) << 2)
            | (u8::from(self.signed_zero_plus) << 3);
        out.push(flags);
    }

    /// Size of [`ExactSum::write`]'s output.
    pub const BYTES: usize = NLIMBS * 8 + 1;

    /// Reads what [`ExactSum::write`] wrote.
    pub fn read(bytes: &[u8]) -> Result<ExactSum, RougeError> {
        if bytes.len() != Self::BYTES {
            return Err(RougeError::InvalidOption(format!(
                "an exact sum is {} bytes, got {}",
                Self::BYTES,
                bytes.len()
            )));
        }
        let limbs = bytes[..NLIMBS * 8]
            .chunks_exact(8)
            .map(|c| i64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect::<Vec<i64>>();
        if limbs[..NLIMBS - 1]
            .iter()
            .any(|&d| !(0..=LOW_MASK).contains(&d))
        {
            return Err(RougeError::InvalidOption(
                "corrupt exact sum: a digit out of range".into(),
            ));
        }
        let flags = bytes[NLIMBS * 8];
        Ok(ExactSum {
            limbs,
            pending: 0,
            nan: flags & 1 != 0,
            pos_inf: flags & 2 != 0,
            neg_inf: flags & 4 != 0,
            signed_zero_plus: flags & 8 != 0,
        })
    }
}

/// Carries each limb's excess into the next (arithmetic shift: borrows are negative carries).
fn carry(limbs: &mut [i64]) {
    for i in 0..limbs.len() - 1 {
        let c = limbs[i] >> LIMB_BITS;
        limbs[i] -= c << LIMB_BITS;
        limbs[i + 1] += c;
    }
}

/// The exact sum of `values`.
pub fn sum_of(values: &[f64]) -> ExactSum {
    let mut s = ExactSum::new();
    s.extend(values);
    s
}

/// The exact sum of `values`, rounded once (see the module's documentation).
pub fn exact_sum(values: &[f64]) -> f64 {
    sum_of(values).value()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scaled_bytes_are_the_sum_times_2_to_the_1074() {
        let int = |bytes: Vec<u8>| {
            // Little-endian bytes to (bit position of the lowest set bit, number of set bits).
            let ones: u32 = bytes.iter().map(|b| b.count_ones()).sum();
            let low = bytes
                .iter()
                .position(|&b| b != 0)
                .map(|k| 8 * k as u32 + bytes[k].trailing_zeros());
            (low, ones)
        };
        // 1.0 = 2^1074 after scaling: one bit, at 1074.
        assert_eq!(
            int(sum_of(&[1.0]).scaled_le_bytes().unwrap()),
            (Some(1074), 1)
        );
        // The smallest subnormal is 1; 0.75 + 0.25 = 1.0 again.
        assert_eq!(
            int(sum_of(&[f64::from_bits(1)]).scaled_le_bytes().unwrap()),
            (Some(0), 1)
        );
        assert_eq!(
            int(sum_of(&[0.75, 0.25]).scaled_le_bytes().unwrap()),
            (Some(1074), 1)
        );
        assert_eq!(int(sum_of(&[]).scaled_le_bytes().unwrap()), (None, 0));
        assert!(sum_of(&[1.0, -2.0]).scaled_le_bytes().is_none());
        assert!(sum_of(&[f64::NAN]).scaled_le_bytes().is_none());
        assert!(sum_of(&[f64::INFINITY]).scaled_le_bytes().is_none());
    }
    use crate::bootstrap::SplitMix64;

    #[test]
    fn small_cases() {
        assert_eq!(exact_sum(&[]).to_bits(), (-0.0f64).to_bits());
        assert_eq!(exact_sum(&[-0.0, -0.0]).to_bits(), (-0.0f64).to_bits());
        assert_eq!(exact_sum(&[-0.0, 0.0]).to_bits(), 0.0f64.to_bits());
        assert_eq!(exact_sum(&[1.0, -1.0]).to_bits(), 0.0f64.to_bits());
        assert_eq!(exact_sum(&[0.1, 0.2]), 0.30000000000000004);
        assert_eq!(exact_sum(&[1e100, 1.0, -1e100]), 1.0);
        assert_eq!(exact_sum(&[f64::MAX, f64::MAX]), f64::INFINITY);
        assert_eq!(exact_sum(&[f64::MAX, f64::MAX, -f64::MAX]), f64::MAX);
        assert_eq!(exact_sum(&[5e-324, 5e-324]), 1e-323);
        assert_eq!(exact_sum(&[-2.5, 0.5]), -2.0);
        assert!(exact_sum(&[f64::INFINITY, f64::NEG_INFINITY]).is_nan());
        assert_eq!(exact_sum(&[f64::INFINITY, 1.0]), f64::INFINITY);
        // Ties to even: 2^53 + 1 is halfway between 2^53 and 2^53 + 2.
        let two53 = 9007199254740992.0;
        assert_eq!(exact_sum(&[two53, 1.0]), two53);
        assert_eq!(exact_sum(&[two53, 1.0, 1e-300]), two53 + 2.0);
        assert_eq!(exact_sum(&[two53 + 2.0, 1.0]), two53 + 4.0);
    }

    #[test]
    fn order_and_merges_do_not_change_bits() {
        let mut rng = SplitMix64::new(3);
        let values: Vec<f64> = (0..5000)
            .map(|_| {
                let x = rng.below(1 << 40) as f64 / (1u64 << 40) as f64;
                if rng.below(5) == 0 {
                    -x
                } else {
                    x
                }
            })
            .collect();
        let whole = exact_sum(&values);
        let mut reversed = values.clone();
        reversed.reverse();
        assert_eq!(exact_sum(&reversed).to_bits(), whole.to_bits());
        let mut merged = ExactSum::new();
        for chunk in values.chunks(333) {
            let mut part = ExactSum::new();
            part.extend(chunk);
            let mut bytes = Vec::new();
            part.write(&mut bytes);
            merged.merge(&ExactSum::read(&bytes).unwrap());
        }
        assert_eq!(merged.value().to_bits(), whole.to_bits());
        // Equal to a wider exact computation for values on a 2^-40 grid (exact in i128).
        let grid: i128 = values
            .iter()
            .map(|&x| (x * (1u64 << 40) as f64) as i128)
            .sum();
        assert_eq!(whole, grid as f64 / (1u64 << 40) as f64);
    }

    #[test]
    fn many_additions_carry() {
        let mut s = ExactSum::new();
        for _ in 0..3 {
            s.pending = NORMALIZE_EVERY - 1;
            s.add(f64::MAX / 4.0);
        }
        assert_eq!(s.value(), f64::MAX / 4.0 * 3.0);
        assert!(ExactSum::read(&[0; 3]).is_err());
    }
}
