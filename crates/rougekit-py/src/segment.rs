//! `rougekit.segment`: the words of a batch of texts by a named segmenter (jieba), segmented
//! with the GIL released on the core's pool.
use crate::errors::to_py;
use crate::interrupt::interruptible;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyList, PyString};
use rougekit_core::segment::{segment_batch, Segmenter};

/// `texts[i]` as UTF-8 without copying, or an error naming it.
pub(crate) fn text(item: Bound<'_, PyAny>, i: usize) -> PyResult<PyBackedStr> {
    let s = item.downcast_into::<PyString>().map_err(|e| {
        let name = e
            .into_inner()
            .get_type()
            .name()
            .map(|n| n.to_string())
            .unwrap_or_else(|_| "?".to_string());
        PyTypeError::new_err(format!("texts[{i}] must be str, got {name}"))
    })?;
    PyBackedStr::try_from(s).map_err(|_| {
        PyValueError::new_err(format!(
            "texts[{i}] is not valid Unicode text (it contains a lone surrogate)"
        ))
    })
}

/// The words of each of `texts` by `segmenter` (`"jieba"`), on `threads` threads; Ctrl-C is
/// honoured while it runs. Unknown segmenter names are a `ValueError` listing the known ones.
#[pyfunction]
pub fn segment<'py>(
    py: Python<'py>,
    texts: &Bound<'py, PyList>,
    segmenter: &str,
    threads: usize,
) -> PyResult<Bound<'py, PyList>> {
    let segmenter = Segmenter::parse(segmenter).map_err(to_py)?;
    let texts = texts
        .iter()
        .enumerate()
        .map(|(i, item)| text(item, i))
        .collect::<PyResult<Vec<PyBackedStr>>>()?;
    let words = interruptible(py, |cancel| {
        let texts: Vec<&str> = texts.iter().map(|s| &**s).collect();
        Ok(segment_batch(segmenter, &texts, threads, cancel))
    })?;
    let rows = words
        .into_iter()
        .map(|words| PyList::new(py, words))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, rows)
}
