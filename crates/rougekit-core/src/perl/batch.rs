//! Scoring many instances in parallel: each worker reads an instance's texts once and runs
//! every configured variant on the same ids. Instances are independent, so the parallel
//! result is bit-identical to the serial one. [`score_types`] runs the [`plan`] of a list of
//! types and returns the profile's result, [`BatchScores`].
use super::combine::{combine, InstanceScore};
use super::counts::{CountError, Counter, ModelCounts};
use super::doc::PerlDoc;
use super::types::{plan, PerlType};
use super::vocab::Vocab;
use super::{PerlConfig, Variant};
use crate::kernels::wlcs::Weights;
use crate::pool::shared_pool;
use crate::scores::{BatchScores, Counts, TextNotes};
use rayon::prelude::*;
use std::cell::RefCell;

/// One evaluation instance: a peer and its models, each as raw sentences (bytes as read
/// from the summary files; the core lower-cases and tokenises).
#[derive(Debug, Clone, Default)]
pub struct Instance<'a> {
    pub peer: Vec<&'a [u8]>,
    pub models: Vec<Vec<&'a [u8]>>,
}

/// A variant that could not be computed for one instance (ROUGE-1.5.5 would die); that
/// instance scores 0 for the variant, unless the failure is `fatal`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub instance: usize,
    pub model: usize,
    pub variant: Variant,
    pub message: String,
    /// An input over one of rougekit's own limits (not a case ROUGE-1.5.5 dies on): the
    /// caller must report it as an error, not as a 0 score (issue 9 item 5).
    pub fatal: bool,
}

/// Per-instance scores of every variant.
#[derive(Debug, Clone, Default)]
pub struct PerlScores {
    pub variants: Vec<Variant>,
    /// `rows[i * variants.len() + v]`: instance i, variant v (as the workers write them).
    pub rows: Vec<InstanceScore>,
    pub failures: Vec<Failure>,
    /// Per instance: bit 0 set when the peer, bit 1 when some model, is not blank but has
    /// no ASCII letter or digit at all (every token dropped, e.g. non-Latin script); and
    /// the letters the ASCII-only pipeline dropped.
    pub notes: Vec<TextNotes>,
}

impl PerlScores {
    /// Number of instances (0 without a variant).
    pub fn len(&self) -> usize {
        self.rows
            .len()
            .checked_div(self.variants.len())
            .unwrap_or(0)
    }

    /// Variant `v`'s scores, instance by instance.
    pub fn column(&self, v: usize) -> impl Iterator<Item = &InstanceScore> + '_ {
        self.rows.iter().skip(v).step_by(self.variants.len().max(1))
    }

    /// True when there are no instances.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The first fatal failure (lowest instance), if any.
    pub fn fatal(&self) -> Option<&Failure> {
        self.failures.iter().find(|f| f.fatal)
    }

    /// The result as [`BatchScores`], column `v` named `names[v]`: the rounded (P, R, F)
    /// ROUGE-1.5.5 prints per instance and its unrounded counts (`-t 1`); a failure's model
    /// is its reference index. `nrefs[i]`: instance i's model count.
    pub fn into_scores(mut self, names: Vec<String>, nrefs: Vec<u32>) -> BatchScores {
        let failures = self
            .failures
            .iter()
            .filter_map(|f| {
                let t = self.variants.iter().position(|&v| v == f.variant)?;
                Some(failure_of(f, t))
            })
            .collect();
        let notes = std::mem::take(&mut self.notes);
        let picks: Vec<(&PerlScores, usize, usize)> =
            (0..self.variants.len()).map(|v| (&self, v, v)).collect();
        scores_of(names, &picks, notes, nrefs, failures)
    }
}

fn failure_of(f: &Failure, type_index: usize) -> crate::scores::Failure {
    crate::scores::Failure {
        pair: f.instance,
        reference: f.model,
        type_index,
        message: f.message.clone(),
    }
}

/// Builds [`BatchScores`] from the variants' scores: `(scores, v, t)` in `picks` fills
/// type `t` with variant `v` of `scores`; a type that none fills scores rouge-score's
/// integer zeros.
fn scores_of(
    names: Vec<String>,
    picks: &[(&PerlScores, usize, usize)],
    notes: Vec<TextNotes>,
    nrefs: Vec<u32>,
    failures: Vec<crate::scores::Failure>,
) -> BatchScores {
    let nt = names.len();
    let n = notes.len();
    let mut values = vec![vec![0.0; n]; nt * 3];
    let mut int_zero = vec![vec![1u8; n]; nt];
    let mut counts = vec![vec![Counts::default(); n]; nt];
    for &(scores, v, t) in picks {
        if let [p, r, f] = &mut values[3 * t..3 * t + 3] {
            for (i, s) in scores.column(v).enumerate() {
                (p[i], r[i], f[i]) = (s.p, s.r, s.f);
            }
        }
        for (c, s) in counts[t].iter_mut().zip(scores.column(v)) {
            *c = Counts {
                hits: s.total_hit,
                pred_total: s.total_p,
                ref_total: s.total_m,
            };
        }
        int_zero[t].fill(0);
    }
    BatchScores::from_columns(names, values, int_zero, notes, nrefs)
        .with_counts(counts)
        .with_failures(failures)
}

/// Scores every instance for `types` with `base`'s text pipeline and rules (its variant
/// fields are ignored): one run per ROUGE-W weight and skip gap (see [`plan`]), columns in
/// the order of `types`, named by [`PerlType::name`]. `Err`: the first fatal failure (an
/// input over one of rougekit's limits).
pub fn score_types(
    types: &[PerlType],
    base: &PerlConfig,
    instances: &[Instance<'_>],
    threads: usize,
) -> Result<BatchScores, Failure> {
    let names: Vec<String> = types.iter().map(PerlType::name).collect();
    let nrefs: Vec<u32> = instances.iter().map(|i| i.models.len() as u32).collect();
    let mut runs: Vec<(PerlScores, Vec<(usize, usize)>)> = Vec::new();
    let mut failures = Vec::new();
    let mut notes = None;
    for run in plan(types, base) {
        let mut scores = score_batch(&run.config, instances, threads);
        if let Some(f) = scores.fatal() {
            return Err(f.clone());
        }
        let mut picks = Vec::new();
        for (v, t) in run.picks {
            let Some(k) = scores.variants.iter().position(|&x| x == v) else {
                continue;
            };
            picks.push((k, t));
            let of_v = scores.failures.iter().filter(|f| f.variant == v);
            failures.extend(of_v.map(|f| failure_of(f, t)));
        }
        notes.get_or_insert(std::mem::take(&mut scores.notes));
        runs.push((scores, picks));
    }
    let notes = notes.unwrap_or_else(|| instances.iter().map(text_notes).collect());
    let picks: Vec<(&PerlScores, usize, usize)> = runs
        .iter()
        .flat_map(|(scores, picks)| picks.iter().map(move |&(k, t)| (scores, k, t)))
        .collect();
    Ok(scores_of(names, &picks, notes, nrefs, failures))
}

#[derive(Default)]
struct Worker {
    vocab: Vocab,
    counter: Counter,
    peer: PerlDoc,
    models: Vec<PerlDoc>,
    per_model: Vec<ModelCounts>,
    buf: Vec<u8>,
    weights: Option<Weights>,
}

thread_local! {
    static WORKER: RefCell<Worker> = RefCell::new(Worker::default());
}

/// Instances handed to a worker at a time.
const MIN_CHUNK: usize = 32;

/// Scores every instance under `config` with `threads` workers (1: the calling thread).
pub fn score_batch(config: &PerlConfig, instances: &[Instance<'_>], threads: usize) -> PerlScores {
    let variants = config.variants();
    let width = variants.len();
    let mut rows = vec![InstanceScore::default(); instances.len() * width];
    let mut failed: Vec<Vec<Failure>> = vec![Vec::new(); instances.len()];
    let mut notes = vec![TextNotes::default(); instances.len()];
    type Slots<'s> = (
        (&'s mut [InstanceScore], &'s mut Vec<Failure>),
        &'s mut TextNotes,
    );
    let work = |(i, ((out, fails), note)): (usize, Slots<'_>)| {
        *note = text_notes(&instances[i]);
        if width > 0 {
            WORKER.with_borrow_mut(|w| {
                score_instance(config, &variants, i, &instances[i], w, out, fails)
            });
        }
    };
    // Chunks of `width` scores per instance; with no variant, empty chunks of one slot.
    let mut empty = vec![InstanceScore::default(); if width == 0 { instances.len() } else { 0 }];
    let (slots, per) = if width == 0 {
        (&mut empty[..], 1)
    } else {
        (&mut rows[..], width)
    };
    match shared_pool(threads) {
        Some(pool) if instances.len() > MIN_CHUNK => pool.install(|| {
            slots
                .par_chunks_mut(per)
                .zip(failed.par_iter_mut())
                .zip(notes.par_iter_mut())
                .enumerate()
                .with_min_len(MIN_CHUNK)
                .for_each(work)
        }),
        _ => slots
            .chunks_mut(per)
            .zip(failed.iter_mut())
            .zip(notes.iter_mut())
            .enumerate()
            .for_each(work),
    }
    PerlScores {
        variants,
        rows,
        failures: failed.into_iter().flatten().collect(),
        notes,
    }
}

fn score_instance(
    config: &PerlConfig,
    variants: &[Variant],
    index: usize,
    instance: &Instance<'_>,
    w: &mut Worker,
    out: &mut [InstanceScore],
    failures: &mut Vec<Failure>,
) {
    w.vocab.reset_for(config.rules);
    let limit = config.truncation;
    w.peer.read(&instance.peer, limit, &mut w.vocab, &mut w.buf);
    w.models
        .resize_with(instance.models.len(), PerlDoc::default);
    for (doc, sentences) in w.models.iter_mut().zip(&instance.models) {
        doc.read(sentences, limit, &mut w.vocab, &mut w.buf);
    }
    let models = &w.models[..instance.models.len()];
    w.counter.begin_instance();
    let identity = |x: f64| x;
    for (slot, &variant) in out.iter_mut().zip(variants) {
        let c = &mut w.counter;
        let per = &mut w.per_model;
        *slot = match variant {
            Variant::N(n) => {
                let pc = c.ngram(n, &w.peer, models, per);
                combine(per, pc, config.multiref, config.alpha, identity)
            }
            Variant::L => {
                let pc = c.lcs(&w.peer, models, per);
                combine(per, pc, config.multiref, config.alpha, identity)
            }
            Variant::S | Variant::SU => {
                let Some(skip) = config.skip else { continue };
                let pc = c.skip(skip.gap, variant == Variant::SU, &w.peer, models, per);
                combine(per, pc, config.multiref, config.alpha, identity)
            }
            Variant::W => {
                let weight = config.wlcs_weight.unwrap_or(1.0);
                let f = w.weights.get_or_insert_with(|| Weights::new(weight));
                if f.weight() != weight {
                    *f = Weights::new(weight);
                }
                match c.wlcs(f, &w.peer, models, per) {
                    Ok(pc) => {
                        let f = &*f;
                        combine(per, pc, config.multiref, config.alpha, |x| f.inverse(x))
                    }
                    Err(e) => {
                        failures.push(failure(index, variant, e));
                        InstanceScore::default()
                    }
                }
            }
            Variant::BE => InstanceScore::default(),
        };
    }
}

/// True when `sentences` are not blank but contain no token character at all.
fn all_dropped(sentences: &[&[u8]]) -> bool {
    let mut blank = true;
    for s in sentences {
        if s.iter().any(u8::is_ascii_alphanumeric) {
            return false;
        }
        blank &= s.iter().all(|b| b.is_ascii_whitespace() || *b == 0x0B);
    }
    !blank
}

/// What ROUGE-1.5.5's ASCII-only pipeline drops of an instance (spec `rouge-1.5.5.md` §6.1): texts without
/// any token, and the letters of non-ASCII text (bytes that are not UTF-8 count nothing).
pub(super) fn text_notes(instance: &Instance<'_>) -> TextNotes {
    let mut notes = TextNotes {
        dropped: u8::from(all_dropped(&instance.peer))
            | (u8::from(instance.models.iter().any(|m| all_dropped(m))) << 1),
        ..TextNotes::default()
    };
    for sentence in instance.peer.iter().chain(instance.models.iter().flatten()) {
        let bytes = u32::try_from(sentence.len()).unwrap_or(u32::MAX);
        notes.bytes = notes.bytes.saturating_add(bytes);
        if sentence.is_ascii() {
            continue; // the common case: no letter dropped, nothing to decode
        }
        if let Ok(text) = std::str::from_utf8(sentence) {
            let other = crate::scores::non_ascii_letters(text);
            notes.non_ascii_letters = notes.non_ascii_letters.saturating_add(other);
        }
    }
    notes
}

fn failure(instance: usize, variant: Variant, e: CountError) -> Failure {
    let fatal = matches!(e, CountError::TooLong { .. });
    let (model, message) = match e {
        CountError::EmptyModel { model } => (
            model,
            "the model has no tokens, so ROUGE-W is undefined (ROUGE-1.5.5 dies with \
             'Illegal division by zero'); this instance scores 0 for ROUGE-W"
                .to_string(),
        ),
        CountError::TooLong { model } => (
            model,
            format!(
                "a sentence pair is too long for ROUGE-W: its table would need more than \
                 rougekit's limit of {} cells (one sentence of each side, rows x columns)",
                crate::kernels::wlcs::MAX_CELLS
            ),
        ),
    };
    Failure {
        instance,
        model,
        variant,
        message,
        fatal,
    }
}
