//! Many texts against many: all-pairs matrices (`rougekit.pairwise`), near-duplicate
//! filtering (`rougekit.dedup`, its Dask edges) and nearest neighbours (`rougekit.nearest`).
//! Each call tokenises every text once with the engine's pipeline and runs without the GIL.
use crate::interrupt::{interruptible, interruptible_with};
use crate::scorer::{str_items, PyEngine};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyByteArray;
use rougekit_core::dedup::{self as filter, Corpus};
use rougekit_core::engine::DocSet;
use rougekit_core::pool::Cancel;
use rougekit_core::{Engine, Field, RougeError, RougeType};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The texts of each of `sets` (lists or tuples of str), tokenised with one interner.
fn doc_sets(
    py: Python<'_>,
    engine: &Engine,
    sets: &[(&Bound<'_, PyAny>, &str)],
) -> PyResult<Vec<DocSet>> {
    let items = sets
        .iter()
        .map(|(s, what)| str_items(s, what))
        .collect::<PyResult<Vec<_>>>()?;
    let texts: Vec<Vec<&str>> = items
        .iter()
        .map(|i| i.iter().map(|s| &**s).collect())
        .collect();
    let refs: Vec<&[&str]> = texts.iter().map(|t| t.as_slice()).collect();
    interruptible(py, |cancel| Ok(engine.doc_sets(&refs, cancel)))
}

/// `engine`'s one type, which must be rougeL for the filters.
fn check_rouge_l(engine: &Engine, what: &str) -> PyResult<()> {
    if engine.config().types.as_slice() != [RougeType::L] {
        return Err(PyValueError::new_err(format!(
            "{what} compares rougeL (the self-instruct filter's rouge_score._score_lcs), got \
             {}",
            engine.config().names().join(", ")
        )));
    }
    Ok(())
}

fn check_threshold(threshold: f64) -> PyResult<()> {
    if threshold.is_nan() {
        return Err(PyValueError::new_err("threshold is NaN"));
    }
    Ok(())
}

/// A float64 matrix as a writable bytearray (native byte order), for `numpy.frombuffer`.
fn float_bytes<'py>(py: Python<'py>, values: &[f64]) -> PyResult<Bound<'py, PyByteArray>> {
    PyByteArray::new_with(py, values.len() * 8, |buf| {
        for (chunk, v) in buf.chunks_exact_mut(8).zip(values) {
            chunk.copy_from_slice(&v.to_ne_bytes());
        }
        Ok(())
    })
}

type Dropped = (Vec<usize>, Vec<usize>);

/// The `field` matrix of the engine's one type: rows `a` (predictions), columns `b`
/// (references; `None`: `a`): `(bytes, rows, columns, (dropped rows, dropped columns))`,
/// the dropped lists naming the texts that lost every token.
#[pyfunction]
#[pyo3(signature = (engine, a, b, field))]
pub fn pairwise<'py>(
    py: Python<'py>,
    engine: &PyEngine,
    a: &Bound<'py, PyAny>,
    b: Option<&Bound<'py, PyAny>>,
    field: &str,
) -> PyResult<(Bound<'py, PyByteArray>, usize, usize, Dropped)> {
    let field = Field::parse(field).ok_or_else(|| {
        PyValueError::new_err(format!(
            "field must be precision, recall or fmeasure, got {field:?}"
        ))
    })?;
    let engine = &engine.inner;
    let mut sets = match b {
        Some(b) => doc_sets(py, engine, &[(a, "texts_a"), (b, "texts_b")])?,
        None => doc_sets(py, engine, &[(a, "texts_a")])?,
    };
    let cols = sets.pop().expect("one set at least");
    let rows = sets.pop();
    let rows_ref = rows.as_ref().unwrap_or(&cols);
    let values = interruptible(py, |cancel| {
        engine.pairwise(&rows_ref.docs, &cols.docs, field, cancel)
    })?;
    let (nr, nc) = (rows_ref.docs.len(), cols.docs.len());
    let dropped = match &rows {
        Some(r) => (r.dropped.clone(), cols.dropped.clone()),
        None => (cols.dropped.clone(), cols.dropped.clone()),
    };
    Ok((float_bytes(py, &values)?, nr, nc, dropped))
}

/// Kept flags and, per text, `None` or `(nearest document, F)`, plus the texts and the
/// `against` texts that lost every token.
type DedupOut = (Vec<bool>, Vec<Option<(usize, f64)>>, Dropped);

/// The self-instruct loop's decisions on `texts` (after `against`) at `threshold`.
#[pyfunction]
#[pyo3(signature = (engine, texts, against, threshold, nearest, progress=None))]
pub fn dedup<'py>(
    py: Python<'py>,
    engine: &PyEngine,
    texts: &Bound<'py, PyAny>,
    against: &Bound<'py, PyAny>,
    threshold: f64,
    nearest: bool,
    progress: Option<PyObject>,
) -> PyResult<DedupOut> {
    check_threshold(threshold)?;
    let engine = &engine.inner;
    check_rouge_l(engine, "dedup")?;
    let sets = doc_sets(py, engine, &[(against, "against"), (texts, "texts")])?;
    let threads = engine.config().threads;
    let done = AtomicUsize::new(0);
    let reported = AtomicUsize::new(0);
    // `progress(texts decided)` from the polling (calling) thread, where the GIL is taken
    // anyway to look for signals.
    let report = || {
        let now = done.load(Ordering::Relaxed);
        if let Some(callback) = &progress {
            if reported.swap(now, Ordering::Relaxed) != now {
                return Python::with_gil(|py| callback.call1(py, (now,)).is_ok());
            }
        }
        true
    };
    let decisions = interruptible_with(py, &report, |cancel| {
        let corpus = corpus_of(&sets, threshold);
        Ok::<_, RougeError>(filter::dedup(
            &corpus, threshold, nearest, threads, &done, cancel,
        ))
    })?;
    report();
    Ok((
        decisions.kept,
        decisions.nearest,
        (sets[1].dropped.clone(), sets[0].dropped.clone()),
    ))
}

fn token_slices(s: &DocSet) -> Vec<&[u32]> {
    s.docs.iter().map(|d| d.tokens.as_slice()).collect()
}

fn corpus_of(sets: &[DocSet], threshold: f64) -> Corpus<'_> {
    Corpus::new(
        &token_slices(&sets[0]),
        &token_slices(&sets[1]),
        sets[0].vocab,
        threshold,
    )
}

/// For the texts `first..end`, the earlier texts and `against` texts (numbered `against`
/// first) whose rougeL F with each exceeds `threshold`.
#[pyfunction]
#[pyo3(signature = (engine, texts, against, threshold, first, end))]
pub fn dedup_edges<'py>(
    py: Python<'py>,
    engine: &PyEngine,
    texts: &Bound<'py, PyAny>,
    against: &Bound<'py, PyAny>,
    threshold: f64,
    first: usize,
    end: usize,
) -> PyResult<Vec<Vec<u32>>> {
    check_threshold(threshold)?;
    let engine = &engine.inner;
    check_rouge_l(engine, "dedup")?;
    let sets = doc_sets(py, engine, &[(against, "against"), (texts, "texts")])?;
    let threads = engine.config().threads;
    interruptible(py, |cancel| {
        let corpus = corpus_of(&sets, threshold);
        Ok::<_, RougeError>(filter::conflicts(
            &corpus, threshold, first, end, threads, cancel,
        ))
    })
}

/// The loop's kept flags from the edges of [`dedup_edges`] over every text.
#[pyfunction]
pub fn dedup_resolve(against: usize, edges: Vec<Vec<u32>>) -> PyResult<Vec<bool>> {
    let total = against + edges.len();
    for (i, e) in edges.iter().enumerate() {
        if let Some(&d) = e.iter().find(|&&d| d as usize >= against + i) {
            return Err(PyValueError::new_err(format!(
                "edge {d} of text {i} does not point to an earlier document (of {total})"
            )));
        }
    }
    Ok(filter::resolve(against, &edges))
}

/// Per query the `k` corpus texts with the highest rougeL F, best first, ties to the lower
/// index: `(indices, scores, (dropped queries, dropped corpus texts))`, row-major `(len(queries), min(k, len(corpus)))`.
#[pyfunction]
#[pyo3(signature = (engine, queries, corpus, k))]
pub fn nearest<'py>(
    py: Python<'py>,
    engine: &PyEngine,
    queries: &Bound<'py, PyAny>,
    corpus: &Bound<'py, PyAny>,
    k: usize,
) -> PyResult<(Vec<usize>, Bound<'py, PyByteArray>, Dropped)> {
    let engine = &engine.inner;
    check_rouge_l(engine, "nearest")?;
    let sets = doc_sets(py, engine, &[(queries, "queries"), (corpus, "corpus")])?;
    let threads = engine.config().threads;
    let rows = interruptible(py, |cancel: &Cancel<'_>| {
        let (q, c) = (token_slices(&sets[0]), token_slices(&sets[1]));
        Ok::<_, RougeError>(filter::nearest(&q, &c, sets[0].vocab, k, threads, cancel))
    })?;
    let indices = rows.iter().flatten().map(|&(d, _)| d).collect();
    let scores: Vec<f64> = rows.iter().flatten().map(|&(_, f)| f).collect();
    Ok((
        indices,
        float_bytes(py, &scores)?,
        (sets[0].dropped.clone(), sets[1].dropped.clone()),
    ))
}

/// Per group the chosen candidate and its mean; the texts that lost every token.
type MbrOut = (Vec<(usize, f64)>, Vec<usize>);

/// Minimum-Bayes-risk selection over the groups `texts[offsets[g]..offsets[g + 1]]`: per
/// group the chosen index and its mean, and the texts that lost every token.
#[pyfunction]
#[pyo3(signature = (engine, texts, offsets, field))]
pub fn mbr<'py>(
    py: Python<'py>,
    engine: &PyEngine,
    texts: &Bound<'py, PyAny>,
    offsets: Vec<usize>,
    field: &str,
) -> PyResult<MbrOut> {
    let field = Field::parse(field).ok_or_else(|| {
        PyValueError::new_err(format!(
            "field must be precision, recall or fmeasure, got {field:?}"
        ))
    })?;
    let engine = &engine.inner;
    let mut sets = doc_sets(py, engine, &[(texts, "candidates")])?;
    let set = sets.pop().expect("one set");
    if offsets.windows(2).any(|w| w[0] > w[1])
        || offsets.last().is_some_and(|&e| e != set.docs.len())
    {
        return Err(PyValueError::new_err(
            "offsets must rise to the number of candidates",
        ));
    }
    let picks = interruptible(py, |cancel| engine.mbr(&set.docs, &offsets, field, cancel))?;
    Ok((picks, set.dropped))
}
