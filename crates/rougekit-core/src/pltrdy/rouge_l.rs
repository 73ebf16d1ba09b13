//! ROUGE-L of rouge 1.0.1 (`rouge_l_summary_level`) and of rouge-chinese 1.0.3.
//!
//! rouge 1.0.1: for each reference sentence r and each hypothesis sentence c, one LCS of
//! (r, c) is rebuilt by a backtrack over the LCS table with r on the rows: on equal words
//! take the word and go diagonally, else go up (drop a reference word) only if the cell
//! above is strictly larger than the cell to the left, else go left. With `exclusive` the
//! words of all these LCSs form one set: hits = its size, over the distinct words of each
//! side. Without it hits = the sum of the LCS lengths over the token counts, so R and P
//! exceed 1 when a sentence matches several (`a b. a b` against itself: 2.0).
//!
//! The original rebuilds the LCS recursively, so a sentence pair longer than about 1,000
//! steps raises `RecursionError` there; here it is scored like any other.
//!
//! Equal sentences give equal LCSs, so each distinct (reference sentence, hypothesis
//! sentence) is computed once (times both multiplicities for the sum), and only for the
//! hypothesis sentences that share a word with the reference sentence (the others' LCS is
//! empty); with `exclusive`, only a shared word not yet in the set counts as shared. Texts
//! of many short sentences (dots) then cost what their overlapping sentences cost.
//!
//! rouge-chinese 1.0.3: the LCS length of the whole token lists over the token counts.
use super::rouge_n::{distinct_unigrams, ratio};
use super::{Doc, LcsRule, Scratch};
use crate::kernels::lcs;
use crate::pool::Cancel;
use crate::scores::Counts;
use crate::Score;
use rustc_hash::FxHashMap;

/// Most LCSs of (reference sentence, hypothesis sentence) rouge 1.0.1's ROUGE-L computes
/// for one text pair (after the savings above): 2^24, about a second (the original would
/// take hours). Beyond, the pair is refused with an error instead of running for minutes
/// (e.g. 5,000 distinct sentences on each side that all share a word).
pub const MAX_SENTENCE_PAIRS: usize = 1 << 24;

/// Most LCS table cells (reference tokens x hypothesis tokens, summed over the sentence
/// pairs computed) one text pair's ROUGE-L may take: 2^36, a few seconds of the
/// bit-parallel kernel (64 cells a machine word), where the originals' pure-Python tables
/// would take hours. Beyond, the pair is refused with an error rather than running for an
/// hour (a 10 MB text as one sentence: about 2^42 cells).
pub const MAX_LCS_CELLS: u64 = 1 << 36;

/// The error past [`MAX_LCS_CELLS`].
fn too_large(reference: usize, hypothesis: usize, cells: u64) -> String {
    format!(
        "rougeL of a {reference}-token reference against a {hypothesis}-token prediction \
         needs {cells} or more LCS cells, over the limit of {MAX_LCS_CELLS} (2^36): shorten \
         the texts"
    )
}

/// Adds one sentence pair's cells to the pair's budget; `false` past [`MAX_LCS_CELLS`].
fn spend(cells: &mut u64, r: usize, c: usize) -> bool {
    *cells = cells.saturating_add((r as u64).saturating_mul(c as u64));
    *cells <= MAX_LCS_CELLS
}

/// At most this many (reference sentence, hypothesis sentence) pairs are all computed
/// without looking for equal sentences or shared words.
const FEW_PAIRS: usize = 256;

/// A text's distinct sentences: the range of the first occurrence and the number of
/// occurrences, in order of first appearance.
fn distinct_sentences(doc: &Doc) -> Vec<(usize, usize, usize)> {
    let mut index: FxHashMap<&[u32], usize> = FxHashMap::default();
    let mut out: Vec<(usize, usize, usize)> = Vec::new();
    for (a, b) in doc.sentences() {
        let k = *index.entry(&doc.tokens[a..b]).or_insert(out.len());
        if k == out.len() {
            out.push((a, b, 1));
        } else {
            out[k].2 += 1;
        }
    }
    out
}

/// For each word id, the distinct hypothesis sentences (indices into `sentences`) holding
/// it: `items[starts[w]..starts[w + 1]]`.
struct Postings {
    starts: Vec<usize>,
    items: Vec<u32>,
}

impl Postings {
    fn new(doc: &Doc, sentences: &[(usize, usize, usize)], vocab: usize) -> Postings {
        let mut last = vec![u32::MAX; vocab];
        let mut starts = vec![0usize; vocab + 1];
        for (k, &(a, b, _)) in sentences.iter().enumerate() {
            for &t in &doc.tokens[a..b] {
                if last[t as usize] != k as u32 {
                    last[t as usize] = k as u32;
                    starts[t as usize + 1] += 1;
                }
            }
        }
        for w in 0..vocab {
            starts[w + 1] += starts[w];
        }
        let mut fill = starts.clone();
        let mut items = vec![0u32; starts[vocab]];
        last.iter_mut().for_each(|l| *l = u32::MAX);
        for (k, &(a, b, _)) in sentences.iter().enumerate() {
            for &t in &doc.tokens[a..b] {
                if last[t as usize] != k as u32 {
                    last[t as usize] = k as u32;
                    items[fill[t as usize]] = k as u32;
                    fill[t as usize] += 1;
                }
            }
        }
        Postings { starts, items }
    }

    /// The sentences holding word `w`.
    fn of(&self, w: u32) -> &[u32] {
        &self.items[self.starts[w as usize]..self.starts[w as usize + 1]]
    }
}

/// The sorted, distinct sentences holding any word of `words` that `wanted` accepts.
fn candidates(
    words: &[u32],
    postings: &Postings,
    wanted: impl Fn(u32) -> bool,
    out: &mut Vec<u32>,
) {
    out.clear();
    for &w in words {
        if wanted(w) {
            out.extend_from_slice(postings.of(w));
        }
    }
    out.sort_unstable();
    out.dedup();
}

/// One LCS of a (reference sentence, hypothesis sentence) pair that rouge 1.0.1's ROUGE-L
/// computed, for explanations ([`score`] with a trace).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LcsTrace {
    /// Token index (in the whole text) where the reference sentence starts.
    pub reference_start: usize,
    /// Token index where the hypothesis sentence starts.
    pub hypothesis_start: usize,
    /// How many times the sum counts it (equal sentences are computed once).
    pub times: usize,
    /// The LCS's `(hypothesis, reference)` token indices, increasing.
    pub pairs: Vec<(u32, u32)>,
    /// With `exclusive`: the hypothesis token indices whose word entered the set here.
    pub counted: Vec<u32>,
}

/// Most LCS pairs a trace records for one text pair (32 MiB); beyond, the trace is
/// emptied and recording stops (an empty trace with hits: too large to list).
pub const MAX_TRACED_PAIRS: usize = 1 << 22;

/// Records `step` in `trace`, or empties the trace and stops recording past
/// [`MAX_TRACED_PAIRS`].
fn record(trace: &mut Option<&mut Vec<LcsTrace>>, step: LcsTrace, traced: &mut usize) {
    if let Some(out) = trace.as_deref_mut() {
        *traced += step.pairs.len();
        if *traced > MAX_TRACED_PAIRS {
            *out = Vec::new();
            *trace = None;
        } else {
            out.push(step);
        }
    }
}

/// The score and counts of ROUGE-L for one pair (both texts have a sentence); `Err` (the
/// reason) past [`MAX_SENTENCE_PAIRS`]. With `trace`, rouge 1.0.1's ROUGE-L also records
/// each non-empty LCS it computed (the same walk; rouge-chinese's has none).
pub(crate) fn score(
    rule: LcsRule,
    exclusive: bool,
    hyp: &Doc,
    reference: &Doc,
    s: &mut Scratch,
    cancel: &Cancel<'_>,
    mut trace: Option<&mut Vec<LcsTrace>>,
) -> Result<(Score, Counts), String> {
    let mut cells = 0u64;
    let (m, n) = (reference.tokens.len(), hyp.tokens.len());
    if rule == LcsRule::WholeText {
        if !spend(&mut cells, m, n) {
            return Err(too_large(m, n, cells));
        }
        let hits = lcs::lcs_len(&reference.tokens, &hyp.tokens, &mut s.lcs, cancel);
        return Ok(ratio(hits, hyp.tokens.len(), reference.tokens.len()));
    }
    // s.seen: bit 0 the word is in the hypothesis, bit 1 in the reference, bit 2 (exclusive)
    // in the set of LCS words so far.
    let (n_distinct, m_distinct, _) = distinct_unigrams(hyp, reference, s);
    // Few sentence pairs (most texts): every pair, without the bookkeeping.
    let few = reference.ends.len() * hyp.ends.len() <= FEW_PAIRS;
    let (hyp_sentences, ref_sentences) = if few {
        let all = |d: &Doc| d.sentences().map(|(a, b)| (a, b, 1)).collect::<Vec<_>>();
        (all(hyp), all(reference))
    } else {
        (distinct_sentences(hyp), distinct_sentences(reference))
    };
    let postings = (!few).then(|| Postings::new(hyp, &hyp_sentences, s.seen.len()));
    let mut shared = Vec::new();
    let every: Vec<u32> = if few {
        (0..hyp_sentences.len() as u32).collect()
    } else {
        Vec::new()
    };
    let too_many = |computed: usize| {
        format!(
            "rougeL compares each of the reference's {} sentences with each of the \
             prediction's {} (rouge 1.0.1 ends a sentence at every '.'): over {computed} \
             LCSs of distinct sentence pairs, the limit",
            reference.ends.len(),
            hyp.ends.len()
        )
    };
    let mut computed = 0usize;
    let mut traced = 0usize;
    if exclusive {
        // The backtrack above, transposed: with the hypothesis sentence as the target
        // (rows) and the reference sentence as the columns, "up only if strictly larger
        // than left, else left" becomes rouge-score's rule "left only if strictly larger
        // than up, else up", which `union_positions_with` follows; it marks the
        // hypothesis positions of the chosen LCS (their words are the LCS's words).
        s.marks.clear();
        s.marks.resize(hyp.tokens.len(), false);
        let mut hits = 0;
        for &(ra, rb, _) in &ref_sentences {
            let r = &reference.tokens[ra..rb];
            // Only a word of r in the hypothesis and not yet in the set can join it.
            let seen = &s.seen;
            let shared = match &postings {
                Some(p) => {
                    candidates(r, p, |w| seen[w as usize] & 5 == 1, &mut shared);
                    &shared
                }
                None => &every,
            };
            if shared.is_empty() {
                continue;
            }
            s.lcs.set_columns(r);
            for &k in shared {
                let (ca, cb, _) = hyp_sentences[k as usize];
                computed += 1;
                if computed > MAX_SENTENCE_PAIRS {
                    return Err(too_many(MAX_SENTENCE_PAIRS));
                }
                let c = &hyp.tokens[ca..cb];
                if !spend(&mut cells, r.len(), c.len()) {
                    return Err(too_large(m, n, cells));
                }
                let mut step = trace.as_deref_mut().map(|_| LcsTrace {
                    reference_start: ra,
                    hypothesis_start: ca,
                    times: 1,
                    ..LcsTrace::default()
                });
                match &mut step {
                    None => {
                        lcs::union_positions_with(c, r, &mut s.lcs, &mut s.marks[ca..cb], cancel)
                    }
                    Some(t) => {
                        // The same walk (`union_positions_with` is `backtrack_pairs` marking).
                        let marks = &mut s.marks[ca..cb];
                        lcs::backtrack_pairs(c, r, &mut s.lcs, cancel, |i, j| {
                            marks[i] = true;
                            t.pairs.push(((ca + i) as u32, (ra + j) as u32));
                        });
                        t.pairs.reverse();
                    }
                }
                for (i, (&t, &marked)) in c.iter().zip(&s.marks[ca..cb]).enumerate() {
                    if marked && s.seen[t as usize] & 4 == 0 {
                        s.seen[t as usize] |= 4;
                        hits += 1;
                        if let Some(step) = &mut step {
                            step.counted.push((ca + i) as u32);
                        }
                    }
                }
                if let Some(step) = step.filter(|t| !t.pairs.is_empty()) {
                    record(&mut trace, step, &mut traced);
                }
                if !cancel.tick(1 + r.len() * c.len() / 64) {
                    break;
                }
            }
        }
        for f in s.seen.iter_mut() {
            *f &= !4;
        }
        return Ok(ratio(hits, n_distinct, m_distinct));
    }
    let mut hits = 0;
    for &(ra, rb, r_count) in &ref_sentences {
        let r = &reference.tokens[ra..rb];
        // The hypothesis sentences sharing no word with r have an empty LCS with it.
        let shared = match &postings {
            Some(p) => {
                candidates(r, p, |_| true, &mut shared);
                &shared
            }
            None => &every,
        };
        for &k in shared {
            let (ca, cb, c_count) = hyp_sentences[k as usize];
            computed += 1;
            if computed > MAX_SENTENCE_PAIRS {
                return Err(too_many(MAX_SENTENCE_PAIRS));
            }
            let c = &hyp.tokens[ca..cb];
            if !spend(&mut cells, r.len(), c.len()) {
                return Err(too_large(m, n, cells));
            }
            let length = lcs::lcs_len(r, c, &mut s.lcs, cancel);
            hits += r_count * c_count * length;
            if trace.is_some() && length > 0 {
                let mut step = LcsTrace {
                    reference_start: ra,
                    hypothesis_start: ca,
                    times: r_count * c_count,
                    ..LcsTrace::default()
                };
                s.lcs.set_columns(r);
                lcs::backtrack_pairs(c, r, &mut s.lcs, cancel, |i, j| {
                    step.pairs.push(((ca + i) as u32, (ra + j) as u32));
                });
                step.pairs.reverse();
                record(&mut trace, step, &mut traced);
            }
        }
    }
    // Both sides hold at least one token (a sentence is never empty), so R = hits / m and
    // P = hits / n are the original's divisions without a zero guard.
    Ok(ratio(hits, hyp.tokens.len(), reference.tokens.len()))
}
