//! The perl-1.5.5 profile's bindings: `PerlSettings` (the scoring options, checked once),
//! `perl_score_files` (a run's summary files, for `rougekit perl`), `perl_score_texts`
//! (Python strings, for `RougeScorer`), the XML configuration and summary-file readers, the
//! bootstrap, and the `PerlBatch` result.
use crate::convert;
use crate::errors::{guarded, to_py, InputTooLargeError};
use crate::interrupt::interruptible;
use pyo3::create_exception;
use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rougekit_core::perl::be::{self, BeMode};
use rougekit_core::perl::bootstrap::{self, Estimate, Settings, Unit};
use rougekit_core::perl::eval_config;
use rougekit_core::perl::files::{self, BadLine, LoadError, Summaries, SummaryFormat};
use rougekit_core::perl::text::spl_sentences;
use rougekit_core::perl::{
    self, ExceptionTable, Instance, MultiRef, PerlConfig, PerlScores, PerlStemmer, Skip, StopList,
    TokenRules, Truncation,
};
use std::path::PathBuf;

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

/// ROUGE-1.5.5's `-f A` / `-f B`, also by their rule names.
fn multiref(name: &str) -> PyResult<MultiRef> {
    match name {
        "A" | "pooled" => Ok(MultiRef::Pooled),
        "B" | "best-recall" => Ok(MultiRef::BestRecall),
        _ => Err(PyValueError::new_err(format!(
            "multiref must be 'A' or 'pooled' (pool the references) or 'B' or 'best-recall' \
             (best recall), got {name:?}"
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
            stoplist: None,
        },
        truncation,
        multiref: multiref(multiref_name)?,
        alpha,
    };
    config.validate().map_err(to_py)?;
    Ok(config)
}

/// The perl-1.5.5 scoring options (ROUGE-1.5.5's -n, -x, -w, -2/-u/-U, -m, -s, -l, -b, -f,
/// -p), checked once as ROUGE-1.5.5 checks them and shared by every scoring entry point.
#[pyclass(module = "rougekit._core", frozen)]
pub struct PerlSettings {
    config: PerlConfig,
}

#[pymethods]
impl PerlSettings {
    #[new]
    #[pyo3(signature = (*, ngram_max=0, lcs=true, wlcs_weight=None, skip_gap=None,
        skip_variants="S", stemmer="none", stopwords=false, limit_words=0, limit_bytes=0,
        multiref="A", alpha=0.5, exceptions=None, stoplist=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
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
        exceptions: Option<Vec<(String, String)>>,
        stoplist: Option<Vec<String>>,
    ) -> PyResult<Self> {
        let custom = stemmer == "custom";
        let mut config = config(
            ngram_max,
            lcs,
            wlcs_weight,
            skip_gap,
            skip_variants,
            if custom { "porter" } else { stemmer },
            stopwords,
            limit_words,
            limit_bytes,
            multiref,
            alpha,
        )?;
        // A data folder's own tables (ROUGE-1.5.5's -e): stemmer="custom" with `exceptions`,
        // and `stoplist` for -s; without them the embedded canonical data.
        match (custom, exceptions) {
            (true, Some(pairs)) => {
                config.rules.stemmer = PerlStemmer::Custom(ExceptionTable::intern(pairs));
            }
            (true, None) => {
                return Err(PyValueError::new_err(
                    "stemmer='custom' needs exceptions (the table's (key, value) pairs)",
                ))
            }
            (false, Some(_)) => {
                return Err(PyValueError::new_err(
                    "exceptions are only read with stemmer='custom'",
                ))
            }
            (false, None) => {}
        }
        config.rules.stoplist = stoplist.map(StopList::intern);
        Ok(PerlSettings { config })
    }

    /// The variant keys these settings compute, in ROUGE-1.5.5's output order.
    #[getter]
    fn variants(&self) -> Vec<String> {
        self.config.variants().iter().map(|v| v.key()).collect()
    }
}

create_exception!(
    _core,
    PerlFileError,
    PyValueError,
    "A summary file of a run could not be used: args (file index, line, detail): line None \
     and the OS reason for a read failure; the 1-based line and its bytes for a bad SIMPLE line."
);

fn file_error(py: Python<'_>, e: LoadError) -> PyErr {
    match e {
        LoadError::Io { file, reason } => PerlFileError::new_err((file, py.None(), reason)),
        LoadError::BadLine { file, line, text } => {
            PerlFileError::new_err((file, line, PyBytes::new(py, &text).unbind()))
        }
    }
}

/// The raw sentences of one summary file's bytes in `format` (SPL, SEE, ISI, SIMPLE).
#[pyfunction]
pub fn perl_split_summary(py: Python<'_>, data: &[u8], format: &str) -> PyResult<Vec<Py<PyBytes>>> {
    let format = summary_format(format)?;
    let sentences = files::sentences(data, format).map_err(|BadLine(line)| {
        let text = files::line_text(data, line).to_vec();
        file_error(
            py,
            LoadError::BadLine {
                file: 0,
                line,
                text,
            },
        )
    })?;
    Ok(sentences
        .into_iter()
        .map(|s| PyBytes::new(py, s).unbind())
        .collect())
}

/// One `EVAL` of an XML configuration: (id, format or None, [(peer id, path)],
/// [(model id, path)]).
type EvalTuple = (
    String,
    Option<&'static str>,
    Vec<(String, String)>,
    Vec<(String, String)>,
);

/// The `EVAL`s of a ROUGE-1.5.5 XML configuration (decoded text), in document order;
/// `ValueError` with a one-line reason (without the file name) when it is unusable.
#[pyfunction]
pub fn perl_eval_config(py: Python<'_>, text: &str) -> PyResult<Vec<EvalTuple>> {
    let evals = py
        .allow_threads(|| guarded(|| eval_config::parse(text)))?
        .map_err(PyValueError::new_err)?;
    Ok(evals
        .into_iter()
        .map(|e| (e.id, e.format.map(SummaryFormat::name), e.peers, e.models))
        .collect())
}

fn summary_format(name: &str) -> PyResult<SummaryFormat> {
    SummaryFormat::parse(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "format must be 'SPL', 'SEE', 'ISI' or 'SIMPLE', got {name:?}"
        ))
    })
}

/// Scores the instances of a run from its summary files: `files[k]` is (path, format),
/// instance i is peer file `peers[i]` against model files `models[i]`. The files are read
/// and split in parallel; with `be_mode` the run is Basic Elements (`-3`, SIMPLE files).
#[pyfunction]
#[pyo3(signature = (files, peers, models, settings, *, be_mode=None, threads=1))]
pub fn perl_score_files(
    py: Python<'_>,
    files: Vec<(PathBuf, String)>,
    peers: Vec<usize>,
    models: Vec<Vec<usize>>,
    settings: &PerlSettings,
    be_mode: Option<&str>,
    threads: usize,
) -> PyResult<PerlBatch> {
    if peers.len() != models.len() {
        return Err(PyValueError::new_err(format!(
            "peers and models must have the same length, got {} and {}",
            peers.len(),
            models.len()
        )));
    }
    if let Some(&bad) = peers
        .iter()
        .chain(models.iter().flatten())
        .find(|&&k| k >= files.len())
    {
        return Err(PyValueError::new_err(format!(
            "file index {bad} out of range: {} files",
            files.len()
        )));
    }
    let files: Vec<(PathBuf, SummaryFormat)> = files
        .into_iter()
        .map(|(path, name)| Ok((path, summary_format(&name)?)))
        .collect::<PyResult<_>>()?;
    let be_mode = be_mode.map(BeMode::parse).transpose().map_err(to_py)?;
    let config = &settings.config;
    let result = py.allow_threads(|| {
        guarded(|| {
            let summaries = Summaries::load(&files, threads)?;
            let inst = summaries.instances(&peers, &models);
            Ok(match be_mode {
                None => Ok(perl::score_batch(config, &inst, threads)),
                Some(mode) => be::score_be(
                    &inst,
                    mode,
                    config.rules.stemmer,
                    config.multiref,
                    config.alpha,
                ),
            })
        })
    })?;
    match result.map_err(|e| file_error(py, e))? {
        Ok(inner) => {
            // args (message, instance, model): `rougekit perl` names the EVAL and files.
            if let Some(f) = inner.fatal() {
                return Err(InputTooLargeError::new_err((
                    f.message.clone(),
                    f.instance,
                    f.model,
                )));
            }
            Ok(PerlBatch { inner })
        }
        // SIMPLE files were checked line by line when loaded; this is a defect if reached.
        Err(bad) => Err(PyValueError::new_err(format!(
            "instance {}, line {}: a Basic Element line must be 'head|modifier|relation'",
            bad.instance,
            bad.line + 1
        ))),
    }
}

/// Scores Python strings (sentences = non-empty `\n`-separated lines, as SPL files) with
/// ROUGE-1.5.5's pipeline; `references[i]` is a string or a list of strings.
#[pyfunction]
#[pyo3(signature = (predictions, references, settings, *, threads=1))]
pub fn perl_score_texts(
    py: Python<'_>,
    predictions: &Bound<'_, PyAny>,
    references: &Bound<'_, PyAny>,
    settings: &PerlSettings,
    threads: usize,
) -> PyResult<PerlBatch> {
    let config = &settings.config;
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
            perl::score_batch(config, &inst, threads)
        })
    })?;
    if let Some(f) = inner.fatal() {
        return Err(InputTooLargeError::new_err(format!(
            "pair {}, reference {}: {}",
            f.instance, f.model, f.message
        )));
    }
    Ok(PerlBatch { inner })
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

/// ROUGE-1.5.5's bootstrap of several variants' (x, y, z) columns, which share each
/// resample's draws: per variant ((R avg, lo, hi), (P ...), (F ...)), unrounded.
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
    let columns: Vec<[Vec<f64>; 3]> = variants.into_iter().map(|(x, y, z)| [x, y, z]).collect();
    run_bootstrap(py, &columns, s, threads)
}

/// The core bootstrap of every variant's three columns, GIL released, as Python triples.
fn run_bootstrap(
    py: Python<'_>,
    columns: &[[Vec<f64>; 3]],
    s: Settings,
    threads: usize,
) -> PyResult<Vec<(Triple, Triple, Triple)>> {
    let cols: Vec<bootstrap::Triples<'_>> = columns
        .iter()
        .map(|[x, y, z]| [&x[..], &y[..], &z[..]])
        .collect();
    let out = interruptible(py, |cancel| bootstrap::bootstrap(&cols, s, threads, cancel))?;
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

    /// ROUGE-1.5.5's bootstrap of every variant over the instances `order` (Perl's instance
    /// order): `-t 0` resamples the rounded (R, P, F), `-t 1` the raw counts. Per variant
    /// ((R avg, lo, hi), (P ...), (F ...)), unrounded; all variants share the draws.
    #[pyo3(signature = (order, *, unit, alpha, resamples, confidence, threads=1))]
    #[allow(clippy::too_many_arguments)]
    fn bootstrap(
        &self,
        py: Python<'_>,
        order: Vec<usize>,
        unit: u8,
        alpha: f64,
        resamples: f64,
        confidence: f64,
        threads: usize,
    ) -> PyResult<Vec<(Triple, Triple, Triple)>> {
        let s = settings(unit, alpha, resamples, confidence)?;
        let n = self.inner.len();
        if let Some(bad) = order.iter().find(|&&i| i >= n) {
            return Err(PyValueError::new_err(format!(
                "instance {bad} out of range: the batch has {n}"
            )));
        }
        // Perl's instance order, one column per component (a gather of 8 bytes each).
        let pick = |f: fn(&perl::combine::InstanceScore) -> f64, c: &[_]| {
            order.iter().map(|&i| f(&c[i])).collect::<Vec<f64>>()
        };
        let columns: Vec<[Vec<f64>; 3]> = self
            .inner
            .columns
            .iter()
            .map(|c| match s.unit {
                Unit::Summary => [pick(|x| x.r, c), pick(|x| x.p, c), pick(|x| x.f, c)],
                Unit::Token => [
                    pick(|x| x.total_m, c),
                    pick(|x| x.total_p, c),
                    pick(|x| x.total_hit, c),
                ],
            })
            .collect();
        run_bootstrap(py, &columns, s, threads)
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
