//! Scoring many instances in parallel: each worker reads an instance's texts once and runs
//! every configured variant on the same ids. Instances are independent, so the parallel
//! result is bit-identical to the serial one. [`score_types`] runs the [`plan`] of a list of
//! types and returns the profile's result, [`BatchScores`].
//!
//! Ctrl-C: the kernels report their work to a [`Cancel`] token (ROUGE-L and ROUGE-W
//! summary level are quadratic in sentences, so one long instance can take minutes), the
//! workers skip the remaining instances once it has stopped, and on the pool the calling
//! thread polls it while they work ([`run_polled`]), as the rouge-score engine does.
use super::combine::{combine, InstanceScore};
use super::counts::{CountError, Counter, ModelCounts};
use super::doc::PerlDoc;
use super::types::{plan, PerlType};
use super::vocab::Vocab;
use super::{PerlConfig, Variant};
use crate::kernels::wlcs::Weights;
use crate::pool::{run_polled, shared_pool, Cancel};
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
    let scored = score_types_interruptible(types, base, instances, threads, &Cancel::never())?;
    Ok(scored.expect("never cancelled"))
}

/// [`score_types`] asking `cancel` inside long kernels (on the pool, the calling thread asks
/// every few milliseconds while the workers run); `Ok(None)` once it says stop (the caller
/// was interrupted, e.g. by Ctrl-C).
pub fn score_types_interruptible(
    types: &[PerlType],
    base: &PerlConfig,
    instances: &[Instance<'_>],
    threads: usize,
    cancel: &Cancel<'_>,
) -> Result<Option<BatchScores>, Failure> {
    let names: Vec<String> = types.iter().map(PerlType::name).collect();
    let nrefs: Vec<u32> = instances.iter().map(|i| i.models.len() as u32).collect();
    let mut runs: Vec<(PerlScores, Vec<(usize, usize)>)> = Vec::new();
    let mut failures = Vec::new();
    let mut notes = None;
    for run in plan(types, base) {
        let Some(mut scores) = score_batch(&run.config, instances, threads, cancel) else {
            return Ok(None);
        };
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
    Ok(Some(scores_of(names, &picks, notes, nrefs, failures)))
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

/// Scores every instance under `config` with `threads` workers (1: the calling thread);
/// `None` once `cancel` says stop (see the module comment).
pub fn score_batch(
    config: &PerlConfig,
    instances: &[Instance<'_>],
    threads: usize,
    cancel: &Cancel<'_>,
) -> Option<PerlScores> {
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
        if cancel.stopped() {
            return;
        }
        *note = text_notes(&instances[i]);
        if width > 0 {
            WORKER.with_borrow_mut(|w| {
                score_instance(config, &variants, i, &instances[i], w, out, fails, cancel)
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
        Some(pool) if instances.len() > MIN_CHUNK => run_polled(&pool, cancel, || {
            slots
                .par_chunks_mut(per)
                .zip(failed.par_iter_mut())
                .zip(notes.par_iter_mut())
                .enumerate()
                .with_min_len(MIN_CHUNK)
                .for_each(work)
        }),
        // The kernels' reports poll `cancel` on this thread.
        _ => slots
            .chunks_mut(per)
            .zip(failed.iter_mut())
            .zip(notes.iter_mut())
            .enumerate()
            .for_each(work),
    }
    if cancel.stopped() {
        return None;
    }
    Some(PerlScores {
        variants,
        rows,
        failures: failed.into_iter().flatten().collect(),
        notes,
    })
}

/// Scores one instance into `out`; stops at the first variant `cancel` stopped (the
/// caller then discards the batch).
#[allow(clippy::too_many_arguments)]
fn score_instance(
    config: &PerlConfig,
    variants: &[Variant],
    index: usize,
    instance: &Instance<'_>,
    w: &mut Worker,
    out: &mut [InstanceScore],
    failures: &mut Vec<Failure>,
    cancel: &Cancel<'_>,
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
                let pc = c.ngram(n, &w.peer, models, per, cancel);
                combine(per, pc, config.multiref, config.alpha, identity)
            }
            Variant::L => {
                let pc = c.lcs(&w.peer, models, per, cancel);
                combine(per, pc, config.multiref, config.alpha, identity)
            }
            Variant::S | Variant::SU => {
                let Some(skip) = config.skip else { continue };
                let su = variant == Variant::SU;
                let pc = c.skip(skip.gap, su, &w.peer, models, per, cancel);
                combine(per, pc, config.multiref, config.alpha, identity)
            }
            Variant::W => {
                let weight = config.wlcs_weight.unwrap_or(1.0);
                let f = w.weights.get_or_insert_with(|| Weights::new(weight));
                if f.weight() != weight {
                    *f = Weights::new(weight);
                }
                match c.wlcs(f, &w.peer, models, per, cancel) {
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
        if cancel.stopped() {
            return;
        }
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

pub(super) fn failure(instance: usize, variant: Variant, e: CountError) -> Failure {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::XorShift;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// `lines` sentences of `words` random words each, from a `vocab`-word vocabulary.
    fn summary(rng: &mut XorShift, lines: usize, words: usize, vocab: u64) -> Vec<String> {
        (0..lines)
            .map(|_| {
                let words: Vec<String> = (0..words)
                    .map(|_| format!("w{}", rng.below(vocab)))
                    .collect();
                words.join(" ")
            })
            .collect()
    }

    fn instance<'a>(peer: &'a [String], model: &'a [String]) -> Instance<'a> {
        Instance {
            peer: peer.iter().map(|s| s.as_bytes()).collect(),
            models: vec![model.iter().map(|s| s.as_bytes()).collect()],
        }
    }

    /// Ctrl-C inside one long instance: every variant's kernel reports its work, so a token
    /// that says stop at its first poll ends the scoring with no result, before a second
    /// poll (each instance is at least four polls' worth of work: a kernel that went on
    /// would poll again). The summary-level ROUGE-L and ROUGE-W loop over sentence pairs
    /// (1,000 x 1,000 and 300 x 300 here), ROUGE-S* counts 8,000-word texts without
    /// materialising their 32 million skip-bigrams, and ROUGE-1 ... ROUGE-1024 build a
    /// thousand n-gram levels.
    #[test]
    fn a_stop_ends_one_long_instance_early() {
        let mut rng = XorShift::new(0x5851_F42D_4C95_7F2D);
        let cases = [
            ("rougeL", 1000, 40, 50),
            ("rougeW-1.2", 300, 30, 50),
            ("rougeS*", 1, 8000, 4000),
            ("rouge1024", 1, 50_000, 1000),
        ];
        for (name, lines, words, vocab) in cases {
            let peer = summary(&mut rng, lines, words, vocab);
            let model = summary(&mut rng, lines, words, vocab);
            let types = PerlType::parse_all(&[name]).unwrap();
            let polls = AtomicUsize::new(0);
            let stop = || {
                polls.fetch_add(1, Ordering::Relaxed);
                false
            };
            let inst = [instance(&peer, &model)];
            let cancel = Cancel::new(&stop);
            let scored =
                score_types_interruptible(&types, &PerlConfig::default(), &inst, 1, &cancel);
            assert!(scored.unwrap().is_none(), "{name}: not stopped");
            let polls = polls.load(Ordering::Relaxed);
            assert_eq!(polls, 1, "{name}: went on after the stop");
        }
    }

    /// On the pool the workers do not decide (Python's signal handlers run on the calling
    /// thread only): the caller polls while they work and they stop on its answer. A token
    /// that never stops changes no bit.
    #[test]
    fn the_pool_stops_on_the_callers_poll_and_a_polling_token_changes_no_bit() {
        let mut rng = XorShift::new(0x2545_F491_4F6C_DD1D);
        let texts: Vec<(Vec<String>, Vec<String>)> = (0..2 * MIN_CHUNK + 5)
            .map(|_| (summary(&mut rng, 4, 12, 40), summary(&mut rng, 3, 15, 40)))
            .collect();
        let inst: Vec<Instance<'_>> = texts.iter().map(|(p, m)| instance(p, m)).collect();
        let names = [
            "rouge1",
            "rouge2",
            "rougeL",
            "rougeW-1.2",
            "rougeSU4",
            "rougeS*",
        ];
        let types = PerlType::parse_all(&names).unwrap();
        let base = PerlConfig::default();
        let plain = score_types(&types, &base, &inst, 2).unwrap();
        let go = || true;
        for threads in [1, 2] {
            let polled =
                score_types_interruptible(&types, &base, &inst, threads, &Cancel::new(&go));
            assert_eq!(polled.unwrap(), Some(plain.clone()), "{threads} threads");
        }
        let caller = std::thread::current().id();
        let callers_stop = || std::thread::current().id() != caller;
        let cancel = Cancel::new(&callers_stop);
        // Minutes of work unless stopped (4 million sentence pairs per instance): the
        // caller's first poll, after 20 ms, comes long before the end.
        let lines = summary(&mut rng, 2000, 1, 50);
        let long: Vec<(Vec<String>, Vec<String>)> = (0..2 * MIN_CHUNK)
            .map(|_| (lines.clone(), lines.clone()))
            .collect();
        let inst: Vec<Instance<'_>> = long.iter().map(|(p, m)| instance(p, m)).collect();
        let stopped = score_types_interruptible(&types, &base, &inst, 2, &cancel);
        assert!(stopped.unwrap().is_none());
    }
}
