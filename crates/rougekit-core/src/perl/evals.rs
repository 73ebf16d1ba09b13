//! One `EVAL` of a ROUGE-1.5.5 XML configuration (spec `rouge-1.5.5.md` §4.1), as both of
//! its readers give it: the full one (`eval_config.rs`) and the one-pass one for plain
//! files (`eval_config_fast.rs`).
use super::files::SummaryFormat;

/// One `EVAL`: paths are built as Perl builds them, `<root>/<file>` (a missing root is
/// empty, giving `/<file>`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvalConfig {
    pub id: String,
    /// `None` when the `EVAL` has no `INPUT-FORMAT`.
    pub format: Option<SummaryFormat>,
    /// (peer id, path) in document order; a repeated id keeps its first position and its
    /// last path (a Perl hash).
    pub peers: Vec<(String, String)>,
    /// (model id, path) in document order.
    pub models: Vec<(String, String)>,
}

/// Perl's `\s` as the configuration reader trims it.
pub(crate) const PERL_SPACE: &[char] = &[' ', '\t', '\n', '\r', '\x0C', '\x0B'];
