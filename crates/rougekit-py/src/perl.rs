//! The perl-1.5.5 profile's bindings: `PerlScorer` (types and scoring options, checked
//! once; `score_batch` for Python strings like every profile's scorer, `score_files` for
//! `rougekit perl`'s summary files, read in parallel), and the XML configuration and
//! summary-file readers.
use crate::convert;
use crate::errors::{guarded, to_py, INPUT_TOO_LARGE, PERL_FILE};
use crate::explain::{pair_dict, string_form, Texts};
use crate::interrupt::interruptible;
use crate::scores::PyBatchScores;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use rougekit_core::perl::be::{self, BeMode};
use rougekit_core::perl::eval_config;
use rougekit_core::perl::explain;
use rougekit_core::perl::files::{self, BadLine, LoadError, Summaries, SummaryFormat};
use rougekit_core::perl::plan::{self as run_plan, FormatProblem, PeerChoice, RunPlan};
use rougekit_core::perl::text::spl_sentences;
use rougekit_core::perl::{
    self, ExceptionTable, Instance, MultiRef, PerlConfig, PerlStemmer, PerlType, StopList,
    TokenRules, Truncation,
};
use rougekit_core::pool::Cancel;
use rougekit_core::stem::wordnet;
use rougekit_core::stopwords;
use std::path::PathBuf;

fn perl_stemmer(name: &str) -> PyResult<PerlStemmer> {
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
fn perl_multiref(name: &str) -> PyResult<MultiRef> {
    match name {
        "A" | "pooled" => Ok(MultiRef::Pooled),
        "B" | "best-recall" => Ok(MultiRef::BestRecall),
        _ => Err(PyValueError::new_err(format!(
            "multiref must be 'A' or 'pooled' (pool the references) or 'B' or 'best-recall' \
             (best recall), got {name:?}"
        ))),
    }
}

fn file_error(py: Python<'_>, e: LoadError) -> PyErr {
    match e {
        LoadError::Io { file, reason } => PERL_FILE.err((file, py.None(), reason)),
        LoadError::BadLine { file, line, text } => {
            PERL_FILE.err((file, line, PyBytes::new(py, &text).unbind()))
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

/// Canonical perl-1.5.5 type names (`ROUGE-2` → `rouge2`), repeats dropped.
#[pyfunction]
pub fn perl_normalize_types(types: Vec<String>) -> PyResult<Vec<String>> {
    Ok(PerlType::parse_all(&types)
        .map_err(to_py)?
        .iter()
        .map(PerlType::name)
        .collect())
}

/// The perl-1.5.5 profile's scorer: its types and ROUGE-1.5.5's scoring options (-m, -s,
/// -l, -b, -f, -p; -e's custom tables), checked once as ROUGE-1.5.5 checks them.
#[pyclass(module = "rougekit._core", frozen)]
pub struct PerlScorer {
    types: Vec<PerlType>,
    /// Shared with its explanations' records.
    config: std::sync::Arc<PerlConfig>,
    threads: usize,
}

/// A fatal failure (over one of rougekit's limits) as the API words it.
fn too_large_in_pair(f: &perl::batch::Failure) -> PyErr {
    INPUT_TOO_LARGE.err(format!(
        "pair {}, reference {}: {}",
        f.instance, f.model, f.message
    ))
}

#[pymethods]
impl PerlScorer {
    #[new]
    #[pyo3(signature = (types, *, stemmer="none", stopwords=false, limit_words=0, limit_bytes=0,
        multiref="pooled", alpha=0.5, exceptions=None, stoplist=None, threads=1))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        types: Vec<String>,
        stemmer: &str,
        stopwords: bool,
        limit_words: usize,
        limit_bytes: usize,
        multiref: &str,
        alpha: f64,
        exceptions: Option<Vec<(String, String)>>,
        stoplist: Option<Vec<String>>,
        threads: usize,
    ) -> PyResult<Self> {
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
        // A data folder's own table (ROUGE-1.5.5's -e): stemmer="custom" with `exceptions`;
        // `stoplist`: its own stopword list for -s. Without them the embedded canonical data.
        let stemmer = match (stemmer, exceptions) {
            ("custom", Some(pairs)) => PerlStemmer::Custom(ExceptionTable::intern(pairs)),
            ("custom", None) => {
                return Err(PyValueError::new_err(
                    "stemmer='custom' needs exceptions (the table's (key, value) pairs)",
                ))
            }
            (_, Some(_)) => {
                return Err(PyValueError::new_err(
                    "exceptions are only read with stemmer='custom'",
                ))
            }
            (name, None) => perl_stemmer(name)?,
        };
        let config = PerlConfig {
            rules: TokenRules {
                stemmer,
                stopwords,
                stoplist: stoplist.map(StopList::intern),
            },
            truncation,
            multiref: perl_multiref(multiref)?,
            alpha,
            ..PerlConfig::default()
        };
        config.validate().map_err(to_py)?;
        Ok(PerlScorer {
            types: PerlType::parse_all(&types).map_err(to_py)?,
            config: std::sync::Arc::new(config),
            threads: crate::scorer::check_threads(threads)?,
        })
    }

    /// One explanation record per pair (`references[i]`: a string or a list of strings, as
    /// `score_batch` takes them), counted by the scoring path's code. An input over one of
    /// rougekit's limits raises `InputTooLargeError` naming the pair, as `score_batch`
    /// does; Ctrl-C `KeyboardInterrupt`.
    fn explain_texts(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<PerlExplanationRecord>> {
        let texts = convert::batch_texts(predictions, references)?;
        let pairs: Vec<explain::Pair<'_>> = texts
            .predictions
            .iter()
            .zip(convert::per_pair(&texts.refs, &texts.ref_ends))
            .map(|(p, refs)| (&**p, refs.iter().map(|r| &**r).collect()))
            .collect();
        let done = interruptible(py, |cancel| {
            let batch =
                explain::explain_batch(&self.types, &self.config, &pairs, self.threads, cancel);
            Ok(batch)
        })?;
        drop(pairs);
        let mut refs = texts.refs.into_iter();
        let mut start = 0;
        let mut out = Vec::with_capacity(done.len());
        for ((result, prediction), end) in
            done.into_iter().zip(texts.predictions).zip(texts.ref_ends)
        {
            let explanation = result.map_err(|f| {
                INPUT_TOO_LARGE.err(format!(
                    "pair {}, reference {}: {}",
                    f.instance, f.model, f.message
                ))
            })?;
            let references = refs.by_ref().take(end - start).collect();
            start = end;
            out.push(PerlExplanationRecord {
                explanation,
                texts: Texts::Strs {
                    prediction,
                    references,
                },
                config: std::sync::Arc::clone(&self.config),
            });
        }
        Ok(out)
    }

    /// Canonical type names, in column order.
    #[getter]
    fn types(&self) -> Vec<String> {
        self.types.iter().map(PerlType::name).collect()
    }

    /// The tokens ROUGE-1.5.5 compares for `text` under these options (`-s` applied, `-m`
    /// stems, `-l`/`-b` truncation).
    fn tokenize(&self, text: &str) -> Vec<String> {
        perl::tokens(text, &self.config)
    }

    /// Scores Python strings (sentences = non-empty `\n`-separated lines, as SPL files)
    /// with ROUGE-1.5.5's pipeline; `references[i]` is a string or a list of strings.
    /// Ctrl-C raises `KeyboardInterrupt` also inside one long pair.
    fn score_batch(
        &self,
        py: Python<'_>,
        predictions: &Bound<'_, PyAny>,
        references: &Bound<'_, PyAny>,
    ) -> PyResult<PyBatchScores> {
        let texts = convert::batch_texts(predictions, references)?;
        let result = interruptible(py, |cancel| {
            let inst: Vec<Instance<'_>> = texts
                .predictions
                .iter()
                .zip(convert::per_pair(&texts.refs, &texts.ref_ends))
                .map(|(p, refs)| Instance {
                    peer: spl_sentences(p.as_bytes()),
                    models: refs.iter().map(|r| spl_sentences(r.as_bytes())).collect(),
                })
                .collect();
            let scored = perl::score_types_interruptible(
                &self.types,
                &self.config,
                &inst,
                self.threads,
                cancel,
            );
            // A fatal failure is a result here (stopped: `None`).
            Ok(scored.transpose())
        })?;
        let inner = result.map_err(|f| too_large_in_pair(&f))?;
        Ok(PyBatchScores::from(inner))
    }

    /// Scores the instances of a run from its summary files: `files[k]` is (path, format),
    /// instance i is peer file `peers[i]` against model files `models[i]`. The files are
    /// read and split in parallel. With `be_mode` the run is Basic Elements (`-3`, SIMPLE
    /// files): one column, `rougeBE-<mode>`, and the scorer must have no types. An input
    /// over one of rougekit's limits raises `InputTooLargeError(message, instance, model)`;
    /// a file problem `PerlFileError`; Ctrl-C `KeyboardInterrupt` (also inside one long
    /// instance).
    #[pyo3(signature = (files, peers, models, *, be_mode=None))]
    fn score_files(
        &self,
        py: Python<'_>,
        files: Vec<(PathBuf, String)>,
        peers: Vec<usize>,
        models: Vec<Vec<usize>>,
        be_mode: Option<&str>,
    ) -> PyResult<PyBatchScores> {
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
        self.score_loaded(py, &files, &peers, &models, be_mode)
    }

    /// Scores the instances of a planned XML run (`perl_xml_plan`): as `score_files` with
    /// the plan's file table, instances and be_mode.
    #[pyo3(signature = (plan, *, be_mode=None))]
    fn score_plan(
        &self,
        py: Python<'_>,
        plan: &PerlRunPlan,
        be_mode: Option<&str>,
    ) -> PyResult<PyBatchScores> {
        let plan = &plan.plan;
        self.score_loaded(
            py,
            &plan.files,
            &plan.peer_files,
            &plan.model_files,
            be_mode,
        )
    }
}

impl PerlScorer {
    /// Reads `files` in parallel and scores instance i: file `peers[i]` against files
    /// `models[i]` (indices checked by the caller).
    fn score_loaded<P: AsRef<std::path::Path> + Sync>(
        &self,
        py: Python<'_>,
        files: &[(P, SummaryFormat)],
        peers: &[usize],
        models: &[Vec<usize>],
        be_mode: Option<&str>,
    ) -> PyResult<PyBatchScores> {
        if be_mode.is_some() && !self.types.is_empty() {
            return Err(PyValueError::new_err(
                "Basic Elements (be_mode) are scored alone: make the scorer with no types",
            ));
        }
        let be_mode = be_mode.map(|m| Ok::<_, PyErr>((BeMode::parse(m).map_err(to_py)?, m)));
        let be_mode = be_mode.transpose()?;
        let result = interruptible(py, |cancel| {
            let scored = self.load_and_score(files, peers, models, be_mode, cancel);
            // A file or fatal failure is a result here (stopped: `None`).
            Ok(scored.transpose())
        })?;
        match result {
            Ok(inner) => Ok(PyBatchScores::from(inner)),
            Err(Fatal::File(e)) => Err(file_error(py, e)),
            // args (message, instance, model): `rougekit perl` names the EVAL and files.
            Err(Fatal::Limit(f)) => {
                Err(INPUT_TOO_LARGE.err((f.message.clone(), f.instance, f.model)))
            }
            // SIMPLE files were checked line by line when loaded; a defect if reached.
            Err(Fatal::Be(bad)) => Err(PyValueError::new_err(format!(
                "instance {}, line {}: a Basic Element line must be 'head|modifier|relation'",
                bad.instance,
                bad.line + 1
            ))),
        }
    }

    /// [`PerlScorer::score_loaded`]'s work, without the GIL: reads the files and scores the
    /// instances; `Ok(None)` when `cancel` stopped it.
    fn load_and_score<P: AsRef<std::path::Path> + Sync>(
        &self,
        files: &[(P, SummaryFormat)],
        peers: &[usize],
        models: &[Vec<usize>],
        be_mode: Option<(BeMode, &str)>,
        cancel: &Cancel<'_>,
    ) -> Result<Option<rougekit_core::BatchScores>, Fatal> {
        let summaries = Summaries::load(files, self.threads).map_err(Fatal::File)?;
        let inst = summaries.instances(peers, models);
        let config = &self.config;
        match be_mode {
            None => {
                perl::score_types_interruptible(&self.types, config, &inst, self.threads, cancel)
                    .map_err(Fatal::Limit)
            }
            Some((mode, name)) => {
                let nrefs = models.iter().map(|m| m.len() as u32).collect();
                let scores = be::score_be(
                    &inst,
                    mode,
                    config.rules.stemmer,
                    config.multiref,
                    config.alpha,
                )
                .map_err(Fatal::Be)?;
                Ok(Some(
                    scores.into_scores(vec![format!("rougeBE-{name}")], nrefs),
                ))
            }
        }
    }
}

/// Why a run of summary files stopped.
enum Fatal {
    File(LoadError),
    Limit(perl::batch::Failure),
    Be(be::BadLine),
}

/// A `rougekit perl` run planned from its XML configuration (`perl_xml_plan`): the peers
/// scored, their instances, the distinct summary files and the bootstrap's order, kept in
/// the core; Python asks for what it prints.
#[pyclass(module = "rougekit._core", frozen)]
pub struct PerlRunPlan {
    plan: RunPlan,
}

/// The plan of the XML configuration `text` (decoded) for peer `peer` (None: every peer,
/// ROUGE-1.5.5's `-a`); `ValueError` with a one-line reason (without the file name) when
/// the configuration is unusable.
#[pyfunction]
#[pyo3(signature = (text, peer=None))]
pub fn perl_xml_plan(py: Python<'_>, text: &str, peer: Option<String>) -> PyResult<PerlRunPlan> {
    let choice = match peer {
        None => PeerChoice::All,
        Some(id) => PeerChoice::One(id),
    };
    let plan = py.allow_threads(|| {
        guarded(|| eval_config::parse(text).map(|evals| RunPlan::new(evals, &choice)))
    })?;
    Ok(PerlRunPlan {
        plan: plan.map_err(PyValueError::new_err)?,
    })
}

/// ROUGE-1.5.5's data as rougekit embeds it, for `rougekit perl --make-home`: (the
/// canonical WordNet-2.0 exception table's (key, value) pairs sorted by key, the bytes of
/// `smart_common_words.txt`, the WordNet licence text).
#[pyfunction]
pub fn perl_builtin_data(py: Python<'_>) -> (Vec<(String, String)>, Py<PyBytes>, &'static str) {
    let mut table: Vec<(String, String)> = wordnet::entries()
        .map(|(key, value)| (key.to_owned(), value.to_owned()))
        .collect();
    table.sort_unstable();
    let stopwords = PyBytes::new(py, stopwords::source().as_bytes()).unbind();
    (table, stopwords, wordnet::LICENSE)
}

#[pymethods]
impl PerlRunPlan {
    /// Number of instances (all peers).
    fn __len__(&self) -> usize {
        self.plan.instances.len()
    }

    /// The first evaluation (document order) whose format does not fit the run (`be`:
    /// Basic Elements, `-3`): (eval id, format or None, "missing" | "not-simple" |
    /// "simple"), or None.
    fn format_problem(&self, be: bool) -> Option<(String, Option<&'static str>, &'static str)> {
        let (e, problem) = run_plan::first_format_problem(&self.plan.evals, be)?;
        let ev = &self.plan.evals[e];
        let kind = match problem {
            FormatProblem::Missing => "missing",
            FormatProblem::NotSimple => "not-simple",
            FormatProblem::SimpleWithoutBe => "simple",
        };
        Some((ev.id.clone(), ev.format.map(SummaryFormat::name), kind))
    }

    /// The peer IDs scored, in output order.
    #[getter]
    fn peers(&self) -> Vec<String> {
        self.plan.peers.clone()
    }

    /// `starts[p]:starts[p + 1]`: the instances of peer p.
    #[getter]
    fn starts(&self) -> Vec<usize> {
        self.plan.starts.clone()
    }

    /// (peer id, eval id) pairs without an instance, in ROUGE-1.5.5's warning order.
    #[getter]
    fn missing(&self) -> Vec<(String, String)> {
        let p = &self.plan;
        p.missing
            .iter()
            .map(|&(peer, e)| (p.peers[peer].clone(), p.evals[e].id.clone()))
            .collect()
    }

    /// Peer p's instances (absolute indices) in the bootstrap's order.
    fn boot_order(&self, p: usize) -> PyResult<Vec<usize>> {
        self.check_peer(p)?;
        Ok(self.plan.boot_order(p))
    }

    /// The eval IDs of peer p's instances, in instance order.
    fn eval_ids(&self, p: usize) -> PyResult<Vec<String>> {
        self.check_peer(p)?;
        let plan = &self.plan;
        Ok(plan.instances[plan.starts[p]..plan.starts[p + 1]]
            .iter()
            .map(|i| plan.evals[i.eval].id.clone())
            .collect())
    }

    /// Instance i: (eval id, peer id, peer path, [(model id, model path)]).
    #[allow(clippy::type_complexity)]
    fn instance(&self, i: usize) -> PyResult<(String, String, String, Vec<(String, String)>)> {
        let plan = &self.plan;
        let inst = plan.instances.get(i).ok_or_else(|| {
            PyValueError::new_err(format!(
                "instance {i} out of range: {}",
                plan.instances.len()
            ))
        })?;
        let ev = &plan.evals[inst.eval];
        Ok((
            ev.id.clone(),
            plan.peers[inst.peer].clone(),
            ev.peers[inst.slot].1.clone(),
            ev.models.clone(),
        ))
    }

    /// The path of file k of the run's file table (`PerlFileError`'s index).
    fn file_path(&self, k: usize) -> PyResult<String> {
        let files = &self.plan.files;
        files
            .get(k)
            .map(|(path, _)| path.clone())
            .ok_or_else(|| PyValueError::new_err(format!("file {k} out of range: {}", files.len())))
    }
}

impl PerlRunPlan {
    fn check_peer(&self, p: usize) -> PyResult<()> {
        if p < self.plan.peers.len() {
            Ok(())
        } else {
            Err(PyValueError::new_err(format!(
                "peer {p} out of range: {}",
                self.plan.peers.len()
            )))
        }
    }
}

/// One pair's explanation, kept in the core until its dict is asked for.
#[pyclass(module = "rougekit._core", frozen)]
pub struct PerlExplanationRecord {
    explanation: explain::Explanation,
    texts: Texts,
    config: std::sync::Arc<PerlConfig>,
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
        let record = self.explanation.record(&self.config);
        pair_dict(py, head, &record, &self.texts, &string_form(py))
    }
}
