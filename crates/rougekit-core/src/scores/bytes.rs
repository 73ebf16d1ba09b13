//! [`BatchScores`] as bytes (how a batch pickles) and back, with the content checked:
//! the type names each profile's grammar accepts and the range of their scores.
use super::{BatchScores, Counts, Failure, Field, TextNotes};
use crate::engine::RougeType;
use crate::error::RougeError;
use crate::perl::types::PerlType;

/// Little-endian writer of [`BatchScores::to_bytes`].
struct Writer(Vec<u8>);

impl Writer {
    fn u64(&mut self, x: u64) {
        self.0.extend_from_slice(&x.to_le_bytes());
    }
    fn len(&mut self, x: usize) {
        self.u64(x as u64);
    }
    fn str(&mut self, s: &str) {
        self.len(s.len());
        self.0.extend_from_slice(s.as_bytes());
    }
    fn f64s(&mut self, xs: &[f64]) {
        xs.iter()
            .for_each(|x| self.0.extend_from_slice(&x.to_le_bytes()));
    }
}

/// Reader of [`BatchScores::to_bytes`]'s output: every read checks the length left.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], RougeError> {
        if n > self.0.len() {
            return Err(corrupt());
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }
    fn u64(&mut self) -> Result<u64, RougeError> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().map_err(|_| corrupt())?,
        ))
    }
    fn u32(&mut self) -> Result<u32, RougeError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().map_err(|_| corrupt())?,
        ))
    }
    fn len(&mut self, bound: usize) -> Result<usize, RougeError> {
        let n = usize::try_from(self.u64()?).map_err(|_| corrupt())?;
        if n > bound {
            return Err(corrupt());
        }
        Ok(n)
    }
    fn str(&mut self) -> Result<String, RougeError> {
        let n = self.len(self.0.len())?;
        String::from_utf8(self.take(n)?.to_vec()).map_err(|_| corrupt())
    }
    fn f64s(&mut self, n: usize) -> Result<Vec<f64>, RougeError> {
        let bytes = self.take(n.checked_mul(8).ok_or_else(corrupt)?)?;
        Ok(bytes
            .chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect())
    }
}

fn corrupt() -> RougeError {
    RougeError::InvalidOption("corrupt or truncated BatchScores bytes".into())
}

/// The first bytes of [`BatchScores::to_bytes`]'s output (format version 1).
const MAGIC: &[u8; 4] = b"RKB1";

impl BatchScores {
    /// Every field as bytes (little-endian, versioned) that [`BatchScores::from_bytes`]
    /// reads back equal: how a batch pickles, on any platform.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut w = Writer(MAGIC.to_vec());
        w.len(self.names.len());
        self.names.iter().for_each(|n| w.str(n));
        w.len(self.len);
        self.values.iter().for_each(|c| w.f64s(c));
        self.int_zero.iter().for_each(|c| w.0.extend_from_slice(c));
        w.u64(u64::from(!self.counts.is_empty()));
        for col in &self.counts {
            for c in col {
                w.f64s(&[c.hits, c.pred_total, c.ref_total]);
            }
        }
        for n in &self.notes {
            w.0.push(n.dropped);
            w.0.extend_from_slice(&n.bytes.to_le_bytes());
            w.0.extend_from_slice(&n.non_ascii_letters.to_le_bytes());
        }
        self.nrefs
            .iter()
            .for_each(|n| w.0.extend_from_slice(&n.to_le_bytes()));
        w.len(self.failures.len());
        for f in &self.failures {
            w.len(f.pair);
            w.len(f.reference);
            w.len(f.type_index);
            w.str(&f.message);
        }
        w.0
    }

    /// Reads [`BatchScores::to_bytes`]'s output; an error for anything else.
    pub fn from_bytes(bytes: &[u8]) -> Result<BatchScores, RougeError> {
        let mut r = Reader(bytes);
        if r.take(4)? != MAGIC {
            return Err(corrupt());
        }
        let nt = r.len(bytes.len())?;
        let names = (0..nt).map(|_| r.str()).collect::<Result<Vec<_>, _>>()?;
        let len = r.len(bytes.len())?;
        let values = (0..nt * 3)
            .map(|_| r.f64s(len))
            .collect::<Result<Vec<_>, _>>()?;
        let int_zero = (0..nt)
            .map(|_| r.take(len).map(<[u8]>::to_vec))
            .collect::<Result<Vec<_>, _>>()?;
        let with_counts = r.u64()? != 0;
        let counts = if with_counts {
            (0..nt)
                .map(|_| {
                    let flat = r.f64s(len.checked_mul(3).ok_or_else(corrupt)?)?;
                    Ok(flat
                        .chunks_exact(3)
                        .map(|c| Counts {
                            hits: c[0],
                            pred_total: c[1],
                            ref_total: c[2],
                        })
                        .collect())
                })
                .collect::<Result<Vec<_>, RougeError>>()?
        } else {
            Vec::new()
        };
        let notes = (0..len)
            .map(|_| {
                Ok(TextNotes {
                    dropped: r.take(1)?[0],
                    bytes: r.u32()?,
                    non_ascii_letters: r.u32()?,
                })
            })
            .collect::<Result<Vec<_>, RougeError>>()?;
        let nrefs = (0..len).map(|_| r.u32()).collect::<Result<Vec<_>, _>>()?;
        let nf = r.len(bytes.len())?;
        let failures = (0..nf)
            .map(|_| {
                let f = Failure {
                    pair: r.len(len)?,
                    reference: r.len(usize::MAX)?,
                    type_index: r.len(nt)?,
                    message: r.str()?,
                };
                if f.pair >= len || f.type_index >= nt {
                    return Err(corrupt());
                }
                Ok(f)
            })
            .collect::<Result<Vec<_>, RougeError>>()?;
        if !r.0.is_empty() {
            return Err(corrupt());
        }
        let scores = BatchScores {
            names,
            len,
            values,
            int_zero,
            counts,
            notes,
            nrefs,
            failures,
        };
        scores.check_content()?;
        Ok(scores)
    }

    /// What every profile's scores satisfy, checked on bytes read back: type names in the
    /// core's canonical spelling, each once; scores in the type's [`ScoreRange`]; flags 0
    /// or 1; counts finite and >= 0; text notes that can be.
    fn check_content(&self) -> Result<(), RougeError> {
        let bad =
            |what: String| RougeError::InvalidOption(format!("corrupt BatchScores bytes: {what}"));
        for (t, name) in self.names.iter().enumerate() {
            let Some(range) = ScoreRange::of(name) else {
                return Err(bad(format!("{name:?} is not a ROUGE type name")));
            };
            if self.names[..t].contains(name) {
                return Err(bad(format!("type {name} is named twice")));
            }
            for field in Field::ALL {
                let column = self.column(t, field);
                if let Some(i) = column.iter().position(|&x| !range.holds(x)) {
                    return Err(bad(format!(
                        "the {name} {} of pair {i} is {:?}, {}",
                        field.name(),
                        column[i],
                        range.describe()
                    )));
                }
            }
            if let Some(i) = self.int_zero[t].iter().position(|&z| z > 1) {
                return Err(bad(format!(
                    "the {name} int-zero flag of pair {i} is not 0 or 1"
                )));
            }
            if let Some(counts) = self.counts.get(t) {
                let ok = |x: f64| x.is_finite() && x >= 0.0;
                if let Some(i) = counts
                    .iter()
                    .position(|c| !(ok(c.hits) && ok(c.pred_total) && ok(c.ref_total)))
                {
                    return Err(bad(format!(
                        "the {name} counts of pair {i} are not finite numbers >= 0"
                    )));
                }
                // Scores in [0, 1] come from hits within both totals (a weighted LCS up to
                // rounding): the corpus numbers of counts (ROUGE-1.5.5's -t 1) stay in range.
                let within = |hits: f64, total: f64| hits <= total * (1.0 + 1e-9) + 1e-9;
                if let Some(i) = counts.iter().position(|c| {
                    range == ScoreRange::Unit
                        && !(within(c.hits, c.pred_total) && within(c.hits, c.ref_total))
                }) {
                    return Err(bad(format!(
                        "the {name} counts of pair {i} have more hits than items"
                    )));
                }
            }
        }
        if let Some(i) = self
            .notes
            .iter()
            .position(|n| n.dropped > 3 || n.non_ascii_letters > n.bytes)
        {
            return Err(bad(format!("the text notes of pair {i} cannot be")));
        }
        Ok(())
    }
}

/// The values some profile gives a type's scores (the loosest over the profiles: a
/// profile's own range may be narrower, which its Python side checks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoreRange {
    /// [0, 1]: every type but the two below.
    Unit,
    /// Finite, >= 0: `rougeL`, which pltrdy's `rouge` without `exclusive` scores above 1.
    Finite,
    /// Not negative: perl-1.5.5's ROUGE-W with a weight below 1, which ROUGE-1.5.5 scores
    /// above 1, up to infinity, and NaN for F.
    NotNegative,
}

impl ScoreRange {
    /// The range of a type named in the core's canonical spelling (a rouge-score family or
    /// a perl-1.5.5 type); `None` for any other name.
    pub fn of(name: &str) -> Option<ScoreRange> {
        let perl = PerlType::parse(name).ok().filter(|t| t.name() == name);
        if let Some(PerlType::W(w)) = perl {
            if w < 1.0 {
                return Some(ScoreRange::NotNegative);
            }
        }
        if name == "rougeL" {
            return Some(ScoreRange::Finite);
        }
        let engine = RougeType::parse(name).is_ok_and(|t| t.name() == name);
        (engine || perl.is_some()).then_some(ScoreRange::Unit)
    }

    /// Whether `x` is in the range.
    pub fn holds(self, x: f64) -> bool {
        match self {
            ScoreRange::Unit => (0.0..=1.0).contains(&x),
            ScoreRange::Finite => x.is_finite() && x >= 0.0,
            ScoreRange::NotNegative => x >= 0.0 || x.is_nan(),
        }
    }

    fn describe(self) -> &'static str {
        match self {
            ScoreRange::Unit => "outside [0, 1]",
            ScoreRange::Finite => "not a finite number >= 0",
            ScoreRange::NotNegative => "below 0",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::batch;
    use super::*;

    #[test]
    fn bytes_round_trip() {
        let mut whole = batch(&[0.1, 0.0, 0.3], &[1, 2, 1]);
        whole.notes[1] = TextNotes {
            dropped: 3,
            bytes: 7,
            non_ascii_letters: 2,
        };
        let whole = whole.with_failures(vec![Failure {
            pair: 2,
            reference: 1,
            type_index: 1,
            message: "no tokens".into(),
        }]);
        let bytes = whole.to_bytes();
        assert_eq!(BatchScores::from_bytes(&bytes).unwrap(), whole);
        let counted = BatchScores {
            counts: vec![vec![Counts::default(); 3]; 2],
            ..whole.clone()
        };
        assert_eq!(
            BatchScores::from_bytes(&counted.to_bytes()).unwrap(),
            counted
        );
        let empty = BatchScores::empty(vec!["rouge1".into()], false);
        assert_eq!(BatchScores::from_bytes(&empty.to_bytes()).unwrap(), empty);
        for cut in [0, 3, 10, bytes.len() - 1] {
            assert!(BatchScores::from_bytes(&bytes[..cut]).is_err(), "{cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(BatchScores::from_bytes(&longer).is_err());
    }

    /// Bytes whose content no profile writes are refused, with what is wrong.
    #[test]
    fn from_bytes_checks_the_content() {
        let good = batch(&[0.1, 0.0, 0.3], &[1, 2, 1]);
        let refused = |b: &BatchScores| {
            let e = BatchScores::from_bytes(&b.to_bytes())
                .unwrap_err()
                .to_string();
            assert!(e.starts_with("corrupt BatchScores bytes: "), "{e}");
            e
        };
        for (t, i, x) in [
            (0, 1, f64::NAN),
            (0, 2, 7.5),
            (0, 0, -0.25),
            (1, 0, f64::INFINITY),
        ] {
            let mut b = good.clone();
            b.values[3 * t + 2][i] = x;
            let name = &good.names[t];
            assert!(
                refused(&b).contains(&format!("the {name} fmeasure of pair {i} is {x}")),
                "{}",
                refused(&b)
            );
        }
        for names in [
            ["rouge1", "rouge1"],
            ["rouge1", ""],
            ["rouge1", "bleu"],
            ["rouge1", "ROUGE-2"], // not the canonical spelling
            ["rouge1", "rouge0"],
        ] {
            let b = BatchScores {
                names: names.map(String::from).to_vec(),
                ..good.clone()
            };
            let e = refused(&b);
            assert!(
                e.contains("named twice") || e.contains("not a ROUGE type"),
                "{e}"
            );
        }
        let mut b = good.clone();
        b.int_zero[1][0] = 2;
        assert!(refused(&b).contains("int-zero flag"));
        let mut b = good
            .clone()
            .with_counts(vec![vec![Counts::default(); 3]; 2]);
        assert!(BatchScores::from_bytes(&b.to_bytes()).is_ok());
        b.counts[1][2].ref_total = f64::NAN;
        assert!(refused(&b).contains("counts of pair 2"));
        let mut b = good
            .clone()
            .with_counts(vec![vec![Counts::default(); 3]; 2]);
        b.counts[0][1] = Counts {
            hits: 3.0,
            pred_total: 4.0,
            ref_total: 2.0,
        };
        assert!(refused(&b).contains("rouge1 counts of pair 1 have more hits than items"));
        b.counts[0][1].ref_total = 3.0;
        assert!(BatchScores::from_bytes(&b.to_bytes()).is_ok());
        let mut b = good.clone();
        b.notes[0].non_ascii_letters = 1;
        assert!(refused(&b).contains("text notes of pair 0"));
        // perl-1.5.5's ROUGE-W below weight 1 scores above 1, even inf or NaN, as ROUGE-1.5.5.
        let names = vec!["rougeW-0.5".to_string(), "rougeSU*".to_string()];
        let mut b = BatchScores {
            names,
            ..good.clone()
        };
        b.values[0][0] = 1.73205;
        b.values[1][1] = f64::INFINITY;
        b.values[2][1] = f64::NAN;
        let back = BatchScores::from_bytes(&b.to_bytes()).unwrap();
        assert_eq!(back.column(0, Field::Recall)[1], f64::INFINITY);
        b.values[2][2] = -1.0;
        assert!(refused(&b).contains("below 0"));
        let mut b = BatchScores {
            names: vec!["rougeW-1.2".to_string(), "rougeL".to_string()],
            ..good.clone()
        };
        b.values[0][0] = 1.5;
        assert!(refused(&b).contains("outside [0, 1]"));
        // pltrdy's rougeL (without `exclusive`) may exceed 1, never be NaN.
        let mut b = good.clone();
        b.values[3][1] = 1.5;
        assert!(BatchScores::from_bytes(&b.to_bytes()).is_ok());
        b.values[4][1] = f64::NAN;
        assert!(refused(&b).contains("not a finite number"));
    }
}
