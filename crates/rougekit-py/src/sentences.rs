//! `rougekit.sentences.punkt`: NLTK's Punkt sentence splitter with its `punkt_tab` models,
//! run on a batch of texts with the GIL released on the core's pool.
use crate::interrupt::interruptible;
use crate::segment::text;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::PyList;
use rougekit_core::sentences::punkt_batch;

fn texts_of(texts: &Bound<'_, PyList>) -> PyResult<Vec<PyBackedStr>> {
    texts
        .iter()
        .enumerate()
        .map(|(i, item)| text(item, i))
        .collect()
}

/// The sentences of each of `texts` by the Punkt model of `language`, exactly as
/// `nltk.sent_tokenize(text, language)`, on `threads` threads (Ctrl-C is honoured).
#[pyfunction]
pub fn punkt_sentences<'py>(
    py: Python<'py>,
    texts: &Bound<'py, PyList>,
    language: &str,
    threads: usize,
) -> PyResult<Bound<'py, PyList>> {
    let texts = texts_of(texts)?;
    let language = language.to_owned();
    let sentences = interruptible(py, |cancel| {
        let texts: Vec<&str> = texts.iter().map(|s| &**s).collect();
        punkt_batch(&texts, &language, threads, cancel)
    })?;
    let rows = sentences
        .into_iter()
        .map(|s| PyList::new(py, s))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, rows)
}

/// `"\n".join(sentences)` for each of `texts`: what a harness's
/// `"\n".join(nltk.sent_tokenize(text))` gives rougeLsum.
#[pyfunction]
pub fn punkt_lines<'py>(
    py: Python<'py>,
    texts: &Bound<'py, PyList>,
    language: &str,
    threads: usize,
) -> PyResult<Bound<'py, PyList>> {
    let texts = texts_of(texts)?;
    let language = language.to_owned();
    let lines = interruptible(py, |cancel| {
        let texts: Vec<&str> = texts.iter().map(|s| &**s).collect();
        Ok(punkt_batch(&texts, &language, threads, cancel)?
            .map(|all| all.into_iter().map(|s| s.join("\n")).collect::<Vec<_>>()))
    })?;
    PyList::new(py, lines)
}

/// Registers the functions and the `PUNKT_VERSION` / `PUNKT_LANGUAGES` constants.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(punkt_sentences, m)?)?;
    m.add_function(wrap_pyfunction!(punkt_lines, m)?)?;
    m.add("PUNKT_VERSION", rougekit_core::sentences::PUNKT_VERSION)?;
    m.add(
        "PUNKT_LANGUAGES",
        PyList::new(m.py(), rougekit_core::sentences::LANGUAGES)?,
    )?;
    Ok(())
}
