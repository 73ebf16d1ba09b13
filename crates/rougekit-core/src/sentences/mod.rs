//! Sentence splitting: NLTK's Punkt with its `punkt_tab` models ([`punkt`]), offline.
use crate::error::RougeError;
use crate::pool::{run_polled, shared_pool, Cancel};
use rayon::prelude::*;

pub mod model;
mod punkt;

pub use model::{PunktModel, LANGUAGES};
pub use punkt::Splitter;

/// What [`punkt`] reproduces, for signatures: NLTK 3.10.4's `sent_tokenize` with the
/// `punkt_tab` models (see `data/punkt-tab/PROVENANCE.md`).
pub const PUNKT_VERSION: &str = "nltk-3.10.4";

/// The Unicode version of the string methods Punkt is run with (Python 3.11's).
pub const PUNKT_UNICODE_VERSION: &str = crate::pystr::UNICODE_VERSION;
/// The `regex` release whose `\s`, `\d` and `[^\W\d]` Punkt's patterns are run with.
pub const PUNKT_REGEX_VERSION: &str = crate::pystr::REGEX_VERSION;

/// Texts a pool worker takes at a time.
const MIN_SHARE: usize = 16;
/// [`Cancel`] work units per byte of text.
const TICKS_PER_BYTE: usize = 32;

/// `nltk.sent_tokenize(text, language)`: the sentences of `text`.
pub fn punkt<'t>(text: &'t str, language: &str) -> Result<Vec<&'t str>, RougeError> {
    let splitter = Splitter::new(PunktModel::get(language)?);
    Ok(sentences(&splitter, text))
}

fn sentences<'t>(splitter: &Splitter<'_>, text: &'t str) -> Vec<&'t str> {
    splitter
        .spans(text)
        .into_iter()
        .map(|(a, b)| if a < b { &text[a..b] } else { "" })
        .collect()
}

/// [`punkt`] of each of `texts`, on `threads` threads; `None` when `cancel` stopped it.
pub fn punkt_batch<'t>(
    texts: &[&'t str],
    language: &str,
    threads: usize,
    cancel: &Cancel<'_>,
) -> Result<Option<Vec<Vec<&'t str>>>, RougeError> {
    let splitter = Splitter::new(PunktModel::get(language)?);
    let mut out: Vec<Vec<&'t str>> = vec![Vec::new(); texts.len()];
    let work = |(sents, text): (&mut Vec<&'t str>, &&'t str)| {
        if cancel.tick(text.len().saturating_mul(TICKS_PER_BYTE)) {
            *sents = sentences(&splitter, text);
        }
    };
    match shared_pool(threads) {
        Some(pool) if texts.len() > 1 => run_polled(&pool, cancel, || {
            out.par_iter_mut()
                .zip(texts.par_iter())
                .with_min_len(MIN_SHARE)
                .for_each(work)
        }),
        _ => out.iter_mut().zip(texts.iter()).for_each(work),
    }
    if cancel.stopped() {
        return Ok(None);
    }
    Ok(Some(out))
}

/// `"\n".join(punkt(text, language))`, the text as rougeLsum reads it after a harness's
/// `"\n".join(nltk.sent_tokenize(text))`.
pub fn punkt_lines(splitter: &Splitter<'_>, text: &str) -> String {
    sentences(splitter, text).join("\n")
}
