//! Scoring whole batches: tokenise each text once, intern, run every requested kernel on the
//! same id arrays, apply the multi-reference rule, write columnar results. Pairs are
//! independent, so the parallel result is bit-identical to the serial one.
use crate::config::{EngineConfig, RougeType};
use crate::error::RougeError;
use crate::intern::Interner;
use crate::lcs::{self, LcsScratch};
use crate::multiref;
use crate::ngram::{self, KeyCounter, NgramIds, UnigramCounter};
use crate::pool::Cancel;
use crate::score::Score;
use crate::skip::{self, SkipScratch, Unigrams};
use crate::tokenize::rouge_score;
use crate::wlcs::{self, Weights, WlcsScratch};
use rayon::prelude::*;
use std::cell::RefCell;
use std::sync::Mutex;

/// One prediction with its references.
#[derive(Debug, Clone, Copy)]
pub struct Pair<'a> {
    pub prediction: &'a str,
    pub references: &'a [&'a str],
}

/// A tokenised text: ids of the whole text (ROUGE-N, rougeL) and of its `\n`-separated lines
/// (rougeLsum).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TokenDoc {
    /// Whole-text token ids.
    pub tokens: Vec<u32>,
    /// Line token ids when they are not simply `tokens` (custom tokenizers are called per
    /// line by rouge-score, spec §9); `None` means the lines partition `tokens`.
    pub line_tokens: Option<Vec<u32>>,
    /// End offset (into the line tokens) of each line that has tokens.
    pub line_ends: Vec<usize>,
}

impl TokenDoc {
    fn clear(&mut self) {
        self.tokens.clear();
        self.line_tokens = None;
        self.line_ends.clear();
    }

    /// All line tokens, concatenated.
    pub fn line_ids(&self) -> &[u32] {
        self.line_tokens.as_deref().unwrap_or(&self.tokens)
    }

    /// Builds a document from whole-text ids and per-line ids (pre-tokenised input).
    pub fn from_ids(tokens: Vec<u32>, lines: &[Vec<u32>]) -> TokenDoc {
        let mut line_tokens = Vec::new();
        let mut line_ends = Vec::new();
        for l in lines.iter().filter(|l| !l.is_empty()) {
            line_tokens.extend_from_slice(l);
            line_ends.push(line_tokens.len());
        }
        TokenDoc {
            tokens,
            line_tokens: Some(line_tokens),
            line_ends,
        }
    }

    /// Tokenises `text`; returns true when the text is not blank but yields no token (its
    /// words were all dropped, e.g. a script without ASCII letters), so callers can warn
    /// instead of reporting a silent 0.
    fn tokenize_into(&mut self, text: &str, interner: &mut Interner) -> bool {
        self.clear();
        let tokens = &mut self.tokens;
        let line_ends = &mut self.line_ends;
        rouge_score::scan(text, |event| match event {
            Some(t) => tokens.push(interner.id(t)),
            None => {
                if line_ends.last().copied().unwrap_or(0) < tokens.len() {
                    line_ends.push(tokens.len());
                }
            }
        });
        if line_ends.last().copied().unwrap_or(0) < tokens.len() {
            line_ends.push(tokens.len());
        }
        tokens.is_empty() && !text.trim().is_empty()
    }

    fn lines(&self) -> impl Iterator<Item = &[u32]> {
        let ids = self.line_ids();
        let mut start = 0;
        self.line_ends.iter().map(move |&end| {
            let l = &ids[start..end];
            start = end;
            l
        })
    }
}

/// Columnar scores: for each type and field one `f64` per pair.
#[derive(Debug, Clone, PartialEq)]
pub struct BatchScores {
    types: Vec<RougeType>,
    len: usize,
    /// `values[(t * 3 + field) * len + i]`, fields precision, recall, fmeasure.
    values: Vec<f64>,
    /// `int_zero[t * len + i]`.
    int_zero: Vec<u8>,
    /// Per pair: bit 0 set when the prediction lost all its tokens, bit 1 when a reference
    /// did (see [`TokenDoc`] tokenisation).
    dropped: Vec<u8>,
}

/// Index of a score field in [`BatchScores`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Field {
    Precision = 0,
    Recall = 1,
    Fmeasure = 2,
}

impl Field {
    /// Parses `precision`, `recall` or `fmeasure`.
    pub fn parse(name: &str) -> Option<Field> {
        match name {
            "precision" => Some(Field::Precision),
            "recall" => Some(Field::Recall),
            "fmeasure" => Some(Field::Fmeasure),
            _ => None,
        }
    }
}

impl BatchScores {
    fn from_rows(
        types: Vec<RougeType>,
        len: usize,
        rows: &[Score],
        dropped: Vec<u8>,
    ) -> BatchScores {
        let nt = types.len();
        let mut values = vec![0.0; nt * 3 * len];
        let mut int_zero = vec![0u8; nt * len];
        for (i, row) in rows.chunks_exact(nt.max(1)).enumerate().take(len) {
            for (t, s) in row.iter().take(nt).enumerate() {
                values[(t * 3) * len + i] = s.precision;
                values[(t * 3 + 1) * len + i] = s.recall;
                values[(t * 3 + 2) * len + i] = s.fmeasure;
                int_zero[t * len + i] = u8::from(s.int_zero);
            }
        }
        BatchScores {
            types,
            len,
            values,
            int_zero,
            dropped,
        }
    }

    /// Per-pair flags: bit 0, the prediction is not blank but has no token; bit 1, the
    /// same for at least one reference.
    pub fn dropped(&self) -> &[u8] {
        &self.dropped
    }

    /// The types, in column order.
    pub fn types(&self) -> &[RougeType] {
        &self.types
    }

    /// Number of pairs.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True for an empty batch.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// One column: `field` of type number `t` for every pair.
    pub fn column(&self, t: usize, field: Field) -> &[f64] {
        let start = (t * 3 + field as usize) * self.len;
        &self.values[start..start + self.len]
    }

    /// The int-zero flags of type number `t` (see [`Score::int_zero`]).
    pub fn int_zero_column(&self, t: usize) -> &[u8] {
        &self.int_zero[t * self.len..(t + 1) * self.len]
    }

    /// The score of pair `i` for type number `t`.
    pub fn get(&self, i: usize, t: usize) -> Score {
        Score {
            precision: self.column(t, Field::Precision)[i],
            recall: self.column(t, Field::Recall)[i],
            fmeasure: self.column(t, Field::Fmeasure)[i],
            int_zero: self.int_zero_column(t)[i] != 0,
        }
    }
}

/// Reusable per-thread buffers.
#[derive(Debug, Default)]
struct Scratch {
    docs: Vec<TokenDoc>,
    lcs: LcsScratch,
    pred_keys: Vec<u64>,
    ref_keys: Vec<u64>,
    unigrams: UnigramCounter,
    ngrams: KeyCounter,
    marks: Vec<bool>,
    union: Vec<u32>,
    per_ref: Vec<Score>,
    weights: Weights,
    wlcs: WlcsScratch,
    skip: SkipScratch,
}

/// Per-thread state: interners (their stem caches outlive a batch; ids only matter within a
/// pair, so results never depend on what the caches hold) and scratch buffers.
#[derive(Debug, Default)]
struct Worker {
    plain: Option<Interner>,
    stemmed: Option<Interner>,
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

/// The first failed pair of a batch (lowest index): its index and the reason.
type FirstError = Mutex<Option<(usize, String)>>;

fn record_error(slot: &FirstError, index: usize, message: String) {
    let mut slot = slot.lock().unwrap_or_else(|p| p.into_inner());
    if slot.as_ref().is_none_or(|(i, _)| index < *i) {
        *slot = Some((index, message));
    }
}

fn pair_error(first: FirstError) -> Result<(), RougeError> {
    match first.into_inner().unwrap_or_else(|p| p.into_inner()) {
        Some((i, message)) => Err(RougeError::TooLarge(format!("pair {i}: {message}"))),
        None => Ok(()),
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

    /// [`Engine::score_texts`] in chunks of `chunk` pairs, asking `cancel` after each chunk
    /// and inside long kernels; `Ok(None)` once it says stop (the caller was interrupted,
    /// e.g. by Ctrl-C). Pair indices in errors count from the start of `pairs`.
    pub fn score_texts_interruptible(
        &self,
        pairs: &[Pair<'_>],
        chunk: usize,
        cancel: &Cancel<'_>,
    ) -> Result<Option<BatchScores>, RougeError> {
        let width = self.config.types.len().max(1);
        let chunk = chunk.max(1);
        let mut rows = vec![Score::INT_ZERO; pairs.len() * width];
        let mut dropped = vec![0u8; pairs.len()];
        for (k, ((part, rows), dropped)) in pairs
            .chunks(chunk)
            .zip(rows.chunks_mut(chunk * width))
            .zip(dropped.chunks_mut(chunk))
            .enumerate()
        {
            self.score_rows(part, k * chunk, rows, dropped, cancel)?;
            if cancel.stopped() || !cancel.check() {
                return Ok(None);
            }
        }
        Ok(Some(BatchScores::from_rows(
            self.config.types.clone(),
            pairs.len(),
            &rows,
            dropped,
        )))
    }

    /// Scores `pairs` (the first is pair number `first`) into `rows` (`types` scores per
    /// pair) and `dropped` (one flag each).
    fn score_rows(
        &self,
        pairs: &[Pair<'_>],
        first: usize,
        rows: &mut [Score],
        dropped: &mut [u8],
        cancel: &Cancel<'_>,
    ) -> Result<(), RougeError> {
        let nt = self.config.types.len();
        let stemmer = self.config.stemmer;
        let errors: FirstError = Mutex::new(None);
        let work = |(i, ((pair, out), flag)): (usize, ((&Pair<'_>, &mut [Score]), &mut u8))| {
            if cancel.stopped() {
                return;
            }
            WORKER.with_borrow_mut(|w| {
                let interner = if stemmer {
                    &mut w.stemmed
                } else {
                    &mut w.plain
                };
                let interner = interner.get_or_insert_with(|| Interner::new(stemmer));
                interner.trim();
                let s = &mut w.scratch;
                let needed = pair.references.len() + 1;
                if s.docs.len() < needed {
                    s.docs.resize_with(needed, TokenDoc::default);
                }
                let mut docs = std::mem::take(&mut s.docs);
                let mut flags = u8::from(docs[0].tokenize_into(pair.prediction, interner));
                for (d, r) in docs[1..needed].iter_mut().zip(pair.references) {
                    if d.tokenize_into(r, interner) {
                        flags |= 2;
                    }
                }
                *flag = flags;
                if let Err(e) = self.score_pair(&docs[0], &docs[1..needed], s, out, cancel) {
                    record_error(&errors, first + i, e);
                }
                s.docs = docs;
            })
        };
        let width = nt.max(1);
        match crate::pool::shared_pool(self.config.threads) {
            Some(pool) if pairs.len() > MIN_CHUNK => pool.install(|| {
                pairs
                    .par_iter()
                    .zip(rows.par_chunks_mut(width))
                    .zip(dropped.par_iter_mut())
                    .enumerate()
                    .with_min_len(MIN_CHUNK)
                    .for_each(work)
            }),
            _ => pairs
                .iter()
                .zip(rows.chunks_mut(width))
                .zip(dropped.iter_mut())
                .enumerate()
                .for_each(work),
        }
        pair_error(errors)
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
            self.config.types.clone(),
            1,
            &rows,
            vec![0],
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
        for (slot, ty) in out.iter_mut().zip(&self.config.types) {
            s.per_ref.clear();
            match *ty {
                RougeType::N(1) => {
                    for r in refs {
                        let hits = s.unigrams.overlap(&r.tokens, &pred.tokens);
                        let sc = Score::from_counts(hits, pred.tokens.len(), r.tokens.len());
                        s.per_ref.push(sc);
                    }
                }
                RougeType::N(n) => {
                    let mut ids = NgramIds::new();
                    ngram::keys(&pred.tokens, n, &mut ids, &mut s.pred_keys);
                    for r in refs {
                        ngram::keys(&r.tokens, n, &mut ids, &mut s.ref_keys);
                        let hits = s.ngrams.overlap(&s.ref_keys, &s.pred_keys);
                        let sc = Score::from_counts(hits, s.pred_keys.len(), s.ref_keys.len());
                        s.per_ref.push(sc);
                    }
                }
                RougeType::L => {
                    for r in refs {
                        let sc = if pred.tokens.is_empty() || r.tokens.is_empty() {
                            Score::INT_ZERO
                        } else {
                            let hits = lcs::lcs_len(&r.tokens, &pred.tokens, &mut s.lcs, cancel);
                            Score::from_counts(hits, pred.tokens.len(), r.tokens.len())
                        };
                        s.per_ref.push(sc);
                    }
                }
                RougeType::Lsum => summary_level_lcs(pred, refs, s, cancel),
                RougeType::W(bits) => rouge_w(f64::from_bits(bits), pred, refs, s, cancel)?,
                RougeType::S { gap, su } => {
                    let u = if su { Unigrams::All } else { Unigrams::None };
                    let longest = refs.iter().map(|r| r.tokens.len()).max().unwrap_or(0);
                    if skip::too_many_keys(pred.tokens.len(), longest, gap, u) {
                        for r in refs {
                            let c = skip::count_overlap(
                                &r.tokens,
                                &pred.tokens,
                                gap,
                                u,
                                &mut s.skip,
                                cancel,
                            );
                            s.per_ref
                                .push(Score::from_counts(c.hits, c.b_total, c.a_total));
                        }
                    } else {
                        skip::skip_keys_all_unigrams(&pred.tokens, gap, su, &mut s.pred_keys);
                        for r in refs {
                            skip::skip_keys_all_unigrams(&r.tokens, gap, su, &mut s.ref_keys);
                            let hits = s.ngrams.overlap(&s.ref_keys, &s.pred_keys);
                            let (np, nr) = (s.pred_keys.len(), s.ref_keys.len());
                            s.per_ref.push(Score::from_counts(hits, np, nr));
                        }
                    }
                }
            }
            *slot = multiref::best_f(s.per_ref.iter().copied()).unwrap_or(Score::INT_ZERO);
        }
        Ok(())
    }
}

/// ROUGE-W against each reference (Lin 2004 §3.3; the rouge-score profile's own extension):
/// R = f⁻¹(WLCS / f(|ref|)), P = f⁻¹(WLCS / f(|pred|)).
///
/// Range: WLCS is a telescoping sum of f(k+1) − f(k) whose rounding can leave it a few ulps
/// above or below f(|ref|) when the whole reference matches in one run, giving R =
/// 1.0000000000000002 or 0.9999999999999998 for identical texts (issue 13 item 3). For
/// w > 1, f is strictly superadditive, so R is exactly 1 iff one run covers the whole
/// reference (and P iff one covers the prediction): those cases are set to exactly 1.0, and
/// every other value is clamped to at most 1.0 (a clamp changes only values that were out
/// of range; the others keep their bits).
fn rouge_w(
    w: f64,
    pred: &TokenDoc,
    refs: &[TokenDoc],
    s: &mut Scratch,
    cancel: &Cancel<'_>,
) -> Result<(), String> {
    if s.weights.weight() != w {
        s.weights = Weights::new(w);
    }
    for r in refs {
        let (m, n) = (r.tokens.len(), pred.tokens.len());
        if m.saturating_mul(n) > wlcs::MAX_VALUE_CELLS {
            return Err(format!(
                "{} is too large for ROUGE-W: a {m} x {n} token table needs {} cells, more \
                 than the limit of {} (ROUGE-W takes time proportional to the product of \
                 the lengths)",
                RougeType::W(w.to_bits()).name(),
                m.saturating_mul(n),
                wlcs::MAX_VALUE_CELLS
            ));
        }
    }
    for r in refs {
        let (m, n) = (r.tokens.len(), pred.tokens.len());
        let sc = if m == 0 || n == 0 {
            Score::from_counts(0, n, m)
        } else {
            let f = &mut s.weights;
            let v = wlcs::wlcs_value(&r.tokens, &pred.tokens, f, &mut s.wlcs, cancel);
            let (fm, fn_) = (f.f(m), f.f(n));
            let recall = if v.all_rows {
                1.0
            } else {
                f.inverse(v.value / fm).min(1.0)
            };
            let precision = if v.all_cols {
                1.0
            } else {
                f.inverse(v.value / fn_).min(1.0)
            };
            Score {
                precision,
                recall,
                fmeasure: crate::score::fmeasure(precision, recall).min(1.0),
                int_zero: false,
            }
        };
        s.per_ref.push(sc);
    }
    Ok(())
}

/// rougeLsum against each reference (spec §6): the union over prediction lines of one
/// specific LCS per (reference line, prediction line), then hits = Σ_t min(U_t, C_t).
/// Prediction-line masks are built once and reused for every reference line.
fn summary_level_lcs(pred: &TokenDoc, refs: &[TokenDoc], s: &mut Scratch, cancel: &Cancel<'_>) {
    let pred_ids = pred.line_ids();
    // Marks over the concatenated line tokens of all references.
    let total: usize = refs.iter().map(|r| r.line_ids().len()).sum();
    s.marks.clear();
    s.marks.resize(total, false);
    if !pred_ids.is_empty() {
        for pline in pred.lines() {
            s.lcs.set_columns(pline);
            let mut offset = 0;
            for r in refs {
                let mut start = 0;
                for rline in r.lines() {
                    let end = start + rline.len();
                    let mark = &mut s.marks[offset + start..offset + end];
                    lcs::union_positions_with(rline, pline, &mut s.lcs, mark, cancel);
                    start = end;
                }
                offset += r.line_ids().len();
            }
            // One report per prediction line: its work against every reference line.
            if !cancel.tick(total * pline.len().div_ceil(64)) {
                return;
            }
        }
    }
    let mut offset = 0;
    for r in refs {
        let ids = r.line_ids();
        let sc = if ids.is_empty() || pred_ids.is_empty() {
            Score::INT_ZERO
        } else {
            s.union.clear();
            let marks = &s.marks[offset..offset + ids.len()];
            s.union
                .extend(ids.iter().zip(marks).filter(|(_, &m)| m).map(|(&t, _)| t));
            let hits = s.unigrams.overlap(&s.union, pred_ids);
            Score::from_counts(hits, pred_ids.len(), ids.len())
        };
        offset += ids.len();
        s.per_ref.push(sc);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(e.score_texts(&pairs).unwrap().dropped(), [3, 1, 0]);
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
        assert_eq!((b.len(), b.types().len()), (1, 0));
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
        let calls = std::sync::atomic::AtomicUsize::new(0);
        let poll = || calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed) < 1;
        let stopped = engine.score_texts_interruptible(&pairs, 100, &Cancel::new(&poll));
        assert!(stopped.unwrap().is_none());
        assert_eq!(calls.load(std::sync::atomic::Ordering::Relaxed), 2);
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
