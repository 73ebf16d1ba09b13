//! The perl-1.5.5 profile's explanations: `PerlScorer.explain_texts(predictions,
//! references)` explains the pairs with the core's [`explain_batch`] (which counts with the
//! scoring path's own code, in parallel without the GIL) and returns one record per pair,
//! whose `to_dict(head)` builds the `rougekit.explain/1` dict when it is first asked for.
use crate::convert;
use crate::explain::{self, Ngrams, TextParts};
use crate::interrupt::interruptible;
use crate::perl::PerlScorer;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use rougekit_core::perl::combine::InstanceScore;
use rougekit_core::perl::explain::{
    explain_batch, Detail, Explanation, Pair, ReferenceExplanation, TextExplanation,
    TypeExplanation,
};
use rougekit_core::perl::{MultiRef, PerlConfig, PerlType};
use std::sync::Arc;

/// The explanations of a perl-1.5.5 scorer's types (`PerlScorer.explain_texts`).
pub(crate) struct Explain;

impl Explain {
    /// One record per pair (`references[i]`: a string or a list of strings, as
    /// `score_batch` takes them). An input over one of rougekit's limits raises
    /// `InputTooLargeError` naming the pair, as `score_batch` does; Ctrl-C
    /// `KeyboardInterrupt`.
    pub(crate) fn texts(
        scorer: &PerlScorer,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<PerlExplanationRecord>> {
        let (types, config, threads) = scorer.parts();
        let texts = convert::batch_texts(predictions, references)?;
        let pairs: Vec<Pair<'_>> = texts
            .predictions
            .iter()
            .zip(convert::per_pair(&texts.refs, &texts.ref_ends))
            .map(|(p, refs)| (&**p, refs.iter().map(|r| &**r).collect()))
            .collect();
        let done = interruptible(py, |cancel| {
            Ok(explain_batch(types, config, &pairs, threads, cancel))
        })?;
        let mut out = Vec::with_capacity(done.len());
        for (result, (p, refs)) in done.into_iter().zip(&pairs) {
            let explanation = result.map_err(|f| {
                crate::errors::INPUT_TOO_LARGE.err(format!(
                    "pair {}, reference {}: {}",
                    f.instance, f.model, f.message
                ))
            })?;
            out.push(PerlExplanationRecord {
                explanation,
                prediction: p.to_string(),
                references: refs.iter().map(|r| r.to_string()).collect(),
                config: Arc::clone(config),
            });
        }
        Ok(out)
    }
}

/// One pair's explanation, kept in the core until its dict is asked for.
#[pyclass(module = "rougekit._core", frozen)]
pub struct PerlExplanationRecord {
    explanation: Explanation,
    prediction: String,
    references: Vec<String>,
    config: Arc<PerlConfig>,
}

#[pymethods]
impl PerlExplanationRecord {
    /// The `rougekit.explain/1` dict: `head`'s items (schema, signature, id, profile), then
    /// the texts and the types.
    fn to_dict<'py>(
        &self,
        py: Python<'py>,
        head: &Bound<'py, PyDict>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let d = head.copy()?;
        let body = pair_dict(
            py,
            &self.explanation,
            &self.config,
            (&self.prediction, &self.references),
        )?;
        for (k, v) in body.iter() {
            d.set_item(k, v)?;
        }
        Ok(d)
    }
}

fn pair_dict<'py>(
    py: Python<'py>,
    e: &Explanation,
    config: &PerlConfig,
    (prediction, references): (&str, &[String]),
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(
        intern!(py, "prediction"),
        text_dict(py, prediction, &e.prediction)?,
    )?;
    let refs = PyList::empty(py);
    for (text, r) in references.iter().zip(&e.references) {
        refs.append(text_dict(py, text, r)?)?;
    }
    d.set_item(intern!(py, "references"), refs)?;
    let types = PyDict::new(py);
    for t in &e.types {
        types.set_item(t.perl_type.name(), type_dict(py, t, config, e)?)?;
    }
    d.set_item(intern!(py, "types"), types)?;
    Ok(d)
}

fn text_dict<'py>(
    py: Python<'py>,
    text: &str,
    t: &TextExplanation,
) -> PyResult<Bound<'py, PyDict>> {
    let parts = TextParts {
        text: Some(text),
        ids: None,
        tokens: &t.tokens,
        own_tokens: t.lcs_tokens.as_deref().map(|l| ("lcs_tokens", l)),
        dropped: &t.dropped,
        sentences: t.sentences,
    };
    explain::text_dict(py, &parts, &|c: &String| PyString::new(py, c).into_any())
}

/// A count as the contract writes it: an int, or a float for ROUGE-W's weighted counts.
fn count<'py>(py: Python<'py>, x: f64, weighted: bool) -> PyResult<Bound<'py, PyAny>> {
    if weighted {
        Ok(x.into_pyobject(py)?.into_any())
    } else {
        Ok((x as i64).into_pyobject(py)?.into_any())
    }
}

fn scores_into(d: &Bound<'_, PyDict>, s: &InstanceScore) -> PyResult<()> {
    let py = d.py();
    d.set_item(intern!(py, "precision"), s.p)?;
    d.set_item(intern!(py, "recall"), s.r)?;
    d.set_item(intern!(py, "fmeasure"), s.f)
}

/// The formula of `t` under `config`, with ROUGE-1.5.5's order of operations.
fn formula(t: PerlType, config: &PerlConfig) -> String {
    let alpha = config.alpha;
    let (r, p) = match t {
        PerlType::W(w) => (
            format!("(hits / reference_total)^(1/{w})"),
            format!("(hits / prediction_total)^(1/{w})"),
        ),
        _ => (
            "hits / reference_total".to_string(),
            "hits / prediction_total".to_string(),
        ),
    };
    let mut out = format!(
        "R = round5({r}); P = round5({p}); F = round5(P*R / ((1 - {alpha})*P + {alpha}*R)) \
         from the rounded R and P (0 when a total or the denominator is 0); round5(x) = \
         float('%.5f' % x)"
    );
    if let PerlType::W(w) = t {
        out += &format!(
            "; f(k) = k^{w}; hits = sum of f(run length); reference_total = \
             f(sum over sentences of f(|sentence|)); prediction_total = f(prediction tokens)"
        );
    }
    out += match config.multiref {
        MultiRef::BestRecall => {
            "; -f B: the counts of the reference with the highest 'select' (the first on ties): \
             ROUGE-N/S round5(hits / reference_total), ROUGE-L hits / reference_total, ROUGE-W \
             (hits / reference_base)^(1/w)"
        }
        _ => {
            "; -f A: hits and reference_total summed over the references, prediction_total \
             added once per reference"
        }
    };
    out
}

fn type_dict<'py>(
    py: Python<'py>,
    t: &TypeExplanation,
    config: &PerlConfig,
    e: &Explanation,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let weighted = matches!(t.perl_type, PerlType::W(_));
    match t.perl_type {
        PerlType::N(n) => {
            d.set_item(intern!(py, "kind"), "ngram")?;
            d.set_item(intern!(py, "n"), n)?;
        }
        PerlType::L => d.set_item(intern!(py, "kind"), "union-lcs")?,
        PerlType::W(w) => {
            d.set_item(intern!(py, "kind"), "wlcs")?;
            d.set_item(intern!(py, "weight"), w)?;
        }
        PerlType::S { gap, su } => {
            d.set_item(intern!(py, "kind"), "skip-bigram")?;
            d.set_item(intern!(py, "max_gap"), gap)?;
            d.set_item(intern!(py, "unigrams"), su)?;
        }
    }
    let rule = match config.multiref {
        MultiRef::BestRecall => "perl-B",
        _ => "perl-A",
    };
    d.set_item(intern!(py, "rule"), rule)?;
    d.set_item(intern!(py, "jackknife"), false)?;
    d.set_item(intern!(py, "alpha"), config.alpha)?;
    d.set_item(intern!(py, "reference"), t.chosen)?;
    d.set_item(intern!(py, "hits"), count(py, t.score.total_hit, weighted)?)?;
    d.set_item(
        intern!(py, "prediction_total"),
        count(py, t.score.total_p, weighted)?,
    )?;
    d.set_item(
        intern!(py, "reference_total"),
        count(py, t.score.total_m, weighted)?,
    )?;
    d.set_item(
        intern!(py, "peer_count"),
        count(py, t.peer_total, weighted)?,
    )?;
    scores_into(&d, &t.score)?;
    d.set_item(intern!(py, "formula"), formula(t.perl_type, config))?;
    if let Some(f) = &t.failure {
        let failure = PyDict::new(py);
        failure.set_item(intern!(py, "reference"), f.model)?;
        failure.set_item(intern!(py, "message"), &f.message)?;
        d.set_item(intern!(py, "failure"), failure)?;
    }
    let per = PyList::empty(py);
    for (j, r) in t.references.iter().enumerate() {
        let texts = (&e.prediction, &e.references[j]);
        per.append(reference_dict(py, j, r, t, texts)?)?;
    }
    d.set_item(intern!(py, "per_reference"), per)?;
    Ok(d)
}

/// Reference `j`'s part of type `t`; `texts`: the prediction's and that reference's.
fn reference_dict<'py>(
    py: Python<'py>,
    j: usize,
    r: &ReferenceExplanation,
    t: &TypeExplanation,
    texts: (&TextExplanation, &TextExplanation),
) -> PyResult<Bound<'py, PyDict>> {
    let (peer_total, weighted) = (t.peer_total, matches!(t.perl_type, PerlType::W(_)));
    let compared = |c: &String| PyString::new(py, c).into_any();
    let d = PyDict::new(py);
    d.set_item(intern!(py, "reference"), j)?;
    d.set_item(intern!(py, "hits"), count(py, r.counts.hit, weighted)?)?;
    d.set_item(
        intern!(py, "prediction_total"),
        count(py, peer_total, weighted)?,
    )?;
    d.set_item(
        intern!(py, "reference_total"),
        count(py, r.counts.m, weighted)?,
    )?;
    scores_into(&d, &r.score)?;
    d.set_item(intern!(py, "select"), r.counts.select)?;
    match &r.detail {
        Detail::Ngram {
            matches,
            positions,
            missed,
        } => {
            let g = Ngrams {
                n: match t.perl_type {
                    PerlType::N(n) => n,
                    _ => 1,
                },
                prediction: &texts.0.tokens,
                reference: &texts.1.tokens,
                matches,
                positions,
                missed,
                distinct: false,
            };
            explain::ngrams_into(py, &d, &g, &compared)?;
            d.set_item(
                intern!(py, "witness"),
                "first occurrences up to the clipped count",
            )?;
        }
        Detail::Skip { matches } => match matches {
            Some(m) => {
                d.set_item(
                    intern!(py, "matches"),
                    explain::skip_list(py, m, &compared)?,
                )?;
                d.set_item(
                    "witness",
                    "items of tokens both texts hold; a ROUGE-SU unigram is a one-token pair",
                )?;
            }
            None => {
                d.set_item(intern!(py, "matches"), py.None())?;
                d.set_item(intern!(py, "why"), "too many items to list")?;
            }
        },
        Detail::Union {
            sentences,
            prediction_in_lcs,
            runs,
            base,
        } => {
            let list = explain::sentences_list(py, sentences)?;
            d.set_item(intern!(py, "sentences"), list)?;
            d.set_item(intern!(py, "prediction_in_lcs"), prediction_in_lcs)?;
            let witness = if weighted {
                "ROUGE-1.5.5's trace back (reference side); the prediction side is the first \
                 places, in order, of each sentence pair's marked tokens"
            } else {
                "ROUGE-1.5.5's trace back, one LCS per sentence pair"
            };
            d.set_item(intern!(py, "witness"), witness)?;
            if weighted {
                let list = PyList::empty(py);
                for run in runs {
                    let item = PyDict::new(py);
                    item.set_item(intern!(py, "prediction"), py.None())?;
                    item.set_item(intern!(py, "reference"), run.first)?;
                    item.set_item(intern!(py, "last"), run.last)?;
                    item.set_item(intern!(py, "length"), run.length)?;
                    item.set_item(intern!(py, "sentence"), run.sentence)?;
                    item.set_item(intern!(py, "value"), run.value)?;
                    list.append(item)?;
                }
                d.set_item(intern!(py, "runs"), list)?;
                d.set_item(intern!(py, "reference_base"), *base)?;
            }
        }
    }
    Ok(d)
}
