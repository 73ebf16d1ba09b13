//! The `Engine` and `BatchScores` classes and the module functions.
use crate::convert;
use crate::errors::{guarded, to_py};
use crate::interrupt::{check_signals, interrupted, interruptible};
use pyo3::exceptions::{PyIndexError, PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict};
use rougekit_core::engine::{Field, IdPair, MultiRef};
use rougekit_core::{
    bootstrap, EngineConfig, Pair, Pipeline, RougeType, Stemmer, TokenDoc, Tokenizer,
};

/// Pairs scored between two checks for pending signals (about 0.1 s of work on one core).
const SIGNAL_CHECK_PAIRS: usize = 8192;

/// Canonical names of `types`; `ValueError` for an unknown type.
#[pyfunction]
pub fn normalize_types(types: Vec<String>) -> PyResult<Vec<String>> {
    types
        .iter()
        .map(|t| RougeType::parse(t).map(|t| t.name()).map_err(to_py))
        .collect()
}

/// A text pipeline from a tokenizer name and a stemmer (`False`/`None`: none, `True`:
/// rouge-score's NLTK Porter, or a stemmer name).
fn pipeline(tokenizer: &str, stemmer: &Bound<'_, PyAny>) -> PyResult<Pipeline> {
    let stemmer = if stemmer.is_none() {
        Stemmer::None
    } else if let Ok(on) = stemmer.extract::<bool>() {
        if on {
            Stemmer::PorterNltk
        } else {
            Stemmer::None
        }
    } else {
        let name: String = stemmer.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "stemmer must be a bool, None or a stemmer name, got {}",
                stemmer
                    .get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?;
        Stemmer::parse(&name).map_err(to_py)?
    };
    Ok(Pipeline {
        tokenizer: Tokenizer::parse(tokenizer).map_err(to_py)?,
        stemmer,
    })
}

/// The tokens of `text` under a tokenizer and stemmer (the public `rougekit.tokenize`).
#[pyfunction]
#[pyo3(signature = (text, stemmer, tokenizer="rouge-score"))]
pub fn tokenize(text: &str, stemmer: &Bound<'_, PyAny>, tokenizer: &str) -> PyResult<Vec<String>> {
    Ok(pipeline(tokenizer, stemmer)?.tokens(text))
}

/// Each word stemmed as is by `stemmer` (a stemmer name): the public `rougekit.stem`.
#[pyfunction]
pub fn stem_words(words: Vec<String>, stemmer: &str) -> PyResult<Vec<String>> {
    let s = Stemmer::parse(stemmer).map_err(to_py)?;
    Ok(words.iter().map(|w| s.stem_word(w).into_owned()).collect())
}

/// A configured scorer.
#[pyclass(module = "rougekit._core", frozen)]
pub struct Engine {
    inner: rougekit_core::Engine,
}

#[pymethods]
impl Engine {
    #[new]
    #[pyo3(signature = (
        types, stemmer, threads, tokenizer="rouge-score", multiref="best-f", jackknife=false,
        separator=None,
    ))]
    fn new(
        types: Vec<String>,
        stemmer: &Bound<'_, PyAny>,
        threads: usize,
        tokenizer: &str,
        multiref: &str,
        jackknife: bool,
        separator: Option<i64>,
    ) -> PyResult<Self> {
        let config = EngineConfig::parse(&types, false, threads)
            .map_err(to_py)?
            .with_pipeline(pipeline(tokenizer, stemmer)?)
            .with_multiref(MultiRef::parse(multiref).map_err(to_py)?, jackknife)
            .with_separator(separator);
        Ok(Engine {
            inner: rougekit_core::Engine::new(config),
        })
    }

    #[getter]
    fn types(&self) -> Vec<String> {
        self.inner.config().types.iter().map(|t| t.name()).collect()
    }

    /// The stemmer's name, `None` without one.
    #[getter]
    fn stemmer(&self) -> Option<&'static str> {
        self.inner.config().pipeline.stemmer.name()
    }

    #[getter]
    fn tokenizer(&self) -> &'static str {
        self.inner.config().pipeline.tokenizer.name()
    }

    #[getter]
    fn multiref(&self) -> &'static str {
        self.inner.config().multiref.name()
    }

    #[getter]
    fn jackknife(&self) -> bool {
        self.inner.config().jackknife
    }

    #[getter]
    fn threads(&self) -> usize {
        self.inner.config().threads
    }

    /// Scores a batch with the GIL released; Ctrl-C is honoured between chunks.
    fn score_batch(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<BatchScores> {
        let texts = convert::batch_texts(predictions, references)?;
        let nrefs = texts.nrefs_range();
        let inner = interruptible(py, |cancel| {
            let refs: Vec<&str> = texts.refs.iter().map(|s| &**s).collect();
            let mut start = 0;
            let pairs: Vec<Pair<'_>> = texts
                .predictions
                .iter()
                .zip(&texts.ref_ends)
                .map(|(p, &end)| {
                    let pair = Pair {
                        prediction: p,
                        references: &refs[start..end],
                    };
                    start = end;
                    pair
                })
                .collect();
            self.inner
                .score_texts_interruptible(&pairs, SIGNAL_CHECK_PAIRS, cancel)
        })?;
        Ok(BatchScores { inner, nrefs })
    }

    /// Scores token ids: `predictions[i]` and each of `references[i]` are native-endian
    /// int64 bytes (`array("q", ids).tobytes()`, `ndarray.astype("int64").tobytes()`).
    fn score_id_batch(
        &self,
        py: Python<'_>,
        predictions: Vec<Bound<'_, PyAny>>,
        references: Vec<Vec<Bound<'_, PyAny>>>,
    ) -> PyResult<BatchScores> {
        let ids = convert::id_batch(&predictions, &references)?;
        let nrefs = ids.nrefs_range();
        let inner = interruptible(py, |cancel| {
            let refs: Vec<&[i64]> = ids.refs.iter().map(|r| &r[..]).collect();
            let mut start = 0;
            let pairs: Vec<IdPair<'_>> = ids
                .predictions
                .iter()
                .zip(&ids.ref_ends)
                .map(|(p, &end)| {
                    let pair = IdPair {
                        prediction: p,
                        references: &refs[start..end],
                    };
                    start = end;
                    pair
                })
                .collect();
            self.inner
                .score_ids_interruptible(&pairs, SIGNAL_CHECK_PAIRS, cancel)
        })?;
        Ok(BatchScores { inner, nrefs })
    }

    /// Scores one pre-tokenised pair: each text is `(whole_ids, [line_ids, ...])`.
    #[allow(clippy::type_complexity)]
    fn score_token_ids(
        &self,
        py: Python<'_>,
        prediction: (Vec<u32>, Vec<Vec<u32>>),
        references: Vec<(Vec<u32>, Vec<Vec<u32>>)>,
    ) -> PyResult<BatchScores> {
        if references.is_empty() {
            return Err(PyValueError::new_err("references is an empty list"));
        }
        let pred = TokenDoc::from_ids(prediction.0, &prediction.1);
        let refs: Vec<TokenDoc> = references
            .into_iter()
            .map(|(w, l)| TokenDoc::from_ids(w, &l))
            .collect();
        let nrefs = (refs.len(), refs.len());
        let inner = interruptible(py, |cancel| self.inner.score_docs(&pred, &refs, cancel))?;
        Ok(BatchScores { inner, nrefs })
    }
}

/// Columnar batch results.
#[pyclass(module = "rougekit._core", frozen)]
pub struct BatchScores {
    inner: rougekit_core::BatchScores,
    /// Fewest and most references of a pair (0, 0 for an empty batch).
    nrefs: (usize, usize),
}

impl BatchScores {
    fn type_index(&self, rouge_type: &str) -> PyResult<usize> {
        let wanted = RougeType::parse(rouge_type).map_err(to_py)?;
        self.inner
            .types()
            .iter()
            .position(|t| *t == wanted)
            .ok_or_else(|| PyKeyError::new_err(format!("{rouge_type:?} was not scored")))
    }
}

fn field(name: &str) -> PyResult<Field> {
    Field::parse(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown field {name:?}: expected precision, recall or fmeasure"
        ))
    })
}

#[pymethods]
impl BatchScores {
    #[getter]
    fn types(&self) -> Vec<String> {
        self.inner.types().iter().map(|t| t.name()).collect()
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    /// Pair `i` as `[(precision, recall, fmeasure, int_zero), ...]` in type order: one call
    /// instead of a buffer per column when a single pair is wanted.
    fn row(&self, i: usize) -> PyResult<Vec<(f64, f64, f64, bool)>> {
        if i >= self.inner.len() {
            return Err(PyIndexError::new_err(format!(
                "pair index {i} out of range (batch of {})",
                self.inner.len()
            )));
        }
        Ok((0..self.inner.types().len())
            .map(|t| {
                let s = self.inner.get(i, t);
                (s.precision, s.recall, s.fmeasure, s.int_zero)
            })
            .collect())
    }

    /// `(fewest, most)` references of a pair; `(0, 0)` for an empty batch.
    #[getter]
    fn nrefs(&self) -> (usize, usize) {
        self.nrefs
    }

    /// `(predictions, pairs with a reference)` that are not blank but have no token.
    fn dropped_counts(&self) -> (usize, usize) {
        let d = self.inner.dropped();
        (
            d.iter().filter(|&&f| f & 1 != 0).count(),
            d.iter().filter(|&&f| f & 2 != 0).count(),
        )
    }

    /// A float64 column as a bytearray (native byte order), or the uint8 `int_zero` flags.
    fn buffer<'py>(
        &self,
        py: Python<'py>,
        rouge_type: &str,
        field_name: &str,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        let t = self.type_index(rouge_type)?;
        if field_name == "int_zero" {
            return Ok(PyByteArray::new(py, self.inner.int_zero_column(t)));
        }
        let col = self.inner.column(t, field(field_name)?);
        let bytes: Vec<u8> = col.iter().flat_map(|v| v.to_ne_bytes()).collect();
        Ok(PyByteArray::new(py, &bytes))
    }

    /// Corpus summary: `{type: {field: (mean, low, high)}}`; `low`/`high` are the seeded
    /// percentile-bootstrap bounds at `confidence`, or NaN when `n_samples == 0`.
    #[pyo3(signature = (n_samples, seed, confidence, threads=1))]
    fn corpus<'py>(
        &self,
        py: Python<'py>,
        n_samples: usize,
        seed: u64,
        confidence: f64,
        threads: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let inner = &self.inner;
        let fields = [Field::Precision, Field::Recall, Field::Fmeasure];
        let cols: Vec<&[f64]> = (0..inner.types().len())
            .flat_map(|t| fields.iter().map(move |&f| inner.column(t, f)))
            .collect();
        let estimates = summarize(py, &cols, n_samples, seed, confidence, threads)?;
        let out = PyDict::new(py);
        for (ty, per_field) in inner.types().iter().zip(estimates.chunks_exact(3)) {
            let d = PyDict::new(py);
            for (name, e) in ["precision", "recall", "fmeasure"].iter().zip(per_field) {
                d.set_item(*name, (e.mean, e.low, e.high))?;
            }
            out.set_item(ty.name(), d)?;
        }
        Ok(out)
    }
}

/// [`bootstrap::summarize`] with the GIL released and Ctrl-C honoured between blocks of
/// resamples: the one path from Python to rougekit's corpus bootstrap.
fn summarize(
    py: Python<'_>,
    columns: &[&[f64]],
    n_samples: usize,
    seed: u64,
    confidence: f64,
    threads: usize,
) -> PyResult<Vec<bootstrap::Estimate>> {
    let mut interrupt: Option<PyErr> = None;
    let out = py.allow_threads(|| {
        guarded(|| {
            bootstrap::summarize(columns, n_samples, seed, confidence, threads, || {
                check_signals(&mut interrupt)
            })
        })
    })?;
    out.map_err(to_py)?.ok_or_else(|| interrupted(interrupt))
}

/// Per-pair float64 columns that grow chunk by chunk (the command line's `--ci` over a
/// stream) and are bootstrapped where they are, with the GIL released: the numbers of
/// `BatchScores.corpus` for the same values, and no copy of the columns on the way (with
/// the abi3 build there is no buffer protocol to read NumPy arrays through).
#[pyclass(module = "rougekit._core")]
pub struct ScoreColumns {
    columns: Vec<Vec<f64>>,
}

/// The native-endian float64 values of a `bytes` or `bytearray`; `what` names it in errors.
fn floats(obj: &Bound<'_, PyAny>, what: &dyn Fn() -> String) -> PyResult<Vec<f64>> {
    let decode = |bytes: &[u8]| {
        if !bytes.len().is_multiple_of(8) {
            return Err(PyValueError::new_err(format!(
                "{} has {} bytes, not a whole number of float64 values",
                what(),
                bytes.len()
            )));
        }
        Ok(bytes
            .chunks_exact(8)
            .map(|b| f64::from_ne_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]))
            .collect())
    };
    if let Ok(b) = obj.downcast::<PyBytes>() {
        decode(b.as_bytes())
    } else if let Ok(b) = obj.downcast::<PyByteArray>() {
        // A copy: a bytearray can change under us as soon as Python code runs.
        decode(&b.to_vec())
    } else {
        Err(PyTypeError::new_err(format!(
            "{} must be bytes or bytearray of float64 values (e.g. array.tobytes()), got {}",
            what(),
            obj.get_type().name()?
        )))
    }
}

#[pymethods]
impl ScoreColumns {
    /// `width` empty columns.
    #[new]
    fn new(width: usize) -> Self {
        ScoreColumns {
            columns: vec![Vec::new(); width],
        }
    }

    #[getter]
    fn width(&self) -> usize {
        self.columns.len()
    }

    /// Values per column (every column has as many).
    fn __len__(&self) -> usize {
        self.columns.first().map_or(0, Vec::len)
    }

    /// Appends one chunk: `chunk[k]` (native float64 bytes) goes to the end of column `k`.
    /// Every column gets the same number of values, or none does.
    fn append(&mut self, chunk: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        if chunk.len() != self.columns.len() {
            return Err(PyValueError::new_err(format!(
                "a chunk needs one buffer per column: {} columns, got {}",
                self.columns.len(),
                chunk.len()
            )));
        }
        let values: Vec<Vec<f64>> = chunk
            .iter()
            .enumerate()
            .map(|(k, obj)| floats(obj, &|| format!("chunk[{k}]")))
            .collect::<PyResult<_>>()?;
        if let Some(k) = values.iter().position(|v| v.len() != values[0].len()) {
            return Err(PyValueError::new_err(format!(
                "chunk[{k}] has {} values but chunk[0] has {}",
                values[k].len(),
                values[0].len()
            )));
        }
        for (col, v) in self.columns.iter_mut().zip(values) {
            col.extend_from_slice(&v);
        }
        Ok(())
    }

    /// Column `index` as native float64 bytes (a copy, e.g. for `numpy.frombuffer`).
    fn column<'py>(&self, py: Python<'py>, index: usize) -> PyResult<Bound<'py, PyBytes>> {
        let col = self.columns.get(index).ok_or_else(|| {
            PyIndexError::new_err(format!(
                "column {index} out of range ({} columns)",
                self.columns.len()
            ))
        })?;
        let bytes: Vec<u8> = col.iter().flat_map(|v| v.to_ne_bytes()).collect();
        Ok(PyBytes::new(py, &bytes))
    }

    /// `[(mean, low, high), ...]` per column: what `BatchScores.corpus` gives for the same
    /// values (one implementation), `threads` workers sharing the resample sums.
    #[pyo3(signature = (n_samples, seed, confidence, threads=1))]
    fn bootstrap(
        &self,
        py: Python<'_>,
        n_samples: usize,
        seed: u64,
        confidence: f64,
        threads: usize,
    ) -> PyResult<Vec<(f64, f64, f64)>> {
        let cols: Vec<&[f64]> = self.columns.iter().map(|c| &c[..]).collect();
        let estimates = summarize(py, &cols, n_samples, seed, confidence, threads)?;
        Ok(estimates.iter().map(|e| (e.mean, e.low, e.high)).collect())
    }
}
