//! Profile-independent kernels on interned token ids: n-gram keys and counting, LCS (length,
//! union positions), weighted LCS and skip-bigrams. Each profile's variants turn their output
//! into scores: `engine::rouge_*` for the rouge-score family, `perl::counts` for ROUGE-1.5.5.
pub mod lcs;
pub mod ngram;
pub mod skip;
pub mod union_lcs;
pub mod wlcs;
