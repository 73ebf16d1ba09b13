//! `PltrdyScorer`: the engine of pltrdy's `rouge` 1.0.1 and `rouge-chinese` 1.0.3 (the
//! `pltrdy-1.0.1` and `rouge-chinese-1.0.3` profiles and their drop-in modules).
use crate::convert;
use crate::errors::to_py;
use crate::explain::{pair_dict, string_form, Texts};
use crate::interrupt::interruptible;
use crate::scores::PyBatchScores;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyDict};
use rougekit_core::pltrdy::explain::{explain_batch, ExplainError, PairExplain};
use rougekit_core::pltrdy::{
    self, depth, split, PltrdyBatch, PltrdyConfig, PltrdyScorer, TextPair, Variant,
};
use rougekit_core::segment::Segmenter;
use rougekit_core::Field;

/// Per type: recall, precision, F, then the hypothesis count, reference count and overlap.
type Columns = Vec<(Vec<f64>, Vec<f64>, Vec<f64>, Vec<u64>, Vec<u64>, Vec<u64>)>;

/// A scorer of one of the two packages.
#[pyclass(module = "rougekit._core", name = "PltrdyScorer", frozen)]
pub struct PyPltrdyScorer {
    inner: PltrdyScorer,
    /// Its configuration, shared with its explanations' records.
    explained: std::sync::Arc<rougekit_core::pltrdy::PltrdyConfig>,
    /// `score_batch` gives a pair whose prediction or reference has no sentence the scores
    /// 0 (the harnesses that catch the packages' `ValueError`) instead of raising.
    zero_empty: bool,
}

impl PyPltrdyScorer {
    fn run(
        &self,
        py: Python<'_>,
        hyps: &[PyBackedStr],
        refs: &[PyBackedStr],
    ) -> PyResult<PltrdyBatch> {
        if hyps.len() != refs.len() {
            return Err(PyValueError::new_err(format!(
                "hypotheses and references must have the same length, got {} and {}",
                hyps.len(),
                refs.len()
            )));
        }
        interruptible(py, |cancel| {
            let pairs: Vec<TextPair<'_>> = hyps
                .iter()
                .zip(refs)
                .map(|(h, r)| TextPair {
                    hypothesis: h,
                    reference: r,
                })
                .collect();
            self.inner.score(&pairs, cancel)
        })
    }
}

/// The configuration of a pltrdy-family scorer, from its constructor's arguments.
pub(crate) fn config(
    variant: &str,
    types: &[String],
    exclusive: bool,
    threads: usize,
    segmenter: Option<&str>,
) -> PyResult<PltrdyConfig> {
    let segmenter = segmenter.map(Segmenter::parse).transpose().map_err(to_py)?;
    Ok(PltrdyConfig::parse(variant, types, exclusive, threads)
        .map_err(to_py)?
        .with_segmenter(segmenter))
}

#[pymethods]
impl PyPltrdyScorer {
    #[new]
    #[pyo3(signature = (variant, types, exclusive=true, threads=1, segmenter=None, on_empty="raise"))]
    fn new(
        variant: &str,
        types: Vec<String>,
        exclusive: bool,
        threads: usize,
        segmenter: Option<&str>,
        on_empty: &str,
    ) -> PyResult<Self> {
        let zero_empty = match on_empty {
            "raise" => false,
            "zero" => true,
            other => {
                return Err(PyValueError::new_err(format!(
                    "on_empty must be 'raise' or 'zero', got {other:?}"
                )))
            }
        };
        let config = config(variant, &types, exclusive, threads, segmenter)?;
        Ok(PyPltrdyScorer {
            explained: std::sync::Arc::new(config.clone()),
            inner: PltrdyScorer::new(config),
            zero_empty,
        })
    }

    /// One explanation record per pair (`references[i]`: one string, or a list of one
    /// string, as `score_batch` takes them), counted by the scoring path's code. The errors
    /// of `score_batch`: a pair without exactly one reference, an empty text, an input over
    /// a limit; Ctrl-C `KeyboardInterrupt`.
    fn explain_texts(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<PltrdyExplanationRecord>> {
        let config = &self.explained;
        let texts = convert::batch_texts(predictions, references)?;
        let variant = config.variant;
        one_reference_each(&texts.ref_ends, variant)?;
        let pairs: Vec<TextPair<'_>> = texts
            .predictions
            .iter()
            .zip(&texts.refs)
            .map(|(h, r)| TextPair {
                hypothesis: h,
                reference: r,
            })
            .collect();
        let done = interruptible(py, |cancel| Ok(explain_batch(config, &pairs, cancel)))?;
        drop(pairs);
        let mut out = Vec::with_capacity(done.len());
        let texts = texts.predictions.into_iter().zip(texts.refs);
        for (i, (result, (prediction, reference))) in done.into_iter().zip(texts).enumerate() {
            let record = match result {
                Ok(e) => e,
                Err(ExplainError::Empty(flags)) => return Err(empty_error(i, flags, variant)),
                Err(ExplainError::TooLarge(message)) => {
                    return Err(crate::errors::INPUT_TOO_LARGE.err(format!("pair {i}: {message}")))
                }
            };
            out.push(PltrdyExplanationRecord {
                record,
                texts: Texts::Strs {
                    prediction,
                    references: vec![reference],
                },
                config: std::sync::Arc::clone(config),
            });
        }
        Ok(out)
    }

    /// What `score_batch` does with a pair that has an empty side: `"raise"` or `"zero"`.
    #[getter]
    fn on_empty(&self) -> &'static str {
        if self.zero_empty {
            "zero"
        } else {
            "raise"
        }
    }

    #[getter]
    fn variant(&self) -> &'static str {
        self.inner.config().variant.name()
    }

    #[getter]
    fn types(&self) -> Vec<String> {
        self.inner.config().names()
    }

    #[getter]
    fn exclusive(&self) -> bool {
        self.inner.config().exclusive
    }

    #[getter]
    fn threads(&self) -> usize {
        self.inner.config().threads
    }

    /// The segmenter applied to every text first, `None` without one.
    #[getter]
    fn segmenter(&self) -> Option<&'static str> {
        self.inner.config().segmenter.map(Segmenter::name)
    }

    /// The profile's batch: one reference per prediction; `ValueError` naming the first
    /// pair whose prediction or reference has no sentence (the packages raise there too),
    /// or, with `on_empty="zero"`, scores 0 for such a pair.
    fn score_batch(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<PyBatchScores> {
        let texts = convert::batch_texts(predictions, references)?;
        one_reference_each(&texts.ref_ends, self.inner.config().variant)?;
        let batch = self.run(py, &texts.predictions, &texts.refs)?;
        // The core gives such a pair the scores 0 (`PltrdyBatch::empty`).
        if let Some(i) = batch.empty.iter().position(|&e| e != 0) {
            if !self.zero_empty {
                return Err(empty_error(i, batch.empty[i], self.inner.config().variant));
            }
        }
        Ok(PyBatchScores::from(batch.scores))
    }

    /// Every pair's numbers for the drop-in modules: `(columns, hyp_lengths, ref_lengths,
    /// empty)`, columns per type `(r, p, f, hyp, ref, overlap)`, `empty` one byte per pair
    /// (bit 0: the hypothesis has no sentence, bit 1: the reference).
    #[allow(clippy::type_complexity)]
    fn score_pairs<'py>(
        &self,
        py: Python<'py>,
        hyps: Vec<PyBackedStr>,
        refs: Vec<PyBackedStr>,
    ) -> PyResult<(Columns, Vec<u32>, Vec<u32>, Bound<'py, PyBytes>)> {
        let batch = self.run(py, &hyps, &refs)?;
        let scores = &batch.scores;
        let columns = (0..scores.names().len())
            .map(|t| {
                let counts = scores.counts(t).unwrap_or(&[]);
                let int = |f: fn(&rougekit_core::Counts) -> f64| {
                    counts.iter().map(|c| f(c) as u64).collect::<Vec<u64>>()
                };
                (
                    scores.column(t, Field::Recall).to_vec(),
                    scores.column(t, Field::Precision).to_vec(),
                    scores.column(t, Field::Fmeasure).to_vec(),
                    int(|c| c.pred_total),
                    int(|c| c.ref_total),
                    int(|c| c.hits),
                )
            })
            .collect();
        let (hyp_len, ref_len) = batch.lengths.iter().copied().unzip();
        Ok((columns, hyp_len, ref_len, PyBytes::new(py, &batch.empty)))
    }

    /// The drop-ins' `avg=True`: per type `(r, p, f)` and the lengths `(hyp, ref)`, each the
    /// sum over pairs taken left to right divided by their number; and the `empty` bytes.
    #[allow(clippy::type_complexity)]
    fn score_means<'py>(
        &self,
        py: Python<'py>,
        hyps: Vec<PyBackedStr>,
        refs: Vec<PyBackedStr>,
    ) -> PyResult<(Vec<(f64, f64, f64)>, (f64, f64), Bound<'py, PyBytes>)> {
        let batch = self.run(py, &hyps, &refs)?;
        let scores = &batch.scores;
        let mean =
            |t: usize, f: Field| pltrdy::sequential_mean(scores.column(t, f).iter().copied());
        let means = (0..scores.names().len())
            .map(|t| {
                (
                    mean(t, Field::Recall),
                    mean(t, Field::Precision),
                    mean(t, Field::Fmeasure),
                )
            })
            .collect();
        // Integer sums, then one division (Python's int / int).
        let n = batch.lengths.len() as f64;
        let (h, r) = batch.lengths.iter().fold((0u64, 0u64), |(h, r), &(a, b)| {
            (h + u64::from(a), r + u64::from(b))
        });
        Ok((
            means,
            (h as f64 / n, r as f64 / n),
            PyBytes::new(py, &batch.empty),
        ))
    }
}

/// `ValueError` naming the first pair that has not exactly one reference.
pub(crate) fn one_reference_each(ref_ends: &[usize], variant: Variant) -> PyResult<()> {
    let mut start = 0;
    for (i, &end) in ref_ends.iter().enumerate() {
        if end - start != 1 {
            return Err(PyValueError::new_err(format!(
                "pair {i}: {} references, but the {} profile takes one reference per \
                 prediction, as the package it reproduces does",
                end - start,
                variant.name()
            )));
        }
        start = end;
    }
    Ok(())
}

/// The `ValueError` of pair `i` whose empty flags are `flags` (bit 0: the prediction has no
/// sentence, bit 1: the reference).
pub(crate) fn empty_error(i: usize, flags: u8, variant: Variant) -> PyErr {
    let (side, message) = if flags & 1 != 0 {
        ("prediction", "Hypothesis is empty.")
    } else {
        ("reference", "Reference is empty.")
    };
    let what = match variant {
        Variant::Pltrdy101 => "nothing but dots",
        Variant::RougeChinese103 => "nothing but whitespace",
    };
    PyValueError::new_err(format!(
        "pair {i}: the {side} is empty or {what}, which {} cannot score (it raises \
         ValueError('{message}'))",
        variant.name()
    ))
}

/// The sentence pieces of `text` under a variant's rule before empty pieces are dropped:
/// `text.split(".")` for pltrdy-1.0.1, `Rouge.cut_sent(text)` for rouge-chinese-1.0.3.
#[pyfunction]
pub fn pltrdy_pieces(text: &str, variant: &str) -> PyResult<Vec<String>> {
    let rule = Variant::parse(variant).map_err(to_py)?.sentences();
    let mut buf = String::new();
    Ok(split::pieces(text, rule, &mut buf)
        .into_iter()
        .map(str::to_string)
        .collect())
}

/// The tokens a variant compares for `text` (an empty string for a blank sentence).
#[pyfunction]
pub fn pltrdy_tokens(text: &str, variant: &str) -> PyResult<Vec<String>> {
    let rule = Variant::parse(variant).map_err(to_py)?.sentences();
    let mut buf = String::new();
    let mut out = Vec::new();
    split::scan(text, rule, &mut buf, |t| out.extend(t.map(str::to_string)));
    Ok(out)
}

/// Per pair, the most nested calls of rouge 1.0.1's recursive LCS backtrack (its ROUGE-L's
/// `_recon`), 0 when either text has no sentence; Ctrl-C is honoured while it runs.
#[pyfunction]
pub fn pltrdy_recursion_depths(
    py: Python<'_>,
    hyps: Vec<PyBackedStr>,
    refs: Vec<PyBackedStr>,
) -> PyResult<Vec<usize>> {
    if hyps.len() != refs.len() {
        return Err(PyValueError::new_err(format!(
            "hypotheses and references must have the same length, got {} and {}",
            hyps.len(),
            refs.len()
        )));
    }
    interruptible(py, |cancel| {
        let mut scratch = depth::DepthScratch::default();
        let mut out = Vec::with_capacity(hyps.len());
        for (h, r) in hyps.iter().zip(&refs) {
            if !cancel.tick(1 + h.len() + r.len()) {
                return Ok(None);
            }
            out.push(depth::recursion_depth(h, r, &mut scratch));
        }
        Ok(Some(out))
    })
}

/// One pair's explanation, kept in the core until its dict is asked for.
#[pyclass(module = "rougekit._core", frozen)]
pub struct PltrdyExplanationRecord {
    record: PairExplain,
    texts: Texts,
    config: std::sync::Arc<PltrdyConfig>,
}

#[pymethods]
impl PltrdyExplanationRecord {
    /// The `rougekit.explain/1` dict: `head`'s items (schema, signature, id, profile), then
    /// the texts and the types.
    fn to_dict<'py>(
        &self,
        py: Python<'py>,
        head: &Bound<'py, PyDict>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let record = self.record.record(&self.config);
        pair_dict(py, head, &record, &self.texts, &string_form(py))
    }
}
