//! The rouge-score family's `Engine` (every profile whose text pipeline or multi-reference
//! rule is its only difference from rouge-score) and the text functions.
use crate::convert;
use crate::errors::guarded;
use crate::errors::to_py;
use crate::explain::{pair_dict, Texts};
use crate::interrupt::{interrupted, interruptible};
use crate::scores::PyBatchScores;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyDict, PyList, PyString, PyTuple};
use pyo3::IntoPyObjectExt;
use rougekit_core::engine::MultiRef;
use rougekit_core::explain::{self, Forms};
use rougekit_core::pipeline::StemCache;
use rougekit_core::pool::Cancel;
use rougekit_core::{EngineConfig, Pair, Pipeline, RougeType, Stemmer, TokenDoc, Tokenizer};
use std::cell::RefCell;

/// Pairs scored between two checks for pending signals on one thread (about 0.1 s of work);
/// on the pool the calling thread checks while the workers run.
const SIGNAL_CHECK_PAIRS: usize = 8192;

/// Canonical names of `types`; `ValueError` for an unknown type.
#[pyfunction]
pub fn normalize_types(types: Vec<String>) -> PyResult<Vec<String>> {
    types
        .iter()
        .map(|t| RougeType::parse(t).map(|t| t.name()).map_err(to_py))
        .collect()
}

/// `threads` if it is a valid worker count (1 to the core's limit), else `ValueError`.
pub fn check_threads(threads: usize) -> PyResult<usize> {
    if (1..=rougekit_core::engine::config::MAX_THREADS).contains(&threads) {
        Ok(threads)
    } else {
        Err(PyValueError::new_err(format!(
            "threads must be between 1 and {}, got {threads}",
            rougekit_core::engine::config::MAX_THREADS
        )))
    }
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

/// The tokens of `text` under a tokenizer and stemmer.
#[pyfunction]
#[pyo3(signature = (text, stemmer, tokenizer="rouge-score"))]
pub fn tokenize<'py>(
    py: Python<'py>,
    text: &str,
    stemmer: &Bound<'py, PyAny>,
    tokenizer: &str,
) -> PyResult<Bound<'py, PyList>> {
    token_list(py, &pipeline(tokenizer, stemmer)?, text)
}

/// Python strings of recent short tokens on this thread, one slot per hash (a newer token
/// takes its slot): a text at a time, the words every text repeats are made once.
struct RecentStrs {
    slots: Vec<(u128, Option<Py<PyString>>)>,
}

/// `RecentStrs` holds `1 << RECENT_BITS` strings.
const RECENT_BITS: u32 = 12;

impl RecentStrs {
    /// The str of `token`: the one made before for the same token, or a new one.
    fn get<'py>(&mut self, py: Python<'py>, token: &str) -> Bound<'py, PyString> {
        let b = token.as_bytes();
        if b.len() > 15 {
            return PyString::new(py, token);
        }
        // The bytes, zero-padded, with the length in the last byte: distinct tokens get
        // distinct keys.
        let mut key = [0u8; 16];
        key[..b.len()].copy_from_slice(b);
        key[15] = b.len() as u8;
        let key = u128::from_le_bytes(key);
        let mix = ((key as u64) ^ ((key >> 64) as u64).rotate_left(29))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        if self.slots.is_empty() {
            self.slots.resize_with(1 << RECENT_BITS, || (0, None));
        }
        let slot = &mut self.slots[(mix >> (64 - RECENT_BITS)) as usize];
        if let (k, Some(s)) = slot {
            if *k == key {
                return s.bind(py).clone();
            }
        }
        let s = PyString::new(py, token);
        *slot = (key, Some(s.clone().unbind()));
        s
    }
}

thread_local! {
    static RECENT: RefCell<RecentStrs> = const { RefCell::new(RecentStrs { slots: Vec::new() }) };
}

/// The tokens of one text as a list of str, made straight from the tokenizer's slices (no
/// Rust `String` per token on the way), stems and strings of earlier calls reused.
fn token_list<'py>(py: Python<'py>, p: &Pipeline, text: &str) -> PyResult<Bound<'py, PyList>> {
    let mut tokens: Vec<Bound<'py, PyString>> = Vec::new();
    RECENT.with(|recent| {
        // Busy only if this very call re-entered itself (it runs no Python code): then it
        // goes without.
        let mut recent = recent.try_borrow_mut().ok();
        StemCache::with_thread_cache(p.stemmer, |stems| {
            p.tokenizer.scan(text, |event| {
                if let Some(t) = event {
                    let word = if p.stemmer.applies_to(t) {
                        stems.stem_word(t)
                    } else {
                        t
                    };
                    tokens.push(match recent.as_deref_mut() {
                        Some(r) => r.get(py, word),
                        None => PyString::new(py, word),
                    });
                }
            });
        })
    });
    PyList::new(py, tokens)
}

/// Inputs below this many bytes in all are tokenised or stemmed holding the GIL: releasing
/// it (and waking the pool) would cost more than it gives back.
const INLINE_BYTES: usize = 1 << 16;

/// The str items of `items` (a list or tuple), borrowed, with errors naming `what[i]`.
pub(crate) fn str_items(items: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<PyBackedStr>> {
    let read = |k: usize, item: Bound<'_, PyAny>| -> PyResult<PyBackedStr> {
        let s = item.downcast_into::<PyString>().map_err(|e| {
            let item = e.into_inner();
            let hint = if item.is_instance_of::<PyBytes>() {
                " (decode bytes to str first)"
            } else {
                ""
            };
            let got = item
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default();
            PyTypeError::new_err(format!("{what}[{k}] must be str, got {got}{hint}"))
        })?;
        PyBackedStr::try_from(s).map_err(|_| {
            PyValueError::new_err(format!(
                "{what}[{k}] is not valid Unicode text (it contains a lone surrogate)"
            ))
        })
    };
    if let Ok(list) = items.downcast::<PyList>() {
        // Indexed, not iterated: an error beats a panic should the list change meanwhile.
        (0..list.len())
            .map(|k| read(k, list.get_item(k)?))
            .collect()
    } else if let Ok(tuple) = items.downcast::<PyTuple>() {
        tuple.iter().enumerate().map(|(k, t)| read(k, t)).collect()
    } else {
        Err(PyTypeError::new_err(format!(
            "{what} must be a list of str, got {}",
            items
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        )))
    }
}

/// A tokenizer and a stemmer, parsed once: `rougekit.tokenize` of one text or of many.
#[pyclass(module = "rougekit._core", name = "Pipeline", frozen)]
pub struct PyPipeline {
    inner: Pipeline,
}

#[pymethods]
impl PyPipeline {
    #[new]
    #[pyo3(signature = (tokenizer="rouge-score", stemmer=None))]
    fn new(tokenizer: &str, stemmer: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let inner = match stemmer {
            Some(s) => pipeline(tokenizer, s)?,
            None => Pipeline {
                tokenizer: Tokenizer::parse(tokenizer).map_err(to_py)?,
                stemmer: Stemmer::None,
            },
        };
        Ok(PyPipeline { inner })
    }

    #[getter]
    fn tokenizer(&self) -> &'static str {
        self.inner.tokenizer.name()
    }

    /// The stemmer's name, `None` without one.
    #[getter]
    fn stemmer(&self) -> Option<&'static str> {
        self.inner.stemmer.name()
    }

    /// The (stemmed) tokens of `text`.
    fn tokens<'py>(&self, py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyList>> {
        token_list(py, &self.inner, text)
    }

    /// The tokens of each text of `texts` (a list or tuple of str), in order: large inputs
    /// are tokenised without the GIL on `threads` workers (Ctrl-C honoured).
    #[pyo3(signature = (texts, threads=1))]
    fn tokens_many<'py>(
        &self,
        py: Python<'py>,
        texts: &Bound<'py, PyAny>,
        threads: usize,
    ) -> PyResult<Bound<'py, PyList>> {
        let threads = check_threads(threads)?;
        let items = str_items(texts, "text")?;
        let refs: Vec<&str> = items.iter().map(|s| &**s).collect();
        let bytes: usize = refs.iter().map(|s| s.len()).sum();
        let lists = if bytes < INLINE_BYTES {
            self.inner.token_lists(&refs, 1, &Cancel::never())
        } else {
            Some(interruptible(py, |cancel| {
                Ok(self.inner.token_lists(&refs, threads, cancel))
            })?)
        };
        let lists = lists.ok_or_else(|| interrupted(None))?;
        // Most tokens of real text repeat: a str made for a token serves its repeats (a
        // reference costs less than a string).
        let out = RECENT.with(|recent| {
            let mut recent = recent.try_borrow_mut().ok();
            (0..lists.len())
                .map(|i| {
                    PyList::new(
                        py,
                        lists.tokens(i).map(|t| match recent.as_deref_mut() {
                            Some(r) => r.get(py, t),
                            None => PyString::new(py, t),
                        }),
                    )
                })
                .collect::<PyResult<Vec<_>>>()
        })?;
        PyList::new(py, out)
    }
}

/// Each word of `words` (a list or tuple of str) stemmed as is by `stemmer` (a stemmer
/// name): the public `rougekit.stem`. Large inputs are stemmed without the GIL.
#[pyfunction]
pub fn stem_words<'py>(
    py: Python<'py>,
    words: &Bound<'py, PyAny>,
    stemmer: &str,
) -> PyResult<Bound<'py, PyList>> {
    let s = Stemmer::parse(stemmer).map_err(to_py)?;
    let items = str_items(words, "words")?;
    let bytes: usize = items.iter().map(|w| w.len()).sum();
    if bytes < INLINE_BYTES {
        return PyList::new(py, items.iter().map(|w| PyString::new(py, &s.stem_word(w))));
    }
    let stems = py.allow_threads(|| {
        guarded(|| {
            StemCache::with_thread_cache(s, |cache| {
                let mut all = String::with_capacity(bytes);
                let mut ends = Vec::with_capacity(items.len());
                for w in &items {
                    all.push_str(cache.stem_word(w));
                    ends.push(all.len());
                }
                (all, ends)
            })
        })
    })?;
    let (all, ends) = stems;
    let mut start = 0;
    PyList::new(
        py,
        ends.iter().map(|&end| {
            let w = PyString::new(py, &all[start..end]);
            start = end;
            w
        }),
    )
}

/// The signature id of the stemmer named `stemmer`: `nltk-porter`, `snowball-3.1.1:german`
/// for `snowball:german` (the Snowball release whose stems these are).
#[pyfunction]
pub fn stemmer_id(stemmer: &str) -> PyResult<&'static str> {
    let s = Stemmer::parse(stemmer).map_err(to_py)?;
    Ok(s.signature_id()
        .expect("a parsed stemmer name is a stemmer"))
}

/// A configured scorer of the rouge-score family.
#[pyclass(module = "rougekit._core", name = "Engine", frozen)]
pub struct PyEngine {
    pub(crate) inner: rougekit_core::Engine,
}

#[pymethods]
impl PyEngine {
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
        Ok(PyEngine {
            inner: rougekit_core::Engine::new(config),
        })
    }

    #[getter]
    fn types(&self) -> Vec<String> {
        self.inner.config().types.iter().map(|t| t.name()).collect()
    }

    /// The explanations of every pair of text, in order, counted by this engine's code
    /// (in parallel without the GIL; Ctrl-C honoured).
    fn explain_texts(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<PyExplanation>> {
        explain_texts_of(&self.inner, py, predictions, references)
    }

    /// The explanations of every pair of token ids (lists of ints), in order.
    fn explain_ids(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<PyExplanation>> {
        explain_ids_of(&self.inner, py, predictions, references)
    }

    /// The stemmer's name, `None` without one.
    #[getter]
    fn stemmer(&self) -> Option<&'static str> {
        self.inner.config().pipeline.stemmer.name()
    }

    /// The stemmer's signature id (`nltk-porter`, `snowball-3.1.1:german`), `None` without
    /// one.
    #[getter]
    fn stemmer_id(&self) -> Option<&'static str> {
        self.inner.config().pipeline.stemmer.signature_id()
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

    /// Scores a batch with the GIL released; Ctrl-C is honoured while it runs.
    fn score_batch(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<PyBatchScores> {
        let texts = convert::batch_texts(predictions, references)?;
        let inner = interruptible(py, |cancel| {
            texts.as_pairs(|pairs| {
                self.inner
                    .score_texts_interruptible(pairs, SIGNAL_CHECK_PAIRS, cancel)
            })
        })?;
        Ok(PyBatchScores::from(inner))
    }

    /// Scores the pairs of a chunk read by the command line's readers (texts in Rust).
    fn score_chunk(
        &self,
        py: Python<'_>,
        chunk: PyRef<'_, crate::readers::PyTextChunk>,
    ) -> PyResult<PyBatchScores> {
        let chunk = &chunk.inner;
        let inner = interruptible(py, |cancel| {
            chunk.as_pairs(|pairs| {
                self.inner
                    .score_texts_interruptible(pairs, SIGNAL_CHECK_PAIRS, cancel)
            })
        })?;
        Ok(PyBatchScores::from(inner))
    }

    /// Scores one pair on the calling thread: `(rows, dropped, bytes, non_ascii_letters)`,
    /// rows `(precision, recall, fmeasure, int_zero)` per type in type order, the notes as
    /// `BatchScores` keeps them per pair. `references` is a str or a list of str. The
    /// one-pair path of `RougeScorer.score` and the compat `score`: no batch object, no pool.
    #[allow(clippy::type_complexity)]
    fn score_one(
        &self,
        py: Python<'_>,
        prediction: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<(Vec<(f64, f64, f64, bool)>, u8, u32, u32)> {
        let (prediction, refs) = convert::one_pair(prediction, references)?;
        let refs: Vec<&str> = refs.iter().map(|s| &**s).collect();
        let pair = Pair {
            prediction: &prediction,
            references: &refs,
        };
        let mut out = Vec::new();
        let notes = interruptible(py, |cancel| self.inner.score_one(&pair, &mut out, cancel))?;
        Ok((
            out.iter()
                .map(|s| (s.precision, s.recall, s.fmeasure, s.int_zero))
                .collect(),
            notes.dropped,
            notes.bytes,
            notes.non_ascii_letters,
        ))
    }

    /// Scores token ids: `predictions[i]` is one id sequence and `references[i]` one or a
    /// list of them; a sequence is a list of ints (read directly) or native-endian int64
    /// bytes (`array("q", ids).tobytes()`, `ndarray.astype("int64").tobytes()`).
    fn score_id_batch(
        &self,
        py: Python<'_>,
        predictions: Vec<Bound<'_, PyAny>>,
        references: Vec<Bound<'_, PyAny>>,
    ) -> PyResult<PyBatchScores> {
        let ids = convert::id_batch(&predictions, &references)?;
        self.score_ids(py, &ids)
    }

    /// Scores token ids given as lists of lists of exact ints (tokenizer output, the usual
    /// input), read in one pass with no per-pair Python code; `None`, having scored nothing,
    /// when any value is not read natively (see `convert::id_lists`): the caller then
    /// normalises the inputs and calls `score_id_batch`.
    fn score_id_lists(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<Option<PyBatchScores>> {
        match convert::id_lists(predictions, references) {
            Some(ids) => self.score_ids(py, &ids).map(Some),
            None => Ok(None),
        }
    }

    /// Scores token ids in the ragged form: `values` and `offsets` as int64 native bytes
    /// (sequence `i` is `values[offsets[i]..offsets[i + 1]]`), one reference per prediction,
    /// with no Python object per sequence (NumPy arrays, PyTorch CPU tensors).
    fn score_id_ragged(
        &self,
        py: Python<'_>,
        pred_values: &[u8],
        pred_offsets: &[u8],
        ref_values: &[u8],
        ref_offsets: &[u8],
    ) -> PyResult<PyBatchScores> {
        let ids = convert::ragged(pred_values, pred_offsets, ref_values, ref_offsets)?;
        self.score_ids(py, &ids)
    }

    /// Scores one pre-tokenised pair: each text is `(whole_ids, [line_ids, ...])`.
    #[allow(clippy::type_complexity)]
    fn score_token_ids(
        &self,
        py: Python<'_>,
        prediction: (Vec<u32>, Vec<Vec<u32>>),
        references: Vec<(Vec<u32>, Vec<Vec<u32>>)>,
    ) -> PyResult<PyBatchScores> {
        if references.is_empty() {
            return Err(PyValueError::new_err("references is an empty list"));
        }
        let pred = TokenDoc::from_ids(prediction.0, &prediction.1);
        let refs: Vec<TokenDoc> = references
            .into_iter()
            .map(|(w, l)| TokenDoc::from_ids(w, &l))
            .collect();
        let inner = interruptible(py, |cancel| self.inner.score_docs(&pred, &refs, cancel))?;
        Ok(PyBatchScores::from(inner))
    }
}

impl PyEngine {
    /// Scores a batch of token ids with the GIL released.
    fn score_ids(&self, py: Python<'_>, ids: &convert::Ids) -> PyResult<PyBatchScores> {
        let inner = interruptible(py, |cancel| {
            ids.as_pairs(|pairs| {
                self.inner
                    .score_ids_interruptible(pairs, SIGNAL_CHECK_PAIRS, cancel)
            })
        })?;
        Ok(PyBatchScores::from(inner))
    }
}

// -- explanations ------------------------------------------------------------------------

/// The explanations of every pair of text, in order (computed in parallel without the GIL;
/// Ctrl-C honoured): the scorer explains with its own configuration.
fn explain_texts_of(
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
            }
        })
        .collect();
    Ok(out)
}

/// The explanations of every pair of token ids (lists of ints), in order.
fn explain_ids_of(
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
        })
        .collect();
    Ok(out)
}

/// One pair's explanation as the core made it (compact: interned forms, kernel states).
#[pyclass(module = "rougekit._core", name = "ExplanationRecord", frozen)]
pub struct PyExplanation {
    record: explain::PairExplain,
    texts: Texts,
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
        let forms = &self.record.forms;
        let forms: Vec<Bound<'py, PyAny>> = match forms {
            Forms::Text { .. } => (0..forms.len())
                .map(|k| PyString::new(py, forms.text(k).unwrap_or("")).into_any())
                .collect(),
            Forms::Ids(f) => f
                .iter()
                .map(|&i| i.into_bound_py_any(py))
                .collect::<PyResult<_>>()?,
        };
        let none = py.None().into_bound(py);
        let compared = |&k: &u32| forms.get(k as usize).unwrap_or(&none).clone();
        pair_dict(py, head, &self.record.record(), &self.texts, &compared)
    }
}
