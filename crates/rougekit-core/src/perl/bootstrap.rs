//! ROUGE-1.5.5's corpus numbers (spec `rouge-1.5.5.md` §10): the printed "Average" is the mean of bootstrap
//! resample means (quirk 1), resample `b` seeded with `srand(b)` on Perl's drand48, and the
//! confidence bounds interpolate the sorted resample values exactly as the script does.
//! Bit-identical to the printed digits given the same per-instance values in the same order.
use crate::error::RougeError;
use crate::pool::{shared_pool, Cancel};
use crate::scores::{BatchScores, Counts, Field};
use rayon::prelude::*;

/// Perl's `rand()` since 5.20: the 48-bit linear congruential generator of `drand48`.
#[derive(Debug, Clone)]
pub struct Drand48(u64);

const MASK48: u64 = (1 << 48) - 1;

impl Drand48 {
    /// `srand(seed)`: X₀ = (seed mod 2³²)·2¹⁶ + 0x330E.
    pub fn seeded(seed: u64) -> Drand48 {
        Drand48(((seed & 0xFFFF_FFFF) << 16) | 0x330E)
    }

    /// The next `rand()` in [0, 1): X ← (0x5DEECE66D·X + 0xB) mod 2⁴⁸, U = X / 2⁴⁸.
    #[inline]
    pub fn next_f64(&mut self) -> f64 {
        self.0 = step(self.0, MULTIPLIER, INCREMENT);
        unit(self.0)
    }
}

const MULTIPLIER: u64 = 0x5_DEEC_E66D;
const INCREMENT: u64 = 0xB;

/// One step of the affine map X ← (a·X + c) mod 2⁴⁸.
#[inline(always)]
fn step(x: u64, a: u64, c: u64) -> u64 {
    x.wrapping_mul(a).wrapping_add(c) & MASK48
}

/// `rand()`'s value for state X: X / 2⁴⁸.
#[inline(always)]
fn unit(x: u64) -> f64 {
    // Below 2^48: exact as a signed conversion (one instruction, unlike u64's).
    (x as i64) as f64 / (1u64 << 48) as f64
}

/// Independent generator lanes over one drand48 sequence: lane j holds X_{k+j}, and every
/// lane steps by the map applied [`LANES`] times (a^L, c·(a^(L-1) + … + 1), mod 2⁴⁸), so
/// the lanes read in turn give X₁, X₂, … exactly as `rand()` calls do. The lanes'
/// multiplications do not wait on each other: one draw no longer costs a multiply's
/// latency after the previous one.
struct Lanes {
    x: [u64; LANES],
}

const LANES: usize = 8;

/// The map X ← a·X + c composed `LANES` times: (a^L, c·(a^(L-1) + … + 1)) mod 2⁴⁸.
const LEAP: (u64, u64) = {
    let (mut a, mut c) = (1u64, 0u64);
    let mut i = 0;
    while i < LANES {
        // (a, c) then the one-step map: X ↦ M·(a·X + c) + I.
        a = a.wrapping_mul(MULTIPLIER) & MASK48;
        c = c.wrapping_mul(MULTIPLIER).wrapping_add(INCREMENT) & MASK48;
        i += 1;
    }
    (a, c)
};

impl Lanes {
    /// The lanes of `srand(seed)`: X₁ … X_L.
    fn seeded(seed: u64) -> Lanes {
        let mut g = Drand48::seeded(seed);
        let mut x = [0u64; LANES];
        for lane in &mut x {
            g.next_f64();
            *lane = g.0;
        }
        Lanes { x }
    }

    /// The next `LANES` values of the sequence, then steps every lane.
    #[cfg(test)]
    fn next(&mut self) -> [f64; LANES] {
        let out = self.x.map(unit);
        self.x = self.x.map(|x| step(x, LEAP.0, LEAP.1));
        out
    }

    /// The next `out.len()` (a multiple of `LANES`) draws ⌊nf·U⌋ of n = `nf` instances,
    /// capped at `last` = n − 1, with U from [`unit`]: the integers of a truncation through
    /// `i64`.
    ///
    /// Below 2³¹ instances, in operations with a vector form on every lane at once (the
    /// scalar conversions took two thirds of a resample's instructions): X below 2⁴⁸ is
    /// exactly the double whose bits are X over 2⁵²'s exponent, minus 2⁵², and the product
    /// by 2⁻⁴⁸ is exact, so U is the same double; nf·U lies in [0, 2³¹), where truncating
    /// through `i32` and through `i64` agree. Eight lanes are independent multiply chains
    /// (measured: 41 ms with four lanes, 37 ms with eight or sixteen, for CNN/DM's
    /// bootstrap).
    #[inline(always)]
    fn fill_draws(&mut self, nf: f64, last: u32, out: &mut [u32]) {
        const TWO52: f64 = (1u64 << 52) as f64;
        const SCALE: f64 = 1.0 / (1u64 << 48) as f64;
        if nf >= 2_147_483_648.0 {
            for d in out.iter_mut() {
                let x = self.x[0];
                self.x.rotate_left(1);
                self.x[LANES - 1] = step(self.x[LANES - 2], MULTIPLIER, INCREMENT);
                *d = ((nf * unit(x)) as i64 as u64).min(u64::from(last)) as u32;
            }
            return;
        }
        for chunk in out.chunks_exact_mut(LANES) {
            let mut x = self.x;
            let mut d = [0u32; LANES];
            for j in 0..LANES {
                let u = (f64::from_bits(x[j] | TWO52.to_bits()) - TWO52) * SCALE;
                d[j] = ((nf * u) as i32 as u32).min(last);
                x[j] = step(x[j], LEAP.0, LEAP.1);
            }
            self.x = x;
            chunk.copy_from_slice(&d);
        }
    }
}

/// What the per-instance triples hold (`-t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    /// `-t 0`: rounded (R, P, F); a resample is their mean.
    Summary,
    /// `-t 1`: (TotalM, TotalP, TotalHit); a resample pools them into R, P, F.
    Token,
}

/// A printed corpus number: Average and the confidence bounds, unrounded.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Estimate {
    pub average: f64,
    pub lower: f64,
    pub upper: f64,
}

/// Bootstrap settings (`-r`, `-c`, `-t`, `-p`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    pub unit: Unit,
    pub alpha: f64,
    /// `-r`, as a number (Perl loops `b < R` and divides by R).
    pub resamples: f64,
    /// `-c`, in percent.
    pub confidence: f64,
}

/// Most resamples accepted.
pub const MAX_RESAMPLES: f64 = 1e7;

impl Settings {
    /// The checks ROUGE-1.5.5 dies on (and an upper bound of ours).
    pub fn validate(&self) -> Result<(), RougeError> {
        if !(self.resamples > 0.0 && self.resamples <= MAX_RESAMPLES) {
            return Err(RougeError::InvalidOption(format!(
                "the number of resamples must be positive and at most {MAX_RESAMPLES}, got {} \
                 (ROUGE-1.5.5 dies on -r 0 with 'Illegal division by zero')",
                self.resamples
            )));
        }
        if !(0.0..=100.0).contains(&self.confidence) {
            return Err(RougeError::InvalidOption(format!(
                "the confidence level must be between 0 and 100, got {}",
                self.confidence
            )));
        }
        if !(0.0..=1.0).contains(&self.alpha) {
            return Err(RougeError::InvalidOption(format!(
                "alpha must be between 0 and 1, got {}",
                self.alpha
            )));
        }
        Ok(())
    }

    fn count(&self) -> usize {
        self.resamples.ceil() as usize
    }
}

/// One variant's per-instance triples, in Perl's instance order (keys sorted as strings).
pub type Triples<'a> = [&'a [f64]; 3];

/// The (R, P, F) estimates of every variant in `variants`. All variants share the draws of
/// resample `b`, exactly as separate runs would (each resample re-seeds). `threads` workers
/// split the resamples, a chunk of them at a time: `cancel` is checked on the calling
/// thread between chunks (a 10^7-resample run must stop on Ctrl-C), and `None` is returned
/// once it says stop.
pub fn bootstrap(
    variants: &[Triples<'_>],
    settings: Settings,
    threads: usize,
    cancel: &Cancel<'_>,
) -> Result<Option<Vec<[Estimate; 3]>>, RougeError> {
    settings.validate()?;
    let n = variants.first().map_or(0, |t| t[0].len());
    if n == 0 || n > u32::MAX as usize || variants.iter().any(|t| t.iter().any(|c| c.len() != n)) {
        return Err(RougeError::InvalidOption(
            "the bootstrap needs at least one instance (at most 2^32) and columns of equal \
             length"
                .into(),
        ));
    }
    let count = settings.count();
    let table = Rows::new(variants, n);
    let padded = table.padded;
    // samples[b·padded + 3v + k]: resample b, variant v, component k.
    let mut samples = vec![0.0f64; count * padded];
    let one = |(b, out): (usize, &mut [f64])| {
        DRAWS.with_borrow_mut(|draws| resample(b as u64, n, &table, settings, out, draws))
    };
    let pool = shared_pool(threads);
    // About 2^24 accumulated doubles per chunk: a few milliseconds between checks.
    let per_chunk = ((1usize << 24) / (n * padded).max(1)).clamp(16, 1 << 16);
    for (c, chunk) in samples.chunks_mut(per_chunk * padded).enumerate() {
        let first = c * per_chunk;
        let one = |(b, out): (usize, &mut [f64])| one((first + b, out));
        match &pool {
            Some(pool) if count >= 16 => pool.install(|| {
                chunk
                    .par_chunks_mut(padded)
                    .enumerate()
                    .with_min_len(8)
                    .for_each(one)
            }),
            _ => chunk.chunks_mut(padded).enumerate().for_each(one),
        }
        if !cancel.check() {
            return Ok(None);
        }
    }
    let width = padded;
    let mut column = Vec::with_capacity(count);
    let estimates = (0..variants.len())
        .map(|v| {
            let mut e = [Estimate::default(); 3];
            for (k, slot) in e.iter_mut().enumerate() {
                column.clear();
                column.extend(samples.iter().skip(3 * v + k).step_by(width));
                *slot = summarise(&mut column, settings);
            }
            e
        })
        .collect();
    Ok(Some(estimates))
}

/// Every type of `scores` (the perl-1.5.5 profile's result), the instances visited in
/// `order` (ROUGE-1.5.5's: its instance keys sorted as strings): `-t 0` resamples the
/// rounded per-instance (R, P, F), `-t 1` the counts (TotalM, TotalP, TotalHit). Per type
/// [R, P, F], unrounded. `Err` when `-t 1` is asked of scores without counts.
pub fn corpus(
    scores: &BatchScores,
    order: &[usize],
    settings: Settings,
    threads: usize,
    cancel: &Cancel<'_>,
) -> Result<Option<Vec<[Estimate; 3]>>, RougeError> {
    if let Some(&bad) = order.iter().find(|&&i| i >= scores.len()) {
        return Err(RougeError::InvalidOption(format!(
            "instance {bad} out of range: the batch has {}",
            scores.len()
        )));
    }
    let gather = |col: &[f64]| order.iter().map(|&i| col[i]).collect::<Vec<f64>>();
    let counts = |t: usize, part: fn(&Counts) -> f64| {
        let c = scores.counts(t).ok_or_else(|| {
            RougeError::InvalidOption("these scores carry no counts for -t 1".into())
        })?;
        Ok::<_, RougeError>(order.iter().map(|&i| part(&c[i])).collect::<Vec<f64>>())
    };
    let columns: Vec<[Vec<f64>; 3]> = (0..scores.names().len())
        .map(|t| match settings.unit {
            Unit::Summary => Ok([
                gather(scores.column(t, Field::Recall)),
                gather(scores.column(t, Field::Precision)),
                gather(scores.column(t, Field::Fmeasure)),
            ]),
            Unit::Token => Ok([
                counts(t, |c| c.ref_total)?,
                counts(t, |c| c.pred_total)?,
                counts(t, |c| c.hits)?,
            ]),
        })
        .collect::<Result<_, RougeError>>()?;
    let triples: Vec<Triples<'_>> = columns
        .iter()
        .map(|[x, y, z]| [&x[..], &y[..], &z[..]])
        .collect();
    bootstrap(&triples, settings, threads, cancel)
}

/// The order in which ROUGE-1.5.5 visits pairs scored through the API: pair `i` is
/// evaluation `i + 1` of one peer, and the instance keys `"<i + 1>.<peer>"` are sorted as
/// strings (`"10.A"` before `"2.A"`).
pub fn api_order(n: usize) -> Vec<usize> {
    let mut keys: Vec<(String, usize)> = (0..n).map(|i| (format!("{}.A", i + 1), i)).collect();
    keys.sort();
    keys.into_iter().map(|(_, i)| i).collect()
}

/// A cache line of 8 doubles: rows are stored as whole lines, so that a draw touches
/// whole lines only.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Line([f64; 8]);

/// Most lines of one group: 3 lines = 24 accumulators, 12 SSE2 registers, summed together
/// in one pass over a resample's draws.
const MAX_LINES: usize = 3;
const GROUP: usize = 8 * MAX_LINES;

/// The per-instance values, instance-major in groups of at most [`GROUP`] columns: group g
/// holds columns `GROUP·g ..` of every instance as `lines` whole cache lines per instance.
/// With the 8 variants of a full ROUGE-1.5.5 run (24 columns) there is one group of 3 lines
/// (192 bytes) per instance: one draw reads 3 adjacent lines instead of 24 scattered
/// columns, and the whole table (2.2 MB for CNN/DM's 11,490 instances) stays in the
/// last-level cache.
struct Rows {
    /// Per group: its lines, instance after instance, and the number of lines per instance.
    groups: Vec<(Vec<Line>, usize)>,
    /// 3·V rounded up to a multiple of 8: the stride of a resample's output.
    padded: usize,
}

impl Rows {
    fn new(variants: &[Triples<'_>], n: usize) -> Rows {
        let width = 3 * variants.len();
        let padded = width.div_ceil(8) * 8;
        let mut groups = Vec::new();
        for start in (0..padded).step_by(GROUP) {
            let lines = (padded - start).min(GROUP) / 8;
            let mut data = vec![Line([0.0; 8]); n * lines];
            for col in 0..8 * lines {
                let column = start + col;
                let Some(values) = variants.get(column / 3).map(|t| t[column % 3]) else {
                    continue; // padding
                };
                for (i, &x) in values.iter().enumerate() {
                    data[i * lines + col / 8].0[col % 8] = x;
                }
            }
            groups.push((data, lines));
        }
        Rows { groups, padded }
    }
}

thread_local! {
    /// Each worker's buffer of one block of a resample's drawn instances.
    static DRAWS: std::cell::RefCell<Vec<u32>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Draws generated and summed a block at a time: the block's indices stay in the first
/// level cache between the two loops (a whole resample's 11,490 did not).
const BLOCK: usize = 256;

/// Resample `b` into `out` (one triple per variant, padded): n draws ⌊n·U⌋ from
/// `srand(b)`, the instances' rows summed in draw order, then the sample values. Each
/// column's sum adds the same values in the same order as a draw-by-draw loop (the columns
/// are independent accumulators, carried from block to block), so the grouping changes no
/// bit.
fn resample(b: u64, n: usize, rows: &Rows, s: Settings, out: &mut [f64], draws: &mut Vec<u32>) {
    let mut rng = Lanes::seeded(b);
    let nf = n as f64;
    draws.resize(BLOCK, 0);
    let mut acc = vec![[0.0f64; 8]; out.len() / 8];
    sum_draws(&mut rng, n, rows, &mut acc, draws);
    for (o, x) in out.iter_mut().zip(acc.as_flattened()) {
        *o = *x;
    }
    for o in out.chunks_exact_mut(3) {
        match s.unit {
            Unit::Summary => o.iter_mut().for_each(|x| *x /= nf),
            Unit::Token => {
                let (m, p, h) = (o[0], o[1], o[2]);
                let r = if m > 0.0 { h / m } else { 0.0 };
                let prec = if p > 0.0 { h / p } else { 0.0 };
                let denom = (1.0 - s.alpha) * prec + s.alpha * r;
                let f = if denom > 0.0 { r * prec / denom } else { 0.0 };
                o.copy_from_slice(&[r, prec, f]);
            }
        }
    }
}

/// A resample's `n` draws from `rng`, their rows added to `acc` in draw order, in blocks of
/// [`BLOCK`] draws, generated and then summed group by group. Each column is one lane of one
/// accumulator, added to in draw order.
fn sum_draws(rng: &mut Lanes, n: usize, rows: &Rows, acc: &mut [[f64; 8]], draws: &mut [u32]) {
    let nf = n as f64;
    // Draws are u32 indices: no table of 2³² instances fits in memory (192 bytes each).
    let last = u32::try_from(n - 1).unwrap_or(u32::MAX);
    let mut done = 0;
    while done < n {
        let len = BLOCK.min(n - done);
        rng.fill_draws(nf, last, &mut draws[..len.next_multiple_of(LANES)]);
        let block = &draws[..len];
        for ((data, lines), sums) in rows.groups.iter().zip(acc.chunks_mut(MAX_LINES)) {
            match lines {
                1 => sum_rows::<1>(block, data, sums),
                2 => sum_rows::<2>(block, data, sums),
                _ => sum_rows::<3>(block, data, sums),
            }
        }
        done += len;
    }
}

/// Adds the drawn rows (`L` lines per row), in draw order, to the running column sums
/// `acc`. Not inlined: inlined into the resample loop, LLVM kept the accumulators in memory
/// (measured: 56 instructions per draw instead of 22).
#[inline(never)]
fn sum_rows<const L: usize>(draws: &[u32], data: &[Line], acc: &mut [[f64; 8]]) {
    let mut sum: [[f64; 8]; L] = acc[..L].try_into().expect("L lines");
    for &i in draws {
        let start = i as usize * L;
        let row: &[Line; L] = data[start..start + L].try_into().expect("L lines");
        // Index loops: LLVM turns them into one packed add with a memory operand per vector
        // (measured: zipped iterators took about twice the instructions).
        #[allow(clippy::needless_range_loop)]
        for l in 0..L {
            for e in 0..8 {
                sum[l][e] += row[l].0[e];
            }
        }
    }
    acc[..L].copy_from_slice(&sum);
}

/// Average and bounds of one component's resample values (§10.2).
fn summarise(values: &mut [f64], s: Settings) -> Estimate {
    values.sort_by(f64::total_cmp);
    let r = s.resamples;
    // The mean over the samples actually drawn (⌈R⌉ of them); R itself only places the
    // interval bounds. The same number for every whole R (observed with `-r 2.5` in Perl).
    let average = values.iter().sum::<f64>() / values.len() as f64;
    let delta = r * ((100.0 - s.confidence) / 2.0) / 100.0;
    let upper_pos = r - delta - 1.0;
    let ua = upper_pos.trunc();
    let la = delta.trunc();
    let ratio = upper_pos - ua;
    let at = |i: f64| -> f64 {
        if i >= 0.0 && (i as usize) < values.len() {
            values[i as usize]
        } else {
            0.0
        }
    };
    let interpolate = |i: f64| at(i) + (at(i + 1.0) - at(i)) * ratio;
    Estimate {
        average,
        lower: interpolate(la),
        upper: interpolate(ua),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_order_sorts_keys_as_strings() {
        assert_eq!(api_order(12), [0, 9, 10, 11, 1, 2, 3, 4, 5, 6, 7, 8]);
    }

    #[test]
    #[allow(clippy::excessive_precision)] // the spec's printed vectors, verbatim
    fn drand48_vectors() {
        // Spec §10.4.
        let mut g = Drand48::seeded(0);
        let want = [
            0.17082803610628972,
            0.74990198048496381,
            0.09637165562356742,
            0.87046522702707563,
            0.57730350679510778,
        ];
        for w in want {
            assert_eq!(g.next_f64(), w);
        }
        let mut g = Drand48::seeded(1);
        assert_eq!(g.next_f64(), 0.041630344771878214);
        assert_eq!(g.next_f64(), 0.45449244472862915);
    }

    #[test]
    fn lanes_read_in_turn_are_the_drand48_sequence() {
        for seed in [0, 1, 999, 0xFFFF_FFFF, 1 << 40] {
            let mut one = Drand48::seeded(seed);
            let mut lanes = Lanes::seeded(seed);
            for _ in 0..1000 {
                for u in lanes.next() {
                    assert_eq!(u.to_bits(), one.next_f64().to_bits(), "seed {seed}");
                }
            }
        }
    }

    /// The vector-friendly draws are ⌊n·U⌋ of the drand48 sequence, truncated through
    /// `i64`, with either conversion, for instance counts on both sides of 2³¹ and at the
    /// ends of [0, 1).
    #[test]
    fn fill_draws_are_the_scalar_draws() {
        const COUNTS: [u64; 8] = [1, 2, 7, 11_490, 1 << 20, (1 << 31) - 1, 1 << 31, 3 << 30];
        fn check() {
            for n in COUNTS {
                for seed in [0, 1, 999, 0xFFFF_FFFF] {
                    let mut one = Drand48::seeded(seed);
                    let mut lanes = Lanes::seeded(seed);
                    let mut got = [0u32; 8 * LANES];
                    for _ in 0..50 {
                        lanes.fill_draws(n as f64, (n - 1) as u32, &mut got);
                        for &d in &got {
                            let want = ((n as f64 * one.next_f64()) as i64 as u64).min(n - 1);
                            assert_eq!(u64::from(d), want, "n {n} seed {seed}");
                        }
                    }
                }
            }
            // The largest U, (2⁴⁸ − 1)/2⁴⁸, and the smallest, 0, through both paths.
            for n in [11_490u64, 3_000_000_000] {
                let mut x = [0; LANES];
                x.iter_mut().step_by(2).for_each(|x| *x = MASK48);
                let mut lanes = Lanes { x };
                let mut got = [0u32; LANES];
                lanes.fill_draws(n as f64, (n - 1) as u32, &mut got);
                let top = ((n as f64 * unit(MASK48)) as i64 as u64).min(n - 1) as u32;
                for (j, &d) in got.iter().enumerate() {
                    assert_eq!(d, if j % 2 == 0 { top } else { 0 });
                }
            }
        }
        check();
    }

    fn settings(resamples: f64, confidence: f64, unit: Unit) -> Settings {
        Settings {
            unit,
            alpha: 0.5,
            resamples,
            confidence,
        }
    }

    #[test]
    fn corpus_examples() {
        // Spec §14.1, ROUGE-1 per-instance R/P/F of the five instances, keys 1..5.
        let r = [0.6, 0.70588, 0.69231, 0.0, 0.75];
        let p = [0.75, 0.66667, 0.52941, 0.0, 0.6];
        let f = [0.66667, 0.68571, 0.6, 0.0, 0.66667];
        let cols: Triples<'_> = [&r, &p, &f];
        let fmt = |e: Estimate| format!("{:.5} {:.5} {:.5}", e.average, e.lower, e.upper);
        let e = bootstrap(
            &[cols],
            settings(1000.0, 95.0, Unit::Summary),
            1,
            &Cancel::never(),
        )
        .unwrap()
        .unwrap();
        assert_eq!(fmt(e[0][0]), "0.55261 0.27692 0.72081");
        assert_eq!(fmt(e[0][1]), "0.51174 0.25333 0.68922");
        assert_eq!(fmt(e[0][2]), "0.52652 0.26667 0.67429");
        let e = bootstrap(
            &[cols],
            settings(1.0, 95.0, Unit::Summary),
            1,
            &Cancel::never(),
        )
        .unwrap()
        .unwrap();
        assert_eq!(fmt(e[0][0]), "0.52846 0.54167 0.54167");
        let e = bootstrap(
            &[cols],
            settings(10.0, 90.0, Unit::Summary),
            2,
            &Cancel::never(),
        )
        .unwrap()
        .unwrap();
        assert_eq!(fmt(e[0][0]), "0.56848 0.44769 0.69251");
        // -t 1: (TotalM, TotalP, TotalHit) per instance.
        let m = [5.0, 17.0, 13.0, 2.0, 4.0];
        let pp = [4.0, 18.0, 17.0, 0.0, 5.0];
        let h = [3.0, 12.0, 9.0, 0.0, 3.0];
        let e = bootstrap(
            &[[&m, &pp, &h]],
            settings(1000.0, 95.0, Unit::Token),
            2,
            &Cancel::never(),
        )
        .unwrap()
        .unwrap();
        assert_eq!(fmt(e[0][0]), "0.64637 0.50000 0.71053");
        assert_eq!(fmt(e[0][2]), "0.62917 0.53333 0.68041");
    }
}
