//! The `rougekit.explain/1` dict of every engine's explanation, built here only: each
//! scorer's explainer (`Engine.explain_texts` / `explain_ids` in `scorer.rs`,
//! `PerlScorer.explain_texts` in `perl.rs`, `PltrdyScorer.explain_texts` in `pltrdy.rs`)
//! keeps the core's compact explanation until its dict is asked for (`to_dict(head)`),
//! then turns it into the core's one record vocabulary ([`PairRecord`]) and [`pair_dict`]
//! writes that.
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyDict, PyList, PyString};
use rougekit_core::explain::record::{
    Count, Kind, PairRecord, Prf, ReferenceRecord, SentenceLcs, Tally, TextRecord, TypeRecord,
    Witness,
};
use rougekit_core::explain::{GramMatch, GramMissed, SentenceMarks, SkipMatch, Token};

/// The texts of one explained pair, as the caller gave them.
pub(crate) enum Texts {
    Strs {
        prediction: PyBackedStr,
        references: Vec<PyBackedStr>,
    },
    Ids {
        prediction: Vec<i64>,
        references: Vec<Vec<i64>>,
    },
}

impl Texts {
    /// Text `k` (0: the prediction; `None` for token ids).
    fn text(&self, k: usize) -> Option<&str> {
        match self {
            Texts::Strs {
                prediction,
                references,
            } => Some(if k == 0 {
                prediction
            } else {
                &references[k - 1]
            }),
            Texts::Ids { .. } => None,
        }
    }

    /// Token ids `k` (0: the prediction; `None` for texts).
    fn ids(&self, k: usize) -> Option<&[i64]> {
        match self {
            Texts::Ids {
                prediction,
                references,
            } => Some(if k == 0 {
                prediction
            } else {
                &references[k - 1]
            }),
            Texts::Strs { .. } => None,
        }
    }
}

/// The `rougekit.explain/1` dict of one pair: the keys of `head` (schema, signature, id,
/// profile) first, then the texts and the types; `compared` turns a token's compared form
/// into its Python value.
pub(crate) fn pair_dict<'py, C>(
    py: Python<'py>,
    head: &Bound<'py, PyDict>,
    record: &PairRecord<C>,
    texts: &Texts,
    compared: &dyn Fn(&C) -> Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let out = head.copy()?;
    let prediction = text_dict(py, texts, 0, &record.prediction, compared)?;
    out.set_item(intern!(py, "prediction"), prediction)?;
    let refs = record
        .references
        .iter()
        .enumerate()
        .map(|(k, t)| text_dict(py, texts, k + 1, t, compared))
        .collect::<PyResult<Vec<_>>>()?;
    out.set_item(intern!(py, "references"), PyList::new(py, refs)?)?;
    let types = PyDict::new(py);
    for t in &record.types {
        types.set_item(&t.name, type_dict(py, t, record, compared)?)?;
    }
    out.set_item(intern!(py, "types"), types)?;
    Ok(out)
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

/// The dict of text `k` of a pair (`text`, `ids`, `tokens`, a second token list,
/// `dropped`, `sentences`, in that order).
fn text_dict<'py, C>(
    py: Python<'py>,
    texts: &Texts,
    k: usize,
    t: &TextRecord<C>,
    compared: &dyn Fn(&C) -> Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let (text, ids) = (texts.text(k), texts.ids(k));
    let d = PyDict::new(py);
    let k_text = intern!(py, "text");
    let (k_start, k_end) = (intern!(py, "start"), intern!(py, "end"));
    match text {
        Some(t) => d.set_item(k_text, PyString::new(py, t))?,
        None => d.set_item(k_text, py.None())?,
    }
    if let Some(ids) = ids {
        d.set_item(intern!(py, "ids"), ids)?;
    }
    let tokens = token_list(py, text, ids, &t.tokens, compared)?;
    d.set_item(intern!(py, "tokens"), tokens)?;
    if let Some((key, tokens)) = &t.own_tokens {
        d.set_item(*key, token_list(py, text, ids, tokens, compared)?)?;
    }
    let mut dropped = Vec::with_capacity(t.dropped.len());
    if let Some(text) = text {
        for x in &t.dropped {
            let dd = PyDict::new(py);
            dd.set_item(k_text, surface(text, x.byte_start, x.byte_end))?;
            dd.set_item(k_start, x.start)?;
            dd.set_item(k_end, x.end)?;
            dd.set_item(intern!(py, "why"), x.why.name())?;
            dropped.push(dd);
        }
    }
    d.set_item(intern!(py, "dropped"), PyList::new(py, dropped)?)?;
    d.set_item(intern!(py, "sentences"), t.sentences)?;
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

fn count_into(d: &Bound<'_, PyDict>, key: &Bound<'_, PyString>, c: Count) -> PyResult<()> {
    match c {
        Count::Int(x) => d.set_item(key, x),
        Count::Float(x) => d.set_item(key, x),
        Count::Null => d.set_item(key, d.py().None()),
    }
}

/// `hits`, the totals and (ROUGE-W of the rouge-score family) the weights.
fn tally_into(d: &Bound<'_, PyDict>, t: &Tally) -> PyResult<()> {
    let py = d.py();
    count_into(d, intern!(py, "hits"), t.hits)?;
    count_into(d, intern!(py, "prediction_total"), t.prediction_total)?;
    count_into(d, intern!(py, "reference_total"), t.reference_total)?;
    if let Some(w) = &t.weights {
        d.set_item(intern!(py, "prediction_weight"), w.prediction_weight)?;
        d.set_item(intern!(py, "reference_weight"), w.reference_weight)?;
        d.set_item(intern!(py, "whole_prediction"), w.whole_prediction)?;
        d.set_item(intern!(py, "whole_reference"), w.whole_reference)?;
    }
    Ok(())
}

fn prf_into(d: &Bound<'_, PyDict>, s: &Prf) -> PyResult<()> {
    let py = d.py();
    d.set_item(intern!(py, "precision"), s.precision)?;
    d.set_item(intern!(py, "recall"), s.recall)?;
    d.set_item(intern!(py, "fmeasure"), s.fmeasure)
}

fn type_dict<'py, C>(
    py: Python<'py>,
    t: &TypeRecord<C>,
    pair: &PairRecord<C>,
    compared: &dyn Fn(&C) -> Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(intern!(py, "kind"), t.kind.name())?;
    match t.kind {
        Kind::Ngram(n) => d.set_item(intern!(py, "n"), n)?,
        Kind::Wlcs(w) => d.set_item(intern!(py, "weight"), w)?,
        Kind::SkipBigram { max_gap, unigrams } => {
            d.set_item(intern!(py, "max_gap"), max_gap)?;
            d.set_item(intern!(py, "unigrams"), unigrams)?;
        }
        Kind::Lcs | Kind::UnionLcs => {}
    }
    if let Some(c) = t.count {
        d.set_item(intern!(py, "count"), c)?;
    }
    d.set_item(intern!(py, "rule"), t.rule)?;
    d.set_item(intern!(py, "jackknife"), t.jackknife)?;
    if let Some(a) = t.alpha {
        d.set_item(intern!(py, "alpha"), a)?;
    }
    d.set_item(intern!(py, "reference"), t.reference)?;
    if let Some(tie) = t.tie {
        d.set_item(intern!(py, "tie"), tie)?;
    }
    tally_into(&d, &t.tally)?;
    if let Some(c) = t.peer_count {
        count_into(&d, intern!(py, "peer_count"), c)?;
    }
    prf_into(&d, &t.score)?;
    d.set_item(intern!(py, "formula"), &*t.formula)?;
    if let Some((reference, message)) = &t.failure {
        let failure = PyDict::new(py);
        failure.set_item(intern!(py, "reference"), reference)?;
        failure.set_item(intern!(py, "message"), message)?;
        d.set_item(intern!(py, "failure"), failure)?;
    }
    let per = t
        .per_reference
        .iter()
        .map(|r| ref_dict(py, r, pair, compared))
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item(intern!(py, "per_reference"), PyList::new(py, per)?)?;
    if let Some(subsets) = &t.jackknife_subsets {
        let subsets = subsets
            .iter()
            .map(|(left_out, s)| {
                let x = PyDict::new(py);
                x.set_item(intern!(py, "left_out"), left_out)?;
                prf_into(&x, s)?;
                Ok(x)
            })
            .collect::<PyResult<Vec<_>>>()?;
        d.set_item(intern!(py, "jackknife_subsets"), PyList::new(py, subsets)?)?;
    }
    Ok(d)
}

fn ref_dict<'py, C>(
    py: Python<'py>,
    r: &ReferenceRecord<C>,
    pair: &PairRecord<C>,
    compared: &dyn Fn(&C) -> Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let k_reference = intern!(py, "reference");
    if !r.reference_last {
        d.set_item(k_reference, r.reference)?;
    }
    tally_into(&d, &r.tally)?;
    prf_into(&d, &r.score)?;
    if r.reference_last {
        d.set_item(k_reference, r.reference)?;
    }
    if let Some(s) = r.select {
        d.set_item(intern!(py, "select"), s)?;
    }
    let texts = (
        &pair.prediction.tokens[..],
        &pair.references[r.reference].tokens[..],
    );
    witness_into(py, &d, &r.witness, texts, compared)?;
    if let Some(note) = r.note {
        d.set_item(intern!(py, "witness"), note)?;
    }
    // ROUGE-1.5.5's ROUGE-W runs come after the note.
    if let Witness::Union {
        runs: Some((runs, base)),
        ..
    } = &r.witness
    {
        let list = PyList::empty(py);
        for run in runs {
            let item = PyDict::new(py);
            item.set_item(intern!(py, "prediction"), py.None())?;
            item.set_item(k_reference, run.first)?;
            item.set_item(intern!(py, "last"), run.last)?;
            item.set_item(intern!(py, "length"), run.length)?;
            item.set_item(intern!(py, "sentence"), run.sentence)?;
            item.set_item(intern!(py, "value"), run.value)?;
            list.append(item)?;
        }
        d.set_item(intern!(py, "runs"), list)?;
        d.set_item(intern!(py, "reference_base"), *base)?;
    }
    Ok(d)
}

/// The witness's keys of a reference's dict; `texts`: the prediction's tokens and the
/// reference's.
fn witness_into<'py, C>(
    py: Python<'py>,
    d: &Bound<'py, PyDict>,
    w: &Witness<C>,
    texts: (&[Token<C>], &[Token<C>]),
    compared: &dyn Fn(&C) -> Bound<'py, PyAny>,
) -> PyResult<()> {
    let none = py.None();
    let k_why = intern!(py, "why");
    match w {
        Witness::Ngram {
            n,
            matches,
            positions,
            missed,
            distinct,
        } => {
            let g = Ngrams {
                n: *n,
                prediction: texts.0,
                reference: texts.1,
                matches,
                positions,
                missed,
                distinct: *distinct,
            };
            ngrams_into(py, d, &g, compared)?;
        }
        Witness::Alignment(alignment) => match alignment {
            Some(a) => {
                let pairs = a.iter().map(|&(p, q)| [p, q]);
                d.set_item(intern!(py, "alignment"), PyList::new(py, pairs)?)?;
            }
            None => {
                d.set_item(intern!(py, "alignment"), &none)?;
                d.set_item(k_why, "too large")?;
            }
        },
        Witness::Union {
            sentences,
            prediction_in_lcs,
            lcs,
            ..
        } => {
            d.set_item(intern!(py, "sentences"), sentences_list(py, sentences)?)?;
            d.set_item(intern!(py, "prediction_in_lcs"), prediction_in_lcs)?;
            if let Some(steps) = lcs {
                d.set_item(intern!(py, "lcs"), lcs_list(py, steps)?)?;
            }
        }
        Witness::UnionTooLarge => {
            d.set_item(intern!(py, "lcs"), &none)?;
            d.set_item(intern!(py, "sentences"), &none)?;
            d.set_item(intern!(py, "prediction_in_lcs"), &none)?;
            d.set_item(k_why, "too large")?;
        }
        Witness::Runs(runs) => match runs {
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
                d.set_item(k_why, "too large")?;
            }
        },
        Witness::Skip { matches, why } => match matches {
            Some(ms) => d.set_item(intern!(py, "matches"), skip_list(py, ms, compared)?)?,
            None => {
                d.set_item(intern!(py, "matches"), &none)?;
                d.set_item(k_why, *why)?;
            }
        },
        Witness::Nothing => {}
    }
    Ok(())
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

/// One reference's n-grams: the two texts' tokens and the witness.
struct Ngrams<'a, C> {
    n: usize,
    prediction: &'a [Token<C>],
    reference: &'a [Token<C>],
    matches: &'a [GramMatch],
    positions: &'a [u32],
    missed: &'a [GramMissed],
    /// The pltrdy family's `exclusive=True`: each n-gram both texts hold is one hit, shown
    /// at its first occurrence on each side; only the n-grams without a hit are missed.
    distinct: bool,
}

/// `matches` and `missed` of a reference's dict.
fn ngrams_into<'py, C>(
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

/// A union LCS's `sentences` of a reference's dict.
fn sentences_list<'py>(py: Python<'py>, marks: &[SentenceMarks]) -> PyResult<Bound<'py, PyList>> {
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

/// The pltrdy family's sentence LCSs (`lcs` of a reference's dict).
fn lcs_list<'py>(py: Python<'py>, steps: &[SentenceLcs]) -> PyResult<Bound<'py, PyList>> {
    let mut out = Vec::with_capacity(steps.len());
    for step in steps {
        let x = PyDict::new(py);
        x.set_item(intern!(py, "reference_sentence"), step.reference_sentence)?;
        x.set_item(intern!(py, "prediction_sentence"), step.prediction_sentence)?;
        x.set_item(intern!(py, "times"), step.times)?;
        let pairs = step.alignment.iter().map(|&(p, q)| [p, q]);
        x.set_item(intern!(py, "alignment"), PyList::new(py, pairs)?)?;
        if let Some(counted) = &step.counted {
            x.set_item(intern!(py, "counted"), counted)?;
        }
        out.push(x);
    }
    PyList::new(py, out)
}

/// The skip-bigram items of a reference's `matches` (a unigram is a one-token `pair`).
fn skip_list<'py, F>(
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

/// A compared form that is a string (ROUGE-1.5.5, the pltrdy family).
pub(crate) fn string_form<'py>(py: Python<'py>) -> impl Fn(&String) -> Bound<'py, PyAny> {
    move |c: &String| PyString::new(py, c).into_any()
}
