//! The one result every profile returns: per-pair scores by column (one `f64` column per type
//! and field), with what a profile reports beside them (the counts behind ROUGE-1.5.5's
//! per-token corpus numbers, scores it could not compute, texts that lost every token).
//!
//! Columns are kept one `Vec` each so that a stream of chunks can be appended in place
//! ([`BatchScores::append`]) and a column read without a copy. [`Score`] and [`Match`] are the
//! per-pair and per-reference results every profile's kernels report; `bytes` is how a batch
//! pickles.
use crate::error::RougeError;

mod bytes;
pub use bytes::ScoreRange;

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
    /// `int_zero[t][i]`: rouge-score's `(0, 0, 0)` ints (see [`Score`]).
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

    /// The int-zero flags of type number `t` (see [`Score::int_zero`]).
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

// -- per-pair and per-reference scores (every profile's kernels report these) ----------

/// Precision, recall and F-measure of one type for one pair.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Score {
    pub precision: f64,
    pub recall: f64,
    pub fmeasure: f64,
    /// rouge-score returns the *ints* `(0, 0, 0)` for rougeL/rougeLsum when a side has no
    /// tokens (spec `rouge-score.md` §7); the values here are then 0.0 and this flag records the quirk.
    pub int_zero: bool,
}

impl Score {
    /// The `(0, 0, 0)` int triple of rouge-score's empty-input paths for LCS types.
    pub const INT_ZERO: Score = Score {
        precision: 0.0,
        recall: 0.0,
        fmeasure: 0.0,
        int_zero: true,
    };

    /// P = hits / max(pred, 1), R = hits / max(ref, 1), as rouge-score's `_score_ngrams`.
    pub fn from_counts(hits: usize, pred_total: usize, ref_total: usize) -> Score {
        Score::from_totals(hits as f64, pred_total as f64, ref_total as f64)
    }

    /// [`Score::from_counts`] on counts held as `f64` (pooled counts; exact below 2^53, so
    /// the bits are those of the integer division).
    pub fn from_totals(hits: f64, pred_total: f64, ref_total: f64) -> Score {
        let precision = hits / pred_total.max(1.0);
        let recall = hits / ref_total.max(1.0);
        Score {
            precision,
            recall,
            fmeasure: fmeasure(precision, recall),
            int_zero: false,
        }
    }
}

/// What a variant measured of one prediction against one reference: the numerator and both
/// denominators of its recall and precision, before any multi-reference rule. ROUGE-N, -L,
/// -Lsum and -S/SU count hits and items; ROUGE-W holds the weighted LCS and f(|side|).
/// Summing matches over references is ROUGE-1.5.5's `-f A` pooling (spec `rouge-1.5.5.md`
/// §9.2), so every variant's P/R/F step reads the same three numbers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Match {
    pub hits: f64,
    pub pred_total: f64,
    pub ref_total: f64,
    /// The LCS types' empty-side quirk (see [`Score::int_zero`]): the score is `INT_ZERO`.
    pub int_zero: bool,
    /// ROUGE-W: one run of matches covers the whole prediction (P is exactly 1).
    pub whole_pred: bool,
    /// ROUGE-W: one run covers the whole reference (R is exactly 1).
    pub whole_ref: bool,
}

impl Match {
    /// Plain counts.
    pub fn counts(hits: usize, pred_total: usize, ref_total: usize) -> Match {
        Match {
            hits: hits as f64,
            pred_total: pred_total as f64,
            ref_total: ref_total as f64,
            int_zero: false,
            whole_pred: false,
            whole_ref: false,
        }
    }

    /// rouge-score's `(0, 0, 0)` ints of the LCS types when a side has no tokens; the totals
    /// still count when matches are pooled.
    pub fn empty_side(pred_total: usize, ref_total: usize) -> Match {
        Match {
            int_zero: true,
            ..Match::counts(0, pred_total, ref_total)
        }
    }

    /// The sum of `matches` (the prediction's total is added once per reference, as
    /// ROUGE-1.5.5's `-f A`); `None` for no matches. Flags hold when they hold for all.
    pub fn pooled(matches: &[Match]) -> Option<Match> {
        let (first, rest) = matches.split_first()?;
        Some(rest.iter().fold(*first, |a, b| Match {
            hits: a.hits + b.hits,
            pred_total: a.pred_total + b.pred_total,
            ref_total: a.ref_total + b.ref_total,
            int_zero: a.int_zero && b.int_zero,
            whole_pred: a.whole_pred && b.whole_pred,
            whole_ref: a.whole_ref && b.whole_ref,
        }))
    }

    /// Hits over totals ([`Score::from_totals`]), or `INT_ZERO`.
    pub fn ratio_score(&self) -> Score {
        if self.int_zero {
            Score::INT_ZERO
        } else {
            Score::from_totals(self.hits, self.pred_total, self.ref_total)
        }
    }
}

/// rouge-score's `scoring.fmeasure`: `2 * P * R / (P + R)` evaluated left to right from the
/// already-divided P and R, `0.0` when `P + R == 0` (spec `rouge-score.md` §7: `2*hits/(m+n)` is not
/// bit-identical).
#[inline]
pub fn fmeasure(precision: f64, recall: f64) -> f64 {
    if precision + recall > 0.0 {
        2.0 * precision * recall / (precision + recall)
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) fn cell(x: f64) -> Score {
        Score {
            precision: x,
            recall: x / 2.0,
            fmeasure: x / 3.0,
            int_zero: x == 0.0,
        }
    }

    pub(super) fn batch(xs: &[f64], nrefs: &[u32]) -> BatchScores {
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

    #[test]
    fn fmeasure_operation_order() {
        // E27 and E14 of the spec: bit patterns that only this order produces.
        assert_eq!(fmeasure(0.6, 0.75), 0.6666666666666665);
        assert_eq!(fmeasure(0.2, 0.2), 0.20000000000000004);
        assert_eq!(fmeasure(0.0, 0.0), 0.0);
        assert_eq!(Score::from_counts(0, 0, 0).precision, 0.0);
    }
}
