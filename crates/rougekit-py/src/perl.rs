//! The perl-1.5.5 profile's bindings: `perl_score` (raw sentences, for `rougekit perl`),
//! `perl_score_texts` (Python strings, for `RougeScorer`), `perl_score_be`, the bootstrap,
//! and the `PerlBatch` result.
use crate::convert;
use crate::errors::{guarded, to_py};
use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use rougekit_core::perl::be::{self, BeMode};
use rougekit_core::perl::bootstrap::{self, Estimate, Settings, Unit};
use rougekit_core::perl::text::spl_sentences;
use rougekit_core::perl::{
    self, Instance, MultiRef, PerlConfig, PerlScores, PerlStemmer, Skip, TokenRules, Truncation,
};

fn stemmer(name: &str) -> PyResult<PerlStemmer> {
    match name {
        "none" => Ok(PerlStemmer::None),
        "wordnet" => Ok(PerlStemmer::WordNet),
        "porter" => Ok(PerlStemmer::Porter),
        _ => Err(PyValueError::new_err(format!(
            "stemmer must be 'none', 'wordnet' or 'porter', got {name:?}"
        ))),
    }
}

fn multiref(name: &str) -> PyResult<MultiRef> {
    match name {
        "A" => Ok(MultiRef::A),
        "B" => Ok(MultiRef::B),
        _ => Err(PyValueError::new_err(format!(
            "multiref must be 'A' (pool the references) or 'B' (best recall), got {name:?}"
        ))),
    }
}

/// The scoring options, checked as ROUGE-1.5.5 checks them.
#[allow(clippy::too_many_arguments)]
fn config(
    ngram_max: usize,
    lcs: bool,
    wlcs_weight: Option<f64>,
    skip_gap: Option<i64>,
    skip_variants: &str,
    stemmer_name: &str,
    stopwords: bool,
    limit_words: usize,
    limit_bytes: usize,
    multiref_name: &str,
    alpha: f64,
) -> PyResult<PerlConfig> {
    let truncation = match (limit_words, limit_bytes) {
        (0, 0) => Truncation::None,
        (n, 0) => Truncation::Words(n),
        (0, n) => Truncation::Bytes(n),
        _ => {
            return Err(PyValueError::new_err(
                "limit_words and limit_bytes cannot both be set (ROUGE-1.5.5's -l and -b)",
            ))
        }
    };
    let skip = match skip_gap {
        None => None,
        Some(d) => {
            let (s, su) = match skip_variants {
                "S" => (true, false),
                "SU" => (false, true),
                "S+SU" => (true, true),
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "skip_variants must be 'S', 'SU' or 'S+SU', got {skip_variants:?}"
                    )))
                }
            };
            let gap = usize::try_from(d).ok();
            Some(Skip { gap, s, su })
        }
    };
    let config = PerlConfig {
        ngram_max,
        lcs,
        wlcs_weight,
        skip,
        rules: TokenRules {
            stemmer: stemmer(stemmer_name)?,
            stopwords,
        },
        truncation,
        multiref: multiref(multiref_name)?,
        alpha,
    };
    config.validate().map_err(to_py)?;
    Ok(config)
}

fn instances<'a>(
    peers: &'a [Vec<PyBackedBytes>],
    models: &'a [Vec<Vec<PyBackedBytes>>],
) -> PyResult<Vec<Instance<'a>>> {
    if peers.len() != models.len() {
        return Err(PyValueError::new_err(format!(
            "peers and models must have the same length, got {} and {}",
            peers.len(),
            models.len()
        )));
    }
    let as_slices = |s: &'a [PyBackedBytes]| s.iter().map(|b| &b[..]).collect::<Vec<&[u8]>>();
    Ok(peers
        .iter()
        .zip(models)
        .map(|(p, ms)| Instance {
            peer: as_slices(p),
            models: ms.iter().map(|m| as_slices(m)).collect(),
        })
        .collect())
}

/// Scores instances given as raw sentences (bytes) with ROUGE-1.5.5's pipeline.
#[pyfunction]
#[pyo3(signature = (peers, models, *, ngram_max=0, lcs=true, wlcs_weight=None, skip_gap=None,
    skip_variants="S", stemmer="none", stopwords=false, limit_words=0, limit_bytes=0,
    multiref="A", alpha=0.5, threads=1))]
#[allow(clippy::too_many_arguments)]
pub fn perl_score(
    py: Python<'_>,
    peers: Vec<Vec<PyBackedBytes>>,
    models: Vec<Vec<Vec<PyBackedBytes>>>,
    ngram_max: usize,
    lcs: bool,
    wlcs_weight: Option<f64>,
    skip_gap: Option<i64>,
    skip_variants: &str,
    stemmer: &str,
    stopwords: bool,
    limit_words: usize,
    limit_bytes: usize,
    multiref: &str,
    alpha: f64,
    threads: usize,
) -> PyResult<PerlBatch> {
    let config = config(
        ngram_max,
        lcs,
        wlcs_weight,
        skip_gap,
        skip_variants,
        stemmer,
        stopwords,
        limit_words,
        limit_bytes,
        multiref,
        alpha,
    )?;
    let inst = instances(&peers, &models)?;
    let inner = py.allow_threads(|| guarded(|| perl::score_batch(&config, &inst, threads)))?;
    Ok(PerlBatch { inner })
}

/// Scores Python strings (sentences = non-empty `\n`-separated lines, as SPL files) with
/// ROUGE-1.5.5's pipeline; `references[i]` is a string or a list of strings.
#[pyfunction]
#[pyo3(signature = (predictions, references, *, ngram_max=0, lcs=true, wlcs_weight=None,
    skip_gap=None, skip_variants="S", stemmer="none", stopwords=false, limit_words=0,
    limit_bytes=0, multiref="A", alpha=0.5, threads=1))]
#[allow(clippy::too_many_arguments)]
pub fn perl_score_texts(
    py: Python<'_>,
    predictions: &Bound<'_, PyAny>,
    references: &Bound<'_, PyAny>,
    ngram_max: usize,
    lcs: bool,
    wlcs_weight: Option<f64>,
    skip_gap: Option<i64>,
    skip_variants: &str,
    stemmer: &str,
    stopwords: bool,
    limit_words: usize,
    limit_bytes: usize,
    multiref: &str,
    alpha: f64,
    threads: usize,
) -> PyResult<PerlBatch> {
    let config = config(
        ngram_max,
        lcs,
        wlcs_weight,
        skip_gap,
        skip_variants,
        stemmer,
        stopwords,
        limit_words,
        limit_bytes,
        multiref,
        alpha,
    )?;
    let texts = convert::batch_texts(predictions, references)?;
    let inner = py.allow_threads(|| {
        guarded(|| {
            let mut start = 0;
            let inst: Vec<Instance<'_>> = texts
                .predictions
                .iter()
                .zip(&texts.ref_ends)
                .map(|(p, &end)| {
                    let models = texts.refs[start..end]
                        .iter()
                        .map(|r| spl_sentences(r.as_bytes()))
                        .collect();
                    start = end;
                    Instance {
                        peer: spl_sentences(p.as_bytes()),
                        models,
                    }
                })
                .collect();
            perl::score_batch(&config, &inst, threads)
        })
    })?;
    Ok(PerlBatch { inner })
}

/// Basic-Element scores (`-3 MODE`) of SIMPLE-format lines.
#[pyfunction]
#[pyo3(signature = (peers, models, *, mode, stemmer="none", multiref="A", alpha=0.5, threads=1))]
#[allow(clippy::too_many_arguments)]
pub fn perl_score_be(
    py: Python<'_>,
    peers: Vec<Vec<PyBackedBytes>>,
    models: Vec<Vec<Vec<PyBackedBytes>>>,
    mode: &str,
    stemmer: &str,
    multiref: &str,
    alpha: f64,
    threads: usize,
) -> PyResult<PerlBatch> {
    let _ = threads; // BE inputs are small; scored on the calling thread.
    let mode = BeMode::parse(mode).map_err(to_py)?;
    let stemmer = self::stemmer(stemmer)?;
    let multiref = self::multiref(multiref)?;
    if !(0.0..=1.0).contains(&alpha) {
        return Err(PyValueError::new_err(format!(
            "alpha must be between 0 and 1, got {alpha}"
        )));
    }
    let inst = instances(&peers, &models)?;
    let result =
        py.allow_threads(|| guarded(|| be::score_be(&inst, mode, stemmer, multiref, alpha)))?;
    match result {
        Ok(inner) => Ok(PerlBatch { inner }),
        Err(bad) => {
            let who = match bad.model {
                None => "the peer".to_string(),
                Some(j) => format!("model {j}"),
            };
            Err(PyValueError::new_err(format!(
                "instance {}, {who}, line {}: a Basic Element line must be 'head|modifier|relation'",
                bad.instance,
                bad.line + 1
            )))
        }
    }
}

fn settings(unit: u8, alpha: f64, resamples: f64, confidence: f64) -> PyResult<Settings> {
    let unit = match unit {
        0 => Unit::Summary,
        1 => Unit::Token,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unit must be 0 (per summary) or 1 (per token), got {unit}"
            )))
        }
    };
    let s = Settings {
        unit,
        alpha,
        resamples,
        confidence,
    };
    s.validate().map_err(to_py)?;
    Ok(s)
}

type Triple = (f64, f64, f64);

fn triple(e: Estimate) -> Triple {
    (e.average, e.lower, e.upper)
}

/// ROUGE-1.5.5's bootstrap of one variant: ((R avg, lo, hi), (P ...), (F ...)), unrounded.
#[pyfunction]
#[pyo3(signature = (x, y, z, *, unit, alpha, resamples, confidence, threads=1))]
#[allow(clippy::too_many_arguments)]
pub fn perl_bootstrap(
    py: Python<'_>,
    x: Vec<f64>,
    y: Vec<f64>,
    z: Vec<f64>,
    unit: u8,
    alpha: f64,
    resamples: f64,
    confidence: f64,
    threads: usize,
) -> PyResult<(Triple, Triple, Triple)> {
    let many = perl_bootstrap_many(
        py,
        vec![(x, y, z)],
        unit,
        alpha,
        resamples,
        confidence,
        threads,
    )?;
    many.into_iter()
        .next()
        .ok_or_else(|| PyValueError::new_err("no bootstrap result"))
}

/// [`perl_bootstrap`] of several variants at once (they share each resample's draws).
#[pyfunction]
#[pyo3(signature = (variants, *, unit, alpha, resamples, confidence, threads=1))]
#[allow(clippy::type_complexity)]
pub fn perl_bootstrap_many(
    py: Python<'_>,
    variants: Vec<(Vec<f64>, Vec<f64>, Vec<f64>)>,
    unit: u8,
    alpha: f64,
    resamples: f64,
    confidence: f64,
    threads: usize,
) -> PyResult<Vec<(Triple, Triple, Triple)>> {
    let s = settings(unit, alpha, resamples, confidence)?;
    let cols: Vec<bootstrap::Triples<'_>> = variants
        .iter()
        .map(|(x, y, z)| [&x[..], &y[..], &z[..]])
        .collect();
    let out = py
        .allow_threads(|| guarded(|| bootstrap::bootstrap(&cols, s, threads)))?
        .map_err(to_py)?;
    Ok(out
        .into_iter()
        .map(|[r, p, f]| (triple(r), triple(p), triple(f)))
        .collect())
}

/// Per-instance perl-1.5.5 scores of one batch.
#[pyclass(module = "rougekit._core", frozen)]
pub struct PerlBatch {
    inner: PerlScores,
}

impl PerlBatch {
    fn column(&self, variant: &str) -> PyResult<&[perl::combine::InstanceScore]> {
        self.inner
            .variants
            .iter()
            .position(|v| v.key() == variant)
            .map(|i| &self.inner.columns[i][..])
            .ok_or_else(|| {
                PyKeyError::new_err(format!(
                    "variant {variant:?} was not computed; computed: {:?}",
                    self.variants()
                ))
            })
    }
}

type Columns = (Vec<f64>, Vec<f64>, Vec<f64>);

#[pymethods]
impl PerlBatch {
    /// Variant keys in ROUGE-1.5.5's output order: "1", "2", ..., "L", "W", "S", "SU", "BE".
    #[getter]
    fn variants(&self) -> Vec<String> {
        self.inner.variants.iter().map(|v| v.key()).collect()
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    /// Per-instance rounded (R, P, F) of `variant` (`-t 0`).
    fn rpf(&self, variant: &str) -> PyResult<Columns> {
        let c = self.column(variant)?;
        Ok((
            c.iter().map(|s| s.r).collect(),
            c.iter().map(|s| s.p).collect(),
            c.iter().map(|s| s.f).collect(),
        ))
    }

    /// Per-instance raw (TotalM, TotalP, TotalHit) of `variant` (`-t 1`, `-t 2`).
    fn counts(&self, variant: &str) -> PyResult<Columns> {
        let c = self.column(variant)?;
        Ok((
            c.iter().map(|s| s.total_m).collect(),
            c.iter().map(|s| s.total_p).collect(),
            c.iter().map(|s| s.total_hit).collect(),
        ))
    }

    /// (predictions, pairs with some reference) that are not blank but lost every token.
    fn dropped_counts(&self) -> (usize, usize) {
        let d = &self.inner.dropped;
        (
            d.iter().filter(|&&f| f & 1 != 0).count(),
            d.iter().filter(|&&f| f & 2 != 0).count(),
        )
    }

    /// Variants that could not be computed: (instance, model, variant, message).
    #[getter]
    fn failures(&self) -> Vec<(usize, usize, String, String)> {
        self.inner
            .failures
            .iter()
            .map(|f| (f.instance, f.model, f.variant.key(), f.message.clone()))
            .collect()
    }
}
