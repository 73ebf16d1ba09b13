//! `rougekit-core`: exact, fast ROUGE kernels.
//!
//! Pure Rust: no Python, no I/O, no entropy (the bootstrap is seeded). Every number rougekit
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

pub mod batch;
pub mod bootstrap;
pub mod config;
pub mod error;
pub mod intern;
pub mod lcs;
pub mod multiref;
pub mod ngram;
pub mod perl;
pub mod pool;
pub mod score;
pub mod skip;
pub mod stem;
pub mod stopwords;
pub mod tokenize;
pub mod wlcs;

pub use batch::{BatchScores, Engine, Pair, TokenDoc};
pub use config::{EngineConfig, RougeType};
pub use error::RougeError;
pub use score::Score;
