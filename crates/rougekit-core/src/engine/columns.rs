//! Columnar batch results: one `f64` column per type and field, plus per-pair flags.
use crate::engine::config::RougeType;
use crate::engine::score::Score;

/// Columnar scores: for each type and field one `f64` per pair.
#[derive(Debug, Clone, PartialEq)]
pub struct BatchScores {
    types: Vec<RougeType>,
    len: usize,
    /// `values[(t * 3 + field) * len + i]`, fields precision, recall, fmeasure.
    values: Vec<f64>,
    /// `int_zero[t * len + i]`.
    int_zero: Vec<u8>,
    /// Per pair: bit 0 set when the prediction lost all its tokens, bit 1 when a reference
    /// did (see [`TokenDoc`] tokenisation).
    dropped: Vec<u8>,
}

/// Index of a score field in [`BatchScores`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Precision = 0,
    Recall = 1,
    Fmeasure = 2,
}

impl Field {
    /// Parses `precision`, `recall` or `fmeasure`.
    pub fn parse(name: &str) -> Option<Field> {
        match name {
            "precision" => Some(Field::Precision),
            "recall" => Some(Field::Recall),
            "fmeasure" => Some(Field::Fmeasure),
            _ => None,
        }
    }
}

impl BatchScores {
    pub(super) fn from_rows(
        types: Vec<RougeType>,
        len: usize,
        rows: &[Score],
        dropped: Vec<u8>,
    ) -> BatchScores {
        let nt = types.len();
        let mut values = vec![0.0; nt * 3 * len];
        let mut int_zero = vec![0u8; nt * len];
        for (i, row) in rows.chunks_exact(nt.max(1)).enumerate().take(len) {
            for (t, s) in row.iter().take(nt).enumerate() {
                values[(t * 3) * len + i] = s.precision;
                values[(t * 3 + 1) * len + i] = s.recall;
                values[(t * 3 + 2) * len + i] = s.fmeasure;
                int_zero[t * len + i] = u8::from(s.int_zero);
            }
        }
        BatchScores {
            types,
            len,
            values,
            int_zero,
            dropped,
        }
    }

    /// Per-pair flags: bit 0, the prediction is not blank but has no token; bit 1, the
    /// same for at least one reference.
    pub fn dropped(&self) -> &[u8] {
        &self.dropped
    }

    /// The types, in column order.
    pub fn types(&self) -> &[RougeType] {
        &self.types
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
        let start = (t * 3 + field as usize) * self.len;
        &self.values[start..start + self.len]
    }

    /// The int-zero flags of type number `t` (see [`Score::int_zero`]).
    pub fn int_zero_column(&self, t: usize) -> &[u8] {
        &self.int_zero[t * self.len..(t + 1) * self.len]
    }

    /// The score of pair `i` for type number `t`.
    pub fn get(&self, i: usize, t: usize) -> Score {
        Score {
            precision: self.column(t, Field::Precision)[i],
            recall: self.column(t, Field::Recall)[i],
            fmeasure: self.column(t, Field::Fmeasure)[i],
            int_zero: self.int_zero_column(t)[i] != 0,
        }
    }
}
