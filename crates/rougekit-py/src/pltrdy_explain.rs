//! The `pltrdy-1.0.1` and `rouge-chinese-1.0.3` profiles' explanations:
//! `PltrdyScorer.explain_texts(predictions, references)` explains the pairs with the
//! core's [`explain_batch`] (the scoring path's own code, in parallel without the GIL) and
//! returns one record per pair, whose `to_dict(head)` builds the `rougekit.explain/1` dict
//! when it is first asked for.
use crate::convert;
use crate::explain::{self, Ngrams, TextParts};
use crate::interrupt::interruptible;
use crate::pltrdy::{empty_error, one_reference_each};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use rougekit_core::explain::witness::Detail;
use rougekit_core::explain::UnionState;
use rougekit_core::pltrdy::explain::{
    explain_batch, ExplainError, MetricDetail, MetricExplain, PairExplain, TextExplain,
};
use rougekit_core::pltrdy::{Metric, PltrdyConfig, TextPair, Variant};
use std::collections::BTreeSet;
use std::sync::Arc;

/// The explanations of a `PltrdyScorer` (`PltrdyScorer.explain_texts`).
pub(crate) struct Explain;

impl Explain {
    /// One record per pair (`references[i]`: one string, or a list of one string, as
    /// `score_batch` takes them). The errors of `score_batch`: a pair without exactly one
    /// reference, an empty text, an input over a limit; Ctrl-C `KeyboardInterrupt`.
    pub(crate) fn texts(
        config: &Arc<PltrdyConfig>,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<PltrdyExplanationRecord>> {
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
        let mut out = Vec::with_capacity(done.len());
        for (i, (result, (p, r))) in done
            .into_iter()
            .zip(texts.predictions.iter().zip(&texts.refs))
            .enumerate()
        {
            let record = match result {
                Ok(e) => e,
                Err(ExplainError::Empty(flags)) => return Err(empty_error(i, flags, variant)),
                Err(ExplainError::TooLarge(message)) => {
                    return Err(crate::errors::INPUT_TOO_LARGE.err(format!("pair {i}: {message}")))
                }
            };
            out.push(PltrdyExplanationRecord {
                record,
                prediction: p.to_string(),
                reference: r.to_string(),
                config: Arc::clone(config),
            });
        }
        Ok(out)
    }
}

/// One pair's explanation, kept in the core until its dict is asked for.
#[pyclass(module = "rougekit._core", frozen)]
pub struct PltrdyExplanationRecord {
    record: PairExplain,
    prediction: String,
    reference: String,
    config: Arc<PltrdyConfig>,
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
        let d = head.copy()?;
        let r = &self.record;
        d.set_item(
            intern!(py, "prediction"),
            text_dict(py, &self.prediction, &r.hypothesis)?,
        )?;
        let refs = PyList::empty(py);
        refs.append(text_dict(py, &self.reference, &r.reference)?)?;
        d.set_item(intern!(py, "references"), refs)?;
        let types = PyDict::new(py);
        for m in &r.metrics {
            types.set_item(m.metric.name(), type_dict(py, m, r, &self.config)?)?;
        }
        d.set_item(intern!(py, "types"), types)?;
        Ok(d)
    }
}

/// A text's dict: nothing but whitespace and the sentence boundaries is left out.
fn text_dict<'py>(py: Python<'py>, text: &str, t: &TextExplain) -> PyResult<Bound<'py, PyDict>> {
    let parts = TextParts {
        text: Some(text),
        ids: None,
        tokens: &t.tokens,
        own_tokens: None,
        dropped: &[],
        sentences: t.sentences as usize,
    };
    explain::text_dict(py, &parts, &|c: &String| PyString::new(py, c).into_any())
}

/// How a metric counts under the configuration.
fn counting(metric: Metric, config: &PltrdyConfig) -> &'static str {
    match (metric, config.variant, config.exclusive) {
        (Metric::L, Variant::RougeChinese103, _) => "lcs-length",
        (Metric::L, _, false) => "summed",
        (_, _, true) => "distinct",
        (_, _, false) => "clipped",
    }
}

const FORMULA: &str = "P = hits / prediction_total (0 when prediction_total is 0); R = hits / \
                       reference_total (0 when reference_total is 0); F = 2 * ((P * R) / (P + \
                       R + 1e-8)), in that order";

fn type_dict<'py>(
    py: Python<'py>,
    m: &MetricExplain,
    r: &PairExplain,
    config: &PltrdyConfig,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let kind = match (m.metric, &m.detail) {
        (Metric::N(_), _) => "ngram",
        (_, MetricDetail::Union(_)) => "union-lcs",
        _ => "lcs",
    };
    d.set_item(intern!(py, "kind"), kind)?;
    if let Metric::N(n) = m.metric {
        d.set_item(intern!(py, "n"), n)?;
    }
    let count = counting(m.metric, config);
    d.set_item(intern!(py, "count"), count)?;
    d.set_item(intern!(py, "rule"), "single")?;
    d.set_item(intern!(py, "jackknife"), false)?;
    d.set_item(intern!(py, "reference"), 0)?;
    let per = PyDict::new(py);
    for x in [&d, &per] {
        x.set_item(intern!(py, "hits"), m.counts.hits as i64)?;
        x.set_item(intern!(py, "prediction_total"), m.counts.pred_total as i64)?;
        x.set_item(intern!(py, "reference_total"), m.counts.ref_total as i64)?;
        x.set_item(intern!(py, "precision"), m.score.precision)?;
        x.set_item(intern!(py, "recall"), m.score.recall)?;
        x.set_item(intern!(py, "fmeasure"), m.score.fmeasure)?;
    }
    let totals = match count {
        "distinct" if m.metric == Metric::L => {
            "; hits = the distinct words of the union of the sentence pairs' LCSs, totals = \
             each text's distinct words"
        }
        "distinct" => "; hits and totals count distinct n-grams (exclusive=True)",
        "summed" => {
            "; hits = the sum of every (reference sentence, prediction sentence) LCS length, \
             totals = token counts (R and P can exceed 1)"
        }
        "lcs-length" => "; hits = the LCS length of the whole token lists, totals = token counts",
        _ => "; hits = clipped n-gram counts, totals = n-gram counts",
    };
    d.set_item(intern!(py, "formula"), format!("{FORMULA}{totals}"))?;
    per.set_item(intern!(py, "reference"), 0)?;
    detail_into(py, &per, m, r, config.exclusive)?;
    let list = PyList::empty(py);
    list.append(per)?;
    d.set_item(intern!(py, "per_reference"), list)?;
    Ok(d)
}

fn detail_into(
    py: Python<'_>,
    d: &Bound<'_, PyDict>,
    m: &MetricExplain,
    r: &PairExplain,
    exclusive: bool,
) -> PyResult<()> {
    match &m.detail {
        MetricDetail::Ngram(Detail::Ngram {
            matches,
            positions,
            missed,
        }) => {
            let n = match m.metric {
                Metric::N(n) => n,
                Metric::L => 1,
            };
            let g = Ngrams {
                n,
                prediction: &r.hypothesis.tokens,
                reference: &r.reference.tokens,
                matches,
                positions,
                missed,
                distinct: exclusive,
            };
            let compared = |c: &String| PyString::new(py, c).into_any();
            explain::ngrams_into(py, d, &g, &compared)?;
            let witness = if exclusive {
                "distinct n-grams (exclusive=True): each n-gram both texts hold counts once, \
                 shown at its first occurrence on each side (prediction_count and \
                 reference_count are its occurrences); missed: the reference's n-grams the \
                 prediction lacks"
            } else {
                "clipped counts: first occurrences up to the clipped count"
            };
            d.set_item(intern!(py, "witness"), witness)?;
        }
        MetricDetail::Ngram(_) => {}
        MetricDetail::Lcs(alignment) => {
            match alignment {
                Some(a) => {
                    let pairs = a.iter().map(|&(p, q)| [p, q]);
                    d.set_item(intern!(py, "alignment"), PyList::new(py, pairs)?)?;
                }
                None => {
                    d.set_item(intern!(py, "alignment"), py.None())?;
                    d.set_item(intern!(py, "why"), "too large")?;
                }
            }
            d.set_item(
                intern!(py, "witness"),
                "one LCS of the whole token lists (rougekit's traceback; rouge-chinese 1.0.3 \
                 counts only its length)",
            )?;
        }
        MetricDetail::Union(Some(trace)) => union_into(py, d, trace, r, exclusive)?,
        MetricDetail::Union(None) => {
            d.set_item(intern!(py, "lcs"), py.None())?;
            d.set_item(intern!(py, "sentences"), py.None())?;
            d.set_item(intern!(py, "prediction_in_lcs"), py.None())?;
            d.set_item(intern!(py, "why"), "too large")?;
        }
    }
    Ok(())
}

fn union_into(
    py: Python<'_>,
    d: &Bound<'_, PyDict>,
    trace: &[rougekit_core::pltrdy::rouge_l::LcsTrace],
    r: &PairExplain,
    exclusive: bool,
) -> PyResult<()> {
    let nref = r.reference.tokens.len();
    // Ordered so that a stronger state wins: unmatched < not counted < counted.
    let mut state = vec![0u8; nref];
    let mut in_lcs = BTreeSet::new();
    let steps = PyList::empty(py);
    for step in trace {
        for &(p, q) in &step.pairs {
            in_lcs.insert(p);
            let s = &mut state[q as usize];
            *s = (*s).max(if exclusive { 1 } else { 2 });
        }
        // Both in increasing prediction order: one merge.
        let mut pairs = step.pairs.iter().peekable();
        for &p in &step.counted {
            while pairs.next_if(|&&(x, _)| x < p).is_some() {}
            if let Some(&&(x, q)) = pairs.peek() {
                if x == p {
                    state[q as usize] = 2;
                }
            }
        }
        let x = PyDict::new(py);
        let sentence = |t: &TextExplain, k: usize| t.tokens.get(k).map_or(0, |t| t.sentence);
        x.set_item(
            intern!(py, "reference_sentence"),
            sentence(&r.reference, step.reference_start),
        )?;
        x.set_item(
            intern!(py, "prediction_sentence"),
            sentence(&r.hypothesis, step.hypothesis_start),
        )?;
        x.set_item(intern!(py, "times"), step.times)?;
        let pairs = step.pairs.iter().map(|&(p, q)| [p, q]);
        x.set_item(intern!(py, "alignment"), PyList::new(py, pairs)?)?;
        if exclusive {
            x.set_item(intern!(py, "counted"), &step.counted)?;
        }
        steps.append(x)?;
    }
    let states: Vec<UnionState> = state
        .iter()
        .map(|&s| match s {
            2 => UnionState::Counted,
            1 => UnionState::NotCounted,
            _ => UnionState::Unmatched,
        })
        .collect();
    let ends = r.reference.sentence_ends.iter().map(|&e| e as usize);
    let sentences =
        explain::sentences_list(py, &rougekit_core::explain::sentence_marks(&states, ends))?;
    d.set_item(intern!(py, "sentences"), sentences)?;
    d.set_item(
        intern!(py, "prediction_in_lcs"),
        in_lcs.into_iter().collect::<Vec<u32>>(),
    )?;
    d.set_item(intern!(py, "lcs"), steps)?;
    let witness = if exclusive {
        "rouge 1.0.1's backtrack, one LCS per (reference sentence, prediction sentence) in its \
         order (lcs; with more than 256 sentence pairs, repeated sentences once and only the \
         pairs that can add a word); hits = the distinct words of their union: counted = the \
         reference token where each word first entered (lcs[].counted: the prediction token), \
         not_counted = the union's other tokens"
    } else {
        "rouge 1.0.1's backtrack, one LCS per (reference sentence, prediction sentence) with a \
         common word (lcs; times = how often the sum repeats it); hits = the sum of their \
         lengths times their repetitions, so a reference token counts once per LCS holding \
         it; counted = the reference tokens in some LCS"
    };
    d.set_item(intern!(py, "witness"), witness)?;
    Ok(())
}
