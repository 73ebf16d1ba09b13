//! The engine of pltrdy's `rouge` 1.0.1 (PyPI `rouge`, LongBench's scorer) and of its fork
//! `rouge-chinese` 1.0.3 (LLaMA-Factory, ChatGLM, OpenCompass): their numbers bit for bit,
//! one reference per hypothesis.
//!
//! What they share ([`Variant`] holds what differs):
//! * tokens: sentences cut by the variant's rule, whitespace-normalised, split on single
//!   spaces, case and punctuation kept ([`split`]);
//! * ROUGE-N over the concatenated tokens (n-grams cross sentence boundaries); with
//!   `exclusive` (both packages' default) the counts are numbers of **distinct** n-grams and
//!   the overlap the size of the set intersection, so repeating a word costs nothing;
//!   without it the usual clipped counts ([`rouge_n`]);
//! * P = overlap / hypothesis count (0.0 when that count is 0), R likewise, and
//!   F = `2 * ((P * R) / (P + R + 1e-8))` in that order of operations ([`fmeasure`]): F is
//!   never exactly 1 (identical texts give 0.999999995).
//!
//! ROUGE-L ([`rouge_l`]): rouge 1.0.1 takes, for every reference sentence and every
//! hypothesis sentence, the one LCS its backtrack picks, and counts with `exclusive` the
//! distinct words of all of them over the distinct words of each side (without it: the sum
//! of the LCS lengths over the token counts, which can exceed 1). rouge-chinese takes the
//! LCS of the whole token lists over the token counts, whatever `exclusive` says.
//!
//! With a [`Segmenter`] ([`PltrdyConfig::with_segmenter`]), each text is first replaced by
//! its words joined with single spaces, the text `" ".join(jieba.cut(text))` callers pass to
//! the packages, and then scored as above.
pub mod depth;
mod distinct;
pub mod explain;
mod explain_record;
pub mod rouge_l;
pub mod rouge_n;
pub mod split;

pub use split::SentenceRule;

use crate::error::RougeError;
use crate::intern::short_key;
use crate::kernels::lcs::LcsScratch;
use crate::kernels::ngram::KeyCounter;
use crate::pool::{run_polled, Cancel};
use crate::scores::{BatchScores, Counts, TextNotes};
use crate::segment::Segmenter;
use crate::Score;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::sync::Mutex;

/// One of the published scorers this engine reproduces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Variant {
    /// pltrdy's `rouge` 1.0.1: sentences at every `.`, ROUGE-L over sentence pairs.
    Pltrdy101,
    /// `rouge-chinese` 1.0.3: sentences at `。！？?` (its `cut_sent`) and newlines, ROUGE-L
    /// the plain LCS of the whole token lists.
    RougeChinese103,
}

impl Variant {
    /// Parses the profile name (`pltrdy-1.0.1`, `rouge-chinese-1.0.3`).
    pub fn parse(name: &str) -> Result<Variant, RougeError> {
        match name {
            "pltrdy-1.0.1" => Ok(Variant::Pltrdy101),
            "rouge-chinese-1.0.3" => Ok(Variant::RougeChinese103),
            _ => Err(RougeError::InvalidOption(format!(
                "unknown scorer {name:?}: expected pltrdy-1.0.1 or rouge-chinese-1.0.3"
            ))),
        }
    }

    /// The profile name.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Pltrdy101 => "pltrdy-1.0.1",
            Variant::RougeChinese103 => "rouge-chinese-1.0.3",
        }
    }

    /// How its texts are cut into sentences.
    pub fn sentences(self) -> SentenceRule {
        match self {
            Variant::Pltrdy101 => SentenceRule::Dots,
            Variant::RougeChinese103 => SentenceRule::RougeChinese,
        }
    }

    /// How its ROUGE-L is computed.
    pub fn lcs(self) -> LcsRule {
        match self {
            Variant::Pltrdy101 => LcsRule::SentenceUnion,
            Variant::RougeChinese103 => LcsRule::WholeText,
        }
    }
}

/// How ROUGE-L counts ([`rouge_l`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LcsRule {
    /// rouge 1.0.1's `rouge_l_summary_level`: one LCS per (reference sentence, hypothesis
    /// sentence), pooled as sets (exclusive) or summed.
    SentenceUnion,
    /// rouge-chinese 1.0.3: the LCS of the whole token lists, token counts.
    WholeText,
}

/// A metric of these scorers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Metric {
    /// `rouge-n` (the packages have n = 1..5; any n >= 1 is computed the same way).
    N(usize),
    /// `rouge-l`.
    L,
}

impl Metric {
    /// Parses `rouge1`..`rougeN` or `rougeL`.
    pub fn parse(name: &str) -> Result<Metric, RougeError> {
        if name == "rougeL" {
            return Ok(Metric::L);
        }
        if let Some(d) = name.strip_prefix("rouge") {
            if !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()) && !d.starts_with('0') {
                if let Ok(n @ 1..=1024) = d.parse::<usize>() {
                    return Ok(Metric::N(n));
                }
            }
        }
        Err(RougeError::InvalidType(format!(
            "invalid type {name:?} for rouge 1.0.1's metrics: expected rouge1..rouge5 or rougeL"
        )))
    }

    /// The rougekit type name (`rouge1`, `rougeL`).
    pub fn name(self) -> String {
        match self {
            Metric::N(n) => format!("rouge{n}"),
            Metric::L => "rougeL".to_string(),
        }
    }
}

/// A validated configuration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PltrdyConfig {
    pub variant: Variant,
    /// Metrics in the caller's order, duplicates removed.
    pub metrics: Vec<Metric>,
    /// Distinct n-grams and words (the packages' default `exclusive=True`).
    pub exclusive: bool,
    pub threads: usize,
    /// Texts are segmented by it and their words joined with single spaces before scoring.
    pub segmenter: Option<Segmenter>,
}

impl PltrdyConfig {
    /// A configuration from a variant name and type names.
    pub fn parse<S: AsRef<str>>(
        variant: &str,
        types: &[S],
        exclusive: bool,
        threads: usize,
    ) -> Result<PltrdyConfig, RougeError> {
        let max = crate::engine::config::MAX_THREADS;
        if threads == 0 || threads > max {
            return Err(RougeError::InvalidOption(format!(
                "threads must be between 1 and {max}, got {threads}"
            )));
        }
        let mut metrics = Vec::with_capacity(types.len());
        for t in types {
            let m = Metric::parse(t.as_ref())?;
            if !metrics.contains(&m) {
                metrics.push(m);
            }
        }
        Ok(PltrdyConfig {
            variant: Variant::parse(variant)?,
            metrics,
            exclusive,
            threads,
            segmenter: None,
        })
    }

    /// This configuration with each text segmented by `segmenter` first.
    pub fn with_segmenter(mut self, segmenter: Option<Segmenter>) -> PltrdyConfig {
        self.segmenter = segmenter;
        self
    }

    /// The metrics' type names, in order.
    pub fn names(&self) -> Vec<String> {
        self.metrics.iter().map(|m| m.name()).collect()
    }
}

/// The packages' F: `2 * ((p * r) / (p + r + 1e-8))`, evaluated in this order.
#[inline]
pub fn fmeasure(precision: f64, recall: f64) -> f64 {
    2.0 * ((precision * recall) / (precision + recall + 1e-8))
}

/// `sum / count` with the sum taken left to right from 0, as their `avg=True` does.
pub fn sequential_mean(values: impl IntoIterator<Item = f64>) -> f64 {
    let mut sum = 0.0;
    let mut count = 0usize;
    for v in values {
        sum += v;
        count += 1;
    }
    sum / count as f64
}

/// A hypothesis and its reference.
#[derive(Debug, Clone, Copy)]
pub struct TextPair<'a> {
    pub hypothesis: &'a str,
    pub reference: &'a str,
}

/// A scored batch.
#[derive(Debug, Clone, PartialEq)]
pub struct PltrdyBatch {
    /// P, R, F per metric and pair, with the counts behind them: `hits` the overlap,
    /// `pred_total` the hypothesis count, `ref_total` the reference count (the packages'
    /// `raw_results` `overlap`, `hyp`, `ref`).
    pub scores: BatchScores,
    /// Per pair: the number of non-empty tokens of the hypothesis and of the reference
    /// (the packages' `return_lengths`).
    pub lengths: Vec<(u32, u32)>,
    /// Per pair: bit 0 when the hypothesis has no sentence (the packages raise "Hypothesis is
    /// empty."), bit 1 for the reference; that pair's scores are then 0.
    pub empty: Vec<u8>,
}

/// One text as the metrics see it.
#[derive(Debug, Default)]
pub(crate) struct Doc {
    /// Token ids, sentences concatenated.
    pub(crate) tokens: Vec<u32>,
    /// End of each sentence in `tokens`.
    pub(crate) ends: Vec<usize>,
    /// Tokens that are not the empty string.
    pub(crate) words: u32,
}

/// The dense ids of one pair's tokens (the kernels index tables by id): short tokens by
/// their inline key in an open-addressing table whose slots are valid only for the current
/// pair's stamp (nothing is cleared between pairs), the others by their text.
#[derive(Debug, Default)]
pub(crate) struct PairVocab {
    keys: Vec<u128>,
    ids: Vec<u32>,
    stamps: Vec<u32>,
    stamp: u32,
    short: usize,
    long: FxHashMap<Box<str>, u32>,
}

impl PairVocab {
    fn clear(&mut self) {
        self.short = 0;
        self.long.clear();
        if self.keys.is_empty() {
            self.grow(256);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // Wrapped: stamps from 2^32 pairs ago would look current.
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }

    /// The number of distinct tokens seen.
    pub(crate) fn len(&self) -> usize {
        self.short + self.long.len()
    }

    #[inline]
    fn home(&self, key: u128) -> usize {
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        let bits = self.keys.len().trailing_zeros();
        (folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// Makes the table `size` slots (a power of two), keeping this pair's keys.
    fn grow(&mut self, size: usize) {
        let live: Vec<(u128, u32)> = (0..self.keys.len())
            .filter(|&i| self.stamps[i] == self.stamp && self.stamp != 0)
            .map(|i| (self.keys[i], self.ids[i]))
            .collect();
        self.keys = vec![0; size];
        self.ids = vec![0; size];
        self.stamps = vec![0; size];
        if self.stamp == 0 {
            self.stamp = 1;
        }
        for (key, id) in live {
            let slot = self.find(key);
            self.keys[slot] = key;
            self.ids[slot] = id;
            self.stamps[slot] = self.stamp;
        }
    }

    /// The slot holding `key`, or the free slot where it goes.
    #[inline]
    fn find(&self, key: u128) -> usize {
        let mask = self.keys.len() - 1;
        let mut i = self.home(key);
        while self.stamps[i] == self.stamp && self.keys[i] != key {
            i = (i + 1) & mask;
        }
        i
    }

    #[inline]
    fn id(&mut self, token: &str) -> u32 {
        let next = self.len() as u32;
        match short_key(token.as_bytes()) {
            Some(key) => {
                let slot = self.find(key);
                if self.stamps[slot] == self.stamp {
                    return self.ids[slot];
                }
                self.keys[slot] = key;
                self.ids[slot] = next;
                self.stamps[slot] = self.stamp;
                self.short += 1;
                if 2 * self.short > self.keys.len() {
                    self.grow(2 * self.keys.len());
                }
                next
            }
            None => match self.long.get(token) {
                Some(&id) => id,
                None => {
                    self.long.insert(token.into(), next);
                    next
                }
            },
        }
    }
}

impl Doc {
    fn fill(&mut self, text: &str, rule: SentenceRule, buf: &mut String, ids: &mut PairVocab) {
        self.tokens.clear();
        self.ends.clear();
        self.words = 0;
        let (tokens, ends, words) = (&mut self.tokens, &mut self.ends, &mut self.words);
        split::scan(text, rule, buf, |event| match event {
            Some(t) => {
                *words += u32::from(!t.is_empty());
                tokens.push(ids.id(t));
            }
            None => ends.push(tokens.len()),
        });
    }

    /// The sentences, as slices of `tokens`.
    pub(crate) fn sentences(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let range = (start, end);
            start = end;
            range
        })
    }
}

/// Per-thread buffers.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    vocab: PairVocab,
    buf: String,
    hyp: Doc,
    reference: Doc,
    pub(crate) hyp_keys: Vec<u64>,
    pub(crate) ref_keys: Vec<u64>,
    pub(crate) counter: KeyCounter,
    pub(crate) lcs: LcsScratch,
    pub(crate) marks: Vec<bool>,
    pub(crate) distinct: distinct::Distinct,
    /// This pair's distinct unigram counts `(hyp, ref, both)` once computed (ROUGE-1 and
    /// rouge 1.0.1's exclusive ROUGE-L both need them).
    pub(crate) unigrams: Option<(usize, usize, usize)>,
    pub(crate) seen: Vec<u8>,
    /// The pair's texts segmented, words joined with spaces (with a segmenter).
    joined: [String; 2],
}

/// `text`'s words by `segmenter`, joined with single spaces, into `out`.
fn join_words(segmenter: Segmenter, text: &str, out: &mut String) {
    let mut words = Vec::new();
    segmenter.cut_into(text, &mut words);
    out.clear();
    out.reserve(text.len() + words.len());
    for (k, word) in words.iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        out.push_str(word);
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Pairs handed to a worker at a time.
const CHUNK: usize = 64;

/// A configured scorer.
#[derive(Debug, Clone)]
pub struct PltrdyScorer {
    config: PltrdyConfig,
}

/// One chunk's output slices.
struct Out<'a> {
    /// Index of the chunk's first pair in the batch.
    first: usize,
    rows: &'a mut [Score],
    counts: &'a mut [Counts],
    lengths: &'a mut [(u32, u32)],
    empty: &'a mut [u8],
}

impl PltrdyScorer {
    pub fn new(config: PltrdyConfig) -> PltrdyScorer {
        PltrdyScorer { config }
    }

    pub fn config(&self) -> &PltrdyConfig {
        &self.config
    }

    /// Scores every pair; `Ok(None)` once `cancel` said stop.
    pub fn score(
        &self,
        pairs: &[TextPair<'_>],
        cancel: &Cancel<'_>,
    ) -> Result<Option<PltrdyBatch>, RougeError> {
        let (n, nt) = (pairs.len(), self.config.metrics.len());
        let zero = Score {
            precision: 0.0,
            recall: 0.0,
            fmeasure: 0.0,
            int_zero: false,
        };
        let mut rows = vec![zero; n * nt];
        let mut counts = vec![Counts::default(); n * nt];
        let mut lengths = vec![(0u32, 0u32); n];
        let mut empty = vec![0u8; n];
        let step = CHUNK * nt.max(1);
        let mut chunks: Vec<(&[TextPair<'_>], Out<'_>)> = pairs
            .chunks(CHUNK)
            .zip(
                rows.chunks_mut(step)
                    .chain(std::iter::repeat_with(|| &mut [][..])),
            )
            .zip(
                counts
                    .chunks_mut(step)
                    .chain(std::iter::repeat_with(|| &mut [][..])),
            )
            .zip(lengths.chunks_mut(CHUNK))
            .zip(empty.chunks_mut(CHUNK))
            .enumerate()
            .map(|(k, ((((p, rows), counts), lengths), empty))| {
                (
                    p,
                    Out {
                        first: k * CHUNK,
                        rows,
                        counts,
                        lengths,
                        empty,
                    },
                )
            })
            .collect();
        let failed: Mutex<Option<(usize, String)>> = Mutex::new(None);
        let run = |(p, out): &mut (&[TextPair<'_>], Out<'_>)| {
            if let Err((i, message)) =
                SCRATCH.with_borrow_mut(|s| self.score_chunk(p, out, s, cancel))
            {
                let mut slot = failed.lock().unwrap_or_else(|e| e.into_inner());
                if slot.as_ref().is_none_or(|(j, _)| i < *j) {
                    *slot = Some((i, message));
                }
            }
        };
        let pool = if chunks.len() > 1 {
            crate::pool::shared_pool(self.config.threads)
        } else {
            None
        };
        match pool {
            Some(pool) => run_polled(&pool, cancel, || chunks.par_iter_mut().for_each(run)),
            None => {
                for c in chunks.iter_mut() {
                    run(c);
                    let stop = failed.lock().map_or(true, |f| f.is_some());
                    if stop || cancel.stopped() || !cancel.check() {
                        break;
                    }
                }
            }
        }
        drop(chunks);
        if let Some((i, message)) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
            return Err(RougeError::TooLarge(format!("pair {i}: {message}")));
        }
        if cancel.stopped() || !cancel.check() {
            return Ok(None);
        }
        // Row-major to columns.
        let mut values = Vec::with_capacity(3 * nt);
        let mut by_type = Vec::with_capacity(nt);
        for t in 0..nt {
            let column = |f: fn(&Score) -> f64| -> Vec<f64> {
                rows.chunks_exact(nt).map(|r| f(&r[t])).collect()
            };
            values.push(column(|s| s.precision));
            values.push(column(|s| s.recall));
            values.push(column(|s| s.fmeasure));
            by_type.push(counts.chunks_exact(nt).map(|c| c[t]).collect());
        }
        let scores = BatchScores::from_columns(
            self.config.names(),
            values,
            vec![vec![0; n]; nt],
            vec![TextNotes::default(); n],
            vec![1; n],
        )
        .with_counts(by_type);
        Ok(Some(PltrdyBatch {
            scores,
            lengths,
            empty,
        }))
    }

    fn score_chunk(
        &self,
        pairs: &[TextPair<'_>],
        out: &mut Out<'_>,
        s: &mut Scratch,
        cancel: &Cancel<'_>,
    ) -> Result<(), (usize, String)> {
        let nt = self.config.metrics.len();
        let rule = self.config.variant.sentences();
        for (i, pair) in pairs.iter().enumerate() {
            if cancel.stopped() {
                return Ok(());
            }
            let flags = s.load(&self.config, pair, rule);
            out.lengths[i] = (s.hyp.words, s.reference.words);
            out.empty[i] = flags;
            if flags != 0 {
                continue; // scores stay 0: the packages raise here
            }
            let hyp = std::mem::take(&mut s.hyp);
            let reference = std::mem::take(&mut s.reference);
            for (t, &metric) in self.config.metrics.iter().enumerate() {
                let scored = score_metric(&self.config, metric, &hyp, &reference, s, cancel, None);
                match scored {
                    Ok((score, c)) => {
                        out.rows[i * nt + t] = score;
                        out.counts[i * nt + t] = c;
                    }
                    Err(message) => return Err((out.first + i, message)),
                }
            }
            s.hyp = hyp;
            s.reference = reference;
        }
        Ok(())
    }
}

impl Scratch {
    /// Reads one pair into `hyp` and `reference` (each text segmented and its words joined
    /// with spaces first, with a segmenter); returns the pair's empty flags (bit 0: the
    /// hypothesis has no sentence, bit 1: the reference).
    pub(crate) fn load(
        &mut self,
        config: &PltrdyConfig,
        pair: &TextPair<'_>,
        rule: SentenceRule,
    ) -> u8 {
        self.vocab.clear();
        let (hyp_text, ref_text) = match config.segmenter {
            None => (pair.hypothesis, pair.reference),
            Some(segmenter) => {
                let [h, r] = &mut self.joined;
                join_words(segmenter, pair.hypothesis, h);
                join_words(segmenter, pair.reference, r);
                (h.as_str(), r.as_str())
            }
        };
        self.hyp
            .fill(hyp_text, rule, &mut self.buf, &mut self.vocab);
        self.reference
            .fill(ref_text, rule, &mut self.buf, &mut self.vocab);
        self.unigrams = None;
        u8::from(self.hyp.ends.is_empty()) | (u8::from(self.reference.ends.is_empty()) << 1)
    }
}

/// One metric's score and counts for a loaded pair (both texts have a sentence); with
/// `trace`, rouge 1.0.1's ROUGE-L records its LCSs ([`rouge_l::LcsTrace`]).
pub(crate) fn score_metric(
    config: &PltrdyConfig,
    metric: Metric,
    hyp: &Doc,
    reference: &Doc,
    s: &mut Scratch,
    cancel: &Cancel<'_>,
    trace: Option<&mut Vec<rouge_l::LcsTrace>>,
) -> Result<(Score, Counts), String> {
    match metric {
        Metric::N(n) => Ok(rouge_n::score(n, config.exclusive, hyp, reference, s)),
        Metric::L => rouge_l::score(
            config.variant.lcs(),
            config.exclusive,
            hyp,
            reference,
            s,
            cancel,
            trace,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(variant: &str, exclusive: bool, hyp: &str, reference: &str) -> Vec<(f64, f64, f64)> {
        let config =
            PltrdyConfig::parse(variant, &["rouge1", "rouge2", "rougeL"], exclusive, 1).unwrap();
        let b = PltrdyScorer::new(config)
            .score(
                &[TextPair {
                    hypothesis: hyp,
                    reference,
                }],
                &Cancel::never(),
            )
            .unwrap()
            .unwrap();
        (0..3)
            .map(|t| {
                let s = b.scores.get(0, t);
                (s.recall, s.precision, s.fmeasure)
            })
            .collect()
    }

    #[test]
    fn measured_cases() {
        // Shared review, section 1.1 (measured with rouge 1.0.1).
        let s = one("pltrdy-1.0.1", true, "the the the cat", "the cat");
        assert_eq!((s[0].0, s[0].1), (1.0, 1.0));
        let s = one("pltrdy-1.0.1", false, "a b. a b", "a b. a b");
        assert_eq!(s[2], (2.0, 2.0, 1.999999995));
        let s = one("pltrdy-1.0.1", true, "a. b. ", "a b");
        assert_eq!(s[0].1, 2.0 / 3.0);
        let s = one("pltrdy-1.0.1", true, "a b c", "a b c");
        assert_eq!(s[0].2, 0.999999995);
        // Section 1.2 (rouge-chinese 1.0.3).
        let s = one("rouge-chinese-1.0.3", true, "a. b", "a b");
        assert_eq!(s[0].2, 2.0 * ((0.5 * 0.5) / (0.5 + 0.5 + 1e-8)));
        let s = one("rouge-chinese-1.0.3", true, "a b a b", "a b");
        assert_eq!((s[0].1, s[2].1), (1.0, 0.5));
    }

    #[test]
    fn a_segmenter_scores_its_words_joined_with_spaces() {
        let texts = [
            "今天天气很好。我们去公园！“好的。”他说",
            "GPT-4o 与 COVID-19\n第二行　全角空格",
            "",
            "  ",
            "我来到北京清华大学",
        ];
        let segmenter = Segmenter::Jieba;
        let joined: Vec<String> = texts.iter().map(|t| segmenter.cut(t).join(" ")).collect();
        for variant in ["pltrdy-1.0.1", "rouge-chinese-1.0.3"] {
            let types = ["rouge1", "rouge2", "rougeL"];
            let run = |pairs: &[TextPair<'_>], segmenter: Option<Segmenter>| {
                let config = PltrdyConfig::parse(variant, &types, true, 1)
                    .unwrap()
                    .with_segmenter(segmenter);
                PltrdyScorer::new(config)
                    .score(pairs, &Cancel::never())
                    .unwrap()
                    .unwrap()
            };
            fn pairs<'a>(texts: &[&'a str]) -> Vec<TextPair<'a>> {
                let mut out = Vec::new();
                for &h in texts {
                    for &r in texts {
                        out.push(TextPair {
                            hypothesis: h,
                            reference: r,
                        });
                    }
                }
                out
            }
            let raw: Vec<&str> = texts.to_vec();
            let segmented: Vec<&str> = joined.iter().map(String::as_str).collect();
            let got = run(&pairs(&raw), Some(segmenter));
            assert_eq!(got, run(&pairs(&segmented), None));
            assert_ne!(got, run(&pairs(&raw), None));
        }
    }

    #[test]
    fn empty_texts_are_flagged() {
        let config = PltrdyConfig::parse("pltrdy-1.0.1", &["rouge1"], true, 1).unwrap();
        let pairs = [
            TextPair {
                hypothesis: "...",
                reference: "a",
            },
            TextPair {
                hypothesis: " ",
                reference: "",
            },
        ];
        let b = PltrdyScorer::new(config)
            .score(&pairs, &Cancel::never())
            .unwrap()
            .unwrap();
        assert_eq!(b.empty, [1, 2]);
        assert_eq!(b.lengths, [(0, 1), (0, 0)]);
    }

    #[test]
    fn pair_vocab_grows_and_forgets() {
        let mut v = PairVocab::default();
        v.clear();
        let words: Vec<String> = (0..5000).map(|i| format!("w{i}")).collect();
        for (i, w) in words.iter().enumerate() {
            assert_eq!(v.id(w), i as u32);
        }
        let long = "a-token-longer-than-fifteen-bytes";
        assert_eq!(v.id(long), 5000);
        assert_eq!((v.id("w17"), v.id(long), v.len()), (17, 5000, 5001));
        v.clear();
        assert_eq!((v.id("w4999"), v.id(""), v.id("w0"), v.len()), (0, 1, 2, 3));
    }

    #[test]
    fn many_short_sentences_cost_their_overlap() {
        // 20,000 repeated sentences, and 12,000 distinct ones sharing nothing with each
        // other: 4 and 12,000 LCSs, not 400M and 144M.
        let many: String = (0..12_000).map(|i| format!("w{i}. ")).collect();
        let dots = "a. b. ".repeat(10_000);
        for exclusive in [true, false] {
            let config = PltrdyConfig::parse("pltrdy-1.0.1", &["rougeL"], exclusive, 1).unwrap();
            let pairs = [
                TextPair {
                    hypothesis: &dots,
                    reference: &dots,
                },
                TextPair {
                    hypothesis: &many,
                    reference: &many,
                },
            ];
            let b = PltrdyScorer::new(config)
                .score(&pairs, &Cancel::never())
                .unwrap()
                .unwrap();
            // "a. b. " repeated ends with a blank sentence: one "" token on each side.
            let want = if exclusive {
                1.0
            } else {
                (2e8 + 1.0) / 20_001.0
            };
            assert_eq!(b.scores.get(0, 0).recall, want);
            assert_eq!(b.scores.get(1, 0).recall, 1.0);
        }
    }

    #[test]
    fn threads_do_not_change_bits() {
        let texts: Vec<String> = (0..300)
            .map(|i| format!("w{} a b. c d w{} e", i % 7, i % 5))
            .collect();
        let pairs: Vec<TextPair<'_>> = texts
            .iter()
            .map(|t| TextPair {
                hypothesis: t,
                reference: "a b c. w1 e d",
            })
            .collect();
        let run = |threads| {
            let config = PltrdyConfig::parse(
                "pltrdy-1.0.1",
                &["rouge1", "rouge3", "rougeL"],
                true,
                threads,
            )
            .unwrap();
            PltrdyScorer::new(config)
                .score(&pairs, &Cancel::never())
                .unwrap()
                .unwrap()
        };
        assert_eq!(run(1), run(2));
    }
}
