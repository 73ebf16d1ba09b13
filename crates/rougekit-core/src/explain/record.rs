//! The one record vocabulary of a `rougekit.explain/1` explanation, for every engine: each
//! engine's explainer keeps what it computed in its own terms (the rouge-score family's
//! [`PairExplain`](super::PairExplain), ROUGE-1.5.5's, the pltrdy family's) and turns it
//! into a [`PairRecord`], which the binding writes as the dict in one place. The records
//! hold the dict's values, in its order: a field that is `None` is a key the engine does
//! not write.
//!
//! `C` is a token's compared form as the engine holds it (see [`Token`]).
use super::{Dropped, GramMatch, GramMissed, SentenceMarks, SkipMatch, Token};
use crate::kernels::wlcs;
use std::borrow::Cow;

/// A count as the dict writes it: an int, a float (ROUGE-W's weighted counts) or `None`
/// (a rule whose score has no counts of its own: mean, jackknife).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Count {
    Int(i64),
    Float(f64),
    Null,
}

impl Count {
    /// `x` as an int, or as it is when `weighted`.
    pub fn of(x: f64, weighted: bool) -> Count {
        if weighted {
            Count::Float(x)
        } else {
            Count::Int(x as i64)
        }
    }
}

/// The rouge-score family's ROUGE-W totals after f, and whether one run covers a side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WlcsWeights {
    pub prediction_weight: f64,
    pub reference_weight: f64,
    pub whole_prediction: bool,
    pub whole_reference: bool,
}

/// The counts behind a score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tally {
    pub hits: Count,
    pub prediction_total: Count,
    pub reference_total: Count,
    pub weights: Option<WlcsWeights>,
}

impl Tally {
    /// Plain integer counts.
    pub fn ints(hits: f64, prediction_total: f64, reference_total: f64) -> Tally {
        Tally {
            hits: Count::Int(hits as i64),
            prediction_total: Count::Int(prediction_total as i64),
            reference_total: Count::Int(reference_total as i64),
            weights: None,
        }
    }
}

/// Precision, recall and F as the dict writes them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prf {
    pub precision: f64,
    pub recall: f64,
    pub fmeasure: f64,
}

impl From<&crate::Score> for Prf {
    fn from(s: &crate::Score) -> Prf {
        Prf {
            precision: s.precision,
            recall: s.recall,
            fmeasure: s.fmeasure,
        }
    }
}

/// One text of a pair: its tokens, a second token list a type compares when it is not
/// `tokens` (under its key: rougeLsum's `line_tokens`, ROUGE-1.5.5's `lcs_tokens`), the
/// dropped text and the number of sentences.
#[derive(Debug, Clone, PartialEq)]
pub struct TextRecord<C> {
    pub tokens: Vec<Token<C>>,
    pub own_tokens: Option<(&'static str, Vec<Token<C>>)>,
    pub dropped: Vec<Dropped>,
    pub sentences: usize,
}

/// What a type compares, with its parameters (the dict's `kind` and what follows it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    Ngram(usize),
    Lcs,
    UnionLcs,
    Wlcs(f64),
    SkipBigram {
        max_gap: Option<usize>,
        unigrams: bool,
    },
}

impl Kind {
    /// The dict's `kind`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Ngram(_) => "ngram",
            Kind::Lcs => "lcs",
            Kind::UnionLcs => "union-lcs",
            Kind::Wlcs(_) => "wlcs",
            Kind::SkipBigram { .. } => "skip-bigram",
        }
    }
}

/// A ROUGE-1.5.5 ROUGE-W run: `length` hits from reference token `first` to `last` of
/// sentence `sentence`, worth `value`.
#[derive(Debug, Clone, PartialEq)]
pub struct ValuedRun {
    pub sentence: usize,
    pub first: usize,
    pub last: usize,
    pub length: usize,
    pub value: f64,
}

/// One LCS of rouge 1.0.1's ROUGE-L: a (reference sentence, prediction sentence) pair, how
/// often its sum repeats it, its alignment and (with `exclusive`) the prediction tokens
/// whose word entered the union there.
#[derive(Debug, Clone, PartialEq)]
pub struct SentenceLcs {
    pub reference_sentence: u32,
    pub prediction_sentence: u32,
    pub times: usize,
    pub alignment: Vec<(u32, u32)>,
    pub counted: Option<Vec<u32>>,
}

/// The matches behind one reference's counts, as each engine's kernels chose them.
#[derive(Debug, Clone, PartialEq)]
pub enum Witness<C> {
    /// N-grams: `positions` by [`GramMatch::at`]; their forms are the `n` tokens of the
    /// pair's texts from each occurrence. `distinct`: the pltrdy family's `exclusive=True`
    /// (each n-gram both texts hold is one hit, shown at its first occurrence on each side;
    /// only the n-grams without a hit are missed).
    Ngram {
        n: usize,
        matches: Vec<GramMatch>,
        positions: Vec<u32>,
        missed: Vec<GramMissed>,
        distinct: bool,
    },
    /// `(prediction, reference)` token indices of one LCS; `None`: too large to list.
    Alignment(Option<Vec<(u32, u32)>>),
    /// A union LCS per reference sentence; `lcs`: the pltrdy family's sentence LCSs;
    /// `runs`: ROUGE-1.5.5's ROUGE-W runs and Σ_i f(|r_i|) (written after the note).
    Union {
        sentences: Vec<SentenceMarks>,
        prediction_in_lcs: Option<Vec<u32>>,
        lcs: Option<Vec<SentenceLcs>>,
        runs: Option<(Vec<ValuedRun>, f64)>,
    },
    /// A union LCS too large to list (the pltrdy family).
    UnionTooLarge,
    /// The rouge-score family's ROUGE-W runs; `None`: the table was too large to keep.
    Runs(Option<Vec<wlcs::Run>>),
    /// Skip-bigram items; `None`: not listed, for the reason `why`.
    Skip {
        matches: Option<Vec<SkipMatch<C>>>,
        why: &'static str,
    },
    /// Nothing to show.
    Nothing,
}

/// One reference's part of a type.
#[derive(Debug, Clone, PartialEq)]
pub struct ReferenceRecord<C> {
    pub reference: usize,
    /// The pltrdy family writes `reference` after the scores.
    pub reference_last: bool,
    pub tally: Tally,
    pub score: Prf,
    /// ROUGE-1.5.5: the score `-f B` compares.
    pub select: Option<f64>,
    pub witness: Witness<C>,
    /// What the witness shows (its `witness` key).
    pub note: Option<&'static str>,
}

/// One type of a pair.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeRecord<C> {
    /// The key of the dict's `types`.
    pub name: String,
    pub kind: Kind,
    /// The pltrdy family: how the metric counts.
    pub count: Option<&'static str>,
    pub rule: &'static str,
    pub jackknife: bool,
    /// ROUGE-1.5.5's `-p`.
    pub alpha: Option<f64>,
    /// The reference whose counts are the type's.
    pub reference: Option<usize>,
    /// Another reference compares equal to the chosen one (rules that keep one, several
    /// references).
    pub tie: Option<bool>,
    pub tally: Tally,
    /// ROUGE-1.5.5's peer count.
    pub peer_count: Option<Count>,
    pub score: Prf,
    pub formula: Cow<'static, str>,
    /// ROUGE-1.5.5: the reference it could not count and why.
    pub failure: Option<(usize, String)>,
    pub per_reference: Vec<ReferenceRecord<C>>,
    /// Jackknife: each leave-one-out subset's score, by the reference left out.
    pub jackknife_subsets: Option<Vec<(usize, Prf)>>,
}

/// One pair's explanation.
#[derive(Debug, Clone, PartialEq)]
pub struct PairRecord<C> {
    pub prediction: TextRecord<C>,
    pub references: Vec<TextRecord<C>>,
    pub types: Vec<TypeRecord<C>>,
}
