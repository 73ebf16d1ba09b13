//! The engine of the rouge-score family of profiles (`rouge-score`, and every profile that
//! differs from it only in its text pipeline or multi-reference rule): tokenise each text
//! once, intern, run every requested variant on the same id arrays, combine references,
//! write columnar results. Pairs are independent, so the parallel result is bit-identical to
//! the serial one.
//!
//! One file per variant holds its kernel call and its counts-to-score step: [`rouge_n`],
//! [`rouge_l`] (rougeL and rougeLsum), [`rouge_w`], [`rouge_s`]; [`multiref`] combines the
//! references.
pub mod config;
pub mod corpus;
pub mod doc;

mod rouge_l;
mod rouge_n;
mod rouge_s;
mod rouge_w;

pub use crate::multiref::MultiRef;
pub use crate::scores::{Match, Score};
pub use config::{EngineConfig, RougeType};
pub use corpus::DocSet;
pub use doc::TokenDoc;

use crate::error::RougeError;
use crate::intern::{IdMap, Interner};
use crate::kernels::ngram::{KeyCounter, UnigramCounter};
use crate::kernels::skip::SkipScratch;
use crate::kernels::union_lcs::UnionLcsScratch;
use crate::kernels::wlcs::{Weights, WlcsScratch};
use crate::pipeline::Stemmer;
use crate::pool::{run_polled, Cancel};
use crate::scores::{BatchScores, TextNotes};
use rayon::prelude::*;
use std::cell::RefCell;
use std::sync::Mutex;

/// One prediction with its references.
#[derive(Debug, Clone, Copy)]
pub struct Pair<'a> {
    pub prediction: &'a str,
    pub references: &'a [&'a str],
}

/// One prediction with its references as token ids (the `token-ids` profile): scored as
/// the same sequences written as words would be, with `separator` (when given) ending
/// rougeLsum's lines instead of `\n`.
#[derive(Debug, Clone, Copy)]
pub struct IdPair<'a> {
    pub prediction: &'a [i64],
    pub references: &'a [&'a [i64]],
}

/// What a batch scores: texts through the text pipeline, or token ids.
trait Input: Sync {
    /// The number of references.
    fn nrefs(&self) -> usize;

    /// Fills `docs[0]` with the prediction and `docs[1..]` with the references (resizing
    /// `docs` as needed); returns the number of documents and the notes on the texts.
    fn fill(
        &self,
        engine: &EngineConfig,
        vocab: &mut Vocab,
        docs: &mut Vec<TokenDoc>,
    ) -> (usize, TextNotes);
}

/// Makes `docs` hold at least the prediction and `nrefs` references; returns that number.
fn room_for(docs: &mut Vec<TokenDoc>, nrefs: usize) -> usize {
    let needed = nrefs + 1;
    if docs.len() < needed {
        docs.resize_with(needed, TokenDoc::default);
    }
    needed
}

impl Input for Pair<'_> {
    fn nrefs(&self) -> usize {
        self.references.len()
    }

    fn fill(
        &self,
        config: &EngineConfig,
        vocab: &mut Vocab,
        docs: &mut Vec<TokenDoc>,
    ) -> (usize, TextNotes) {
        let pipeline = config.pipeline;
        let interner = vocab.interner(pipeline.stemmer);
        interner.trim();
        let needed = room_for(docs, self.references.len());
        let mut notes = TextNotes {
            dropped: u8::from(docs[0].tokenize_into(self.prediction, pipeline.tokenizer, interner)),
            ..TextNotes::default()
        };
        for (d, r) in docs[1..needed].iter_mut().zip(self.references) {
            if d.tokenize_into(r, pipeline.tokenizer, interner) {
                notes.dropped |= 2;
            }
        }
        if pipeline.tokenizer.ascii_only() {
            notes.count_letters(self.prediction);
            self.references.iter().for_each(|r| notes.count_letters(r));
        }
        (needed, notes)
    }
}

impl Input for IdPair<'_> {
    fn nrefs(&self) -> usize {
        self.references.len()
    }

    fn fill(
        &self,
        config: &EngineConfig,
        vocab: &mut Vocab,
        docs: &mut Vec<TokenDoc>,
    ) -> (usize, TextNotes) {
        let needed = room_for(docs, self.references.len());
        // Dense ids per pair: the kernels index tables by id.
        vocab.ids.clear();
        let sep = config.separator;
        docs[0].fill_ids(self.prediction, sep, &mut vocab.ids);
        for (d, r) in docs[1..needed].iter_mut().zip(self.references) {
            d.fill_ids(r, sep, &mut vocab.ids);
        }
        (needed, TextNotes::default())
    }
}

/// A worker's token vocabularies: one interner per stemmer (their stem caches outlive a
/// batch; ids only matter within a pair, so results never depend on what the caches hold)
/// and the per-pair map of token ids.
#[derive(Debug, Default)]
struct Vocab {
    interners: Vec<(Stemmer, Interner)>,
    ids: IdMap,
}

impl Vocab {
    /// The interner of `stemmer`, made on first use.
    fn interner(&mut self, stemmer: Stemmer) -> &mut Interner {
        let k = match self.interners.iter().position(|(s, _)| *s == stemmer) {
            Some(k) => k,
            None => {
                self.interners.push((stemmer, Interner::new(stemmer)));
                self.interners.len() - 1
            }
        };
        &mut self.interners[k].1
    }
}

/// Reusable per-thread buffers of the variants.
#[derive(Debug, Default)]
struct Scratch {
    docs: Vec<TokenDoc>,
    pred_keys: Vec<u64>,
    ref_keys: Vec<u64>,
    unigrams: UnigramCounter,
    ngrams: KeyCounter,
    marks: Vec<bool>,
    union: Vec<u32>,
    /// The current type's match per reference.
    matches: Vec<Match>,
    /// A jackknife round's references.
    subset: Vec<Match>,
    weights: Weights,
    wlcs: WlcsScratch,
    skip: SkipScratch,
    /// rougeLsum: the summary-level union LCS and its concatenated reference lines.
    union_lcs: UnionLcsScratch,
    lsum_target: Vec<u32>,
    lsum_ends: Vec<usize>,
    /// One pair's scores, one per type.
    row: Vec<Score>,
}

/// Per-thread state: vocabularies and scratch buffers.
#[derive(Debug, Default)]
struct Worker {
    vocab: Vocab,
    scratch: Scratch,
}

thread_local! {
    static WORKER: RefCell<Worker> = RefCell::new(Worker::default());
}

/// A configured scorer: types, stemming, threads.
///
/// The engine holds no thread pool: it looks the shared one up for each batch
/// ([`crate::pool::shared_pool`]), so an engine inherited through `fork` never reaches the
/// parent's dead pool.
#[derive(Debug)]
pub struct Engine {
    config: EngineConfig,
}

/// Pairs handed to a worker at a time: large enough to amortise scheduling.
const MIN_CHUNK: usize = 64;

/// A group of a batch's pairs with the slices of the batch's columns that hold their
/// results: `values[3t..3t+3]` precision, recall, F of type t, `int_zero[t]` its flags.
struct Group<'a, P> {
    first: usize,
    pairs: &'a [P],
    notes: &'a mut [TextNotes],
    values: Vec<&'a mut [f64]>,
    int_zero: Vec<&'a mut [u8]>,
}

/// The first failed pair of a batch (lowest index): its index and the reason.
type FirstError = Mutex<Option<(usize, String)>>;

fn record_error(slot: &FirstError, index: usize, message: String) {
    let mut slot = slot.lock().unwrap_or_else(|p| p.into_inner());
    if slot.as_ref().is_none_or(|(i, _)| index < *i) {
        *slot = Some((index, message));
    }
}

impl Engine {
    /// An engine for `config`; batches run on the shared pool when `threads > 1`.
    pub fn new(config: EngineConfig) -> Engine {
        Engine { config }
    }

    /// The validated configuration.
    pub fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// Scores every pair with the rouge-score tokenizer. Errors only for a pair too large
    /// for a quadratic kernel (see [`wlcs::MAX_VALUE_CELLS`]), naming the pair.
    pub fn score_texts(&self, pairs: &[Pair<'_>]) -> Result<BatchScores, RougeError> {
        let scored = self.score_texts_interruptible(pairs, pairs.len(), &Cancel::never())?;
        Ok(scored.expect("never cancelled"))
    }

    /// [`Engine::score_texts`] asking `cancel` inside long kernels and, on one thread, after
    /// every `chunk` pairs (on the pool, the calling thread asks every few milliseconds while
    /// the workers run); `Ok(None)` once it says stop (the caller was interrupted, e.g. by
    /// Ctrl-C). Pair indices in errors count from the start of `pairs`.
    pub fn score_texts_interruptible(
        &self,
        pairs: &[Pair<'_>],
        chunk: usize,
        cancel: &Cancel<'_>,
    ) -> Result<Option<BatchScores>, RougeError> {
        self.score_chunks(pairs, chunk, cancel)
    }

    /// Scores one pair on the calling thread into `out` (one score per type, in type
    /// order) without building a [`BatchScores`]: the per-call path of one-pair scoring (RL
    /// reward loops, evaluation harnesses), where the batch's columns and the pool lookup
    /// would cost more than the pair. `Ok(None)` when `cancel` stopped it.
    pub fn score_one(
        &self,
        pair: &Pair<'_>,
        out: &mut Vec<Score>,
        cancel: &Cancel<'_>,
    ) -> Result<Option<TextNotes>, RougeError> {
        out.clear();
        out.resize(self.config.types.len(), Score::INT_ZERO);
        let (notes, scored) = WORKER.with_borrow_mut(|w| self.score_input(pair, w, out, cancel));
        scored.map_err(|e| RougeError::TooLarge(format!("pair 0: {e}")))?;
        Ok((!cancel.stopped()).then_some(notes))
    }

    /// [`Engine::score_texts_interruptible`] for token ids (the `token-ids` profile).
    pub fn score_ids_interruptible(
        &self,
        pairs: &[IdPair<'_>],
        chunk: usize,
        cancel: &Cancel<'_>,
    ) -> Result<Option<BatchScores>, RougeError> {
        if self.config.separator.is_none() && self.config.types.contains(&RougeType::Lsum) {
            return Err(RougeError::InvalidOption(
                "rougeLsum on token ids needs the id that separates sentences (a separator \
                 id); without one every text is one line and rougeLsum would silently equal \
                 rougeL"
                    .to_string(),
            ));
        }
        self.score_chunks(pairs, chunk, cancel)
    }

    /// Scores a batch straight into its columns. The pairs go to the workers in groups of
    /// [`MIN_CHUNK`], each group holding its own slices of every column, so no row-major
    /// copy is transposed afterwards and the columns' pages are first touched by the
    /// workers: both were serial work that kept two threads under 1.8x one. On one thread
    /// `cancel` is asked after every `chunk` pairs; on the pool, every group runs in one
    /// parallel section while the calling thread asks `cancel` ([`run_polled`]).
    fn score_chunks<P: Input>(
        &self,
        pairs: &[P],
        chunk: usize,
        cancel: &Cancel<'_>,
    ) -> Result<Option<BatchScores>, RougeError> {
        let (n, nt) = (pairs.len(), self.config.types.len());
        // One allocation each (zeroed pages come from the allocator untouched).
        let mut values: Vec<Vec<f64>> = (0..nt * 3).map(|_| vec![0.0; n]).collect();
        let mut int_zero: Vec<Vec<u8>> = (0..nt).map(|_| vec![0; n]).collect();
        let mut notes = vec![TextNotes::default(); n];
        let mut groups: Vec<Group<'_, P>> = pairs
            .chunks(MIN_CHUNK)
            .zip(notes.chunks_mut(MIN_CHUNK))
            .enumerate()
            .map(|(k, (pairs, notes))| Group {
                first: k * MIN_CHUNK,
                pairs,
                notes,
                values: Vec::with_capacity(nt * 3),
                int_zero: Vec::with_capacity(nt),
            })
            .collect();
        for column in &mut values {
            for (g, part) in groups.iter_mut().zip(column.chunks_mut(MIN_CHUNK)) {
                g.values.push(part);
            }
        }
        for column in &mut int_zero {
            for (g, part) in groups.iter_mut().zip(column.chunks_mut(MIN_CHUNK)) {
                g.int_zero.push(part);
            }
        }
        let errors: FirstError = Mutex::new(None);
        let run = |g: &mut Group<'_, P>| self.score_group(g, &errors, cancel);
        let pool = if groups.len() > 1 {
            crate::pool::shared_pool(self.config.threads)
        } else {
            None // one group runs inline: no pool lookup (a lock and a pid check) for a pair
        };
        match pool {
            Some(pool) => run_polled(&pool, cancel, || groups.par_iter_mut().for_each(run)),
            None => {
                for batch in groups.chunks_mut(chunk.max(1).div_ceil(MIN_CHUNK)) {
                    batch.iter_mut().for_each(run);
                    if errors.lock().unwrap_or_else(|p| p.into_inner()).is_some()
                        || cancel.stopped()
                        || !cancel.check()
                    {
                        break;
                    }
                }
            }
        }
        let failed = errors.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some((i, message)) = failed {
            return Err(RougeError::TooLarge(format!("pair {i}: {message}")));
        }
        if cancel.stopped() || !cancel.check() {
            return Ok(None);
        }
        drop(groups);
        let nrefs = pairs.iter().map(|p| p.nrefs() as u32).collect();
        Ok(Some(BatchScores::from_columns(
            self.config.names(),
            values,
            int_zero,
            notes,
            nrefs,
        )))
    }

    /// Scores one group of pairs into its column slices.
    fn score_group<P: Input>(
        &self,
        g: &mut Group<'_, P>,
        errors: &FirstError,
        cancel: &Cancel<'_>,
    ) {
        WORKER.with_borrow_mut(|w| {
            let mut out = std::mem::take(&mut w.scratch.row);
            out.clear();
            out.resize(self.config.types.len(), Score::INT_ZERO);
            for (i, (pair, note)) in g.pairs.iter().zip(g.notes.iter_mut()).enumerate() {
                if cancel.stopped() {
                    break;
                }
                let scored;
                (*note, scored) = self.score_input(pair, w, &mut out, cancel);
                if let Err(e) = scored {
                    record_error(errors, g.first + i, e);
                }
                for (t, score) in out.iter().enumerate() {
                    g.values[3 * t][i] = score.precision;
                    g.values[3 * t + 1][i] = score.recall;
                    g.values[3 * t + 2][i] = score.fmeasure;
                    g.int_zero[t][i] = u8::from(score.int_zero);
                }
            }
            w.scratch.row = out;
        });
    }

    /// Tokenises `pair` with worker `w`'s vocabularies and scores it into `out`: its notes,
    /// and `Err` (the reason) for a pair too large for a quadratic kernel.
    fn score_input<P: Input>(
        &self,
        pair: &P,
        w: &mut Worker,
        out: &mut [Score],
        cancel: &Cancel<'_>,
    ) -> (TextNotes, Result<(), String>) {
        let mut docs = std::mem::take(&mut w.scratch.docs);
        let (needed, notes) = pair.fill(&self.config, &mut w.vocab, &mut docs);
        let scored = self.score_pair(&docs[0], &docs[1..needed], &mut w.scratch, out, cancel);
        w.scratch.docs = docs;
        (notes, scored)
    }

    /// Scores one pre-tokenised pair (custom tokenizers); a batch of length 1. `Ok(None)`
    /// when `cancel` stopped it.
    pub fn score_docs(
        &self,
        prediction: &TokenDoc,
        references: &[TokenDoc],
        cancel: &Cancel<'_>,
    ) -> Result<Option<BatchScores>, RougeError> {
        let mut rows = vec![Score::INT_ZERO; self.config.types.len()];
        WORKER
            .with_borrow_mut(|w| {
                self.score_pair(prediction, references, &mut w.scratch, &mut rows, cancel)
            })
            .map_err(|e| RougeError::TooLarge(format!("pair 0: {e}")))?;
        if cancel.stopped() {
            return Ok(None);
        }
        Ok(Some(BatchScores::from_rows(
            self.config.names(),
            &rows,
            None,
            vec![TextNotes::default()],
            vec![references.len() as u32],
        )))
    }

    /// Scores one pair into `out`; `Err` (the reason, without the pair index) only for a
    /// pair too large for a quadratic kernel.
    fn score_pair(
        &self,
        pred: &TokenDoc,
        refs: &[TokenDoc],
        s: &mut Scratch,
        out: &mut [Score],
        cancel: &Cancel<'_>,
    ) -> Result<(), String> {
        self.for_each_type(pred, refs, s, cancel, |t, _, _, score| out[t] = score)
    }

    /// Runs every type's kernels on one pair and combines the references, calling
    /// `visit(type index, per-reference matches, the type's match-to-score step, score)` for
    /// each type in order: [`Engine::score_pair`], and the explanations (`crate::explain`),
    /// which read the same matches and score steps.
    #[inline]
    fn for_each_type(
        &self,
        pred: &TokenDoc,
        refs: &[TokenDoc],
        s: &mut Scratch,
        cancel: &Cancel<'_>,
        mut visit: impl FnMut(usize, &[Match], &dyn Fn(&Match) -> Score, Score),
    ) -> Result<(), String> {
        let (rule, jackknife) = (self.config.multiref, self.config.jackknife);
        let masks_shared = self.config.types.iter().any(|t| {
            matches!(t, RougeType::L | RougeType::Lsum) || matches!(t, RougeType::N(n) if *n >= 2)
        });
        for (t, ty) in self.config.types.iter().enumerate() {
            s.matches.clear();
            match *ty {
                RougeType::N(n) => rouge_n::matches(n, pred, refs, s, masks_shared),
                RougeType::L => rouge_l::matches(pred, refs, s, cancel),
                RougeType::Lsum => rouge_l::summary_matches(pred, refs, s, cancel),
                RougeType::W(bits) => {
                    rouge_w::matches(f64::from_bits(bits), pred, refs, s, cancel)?
                }
                RougeType::S { gap, su } => rouge_s::matches(gap, su, pred, refs, s, cancel),
            }
            let weights = &s.weights;
            let score = |m: &Match| match ty {
                RougeType::W(_) => rouge_w::score(m, weights),
                _ => m.ratio_score(),
            };
            let combined = if jackknife {
                rule.combine_jackknife(&s.matches, &mut s.subset, score)
            } else {
                rule.combine(&s.matches, score)
            };
            visit(t, &s.matches, &score, combined.unwrap_or(Score::INT_ZERO));
        }
        Ok(())
    }

    /// [`Engine::for_each_type`] on this thread's scratch buffers (the explanations' entry).
    pub(crate) fn visit_types(
        &self,
        pred: &TokenDoc,
        refs: &[TokenDoc],
        cancel: &Cancel<'_>,
        visit: impl FnMut(usize, &[Match], &dyn Fn(&Match) -> Score, Score),
    ) -> Result<(), String> {
        WORKER.with_borrow_mut(|w| self.for_each_type(pred, refs, &mut w.scratch, cancel, visit))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::wlcs;

    fn score(types: &[&str], pred: &str, refs: &[&str]) -> Vec<Score> {
        let e = Engine::new(EngineConfig::parse(types, false, 1).unwrap());
        let b = e
            .score_texts(&[Pair {
                prediction: pred,
                references: refs,
            }])
            .unwrap();
        (0..types.len()).map(|t| b.get(0, t)).collect()
    }

    #[test]
    fn spec_examples() {
        let s = score(
            &["rouge1", "rouge2", "rougeL", "rougeLsum"],
            "The quick brown dog jumps on the log.",
            &["The quick brown fox jumps over the lazy dog"],
        );
        assert_eq!(
            (s[0].precision, s[0].recall, s[0].fmeasure),
            (0.75, 0.6666666666666666, 0.7058823529411765)
        );
        assert_eq!(s[1].fmeasure, 0.26666666666666666);
        assert_eq!(s[2].fmeasure, 0.5882352941176471);
        assert_eq!(s[3].fmeasure, 0.5882352941176471);
        // E21: reordered lines.
        let s = score(&["rougeL", "rougeLsum"], "d e f\na b c", &["a b c\nd e f"]);
        assert_eq!((s[0].fmeasure, s[1].fmeasure), (0.5, 1.0));
        // E26: tie-breaking decides rougeLsum.
        let s = score(&["rougeLsum"], "b a\na", &["a b"]);
        assert_eq!(
            (s[0].precision, s[0].recall, s[0].fmeasure),
            (0.3333333333333333, 0.5, 0.4)
        );
        // E24: union hits clipped by whole-text counts.
        let s = score(&["rougeLsum"], "a", &["a a\na"]);
        assert_eq!(s[0].recall, 0.3333333333333333);
        // E18: empty.
        let s = score(&["rouge1", "rougeL"], "", &[""]);
        assert!(!s[0].int_zero && s[1].int_zero);
    }

    fn pairs_of<'a, P: AsRef<str>, const N: usize>(
        preds: &'a [P],
        refs: &'a [[&'a str; N]],
    ) -> Vec<Pair<'a>> {
        preds
            .iter()
            .zip(refs)
            .map(|(p, r)| Pair {
                prediction: p.as_ref(),
                references: r,
            })
            .collect()
    }

    #[test]
    fn reports_texts_that_lost_every_token() {
        let e = Engine::new(EngineConfig::parse(&["rouge1"], false, 1).unwrap());
        let refs = [["今天天气很不错"], ["a"], ["  "]];
        let preds = ["今天天气很不错", "!!!", ""];
        let pairs = pairs_of(&preds, &refs);
        let notes = e.score_texts(&pairs).unwrap().notes().to_vec();
        let dropped: Vec<u8> = notes.iter().map(|n| n.dropped).collect();
        assert_eq!(dropped, [3, 1, 0]);
        // rouge-score's tokenizer is ASCII-only: the letters it drops are counted.
        assert_eq!((notes[0].bytes, notes[0].non_ascii_letters), (42, 14));
    }

    #[test]
    fn one_pair_equals_a_batch_of_one() {
        let e = Engine::new(
            EngineConfig::parse(&["rouge1", "rouge2", "rougeL", "rougeLsum"], true, 2).unwrap(),
        );
        let refs = ["The cats sat\non the mat", "über alles"];
        let pair = Pair {
            prediction: "the cat sat on\nthe mats",
            references: &refs,
        };
        let batch = e.score_texts(&[pair]).unwrap();
        let mut out = Vec::new();
        let notes = e.score_one(&pair, &mut out, &Cancel::never()).unwrap();
        assert_eq!(notes, Some(batch.notes()[0]));
        let row: Vec<Score> = (0..4).map(|t| batch.get(0, t)).collect();
        assert_eq!(out, row);
    }

    #[test]
    fn no_types_is_an_empty_result() {
        let e = Engine::new(EngineConfig::parse::<&str>(&[], false, 1).unwrap());
        let b = e
            .score_texts(&[Pair {
                prediction: "a",
                references: &["a"],
            }])
            .unwrap();
        assert_eq!((b.len(), b.names().len()), (1, 0));
    }

    #[test]
    fn multi_reference_best_f() {
        // M2 of the spec.
        let s = score(
            &["rouge1", "rouge2"],
            "a b c d",
            &["a b x y", "a x b y c d z w v u"],
        );
        assert_eq!((s[0].precision, s[0].recall), (1.0, 0.4));
        assert_eq!(s[1].fmeasure, 0.3333333333333333);
    }

    #[test]
    fn threads_do_not_change_bits() {
        let texts: Vec<String> = (0..500)
            .map(|i| format!("w{} a b c\nd w{} e", i % 7, i % 5))
            .collect();
        let refs: Vec<[&str; 2]> = texts.iter().map(|t| [t.as_str(), "a b\nw1 e"]).collect();
        let pairs = pairs_of(&texts, &refs);
        let types = ["rouge1", "rouge3", "rougeL", "rougeLsum"];
        let one = Engine::new(EngineConfig::parse(&types, true, 1).unwrap())
            .score_texts(&pairs)
            .unwrap();
        let engine = Engine::new(EngineConfig::parse(&types, true, 2).unwrap());
        assert_eq!(one, engine.score_texts(&pairs).unwrap());
        let go = || true;
        let chunked = engine.score_texts_interruptible(&pairs, 7, &Cancel::new(&go));
        assert_eq!(Some(one), chunked.unwrap());
        // One thread asks after every chunk: here after the first 100 pairs (go on), then
        // after the next 100 (stop).
        let serial = Engine::new(EngineConfig::parse(&types, true, 1).unwrap());
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let poll = || calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed) < 1;
        let stopped = serial.score_texts_interruptible(&pairs, 100, &Cancel::new(&poll));
        assert!(stopped.unwrap().is_none());
        assert_eq!(calls.load(std::sync::atomic::Ordering::Relaxed), 2);
        // On the pool the caller asks while the workers run, and once more at the end.
        let stop = || false;
        let stopped = engine.score_texts_interruptible(&pairs, 100, &Cancel::new(&stop));
        assert!(stopped.unwrap().is_none());
    }

    #[test]
    fn rouge_w_stays_in_range_and_refuses_huge_pairs() {
        let s = score(&["rougeW-1.2"], "a b c d e f g", &["a b c d e f g"]);
        assert_eq!(
            (s[0].precision, s[0].recall, s[0].fmeasure),
            (1.0, 1.0, 1.0)
        );
        let s = score(&["rougeW-1.5"], "b c d", &["a b c d e"]);
        assert_eq!(s[0].precision, 1.0);
        assert!(s[0].recall < 1.0);
        let long = "w ".repeat(200_000);
        let e = Engine::new(EngineConfig::parse(&["rouge1", "rougeW"], false, 1).unwrap());
        let refs = [long.as_str()];
        let pairs = [
            Pair {
                prediction: "a",
                references: &refs,
            },
            Pair {
                prediction: &long,
                references: &refs,
            },
        ];
        let err = e.score_texts(&pairs).unwrap_err().to_string();
        assert!(err.starts_with("pair 1: rougeW-1.2 is too large"), "{err}");
        assert!(err.contains(&wlcs::MAX_VALUE_CELLS.to_string()), "{err}");
    }
}
