//! The one result every profile returns: per-pair scores by column (one `f64` column per type
//! and field), with what a profile reports beside them (the counts behind ROUGE-1.5.5's
//! per-token corpus numbers, scores it could not compute, texts that lost every token).
//!
//! Columns are kept one `Vec` each so that a stream of chunks can be appended in place
//! ([`BatchScores::append`]) and a column read without a copy.
use crate::engine::{RougeType, Score};
use crate::error::RougeError;
use crate::perl::types::PerlType;

/// Index of a score field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Precision = 0,
    Recall = 1,
    Fmeasure = 2,
}

impl Field {
    /// The three fields, in column order.
    pub const ALL: [Field; 3] = [Field::Precision, Field::Recall, Field::Fmeasure];

    /// Parses `precision`, `recall` or `fmeasure`.
    pub fn parse(name: &str) -> Option<Field> {
        match name {
            "precision" => Some(Field::Precision),
            "recall" => Some(Field::Recall),
            "fmeasure" => Some(Field::Fmeasure),
            _ => None,
        }
    }

    /// The field's name.
    pub fn name(self) -> &'static str {
        match self {
            Field::Precision => "precision",
            Field::Recall => "recall",
            Field::Fmeasure => "fmeasure",
        }
    }
}

/// The counts behind one score, for profiles that aggregate counts (ROUGE-1.5.5's `-t 1`):
/// hits, the prediction's total and the reference side's total, after the multi-reference
/// rule (pooled sums, or the chosen reference's).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Counts {
    pub hits: f64,
    pub pred_total: f64,
    pub ref_total: f64,
}

/// A score that could not be computed, reported instead of a silent 0 (ROUGE-1.5.5 dies on
/// these; its profile scores them 0 and says so).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// Pair index within the batch.
    pub pair: usize,
    /// Reference index within the pair.
    pub reference: usize,
    /// Column (type) index.
    pub type_index: usize,
    pub message: String,
}

/// What a profile's pipeline noticed about one pair's texts: warnings, never numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TextNotes {
    /// Bit 0 set when the prediction, bit 1 when some reference, is not blank but has no
    /// token under the profile.
    pub dropped: u8,
    /// ASCII-only pipelines (rouge-score's, ROUGE-1.5.5's), which drop every other letter:
    /// the bytes of the pair's texts ...
    pub bytes: u32,
    /// ... and how many letters of theirs are not ASCII (`über`: 5 bytes, 1 such letter).
    pub non_ascii_letters: u32,
}

impl TextNotes {
    /// Adds a text's bytes and non-ASCII letters ([`non_ascii_letters`]).
    pub fn count_letters(&mut self, text: &str) {
        let bytes = u32::try_from(text.len()).unwrap_or(u32::MAX);
        self.bytes = self.bytes.saturating_add(bytes);
        let other = non_ascii_letters(text);
        self.non_ascii_letters = self.non_ascii_letters.saturating_add(other);
    }
}

/// The letters of `text` that are not ASCII. The common all-ASCII text costs one
/// vectorised check; in the others (CNN/DM has curly quotes or a pound sign in one text in
/// eight) only the characters whose lead byte a 32-byte block holds are decoded.
pub fn non_ascii_letters(text: &str) -> u32 {
    if text.is_ascii() {
        return 0;
    }
    let bytes = text.as_bytes();
    let mut other = 0u32;
    for (k, block) in bytes.chunks(32).enumerate() {
        // A fold, not `all`: no early exit, so the test of 32 bytes is vectorised.
        if !block.iter().fold(false, |lead, &b| lead | (b >= 0xC0)) {
            continue; // no character starts here beyond ASCII
        }
        for (j, &b) in block.iter().enumerate() {
            if b >= 0xC0 {
                let c = text[k * 32 + j..].chars().next().unwrap_or(' ');
                other += u32::from(c.is_alphabetic());
            }
        }
    }
    other
}

/// Columnar scores of a batch of pairs.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BatchScores {
    names: Vec<String>,
    len: usize,
    /// `values[t * 3 + field][i]`.
    values: Vec<Vec<f64>>,
    /// `int_zero[t][i]`: rouge-score's `(0, 0, 0)` ints (see [`crate::engine::Score`]).
    int_zero: Vec<Vec<u8>>,
    /// Empty, or `counts[t][i]` for every type.
    counts: Vec<Vec<Counts>>,
    /// Per pair: what the pipeline noticed about its texts.
    notes: Vec<TextNotes>,
    /// Per pair: its number of references.
    nrefs: Vec<u32>,
    failures: Vec<Failure>,
}

impl BatchScores {
    /// Scores from row-major scores (`rows[i * names.len() + t]`), per-pair notes and
    /// reference counts; `counts`, when given, is row-major like `rows`.
    pub fn from_rows(
        names: Vec<String>,
        rows: &[Score],
        counts: Option<&[Counts]>,
        notes: Vec<TextNotes>,
        nrefs: Vec<u32>,
    ) -> BatchScores {
        let nt = names.len();
        let len = notes.len();
        let mut values = vec![vec![0.0; len]; nt * 3];
        let mut int_zero = vec![vec![0u8; len]; nt];
        for (t, (fields, zero)) in values.chunks_exact_mut(3).zip(&mut int_zero).enumerate() {
            if let [p, r, f] = fields {
                for (i, c) in rows.iter().skip(t).step_by(nt).take(len).enumerate() {
                    p[i] = c.precision;
                    r[i] = c.recall;
                    f[i] = c.fmeasure;
                    zero[i] = u8::from(c.int_zero);
                }
            }
        }
        let counts = counts.map_or_else(Vec::new, |counts| {
            (0..nt)
                .map(|t| counts.iter().skip(t).step_by(nt).copied().collect())
                .collect()
        });
        BatchScores {
            counts,
            ..BatchScores::from_columns(names, values, int_zero, notes, nrefs)
        }
    }

    /// Scores from their columns: `values[3t..3t + 3]` the precision, recall and F of type
    /// `t` (one value per pair), `int_zero[t]` its flags (0 or 1).
    pub fn from_columns(
        names: Vec<String>,
        values: Vec<Vec<f64>>,
        int_zero: Vec<Vec<u8>>,
        notes: Vec<TextNotes>,
        nrefs: Vec<u32>,
    ) -> BatchScores {
        let len = notes.len();
        debug_assert!(values.len() == 3 * names.len() && int_zero.len() == names.len());
        debug_assert!(
            values.iter().all(|c| c.len() == len) && int_zero.iter().all(|c| c.len() == len)
        );
        BatchScores {
            names,
            len,
            values,
            int_zero,
            counts: Vec::new(),
            notes,
            nrefs,
            failures: Vec::new(),
        }
    }

    /// The same scores with `failures` reported.
    pub fn with_failures(mut self, failures: Vec<Failure>) -> BatchScores {
        self.failures = failures;
        self
    }

    /// These scores with `counts[t][i]` for every type `t` and pair `i`.
    pub fn with_counts(mut self, counts: Vec<Vec<Counts>>) -> BatchScores {
        debug_assert!(
            counts.len() == self.names.len() && counts.iter().all(|c| c.len() == self.len)
        );
        self.counts = counts;
        self
    }

    /// An empty batch of these types, to [`append`](BatchScores::append) chunks to.
    pub fn empty(names: Vec<String>, with_counts: bool) -> BatchScores {
        let nt = names.len();
        BatchScores {
            values: vec![Vec::new(); nt * 3],
            int_zero: vec![Vec::new(); nt],
            counts: if with_counts {
                vec![Vec::new(); nt]
            } else {
                Vec::new()
            },
            names,
            ..BatchScores::default()
        }
    }

    /// Appends the pairs of `other` (same types, in the same order); failures keep their
    /// pair numbers within the whole.
    pub fn append(&mut self, other: &BatchScores) -> Result<(), RougeError> {
        if other.names != self.names {
            return Err(RougeError::InvalidOption(format!(
                "cannot append scores of types {:?} to scores of types {:?}",
                other.names, self.names
            )));
        }
        if other.counts.is_empty() != self.counts.is_empty() && self.len > 0 && other.len > 0 {
            return Err(RougeError::InvalidOption(
                "cannot append scores with counts to scores without them".into(),
            ));
        }
        if self.len == 0 && self.counts.is_empty() {
            self.counts = vec![Vec::new(); other.counts.len()];
        }
        for (a, b) in self.values.iter_mut().zip(&other.values) {
            a.extend_from_slice(b);
        }
        for (a, b) in self.int_zero.iter_mut().zip(&other.int_zero) {
            a.extend_from_slice(b);
        }
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            a.extend_from_slice(b);
        }
        self.notes.extend_from_slice(&other.notes);
        self.nrefs.extend_from_slice(&other.nrefs);
        let shift = self.len;
        self.failures.extend(other.failures.iter().map(|f| Failure {
            pair: f.pair + shift,
            ..f.clone()
        }));
        self.len += other.len;
        Ok(())
    }

    /// The types' names, in column order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The column number of a type name.
    pub fn type_index(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// Number of pairs.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True for an empty batch.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// One column: `field` of type number `t` for every pair.
    pub fn column(&self, t: usize, field: Field) -> &[f64] {
        &self.values[t * 3 + field as usize]
    }

    /// Every column, type by type, precision, recall and fmeasure.
    pub fn columns(&self) -> Vec<&[f64]> {
        self.values.iter().map(|c| &c[..]).collect()
    }

    /// The int-zero flags of type number `t` (see [`crate::engine::Score::int_zero`]).
    pub fn int_zero_column(&self, t: usize) -> &[u8] {
        &self.int_zero[t]
    }

    /// The counts of type number `t`, when the profile reports them.
    pub fn counts(&self, t: usize) -> Option<&[Counts]> {
        self.counts.get(t).map(|c| &c[..])
    }

    /// The score of pair `i` for type number `t`.
    pub fn get(&self, i: usize, t: usize) -> Score {
        Score {
            precision: self.column(t, Field::Precision)[i],
            recall: self.column(t, Field::Recall)[i],
            fmeasure: self.column(t, Field::Fmeasure)[i],
            int_zero: self.int_zero[t][i] != 0,
        }
    }

    /// Per pair: what the pipeline noticed about its texts.
    pub fn notes(&self) -> &[TextNotes] {
        &self.notes
    }

    /// `(predictions, pairs with such a reference)` that are not blank but have no token.
    pub fn dropped_counts(&self) -> (usize, usize) {
        let d = &self.notes;
        (
            d.iter().filter(|n| n.dropped & 1 != 0).count(),
            d.iter().filter(|n| n.dropped & 2 != 0).count(),
        )
    }

    /// `(bytes, non-ASCII letters)` of the texts, summed over the pairs (counted by
    /// ASCII-only pipelines only).
    pub fn letter_counts(&self) -> (u64, u64) {
        self.notes.iter().fold((0, 0), |(a, b), n| {
            (a + u64::from(n.bytes), b + u64::from(n.non_ascii_letters))
        })
    }

    /// Fewest and most references of a pair; `(0, 0)` for an empty batch.
    pub fn nrefs(&self) -> (usize, usize) {
        self.nrefs
            .iter()
            .fold(None, |acc: Option<(u32, u32)>, &n| {
                Some(acc.map_or((n, n), |(lo, hi)| (lo.min(n), hi.max(n))))
            })
            .map_or((0, 0), |(lo, hi)| (lo as usize, hi as usize))
    }

    /// Scores that could not be computed (they are 0 in the columns).
    pub fn failures(&self) -> &[Failure] {
        &self.failures
    }

    /// Adds every column (type by type: precision, recall, fmeasure) onto its exact sum in
    /// `sums` ([`crate::exact_sum::ExactSum`]): sums continued over the chunks of a stream,
    /// or merged from partitions, divide into the means of the whole, bit for bit.
    pub fn add_to_sums(&self, sums: &mut [crate::exact_sum::ExactSum]) {
        for (s, col) in sums.iter_mut().zip(&self.values) {
            s.extend(col);
        }
    }

    /// Pairs `start..end` as a batch of their own (failures renumbered from 0).
    pub fn slice(&self, start: usize, end: usize) -> BatchScores {
        let end = end.min(self.len);
        let start = start.min(end);
        BatchScores {
            names: self.names.clone(),
            len: end - start,
            values: self.values.iter().map(|c| c[start..end].to_vec()).collect(),
            int_zero: self
                .int_zero
                .iter()
                .map(|c| c[start..end].to_vec())
                .collect(),
            counts: self.counts.iter().map(|c| c[start..end].to_vec()).collect(),
            notes: self.notes[start..end].to_vec(),
            nrefs: self.nrefs[start..end].to_vec(),
            failures: self
                .failures
                .iter()
                .filter(|f| (start..end).contains(&f.pair))
                .map(|f| Failure {
                    pair: f.pair - start,
                    ..f.clone()
                })
                .collect(),
        }
    }
}

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
    use super::*;

    fn cell(x: f64) -> Score {
        Score {
            precision: x,
            recall: x / 2.0,
            fmeasure: x / 3.0,
            int_zero: x == 0.0,
        }
    }

    fn batch(xs: &[f64], nrefs: &[u32]) -> BatchScores {
        let names = vec!["rouge1".to_string(), "rougeL".to_string()];
        let rows: Vec<Score> = xs.iter().flat_map(|&x| [cell(x), cell(1.0 - x)]).collect();
        let notes = vec![TextNotes::default(); xs.len()];
        BatchScores::from_rows(names, &rows, None, notes, nrefs.to_vec())
    }

    #[test]
    fn columns_from_rows() {
        let b = batch(&[0.0, 0.5], &[1, 3]);
        assert_eq!(b.len(), 2);
        assert_eq!(b.column(1, Field::Precision), [1.0, 0.5]);
        assert_eq!(b.column(0, Field::Fmeasure), [0.0, 0.5 / 3.0]);
        assert_eq!(b.int_zero_column(0), [1, 0]);
        assert_eq!(b.nrefs(), (1, 3));
        assert_eq!(b.type_index("rougeL"), Some(1));
        assert!(b.counts(0).is_none());
    }

    #[test]
    fn append_and_slice_round_trip() {
        let whole = batch(&[0.1, 0.2, 0.3, 0.4, 0.5], &[1, 2, 1, 4, 1]);
        let mut built = BatchScores::empty(whole.names().to_vec(), false);
        for (a, b) in [(0, 2), (2, 2), (2, 5)] {
            built.append(&whole.slice(a, b)).unwrap();
        }
        assert_eq!(built, whole);
        assert_eq!(whole.slice(2, 4).nrefs(), (1, 4));
        let other = BatchScores::empty(vec!["rouge2".into()], false);
        assert!(built.append(&other).is_err());
    }

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

    #[test]
    fn letters_of_non_ascii_texts() {
        assert_eq!(non_ascii_letters("plain ASCII text"), 0);
        assert_eq!(non_ascii_letters("über 3 Straßen"), 2);
        assert_eq!(non_ascii_letters("今天 ok!"), 2);
        assert_eq!(non_ascii_letters("£5, “quoted”"), 0);
        let long = format!("{}é{}", "a".repeat(40), "b".repeat(40)); // across a block
        assert_eq!(non_ascii_letters(&long), 1);
        let mut notes = TextNotes::default();
        notes.count_letters("plain");
        notes.count_letters("über");
        assert_eq!((notes.bytes, notes.non_ascii_letters), (10, 1));
    }
}
