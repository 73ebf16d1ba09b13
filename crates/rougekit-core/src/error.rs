//! Errors the core reports; the Python glue maps each to a specific Python exception.
use std::fmt;

/// A configuration or input error, with a message meant for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RougeError {
    /// An unknown or malformed ROUGE type name.
    InvalidType(String),
    /// An invalid option value (threads, bootstrap size, confidence...).
    InvalidOption(String),
    /// An input too large for a kernel's documented limit (the message names the pair).
    TooLarge(String),
}

impl fmt::Display for RougeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RougeError::InvalidType(m) | RougeError::InvalidOption(m) | RougeError::TooLarge(m) => {
                f.write_str(m)
            }
        }
    }
}

impl std::error::Error for RougeError {}
