//! `rougekit.segment`: the words of a batch of texts by a named segmenter (jieba, newmm), segmented
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

/// The words of each of `texts` by `segmenter`, segmented with the GIL released on
/// `threads` threads (Ctrl-C is honoured while it runs), handed to `finish`.
fn with_words<'py, R>(
    py: Python<'py>,
    texts: &Bound<'py, PyList>,
    segmenter: &str,
    threads: usize,
    finish: impl FnOnce(Vec<Vec<&str>>) -> PyResult<R>,
) -> PyResult<R> {
    let segmenter = Segmenter::parse(segmenter).map_err(to_py)?;
    let texts = texts
        .iter()
        .enumerate()
        .map(|(i, item)| text(item, i))
        .collect::<PyResult<Vec<PyBackedStr>>>()?;
    let views: Vec<&str> = texts.iter().map(|s| &**s).collect();
    let words = interruptible(py, |cancel| {
        Ok(segment_batch(segmenter, &views, threads, cancel))
    })?;
    finish(words)
}

/// The words of each of `texts` by `segmenter` (`"jieba"`, `"newmm"`), on `threads` threads; Ctrl-C is
/// honoured while it runs. Unknown segmenter names are a `ValueError` listing the known ones.
#[pyfunction]
pub fn segment<'py>(
    py: Python<'py>,
    texts: &Bound<'py, PyList>,
    segmenter: &str,
    threads: usize,
) -> PyResult<Bound<'py, PyList>> {
    with_words(py, texts, segmenter, threads, |words| {
        let rows = words
            .into_iter()
            .map(|words| PyList::new(py, words))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, rows)
    })
}

/// As [`segment`], each text's words joined by `sep` (`" ".join(jieba.cut(text))`, the
/// harnesses' step): one string per text, so no Python string is made per word.
#[pyfunction]
pub fn segment_joined<'py>(
    py: Python<'py>,
    texts: &Bound<'py, PyList>,
    segmenter: &str,
    sep: &str,
    threads: usize,
) -> PyResult<Bound<'py, PyList>> {
    with_words(py, texts, segmenter, threads, |words| {
        PyList::new(py, words.into_iter().map(|words| words.join(sep)))
    })
}

/// Loads the MeCab dictionary of the directory `dicdir` (`sys.dic`, `unk.dic`, `matrix.bin`,
/// `char.bin`, `dicrc`) under `name`, for the `mecab-unidic-lite` segmenter, once per
/// process (a second call with the same name does nothing). Only the parts of `sys.dic`
/// the segmentation reads are read (not its features).
#[pyfunction]
pub fn load_mecab_dictionary(py: Python<'_>, dicdir: &str, name: &str) -> PyResult<()> {
    use rougekit_core::segment::mecab::{self, dict, Dictionary, Files};
    use std::io::Read;
    let dir = std::path::PathBuf::from(dicdir);
    let name = name.to_string();
    let read = |file: &str| {
        std::fs::read(dir.join(file)).map_err(|e| {
            PyValueError::new_err(format!(
                "cannot read the MeCab dictionary file {}: {e}",
                dir.join(file).display()
            ))
        })
    };
    let load = || -> PyResult<Dictionary> {
        let path = dir.join("sys.dic");
        let fail = |e: std::io::Error| {
            PyValueError::new_err(format!(
                "cannot read the MeCab dictionary file {}: {e}",
                path.display()
            ))
        };
        let mut file = std::fs::File::open(&path).map_err(fail)?;
        let size = file.metadata().map_err(fail)?.len();
        let mut sys = vec![0u8; dict::HEADER.min(size as usize)];
        file.read_exact(&mut sys).map_err(fail)?;
        let want = dict::prefix_len(&sys).map_err(to_py)?;
        if want as u64 > size {
            return Err(PyValueError::new_err(format!(
                "MeCab dictionary file {} is broken: shorter than its sections",
                path.display()
            )));
        }
        sys.resize(want, 0);
        file.read_exact(&mut sys[dict::HEADER..]).map_err(fail)?;
        let unk = read("unk.dic")?;
        let matrix = read("matrix.bin")?;
        let chars = read("char.bin")?;
        let dicrc = String::from_utf8_lossy(&read("dicrc")?).into_owned();
        let files = Files {
            sys_dic: &sys,
            sys_dic_size: size,
            unk_dic: &unk,
            matrix_bin: &matrix,
            char_bin: &chars,
            dicrc: &dicrc,
        };
        Dictionary::from_files(&files, &name).map_err(to_py)
    };
    py.allow_threads(|| {
        let mut failed = None;
        let result = mecab::install(
            || {
                load().map_err(|e| {
                    failed = Some(e);
                    rougekit_core::error::RougeError::InvalidOption(String::new())
                })
            },
            &name,
        );
        match (failed, result) {
            (Some(e), _) => Err(e),
            (None, r) => r.map_err(to_py),
        }
    })
}
