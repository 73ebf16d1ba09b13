//! ROUGE-1.5.5 prints every number with `%.5f` and computes on with the printed value
//! (spec `rouge-1.5.5.md` §9.2, quirk 2): one rounding, used by counts, combine and BE.

/// The double nearest to `x` printed with `%.5f` (C's exact round-half-even on the binary
/// value), as Perl reuses its printed numbers. Fast path through `x·10⁵`, exact fallback
/// through formatting when that product lies too close to a rounding boundary.
pub fn round5(x: f64) -> f64 {
    let scaled = x * 1e5;
    let floor = scaled.floor();
    let frac = scaled - floor;
    if x.is_finite() && scaled.abs() < 1e15 && (frac - 0.5).abs() > 1e-6 {
        let k = if frac > 0.5 { floor + 1.0 } else { floor };
        // Parsing "%.5f" output gives the double nearest k/10⁵: exactly this division.
        return k / 1e5;
    }
    format!("{x:.5}").parse().unwrap_or(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round5_matches_printf() {
        for (x, s) in [
            (0.015625, "0.01562"),
            (0.046875, "0.04688"),
            (2.0 / 3.0, "0.66667"),
            (0.0, "0.00000"),
            (1.0, "1.00000"),
        ] {
            assert_eq!(format!("{:.5}", round5(x)), s);
        }
        // Every 5-decimal value parses back to itself.
        for k in 0..=100_000u32 {
            let x = f64::from(k) / 1e5;
            assert_eq!(round5(x), x);
            let s: f64 = format!("{:.5}", x + 3e-6).parse().unwrap();
            assert_eq!(round5(x + 3e-6), s);
        }
    }
}
