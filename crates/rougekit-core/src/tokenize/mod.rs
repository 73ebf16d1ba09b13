//! Tokenisers, one module per profile.
pub mod rouge_score;
pub mod unicode;
pub mod xlsum;
#[rustfmt::skip]
pub(crate) mod xlsum_tables;
