//! The `perl-1.5.5` profile: ROUGE-1.5.5.pl's numbers, quirks included, without Perl
//! (spec `rouge-1.5.5.md`). Text pipeline in [`text`] and [`vocab`], per-model counts in
//! [`counts`], Perl's multi-reference combination and 5-decimal rounding in [`combine`],
//! parallel batches in [`batch`], the seeded drand48 bootstrap in [`bootstrap`], Basic
//! Elements in [`be`].
pub mod batch;
pub mod be;
pub mod bootstrap;
pub mod combine;
pub mod counts;
pub mod doc;
pub mod eval_config;
pub mod eval_config_fast;
pub mod evals;
pub mod explain;
mod explain_record;
pub mod files;
pub mod plan;
pub mod round;
pub mod text;
pub mod types;
pub mod vocab;

pub use batch::{score_batch, score_types, score_types_interruptible, Instance, PerlScores};
pub use combine::MultiRef;
pub use round::round5;
pub use text::Truncation;
pub use types::PerlType;
pub use vocab::{ExceptionTable, PerlStemmer, StopList, TokenRules};

use crate::error::RougeError;

/// One ROUGE variant as ROUGE-1.5.5 computes it, in its output order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// ROUGE-n.
    N(usize),
    /// ROUGE-L (summary-level union LCS).
    L,
    /// ROUGE-W with the configured weight.
    W,
    /// ROUGE-S (skip-bigrams).
    S,
    /// ROUGE-SU (skip-bigrams plus unigrams).
    SU,
    /// Basic Elements.
    BE,
}

impl Variant {
    /// The short key used across the FFI: `"1"`, `"L"`, `"W"`, `"S"`, `"SU"`, `"BE"`.
    pub fn key(&self) -> String {
        match self {
            Variant::N(n) => n.to_string(),
            Variant::L => "L".into(),
            Variant::W => "W".into(),
            Variant::S => "S".into(),
            Variant::SU => "SU".into(),
            Variant::BE => "BE".into(),
        }
    }
}

/// Skip-bigram settings (`-2 d`, `-u`, `-U`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Skip {
    /// Most tokens between the two words; `None` = unlimited (`d < 0`).
    pub gap: Option<usize>,
    /// Compute ROUGE-S.
    pub s: bool,
    /// Compute ROUGE-SU.
    pub su: bool,
}

/// Everything that changes a perl-1.5.5 number (the scoring options of ROUGE-1.5.5.pl).
#[derive(Debug, Clone, PartialEq)]
pub struct PerlConfig {
    /// `-n N`: ROUGE-1 … ROUGE-N (0: none).
    pub ngram_max: usize,
    /// ROUGE-L (off with `-x`).
    pub lcs: bool,
    /// `-w`: ROUGE-W weight.
    pub wlcs_weight: Option<f64>,
    /// `-2`, `-u`, `-U`.
    pub skip: Option<Skip>,
    /// `-m` variant and `-s`.
    pub rules: TokenRules,
    /// `-l` / `-b`.
    pub truncation: Truncation,
    /// `-f`.
    pub multiref: MultiRef,
    /// `-p`.
    pub alpha: f64,
}

impl Default for PerlConfig {
    fn default() -> Self {
        PerlConfig {
            ngram_max: 0,
            lcs: true,
            wlcs_weight: None,
            skip: None,
            rules: TokenRules::default(),
            truncation: Truncation::None,
            multiref: MultiRef::Pooled,
            alpha: 0.5,
        }
    }
}

/// The tokens ROUGE-1.5.5 compares for `text` under `config`'s pipeline (its sentences are
/// the non-empty lines, truncated as `-l`/`-b` truncate the whole summary; `-s` drops, `-m`
/// stems): what its ROUGE-N counts, as text (the public `rougekit.tokenize`).
pub fn tokens(text: &str, config: &PerlConfig) -> Vec<String> {
    let sentences = text::spl_sentences(text.as_bytes());
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for piece in text::truncate(&sentences, config.truncation, text::Reader::Flat) {
        piece.for_each_token(&mut buf, &mut |t| {
            let word = std::str::from_utf8(t).unwrap_or_default();
            if let Some(stem) = config.rules.apply(word) {
                out.push(stem.into_owned());
            }
        });
    }
    out
}

/// Largest `n` of ROUGE-N accepted.
pub const MAX_N: usize = 1024;

impl PerlConfig {
    /// Checks the ranges ROUGE-1.5.5 enforces (it dies on them): `0 ≤ alpha ≤ 1`, `w > 0`.
    pub fn validate(&self) -> Result<(), RougeError> {
        if !(0.0..=1.0).contains(&self.alpha) {
            return Err(RougeError::InvalidOption(format!(
                "alpha must be between 0 and 1, got {}",
                self.alpha
            )));
        }
        if let Some(w) = self.wlcs_weight {
            if !(w > 0.0 && w.is_finite()) {
                return Err(RougeError::InvalidOption(format!(
                    "the ROUGE-W weight must be a positive number, got {w}"
                )));
            }
        }
        if self.ngram_max > MAX_N {
            return Err(RougeError::InvalidOption(format!(
                "ROUGE-N needs n <= {MAX_N}, got {}",
                self.ngram_max
            )));
        }
        Ok(())
    }

    /// The variants computed, in ROUGE-1.5.5's output order (spec `rouge-1.5.5.md` §2).
    pub fn variants(&self) -> Vec<Variant> {
        let mut v: Vec<Variant> = (1..=self.ngram_max).map(Variant::N).collect();
        if self.lcs {
            v.push(Variant::L);
        }
        if self.wlcs_weight.is_some() {
            v.push(Variant::W);
        }
        if let Some(skip) = self.skip {
            if skip.s {
                v.push(Variant::S);
            }
            if skip.su {
                v.push(Variant::SU);
            }
        }
        v
    }
}
