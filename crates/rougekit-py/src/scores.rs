//! `BatchScores`, the one result class every profile's scorer returns, with the corpus
//! numbers each profile family computes from it; `BatchBuilder`, which grows one from a
//! stream of chunks; and the paired significance tests of `rougekit compare`.
use crate::errors::to_py;
use crate::interrupt::{check_signals, interrupted, interruptible};
use pyo3::exceptions::{PyIndexError, PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict};
use rougekit_core::bootstrap::{self, Estimate};
use rougekit_core::exact_sum::ExactSum;
use rougekit_core::paired;
use rougekit_core::perl::bootstrap as perl_bootstrap;
use rougekit_core::perl::round5;
use rougekit_core::streaming::StreamingSums;
use rougekit_core::{BatchScores, Counts, Field};
use std::sync::Arc;

/// Per-pair scores of a batch, by column.
#[pyclass(module = "rougekit._core", name = "BatchScores", frozen)]
pub struct PyBatchScores {
    /// Shared (never mutated): zero-copy views of the columns (`arrow.rs`) hold a clone, so
    /// they free the memory on any thread without the GIL.
    pub(crate) inner: Arc<BatchScores>,
}

impl From<BatchScores> for PyBatchScores {
    fn from(inner: BatchScores) -> Self {
        PyBatchScores {
            inner: Arc::new(inner),
        }
    }
}

impl PyBatchScores {
    fn type_index(&self, rouge_type: &str) -> PyResult<usize> {
        self.inner.type_index(rouge_type).ok_or_else(|| {
            PyKeyError::new_err(format!(
                "{rouge_type:?} was not scored; scored: {}",
                self.inner.names().join(", ")
            ))
        })
    }
}

/// `{type: {field: (estimate, low, high)}}` from per-type [P, R, F] triples.
fn by_type<'py>(
    py: Python<'py>,
    names: &[String],
    per_type: impl Iterator<Item = [(f64, f64, f64); 3]>,
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    for (name, triple) in names.iter().zip(per_type) {
        let d = PyDict::new(py);
        for (field, value) in Field::ALL.iter().zip(triple) {
            d.set_item(field.name(), value)?;
        }
        out.set_item(name, d)?;
    }
    Ok(out)
}

/// The native-endian bytes of `values`.
fn float_bytes(values: impl Iterator<Item = f64>) -> Vec<u8> {
    values.flat_map(f64::to_ne_bytes).collect()
}

#[pymethods]
impl PyBatchScores {
    /// The types' names, in column order.
    #[getter]
    fn types(&self) -> Vec<String> {
        self.inner.names().to_vec()
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
        Ok((0..self.inner.names().len())
            .map(|t| {
                let s = self.inner.get(i, t);
                (s.precision, s.recall, s.fmeasure, s.int_zero)
            })
            .collect())
    }

    /// `(fewest, most)` references of a pair; `(0, 0)` for an empty batch.
    #[getter]
    fn nrefs(&self) -> (usize, usize) {
        self.inner.nrefs()
    }

    /// `(predictions, pairs with such a reference)` that are not blank but have no token.
    fn dropped_counts(&self) -> (usize, usize) {
        self.inner.dropped_counts()
    }

    /// `(bytes, non-ASCII letters)` of the texts that are not pure ASCII, counted by the
    /// ASCII-only profiles (which drop those letters); `(0, 0)` for the others.
    fn letter_counts(&self) -> (u64, u64) {
        self.inner.letter_counts()
    }

    /// Scores the profile could not compute (0 in the columns): `(pair, reference, type,
    /// message)`.
    #[getter]
    fn failures(&self) -> Vec<(usize, usize, String, String)> {
        let names = self.inner.names();
        self.inner
            .failures()
            .iter()
            .map(|f| {
                let name = names.get(f.type_index).cloned().unwrap_or_default();
                (f.pair, f.reference, name, f.message.clone())
            })
            .collect()
    }

    /// A column as native float64 bytes in a bytearray: `precision`, `recall`, `fmeasure`,
    /// the counts `hits`, `pred_total`, `ref_total` (profiles that report them), or the
    /// uint8 `int_zero` flags.
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
        if let Some(field) = Field::parse(field_name) {
            let col = self.inner.column(t, field);
            return Ok(PyByteArray::new(py, &float_bytes(col.iter().copied())));
        }
        let part: fn(&Counts) -> f64 = match field_name {
            "hits" => |c| c.hits,
            "pred_total" => |c| c.pred_total,
            "ref_total" => |c| c.ref_total,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "unknown field {field_name:?}: expected precision, recall, fmeasure, \
                     hits, pred_total, ref_total or int_zero"
                )))
            }
        };
        let counts = self.inner.counts(t).ok_or_else(|| {
            PyValueError::new_err(format!("these scores carry no {field_name} counts"))
        })?;
        Ok(PyByteArray::new(py, &float_bytes(counts.iter().map(part))))
    }

    /// Pairs `start..end` as a batch of their own.
    fn slice(&self, start: usize, end: usize) -> PyBatchScores {
        PyBatchScores::from(self.inner.slice(start, end))
    }

    /// The batches `parts` (same types, in the same order) one after the other; failures keep
    /// their pair numbers within the whole. `ValueError` for no part or other types.
    #[staticmethod]
    fn concat(parts: Vec<PyRef<'_, PyBatchScores>>) -> PyResult<PyBatchScores> {
        let Some(first) = parts.first() else {
            return Err(PyValueError::new_err("concat needs at least one batch"));
        };
        let mut inner = BatchScores::empty(first.inner.names().to_vec(), false);
        for p in &parts {
            inner.append(&p.inner).map_err(to_py)?;
        }
        Ok(PyBatchScores::from(inner))
    }

    /// Every field as versioned little-endian bytes (what pickling stores).
    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.to_bytes())
    }

    /// The batch `to_bytes` wrote; `ValueError` for other bytes.
    #[staticmethod]
    fn from_bytes(data: &[u8]) -> PyResult<PyBatchScores> {
        Ok(PyBatchScores::from(
            BatchScores::from_bytes(data).map_err(to_py)?,
        ))
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let py = slf.py();
        let rebuild = slf.get_type().getattr("from_bytes")?;
        Ok((rebuild, (PyBytes::new(py, &slf.get().inner.to_bytes()),)))
    }

    /// Means of every column (the rouge-score family's corpus numbers) and, with
    /// `n_samples > 0`, the seeded percentile-bootstrap bounds at `confidence` (NaN
    /// otherwise): `{type: {field: (mean, low, high)}}`.
    #[pyo3(signature = (n_samples, seed, confidence, threads=1))]
    fn corpus<'py>(
        &self,
        py: Python<'py>,
        n_samples: usize,
        seed: u64,
        confidence: f64,
        threads: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let columns = self.inner.columns();
        let mut interrupt: Option<PyErr> = None;
        let out = py.allow_threads(|| {
            crate::errors::guarded(|| {
                bootstrap::summarize(&columns, n_samples, seed, confidence, threads, || {
                    check_signals(&mut interrupt)
                })
            })
        })?;
        let estimates: Vec<Estimate> = out.map_err(to_py)?.ok_or_else(|| interrupted(interrupt))?;
        let per_type = estimates
            .chunks_exact(3)
            .map(|e| [0, 1, 2].map(|k| (e[k].mean, e[k].low, e[k].high)));
        by_type(py, self.inner.names(), per_type)
    }

    /// ROUGE-1.5.5's corpus numbers (its profile's): its bootstrap of the pairs
    /// visited in `order` (default: pair i is evaluation i + 1, keys sorted as strings), `-t`
    /// `unit` 0 (rounded per-pair scores) or 1 (counts): `{type: {field: (average, lower,
    /// upper)}}`, rounded to 5 decimals as ROUGE-1.5.5 prints them unless `rounded=False`.
    #[pyo3(signature = (*, unit, alpha, resamples, confidence, order=None, rounded=true, threads=1))]
    #[allow(clippy::too_many_arguments)]
    fn perl_corpus<'py>(
        &self,
        py: Python<'py>,
        unit: u8,
        alpha: f64,
        resamples: f64,
        confidence: f64,
        order: Option<Vec<usize>>,
        rounded: bool,
        threads: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let settings = perl_bootstrap::Settings {
            unit: match unit {
                0 => perl_bootstrap::Unit::Summary,
                1 => perl_bootstrap::Unit::Token,
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "unit must be 0 (per summary) or 1 (per token), got {unit}"
                    )))
                }
            },
            alpha,
            resamples,
            confidence,
        };
        let order = order.unwrap_or_else(|| perl_bootstrap::api_order(self.inner.len()));
        let inner = &self.inner;
        let estimates = if order.is_empty() {
            // No instance at all: ROUGE-1.5.5 prints zeros.
            vec![[perl_bootstrap::Estimate::default(); 3]; inner.names().len()]
        } else {
            interruptible(py, |cancel| {
                perl_bootstrap::corpus(inner, &order, settings, threads, cancel)
            })?
        };
        let round = |x: f64| if rounded { round5(x) } else { x };
        // Perl's triples are (R, P, F); the result's fields are (P, R, F).
        let per_type = estimates
            .iter()
            .map(|[r, p, f]| [p, r, f].map(|e| (round(e.average), round(e.lower), round(e.upper))));
        by_type(py, inner.names(), per_type)
    }
}

/// A batch grown chunk by chunk (the command line's streams): running sums of every column,
/// and with `keep` the columns themselves, moved out whole by `finish`.
#[pyclass(module = "rougekit._core", name = "BatchBuilder")]
pub struct PyBatchBuilder {
    scores: Option<BatchScores>,
    keep: bool,
    sums: Vec<ExactSum>,
    len: usize,
}

#[pymethods]
impl PyBatchBuilder {
    #[new]
    fn new(keep: bool) -> Self {
        PyBatchBuilder {
            scores: None,
            keep,
            sums: Vec::new(),
            len: 0,
        }
    }

    fn __len__(&self) -> usize {
        self.len
    }

    /// Adds a chunk (same types as the first).
    fn append(&mut self, batch: &PyBatchScores) -> PyResult<()> {
        let b = &batch.inner;
        if let Some(s) = &self.scores {
            if s.names() != b.names() {
                return Err(PyValueError::new_err(format!(
                    "cannot append scores of types {:?} to scores of types {:?}",
                    b.names(),
                    s.names()
                )));
            }
        } else {
            self.sums = vec![ExactSum::new(); b.names().len() * 3];
            self.scores = Some(BatchScores::empty(b.names().to_vec(), false));
        }
        b.add_to_sums(&mut self.sums);
        self.len += b.len();
        if self.keep {
            if let Some(s) = self.scores.as_mut() {
                s.append(b).map_err(to_py)?;
            }
        }
        Ok(())
    }

    /// `{type: {field: (mean, nan, nan)}}` of everything appended: the means
    /// `BatchScores.corpus` gives for the same pairs, bit for bit.
    fn means<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let names = self.scores.as_ref().map_or(&[][..], |s| s.names());
        let mean = |s: &ExactSum| bootstrap::mean_of_sum(s, self.len);
        let per_type = self
            .sums
            .chunks_exact(3)
            .map(|s| [0, 1, 2].map(|k| (mean(&s[k]), f64::NAN, f64::NAN)));
        by_type(py, names, per_type)
    }

    /// Everything appended, as one batch (`keep=True` only); the builder is empty after.
    fn finish(&mut self) -> PyResult<PyBatchScores> {
        if !self.keep {
            return Err(PyValueError::new_err(
                "this builder keeps running sums only (BatchBuilder(keep=False))",
            ));
        }
        let inner = self.scores.take().unwrap_or_default();
        self.sums.clear();
        self.len = 0;
        Ok(PyBatchScores::from(inner))
    }
}

/// The sums of the streaming mode of `rougekit.CorpusAccumulator`: exact sums of every
/// column and a Poisson bootstrap keyed by pair id (see `rougekit-core`'s `streaming`
/// module), mergeable in any order; pickles as bytes.
#[pyclass(module = "rougekit._core", name = "StreamingSums")]
pub struct PyStreamingSums {
    inner: StreamingSums,
}

#[pymethods]
impl PyStreamingSums {
    #[new]
    fn new(ncols: usize, n_bootstrap: usize, seed: u64) -> PyResult<Self> {
        Ok(PyStreamingSums {
            inner: StreamingSums::new(ncols, n_bootstrap, seed).map_err(to_py)?,
        })
    }

    fn __len__(&self) -> usize {
        usize::try_from(self.inner.len()).unwrap_or(usize::MAX)
    }

    /// Adds the pairs of `batch` (every column, type by type: precision, recall, fmeasure),
    /// whose ids are `ids`; `threads` share the replicates. GIL released.
    #[pyo3(signature = (batch, ids, threads=1))]
    fn add(
        &mut self,
        py: Python<'_>,
        batch: &PyBatchScores,
        ids: Vec<u64>,
        threads: usize,
    ) -> PyResult<()> {
        let columns = batch.inner.columns();
        let inner = &mut self.inner;
        py.allow_threads(|| crate::errors::guarded(|| inner.add(&columns, &ids, threads)))?
            .map_err(to_py)
    }

    /// Adds the sums of `other` (same columns, replicates and seed).
    fn merge(&mut self, other: &PyStreamingSums) -> PyResult<()> {
        self.inner.merge(&other.inner).map_err(to_py)
    }

    /// `[(mean, low, high), ...]` per column (NaN bounds without `confidence`).
    #[pyo3(signature = (confidence=None))]
    fn estimates(&self, confidence: Option<f64>) -> PyResult<Vec<(f64, f64, f64)>> {
        let e = self.inner.estimates(confidence).map_err(to_py)?;
        Ok(e.iter().map(|e| (e.mean, e.low, e.high)).collect())
    }

    fn to_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.inner.to_bytes())
    }

    #[staticmethod]
    fn from_bytes(data: &[u8]) -> PyResult<PyStreamingSums> {
        Ok(PyStreamingSums {
            inner: StreamingSums::from_bytes(data).map_err(to_py)?,
        })
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyBytes>,))> {
        let py = slf.py();
        let rebuild = slf.get_type().getattr("from_bytes")?;
        Ok((rebuild, (PyBytes::new(py, &slf.borrow().inner.to_bytes()),)))
    }
}

/// The exact sum of `values` rounded once to the nearest float (as `math.fsum`): the sum
/// behind every corpus mean.
#[pyfunction]
pub fn exact_sum(values: Vec<f64>) -> f64 {
    rougekit_core::exact_sum::exact_sum(&values)
}

/// The exact sum of `values` (finite, non-negative: scores) times 2^1074, as a Python int:
/// the integer states of the torchmetrics integration.
#[pyfunction]
pub fn exact_sum_scaled(py: Python<'_>, values: Vec<f64>) -> PyResult<PyObject> {
    let bytes = rougekit_core::exact_sum::sum_of(&values)
        .scaled_le_bytes()
        .ok_or_else(|| PyValueError::new_err("scores must be finite and non-negative"))?;
    let int = py.get_type::<pyo3::types::PyInt>();
    Ok(int
        .call_method1("from_bytes", (PyBytes::new(py, &bytes), "little"))?
        .unbind())
}

/// The Poisson(1) weight of pair `pair_id` in replicate `replicate` of the streaming
/// bootstrap under `seed`.
#[pyfunction]
pub fn poisson_weight(seed: u64, pair_id: u64, replicate: u64) -> u64 {
    rougekit_core::streaming::poisson_weight(seed, pair_id, replicate)
}

/// The paired bootstrap of `mean(b) - mean(a)`: `(delta, low, high, p_value)` (see
/// `rougekit-core`'s `paired` module), GIL released, Ctrl-C honoured.
#[pyfunction]
#[pyo3(signature = (a, b, *, n_resamples, seed, confidence, threads=1))]
pub fn paired_bootstrap(
    py: Python<'_>,
    a: Vec<f64>,
    b: Vec<f64>,
    n_resamples: usize,
    seed: u64,
    confidence: f64,
    threads: usize,
) -> PyResult<(f64, f64, f64, f64)> {
    let mut interrupt: Option<PyErr> = None;
    let out = py.allow_threads(|| {
        crate::errors::guarded(|| {
            paired::paired_bootstrap(&a, &b, n_resamples, seed, confidence, threads, || {
                check_signals(&mut interrupt)
            })
        })
    })?;
    let r = out.map_err(to_py)?.ok_or_else(|| interrupted(interrupt))?;
    Ok((r.delta, r.low, r.high, r.p_value))
}

/// The approximate-randomization p-value of `mean(b) - mean(a)`, GIL released.
#[pyfunction]
#[pyo3(signature = (a, b, *, n_trials, seed))]
pub fn approximate_randomization(
    py: Python<'_>,
    a: Vec<f64>,
    b: Vec<f64>,
    n_trials: usize,
    seed: u64,
) -> PyResult<f64> {
    let mut interrupt: Option<PyErr> = None;
    let out = py.allow_threads(|| {
        crate::errors::guarded(|| {
            paired::approximate_randomization(&a, &b, n_trials, seed, || {
                check_signals(&mut interrupt)
            })
        })
    })?;
    out.map_err(to_py)?.ok_or_else(|| interrupted(interrupt))
}

/// rouge-score's bootstrap resample means drawn from NumPy's legacy MT19937 state (`key`,
/// `pos`): `(means, key, pos)`, the means `samples x cols` row-major and the state the draws
/// leave (see `rougekit-core`'s `numpy_bootstrap`), GIL released.
#[pyfunction]
pub fn numpy_resample_means(
    py: Python<'_>,
    key: Vec<u32>,
    pos: usize,
    matrix: Vec<f64>,
    rows: usize,
    cols: usize,
    samples: usize,
) -> PyResult<(Vec<f64>, Vec<u32>, usize)> {
    use rougekit_core::numpy_bootstrap::{resample_means, Mt19937};
    let mut rng = Mt19937::from_state(&key, pos).map_err(PyValueError::new_err)?;
    let means = py
        .allow_threads(|| resample_means(&mut rng, &matrix, rows, cols, samples))
        .map_err(PyValueError::new_err)?;
    let (key, pos) = rng.state();
    Ok((means, key.to_vec(), pos))
}
