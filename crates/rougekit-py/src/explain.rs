//! Explanations of the rouge-score family's scores (`rougekit.explain`), made by the
//! scorer that scores them (`Engine.explain_texts`, `Engine.explain_ids`): the core's
//! [`PairExplain`] records, computed without the GIL and in parallel, kept compact; each
//! becomes the `rougekit.explain/1` dict only when asked (`Explanation.to_dict`).
use crate::convert;
use crate::interrupt::interruptible;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyDict, PyList, PyString};
use pyo3::{intern, IntoPyObjectExt};
use rougekit_core::explain::{
    self, Detail, Dropped, Forms, GramMatch, GramMissed, PairExplain, RefExplain, SentenceMarks,
    SkipMatch, TextView, Token, TypeExplain,
};
use rougekit_core::scores::{Match, Score};
use rougekit_core::RougeType;

/// The explanations of the rouge-score family's pairs (`Engine.explain_texts` and
/// `explain_ids`: the scorer explains with its own configuration).
pub(crate) struct Explain;

impl Explain {
    /// The explanations of every pair of text, in order (computed in parallel without the
    /// GIL; Ctrl-C honoured).
    pub(crate) fn texts(
        engine: &rougekit_core::Engine,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<PyExplanation>> {
        let texts = convert::batch_texts(predictions, references)?;
        let records = interruptible(py, |cancel| {
            texts.as_pairs(|pairs| explain::explain_texts(engine, pairs, cancel))
        })?;
        let mut refs = texts.refs.into_iter();
        let mut start = 0;
        let out = records
            .into_iter()
            .zip(texts.predictions)
            .zip(texts.ref_ends)
            .map(|((record, prediction), end)| {
                let references: Vec<PyBackedStr> = refs.by_ref().take(end - start).collect();
                start = end;
                PyExplanation {
                    record,
                    texts: Texts::Strs {
                        prediction,
                        references,
                    },
                    types: engine.config().types.clone(),
                }
            })
            .collect();
        Ok(out)
    }

    /// The explanations of every pair of token ids (lists of ints), in order.
    pub(crate) fn ids(
        engine: &rougekit_core::Engine,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<PyExplanation>> {
        let ids = convert::id_lists(predictions, references).ok_or_else(|| {
            PyValueError::new_err(
                "token ids must be lists of ints within int64 (a list of lists per pair for \
                 several references)",
            )
        })?;
        let (preds, refs) = ids.sequences();
        let records = interruptible(py, |cancel| {
            ids.as_pairs(|pairs| explain::explain_ids(engine, pairs, cancel))
        })?;
        let out = records
            .into_iter()
            .zip(preds.iter())
            .zip(convert::per_pair(&refs, &ids.ref_ends))
            .map(|((record, p), rs)| PyExplanation {
                record,
                texts: Texts::Ids {
                    prediction: p.to_vec(),
                    references: rs.iter().map(|r| r.to_vec()).collect(),
                },
                types: engine.config().types.clone(),
            })
            .collect();
        Ok(out)
    }
}

enum Texts {
    Strs {
        prediction: PyBackedStr,
        references: Vec<PyBackedStr>,
    },
    Ids {
        prediction: Vec<i64>,
        references: Vec<Vec<i64>>,
    },
}

/// One pair's explanation as the core made it.
#[pyclass(module = "rougekit._core", name = "ExplanationRecord", frozen)]
pub struct PyExplanation {
    record: PairExplain,
    texts: Texts,
    types: Vec<RougeType>,
}

#[pymethods]
impl PyExplanation {
    /// The `rougekit.explain/1` dict: the keys of `head` (schema, signature, id, profile)
    /// first, then the texts and the types.
    fn to_dict<'py>(
        &self,
        py: Python<'py>,
        head: &Bound<'py, PyDict>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let out = head.copy()?;
        let r = &self.record;
        let forms: Vec<Bound<'py, PyAny>> = match &self.record.forms {
            Forms::Text { .. } => (0..r.forms.len())
                .map(|k| PyString::new(py, r.forms.text(k).unwrap_or("")).into_any())
                .collect(),
            Forms::Ids(f) => f
                .iter()
                .map(|&i| i.into_bound_py_any(py))
                .collect::<PyResult<_>>()?,
        };
        let none = py.None().into_bound(py);
        let compared = |&k: &u32| forms.get(k as usize).unwrap_or(&none).clone();
        let (prediction, references): (Option<&str>, Vec<Option<&str>>) = match &self.texts {
            Texts::Strs {
                prediction,
                references,
            } => (
                Some(prediction),
                references.iter().map(|t| Some(&**t)).collect(),
            ),
            Texts::Ids { references, .. } => (None, vec![None; references.len()]),
        };
        let ids = |k: usize| match &self.texts {
            Texts::Ids {
                prediction,
                references,
            } => Some(if k == 0 {
                &prediction[..]
            } else {
                &references[k - 1][..]
            }),
            Texts::Strs { .. } => None,
        };
        let parts = |k: usize, text: Option<&'_ str>, v: &'_ TextView| {
            let parts = TextParts {
                text,
                ids: ids(k),
                tokens: &v.tokens,
                own_tokens: v.line_tokens.as_deref().map(|t| ("line_tokens", t)),
                dropped: &v.dropped,
                sentences: v.sentences,
            };
            text_dict(py, &parts, &compared)
        };
        out.set_item(
            intern!(py, "prediction"),
            parts(0, prediction, &r.prediction)?,
        )?;
        let refs = references
            .iter()
            .zip(&r.references)
            .enumerate()
            .map(|(k, (t, v))| parts(k + 1, *t, v))
            .collect::<PyResult<Vec<_>>>()?;
        out.set_item(intern!(py, "references"), PyList::new(py, refs)?)?;
        let types = PyDict::new(py);
        for (ty, t) in self.types.iter().zip(&r.types) {
            types.set_item(ty.name(), type_dict(py, t, r, &forms)?)?;
        }
        out.set_item(intern!(py, "types"), types)?;
        Ok(out)
    }
}

/// One text of a pair as every engine's explanation holds it: the parts of its
/// `rougekit.explain/1` dict (`text`, `ids`, `tokens`, a second token list, `dropped`,
/// `sentences`, in that order).
pub(crate) struct TextParts<'a, C> {
    /// The text (`None` for token ids).
    pub text: Option<&'a str>,
    /// Token ids: the whole sequence, separators included (tokens leave them out).
    pub ids: Option<&'a [i64]>,
    pub tokens: &'a [Token<C>],
    /// The tokens a type compares when they are not `tokens`, under their key
    /// (rougeLsum's `line_tokens`, ROUGE-1.5.5's `lcs_tokens` under `-b`).
    pub own_tokens: Option<(&'static str, &'a [Token<C>])>,
    pub dropped: &'a [Dropped],
    pub sentences: usize,
}

/// The text of bytes `start..end` of `text` (the spans are the engines' own, on character
/// boundaries; a span that is not becomes the lossy decoding of its bytes).
fn surface(text: &str, start: u32, end: u32) -> std::borrow::Cow<'_, str> {
    let (s, e) = (start as usize, end as usize);
    match text.get(s..e) {
        Some(x) => x.into(),
        None => String::from_utf8_lossy(text.as_bytes().get(s..e).unwrap_or_default()),
    }
}

/// The dict of one text of a pair, for every engine; `compared` turns a token's compared
/// form into its Python value.
pub(crate) fn text_dict<'py, C>(
    py: Python<'py>,
    parts: &TextParts<'_, C>,
    compared: &dyn Fn(&C) -> Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let k_text = intern!(py, "text");
    let (k_start, k_end) = (intern!(py, "start"), intern!(py, "end"));
    match parts.text {
        Some(t) => d.set_item(k_text, PyString::new(py, t))?,
        None => d.set_item(k_text, py.None())?,
    }
    if let Some(ids) = parts.ids {
        d.set_item(intern!(py, "ids"), ids)?;
    }
    d.set_item(
        intern!(py, "tokens"),
        token_list(py, parts.text, parts.ids, parts.tokens, compared)?,
    )?;
    if let Some((key, tokens)) = parts.own_tokens {
        d.set_item(
            key,
            token_list(py, parts.text, parts.ids, tokens, compared)?,
        )?;
    }
    let mut dropped = Vec::with_capacity(parts.dropped.len());
    if let Some(t) = parts.text {
        for x in parts.dropped {
            let dd = PyDict::new(py);
            dd.set_item(k_text, surface(t, x.byte_start, x.byte_end))?;
            dd.set_item(k_start, x.start)?;
            dd.set_item(k_end, x.end)?;
            dd.set_item(intern!(py, "why"), x.why.name())?;
            dropped.push(dd);
        }
    }
    d.set_item(intern!(py, "dropped"), PyList::new(py, dropped)?)?;
    d.set_item(intern!(py, "sentences"), parts.sentences)?;
    Ok(d)
}

fn token_list<'py, C>(
    py: Python<'py>,
    text: Option<&str>,
    ids: Option<&[i64]>,
    view_tokens: &[Token<C>],
    compared: &dyn Fn(&C) -> Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let k_text = intern!(py, "text");
    let (k_start, k_end) = (intern!(py, "start"), intern!(py, "end"));
    let (k_compared, k_sentence) = (intern!(py, "compared"), intern!(py, "sentence"));
    let mut tokens = Vec::with_capacity(view_tokens.len());
    for tok in view_tokens {
        let td = PyDict::new(py);
        match (text, ids) {
            (Some(t), _) => {
                td.set_item(
                    k_text,
                    PyString::new(py, &surface(t, tok.byte_start, tok.byte_end)),
                )?;
            }
            (None, Some(ids)) => {
                let id = ids.get(tok.start as usize).copied().unwrap_or(0);
                td.set_item(k_text, id.to_string())?;
                td.set_item(intern!(py, "id"), id)?;
            }
            (None, None) => td.set_item(k_text, py.None())?,
        }
        td.set_item(k_start, tok.start)?;
        td.set_item(k_end, tok.end)?;
        td.set_item(k_compared, compared(&tok.compared))?;
        td.set_item(k_sentence, tok.sentence)?;
        tokens.push(td);
    }
    PyList::new(py, tokens)
}

fn kind(ty: RougeType) -> &'static str {
    match ty {
        RougeType::N(_) => "ngram",
        RougeType::L => "lcs",
        RougeType::Lsum => "union-lcs",
        RougeType::W(_) => "wlcs",
        RougeType::S { .. } => "skip-bigram",
    }
}

fn set_score(d: &Bound<'_, PyDict>, s: &Score) -> PyResult<()> {
    let py = d.py();
    d.set_item(intern!(py, "precision"), s.precision)?;
    d.set_item(intern!(py, "recall"), s.recall)?;
    d.set_item(intern!(py, "fmeasure"), s.fmeasure)
}

/// Counts as the dict holds them: ints (ROUGE-W: the WLCS float, token counts as totals
/// and f of them as weights).
fn set_counts(
    d: &Bound<'_, PyDict>,
    ty: RougeType,
    m: &Match,
    pred_tokens: usize,
    ref_tokens: usize,
) -> PyResult<()> {
    let py = d.py();
    if let RougeType::W(_) = ty {
        d.set_item(intern!(py, "hits"), m.hits)?;
        d.set_item(intern!(py, "prediction_total"), pred_tokens)?;
        d.set_item(intern!(py, "reference_total"), ref_tokens)?;
        d.set_item(intern!(py, "prediction_weight"), m.pred_total)?;
        d.set_item(intern!(py, "reference_weight"), m.ref_total)?;
        d.set_item(intern!(py, "whole_prediction"), m.whole_pred)?;
        d.set_item(intern!(py, "whole_reference"), m.whole_ref)?;
    } else {
        d.set_item(intern!(py, "hits"), m.hits as i64)?;
        d.set_item(intern!(py, "prediction_total"), m.pred_total as i64)?;
        d.set_item(intern!(py, "reference_total"), m.ref_total as i64)?;
    }
    Ok(())
}

fn type_dict<'py>(
    py: Python<'py>,
    t: &TypeExplain,
    r: &PairExplain,
    forms: &[Bound<'py, PyAny>],
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(intern!(py, "kind"), kind(t.ty))?;
    match t.ty {
        RougeType::N(n) => d.set_item(intern!(py, "n"), n)?,
        RougeType::W(bits) => d.set_item(intern!(py, "weight"), f64::from_bits(bits))?,
        RougeType::S { gap, su } => {
            d.set_item(intern!(py, "max_gap"), gap)?;
            d.set_item(intern!(py, "unigrams"), su)?;
        }
        _ => {}
    }
    d.set_item(intern!(py, "rule"), t.rule.name())?;
    d.set_item(intern!(py, "jackknife"), t.jackknife)?;
    d.set_item(intern!(py, "reference"), t.reference)?;
    if t.reference.is_some() && t.per_reference.len() > 1 {
        d.set_item(intern!(py, "tie"), t.tie)?;
    }
    match &t.counts {
        Some(m) => {
            let (p, q) = match t.reference {
                Some(j) => (
                    t.per_reference[j].pred_tokens,
                    t.per_reference[j].ref_tokens,
                ),
                None => (
                    t.per_reference.iter().map(|e| e.pred_tokens).sum(),
                    t.per_reference.iter().map(|e| e.ref_tokens).sum(),
                ),
            };
            set_counts(&d, t.ty, m, p, q)?;
        }
        None => {
            let none = py.None();
            d.set_item(intern!(py, "hits"), &none)?;
            d.set_item(intern!(py, "prediction_total"), &none)?;
            d.set_item(intern!(py, "reference_total"), &none)?;
        }
    }
    set_score(&d, &t.score)?;
    d.set_item(intern!(py, "formula"), explain::formula(t.ty))?;
    let per = t
        .per_reference
        .iter()
        .enumerate()
        .map(|(j, e)| ref_dict(py, t.ty, j, e, r, forms))
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item(intern!(py, "per_reference"), PyList::new(py, per)?)?;
    if t.jackknife {
        let subsets = t
            .jackknife_subsets
            .iter()
            .map(|(left_out, s)| {
                let x = PyDict::new(py);
                x.set_item(intern!(py, "left_out"), left_out)?;
                set_score(&x, s)?;
                Ok(x)
            })
            .collect::<PyResult<Vec<_>>>()?;
        d.set_item(intern!(py, "jackknife_subsets"), PyList::new(py, subsets)?)?;
    }
    Ok(d)
}

/// The compared forms of the `n` tokens from `at`.
fn gram<'py, C>(
    py: Python<'py>,
    tokens: &[Token<C>],
    at: u32,
    n: usize,
    compared: &dyn Fn(&C) -> Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let items = tokens
        .iter()
        .skip(at as usize)
        .take(n)
        .map(|t| compared(&t.compared));
    PyList::new(py, items)
}

/// One reference's n-grams, for every engine: the two texts' tokens and the witness.
pub(crate) struct Ngrams<'a, C> {
    pub n: usize,
    pub prediction: &'a [Token<C>],
    pub reference: &'a [Token<C>],
    pub matches: &'a [GramMatch],
    pub positions: &'a [u32],
    pub missed: &'a [GramMissed],
    /// The pltrdy family's `exclusive=True`: each n-gram both texts hold is one hit, shown
    /// at its first occurrence on each side; only the n-grams without a hit are missed.
    pub distinct: bool,
}

/// `matches` and `missed` of a reference's dict, for every engine.
pub(crate) fn ngrams_into<'py, C>(
    py: Python<'py>,
    d: &Bound<'py, PyDict>,
    g: &Ngrams<'_, C>,
    compared: &dyn Fn(&C) -> Bound<'py, PyAny>,
) -> PyResult<()> {
    let (k_gram, k_rc, k_hits) = (
        intern!(py, "gram"),
        intern!(py, "reference_count"),
        intern!(py, "hits"),
    );
    let mut ms = Vec::with_capacity(g.matches.len());
    for m in g.matches {
        let (at, h) = (m.at as usize, m.hits() as usize);
        let (p_at, r_at) = (&g.positions[at..at + h], &g.positions[at + h..at + 2 * h]);
        let (p_at, r_at, hits) = if g.distinct {
            (&p_at[..1.min(h)], &r_at[..1.min(h)], 1)
        } else {
            (p_at, r_at, m.hits())
        };
        let x = PyDict::new(py);
        let first = p_at.first().copied().unwrap_or(0);
        x.set_item(k_gram, gram(py, g.prediction, first, g.n, compared)?)?;
        x.set_item(intern!(py, "prediction_count"), m.prediction_count)?;
        x.set_item(k_rc, m.reference_count)?;
        x.set_item(k_hits, hits)?;
        x.set_item(intern!(py, "prediction_at"), p_at)?;
        x.set_item(intern!(py, "reference_at"), r_at)?;
        ms.push(x);
    }
    d.set_item(intern!(py, "matches"), PyList::new(py, ms)?)?;
    let mut ms = Vec::with_capacity(g.missed.len());
    for m in g.missed.iter().filter(|m| !g.distinct || m.hits == 0) {
        let x = PyDict::new(py);
        x.set_item(
            k_gram,
            gram(py, g.reference, m.reference_first, g.n, compared)?,
        )?;
        x.set_item(k_rc, m.reference_count)?;
        x.set_item(k_hits, m.hits)?;
        ms.push(x);
    }
    d.set_item(intern!(py, "missed"), PyList::new(py, ms)?)
}

/// A union LCS's `sentences` of a reference's dict, for every engine.
pub(crate) fn sentences_list<'py>(
    py: Python<'py>,
    marks: &[SentenceMarks],
) -> PyResult<Bound<'py, PyList>> {
    let mut ss = Vec::with_capacity(marks.len());
    for (k, m) in marks.iter().enumerate() {
        let x = PyDict::new(py);
        x.set_item(intern!(py, "sentence"), k)?;
        x.set_item(intern!(py, "counted"), &m.counted)?;
        x.set_item(intern!(py, "not_counted"), &m.not_counted)?;
        x.set_item(intern!(py, "unmatched"), &m.unmatched)?;
        ss.push(x);
    }
    PyList::new(py, ss)
}

/// The skip-bigram items of a reference's `matches`, for every engine (a unigram is a
/// one-token `pair`).
pub(crate) fn skip_list<'py, F>(
    py: Python<'py>,
    matches: &[SkipMatch<F>],
    form: &dyn Fn(&F) -> Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let mut ms = Vec::with_capacity(matches.len());
    for m in matches {
        let x = PyDict::new(py);
        let pair = match &m.second {
            Some(b) => vec![form(&m.first), form(b)],
            None => vec![form(&m.first)],
        };
        x.set_item(intern!(py, "pair"), PyList::new(py, pair)?)?;
        x.set_item(intern!(py, "prediction_count"), m.prediction_count)?;
        x.set_item(intern!(py, "reference_count"), m.reference_count)?;
        x.set_item(intern!(py, "hits"), m.hits)?;
        ms.push(x);
    }
    PyList::new(py, ms)
}

fn ref_dict<'py>(
    py: Python<'py>,
    ty: RougeType,
    j: usize,
    e: &RefExplain,
    r: &PairExplain,
    forms: &[Bound<'py, PyAny>],
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(intern!(py, "reference"), j)?;
    set_counts(&d, ty, &e.counts, e.pred_tokens, e.ref_tokens)?;
    set_score(&d, &e.score)?;
    let k_witness = intern!(py, "witness");
    let none = py.None().into_bound(py);
    let compared = |&k: &u32| forms.get(k as usize).unwrap_or(&none).clone();
    match &e.detail {
        Detail::Ngram {
            matches,
            positions,
            missed,
        } => {
            let n = match ty {
                RougeType::N(n) => n,
                _ => 1,
            };
            let g = Ngrams {
                n,
                prediction: &r.prediction.tokens,
                reference: &r.references[j].tokens,
                matches,
                positions,
                missed,
                distinct: false,
            };
            ngrams_into(py, &d, &g, &compared)?;
        }
        Detail::Lcs { alignment } => match alignment {
            Some(a) => {
                let pairs = a.iter().map(|&(p, q)| [p, q]);
                d.set_item(intern!(py, "alignment"), PyList::new(py, pairs)?)?;
            }
            None => {
                d.set_item(intern!(py, "alignment"), &none)?;
                d.set_item(intern!(py, "why"), "too large")?;
            }
        },
        Detail::Union {
            states,
            sentence_ends,
            prediction_in_lcs,
        } => {
            let marks = explain::sentence_marks(states, sentence_ends.iter().map(|&e| e as usize));
            d.set_item(intern!(py, "sentences"), sentences_list(py, &marks)?)?;
            d.set_item(intern!(py, "prediction_in_lcs"), prediction_in_lcs)?;
        }
        Detail::Wlcs { runs } => match runs {
            Some(runs) => {
                let runs = runs
                    .iter()
                    .map(|run| {
                        let x = PyDict::new(py);
                        x.set_item(intern!(py, "prediction"), run.col)?;
                        x.set_item(intern!(py, "reference"), run.row)?;
                        x.set_item(intern!(py, "length"), run.len)?;
                        Ok(x)
                    })
                    .collect::<PyResult<Vec<_>>>()?;
                d.set_item(intern!(py, "runs"), PyList::new(py, runs)?)?;
            }
            None => {
                d.set_item(intern!(py, "runs"), &none)?;
                d.set_item(intern!(py, "why"), "too large")?;
            }
        },
        Detail::Skip { matches } => match matches {
            Some(ms) => {
                d.set_item(intern!(py, "matches"), skip_list(py, ms, &compared)?)?;
            }
            None => {
                d.set_item(intern!(py, "matches"), &none)?;
                d.set_item(intern!(py, "why"), "too large")?;
            }
        },
    }
    if let Some(w) = explain::witness_note(ty) {
        d.set_item(k_witness, w)?;
    }
    Ok(d)
}
