//! Tokenisers, one module per profile.
pub mod rouge_score;
pub mod unicode;
