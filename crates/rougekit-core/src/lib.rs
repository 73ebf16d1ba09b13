//! `rougekit-core`: exact, fast ROUGE kernels.
//!
//! Pure Rust: no Python, no I/O of its own (the command line's readers parse whatever
//! `BufRead` the caller opens), no entropy (the bootstrap is seeded). Every number rougekit
//! reports is decided here; the Python package only orchestrates.
//!
//! ```
//! use rougekit_core::{Engine, EngineConfig, Pair};
//! let engine = Engine::new(EngineConfig::parse(&["rouge1", "rougeL"], false, 1).unwrap());
//! let refs = ["the cat sat on the mat"];
//! let batch = engine.score_texts(&[Pair { prediction: "the cat sat", references: &refs }]).unwrap();
//! assert_eq!(batch.get(0, 0).precision, 1.0);
//! ```
#![forbid(unsafe_code)]

pub mod bootstrap;
pub mod dedup;
pub mod engine;
pub mod error;
pub mod exact_sum;
pub mod explain;
pub mod instances;
pub mod intern;
pub mod kernels;
pub mod multiref;
pub mod numpy_bootstrap;
pub mod paired;
pub mod perl;
pub mod pipeline;
pub mod pltrdy;
pub mod pool;
pub mod pystr;
pub mod readers;
pub mod scores;
pub mod segment;
pub mod sentences;
pub mod stem;
pub mod stopwords;
pub mod streaming;
#[cfg(test)]
mod test_rng;
pub mod tokenize;

pub use engine::{Engine, EngineConfig, MultiRef, Pair, RougeType, Score, TokenDoc};
pub use error::RougeError;
pub use pipeline::{Pipeline, Stemmer, Tokenizer};
pub use scores::{BatchScores, Counts, Failure, Field, TextNotes};
