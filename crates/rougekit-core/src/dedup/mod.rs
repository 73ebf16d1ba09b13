//! Near-duplicate filtering and nearest neighbours under rougeL, as the self-instruct /
//! Stanford Alpaca loop decides them: in order, a text is kept when its rougeL F
//! (rouge-score's `_score_lcs`) against every text kept before it, and every text of the
//! `against` set, is at most the threshold.
//!
//! Exact without comparing every pair: a pair is only compared when it can exceed the
//! threshold. Candidates come from an inverted index of each document's rarest tokens,
//! looked up with the query's rarest tokens (prefix filtering on both sides: two texts whose
//! overlap reaches the least LCS either length needs share a token among those, see
//! [`bound::least_lcs_any_length`] and [`Index::build_prefixes`]); a candidate is then dropped by the length bound, by
//! the token-bag overlap, and finally by a bit-parallel LCS that stops once the decision is
//! known ([`LcsScratch::reaches`]). Every bound compares integers against the least LCS that
//! exceeds the threshold in rouge-score's float64 arithmetic ([`bound::need`]).
//!
//! Texts run in blocks: every text of a block is compared, in parallel, with the texts kept
//! before the block and with the block's earlier texts (whose fate is not known yet); the
//! block's decisions are then taken in order, which gives the sequential loop's decisions.
pub mod bound;
pub mod index;

use crate::kernels::lcs::LcsScratch;
use crate::pool::{run_polled, shared_pool, Cancel};
use bound::{lcs_fmeasure, need, Need, Needs};
use index::Index;
use rayon::prelude::*;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Texts decided per parallel block.
const BLOCK: usize = 1024;

/// The documents of one run: `against` first (kept from the start), then the texts.
#[derive(Debug)]
pub struct Corpus<'a> {
    docs: Vec<&'a [u32]>,
    against: usize,
    index: Index,
    vocab: usize,
}

impl<'a> Corpus<'a> {
    /// `against` then `texts`, token ids below `vocab` (one interner for both), indexed for
    /// comparisons at `threshold`: each document under the tokens of its prefix (see
    /// [`Index::build_prefixes`]; a document of `m` tokens needs an overlap of at least
    /// [`bound::least_lcs_any_length`]`(m)` with any text that exceeds the threshold).
    pub fn new(
        against: &[&'a [u32]],
        texts: &[&'a [u32]],
        vocab: usize,
        threshold: f64,
    ) -> Corpus<'a> {
        let docs: Vec<&[u32]> = against.iter().chain(texts).copied().collect();
        let index = Index::build_prefixes(&docs, vocab, |m| {
            match bound::least_lcs_any_length(m, threshold) {
                Some(k) if k <= m => m - k + 1,
                Some(_) => 0,
                None => m, // no bound: every document is a candidate anyway
            }
        });
        Corpus {
            docs,
            against: against.len(),
            index,
            vocab,
        }
    }

    fn texts(&self) -> usize {
        self.docs.len() - self.against
    }
}

/// One thread's state while it compares one query with candidates.
struct Probe {
    needs: Needs,
    threshold: f64,
    /// Token counts of the query (all zero between queries).
    counts: Vec<u32>,
    touched: Vec<u32>,
    lcs: LcsScratch,
    /// `seen[d] == stamp`: document d is already a candidate of this query.
    seen: Vec<u32>,
    stamp: u32,
    order: Vec<u32>,
    candidates: Vec<u32>,
    /// The query's tokens and length.
    n: usize,
}

impl Probe {
    fn new(threshold: f64, vocab: usize, docs: usize) -> Probe {
        Probe {
            needs: Needs::new(threshold),
            threshold,
            counts: vec![0; vocab],
            touched: Vec::new(),
            lcs: LcsScratch::default(),
            seen: vec![0; docs],
            stamp: 0,
            order: Vec::new(),
            candidates: Vec::new(),
            n: 0,
        }
    }

    /// Makes `query` the text compared next; `prefix`: gather candidates from its rarest
    /// tokens (else from all of them, or, without a bound, every document).
    fn start(&mut self, query: &[u32]) {
        for &t in &self.touched {
            self.counts[t as usize] = 0;
        }
        self.touched.clear();
        for &t in query {
            if self.counts[t as usize] == 0 {
                self.touched.push(t);
            }
            self.counts[t as usize] += 1;
        }
        self.lcs.set_columns(query);
        self.n = query.len();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
    }

    /// The documents below `limit` that share a token with the query's first `take` tokens
    /// in rarity order (all of them when `take` covers the query), each once, in the order
    /// found.
    fn gather(&mut self, query: &[u32], take: usize, limit: usize, index: &Index) {
        self.candidates.clear();
        self.order.clear();
        self.order.extend_from_slice(query);
        self.order
            .sort_unstable_by_key(|&t| (index.frequency(t), t));
        let take = take.min(self.order.len());
        let mut prev = None;
        for k in 0..take {
            let t = self.order[k];
            if prev == Some(t) {
                continue;
            }
            prev = Some(t);
            for &d in index.postings(t) {
                if d as usize >= limit {
                    break;
                }
                if self.seen[d as usize] != self.stamp {
                    self.seen[d as usize] = self.stamp;
                    self.candidates.push(d);
                }
            }
        }
    }

    /// The candidates of `query` below `limit` for the threshold (every document below it
    /// when no prefix bound holds).
    fn candidates_for(&mut self, query: &[u32], limit: usize, index: &Index) {
        match bound::least_lcs_any_length(query.len(), self.threshold) {
            Some(k) if k > query.len() => self.candidates.clear(),
            Some(k) => self.gather(query, query.len() - k + 1, limit, index),
            None => {
                self.candidates.clear();
                self.candidates.extend(0..limit as u32);
            }
        }
    }

    /// Whether the token-bag overlap of the query and `doc` reaches `need`.
    fn overlap_reaches(&mut self, doc: &[u32], need: usize) -> bool {
        if need == 0 {
            return true;
        }
        let mut hits = 0;
        let mut taken: usize = 0;
        let mut out = false;
        let total = doc.len();
        for (k, &t) in doc.iter().enumerate() {
            let c = &mut self.counts[t as usize];
            if *c > 0 {
                *c -= 1;
                hits += 1;
                // Remember the token to give its count back.
                self.order.push(t);
                taken += 1;
                if hits >= need {
                    out = true;
                    break;
                }
            }
            if hits + (total - k - 1) < need {
                break;
            }
        }
        let start = self.order.len() - taken;
        for &t in &self.order[start..] {
            self.counts[t as usize] += 1;
        }
        self.order.truncate(start);
        out
    }

    /// Whether rouge-score's rougeL F of the query and `doc` exceeds the threshold.
    fn exceeds(&mut self, doc: &[u32]) -> bool {
        let (n, m) = (self.n, doc.len());
        match self.needs.get(n, m) {
            Need::Never => false,
            Need::AtLeast(l) => {
                l <= n.min(m) && self.overlap_reaches(doc, l) && self.lcs.reaches(n, doc, l)
            }
            Need::Exact => lcs_fmeasure(self.lcs.columns_lcs_len(n, doc), n, m) > self.threshold,
        }
    }

    /// rouge-score's rougeL F of the query and `doc`.
    fn fmeasure(&mut self, doc: &[u32]) -> f64 {
        lcs_fmeasure(self.lcs.columns_lcs_len(self.n, doc), self.n, doc.len())
    }

    /// Whether the F of the query and `doc` exceeds `floor`, at any threshold (the
    /// [`Needs`] table is for the run's threshold only).
    fn exceeds_floor(&mut self, doc: &[u32], floor: f64) -> bool {
        let (n, m) = (self.n, doc.len());
        match need(n, m, floor) {
            Need::Never => false,
            Need::AtLeast(l) => {
                l <= n.min(m) && self.overlap_reaches(doc, l) && self.lcs.reaches(n, doc, l)
            }
            Need::Exact => self.fmeasure(doc) > floor,
        }
    }
}

/// The decisions of a run: per text, kept or not; with `nearest`, per dropped text the kept
/// document (an index into `against` then the texts) with the highest F, the first on ties.
#[derive(Debug, Clone, PartialEq)]
pub struct Decisions {
    pub kept: Vec<bool>,
    /// Per text: `None` when kept, else `(document, F)`; empty without `nearest`.
    pub nearest: Vec<Option<(usize, f64)>>,
}

/// Runs `each` over `items` on the shared pool (or inline on one thread), each worker with
/// one [`Probe`]; `false` when `cancel` stopped it.
fn par_probe<T: Send>(
    items: &mut [T],
    threads: usize,
    make: impl Fn() -> Probe + Sync,
    each: impl Fn(&mut Probe, &mut T) + Sync,
    cancel: &Cancel<'_>,
) -> bool {
    let run = |slice: &mut [T]| {
        let mut probe = make();
        for item in slice {
            if cancel.stopped() {
                return;
            }
            each(&mut probe, item);
        }
    };
    match shared_pool(threads) {
        Some(pool) if items.len() > 1 => {
            let per = items.len().div_ceil(threads * 8).max(1);
            run_polled(&pool, cancel, || items.par_chunks_mut(per).for_each(run));
        }
        _ => run(items),
    }
    !cancel.stopped() && cancel.check()
}

/// The self-instruct loop's decisions on `corpus` at `threshold` (a text is dropped when
/// its F against a kept document is `> threshold`); `None` when `cancel` stopped it. `done`
/// counts the texts decided so far (for progress reports).
pub fn dedup(
    corpus: &Corpus<'_>,
    threshold: f64,
    nearest: bool,
    threads: usize,
    done: &AtomicUsize,
    cancel: &Cancel<'_>,
) -> Option<Decisions> {
    let a = corpus.against;
    let total = corpus.docs.len();
    let mut kept = vec![true; total];
    let make = || Probe::new(threshold, corpus.vocab, total);
    // Per text of a block: dropped by a document kept before the block; the block's earlier
    // texts it exceeds.
    let mut block: Vec<(usize, bool, Vec<u32>)> = Vec::with_capacity(BLOCK);
    for start in (a..total).step_by(BLOCK) {
        let end = (start + BLOCK).min(total);
        block.clear();
        block.extend((start..end).map(|g| (g, false, Vec::new())));
        let kept_before = &kept;
        let ok = par_probe(
            &mut block,
            threads,
            make,
            |p, (g, dropped, conflicts)| {
                let q = corpus.docs[*g];
                p.start(q);
                p.candidates_for(q, *g, &corpus.index);
                let candidates = std::mem::take(&mut p.candidates);
                *dropped = candidates.iter().any(|&d| {
                    (d as usize) < start
                        && kept_before[d as usize]
                        && p.exceeds(corpus.docs[d as usize])
                });
                if !*dropped {
                    for &d in &candidates {
                        if d as usize >= start && p.exceeds(corpus.docs[d as usize]) {
                            conflicts.push(d);
                        }
                    }
                }
                p.candidates = candidates;
            },
            cancel,
        );
        if !ok {
            return None;
        }
        for (g, dropped, conflicts) in &block {
            kept[*g] = !*dropped && conflicts.iter().all(|&d| !kept[d as usize]);
        }
        done.store(end - a, Ordering::Relaxed);
    }
    let mut out = Decisions {
        kept: kept[a..].to_vec(),
        nearest: Vec::new(),
    };
    if nearest {
        let mut rows: Vec<(usize, Option<(usize, f64)>)> = (a..total)
            .filter(|&g| !kept[g])
            .map(|g| (g, None))
            .collect();
        let kept = &kept;
        let ok = par_probe(
            &mut rows,
            threads,
            make,
            |p, (g, best)| {
                let q = corpus.docs[*g];
                p.start(q);
                p.candidates_for(q, *g, &corpus.index);
                let mut candidates = std::mem::take(&mut p.candidates);
                candidates.sort_unstable();
                for &d in &candidates {
                    let doc = corpus.docs[d as usize];
                    if kept[d as usize] && p.exceeds(doc) {
                        let f = p.fmeasure(doc);
                        if best.is_none_or(|(_, b)| f > b) {
                            *best = Some((d as usize, f));
                        }
                    }
                }
                p.candidates = candidates;
            },
            cancel,
        );
        if !ok {
            return None;
        }
        out.nearest = vec![None; corpus.texts()];
        for (g, best) in rows {
            out.nearest[g - a] = best;
        }
    }
    Some(out)
}

/// For each text `g` in `first..end` (counting from the first text), the earlier texts and
/// `against` documents whose F with it exceeds `threshold`, whatever their fate: the edges
/// from which [`resolve`] takes the loop's decisions. Parts of a corpus can be computed
/// apart (on several machines) and resolved together.
pub fn conflicts(
    corpus: &Corpus<'_>,
    threshold: f64,
    first: usize,
    end: usize,
    threads: usize,
    cancel: &Cancel<'_>,
) -> Option<Vec<Vec<u32>>> {
    let a = corpus.against;
    let end = end.min(corpus.texts());
    let mut rows: Vec<(usize, Vec<u32>)> = (a + first.min(end)..a + end)
        .map(|g| (g, Vec::new()))
        .collect();
    let ok = par_probe(
        &mut rows,
        threads,
        || Probe::new(threshold, corpus.vocab, corpus.docs.len()),
        |p, (g, out)| {
            let q = corpus.docs[*g];
            p.start(q);
            p.candidates_for(q, *g, &corpus.index);
            let candidates = std::mem::take(&mut p.candidates);
            for &d in &candidates {
                if p.exceeds(corpus.docs[d as usize]) {
                    out.push(d);
                }
            }
            out.sort_unstable();
            p.candidates = candidates;
        },
        cancel,
    );
    ok.then(|| rows.into_iter().map(|(_, c)| c).collect())
}

/// The loop's decisions from the edges of [`conflicts`] (documents numbered `against`
/// first): a text is kept when none of the documents it exceeds is kept.
pub fn resolve(against: usize, edges: &[Vec<u32>]) -> Vec<bool> {
    let mut kept = vec![true; against + edges.len()];
    for (i, e) in edges.iter().enumerate() {
        kept[against + i] = e.iter().all(|&d| !kept[d as usize]);
    }
    kept.split_off(against)
}

/// For each query, the `k` documents of `corpus` (indices, with their rougeL F) with the
/// highest F, best first, ties to the lower index; fewer when the corpus is smaller.
pub fn nearest(
    queries: &[&[u32]],
    corpus: &[&[u32]],
    vocab: usize,
    k: usize,
    threads: usize,
    cancel: &Cancel<'_>,
) -> Option<Vec<Vec<(usize, f64)>>> {
    let index = Index::build(corpus, vocab);
    let k = k.min(corpus.len());
    let mut rows: Vec<(usize, Vec<(usize, f64)>)> =
        (0..queries.len()).map(|q| (q, Vec::new())).collect();
    let ok = par_probe(
        &mut rows,
        threads,
        || Probe::new(0.0, vocab, corpus.len()),
        |p, (qi, best)| {
            if k == 0 {
                return;
            }
            let q = queries[*qi];
            p.start(q);
            // Every document sharing a token (the others score 0), in document order, so
            // that a later document only displaces an earlier one with a higher F.
            p.gather(q, q.len(), corpus.len(), &index);
            let mut candidates = std::mem::take(&mut p.candidates);
            candidates.sort_unstable();
            // `best` is kept sorted by (F descending, index ascending).
            for &d in &candidates {
                let doc = corpus[d as usize];
                if best.len() < k {
                    let f = p.fmeasure(doc);
                    insert(best, (d as usize, f));
                } else {
                    let floor = best[k - 1].1;
                    if p.exceeds_floor(doc, floor) {
                        let f = p.fmeasure(doc);
                        best.pop();
                        insert(best, (d as usize, f));
                    }
                }
            }
            // Documents sharing no token score 0: the first ones fill what is left.
            let mut d = 0;
            while best.len() < k {
                if p.seen[d] != p.stamp {
                    best.push((d, 0.0));
                }
                d += 1;
            }
            p.candidates = candidates;
        },
        cancel,
    );
    ok.then(|| rows.into_iter().map(|(_, b)| b).collect())
}

/// Inserts `item` into `best` (sorted by F descending, index ascending).
fn insert(best: &mut Vec<(usize, f64)>, item: (usize, f64)) {
    let at = best.partition_point(|&(d, f)| f > item.1 || (f == item.1 && d < item.0));
    best.insert(at, item);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::lcs::lcs_len;
    use crate::test_rng::XorShift;

    /// The loop as self-instruct writes it: every kept document, in order.
    fn brute(against: &[Vec<u32>], texts: &[Vec<u32>], t: f64) -> Vec<bool> {
        let mut kept: Vec<&[u32]> = against.iter().map(|d| d.as_slice()).collect();
        let mut s = LcsScratch::default();
        texts
            .iter()
            .map(|q| {
                let keep = kept.iter().all(|d| {
                    lcs_fmeasure(lcs_len(q, d, &mut s, &Cancel::never()), q.len(), d.len()) <= t
                });
                if keep {
                    kept.push(q);
                }
                keep
            })
            .collect()
    }

    fn random_docs(rng: &mut XorShift, n: usize, vocab: u64, len: u64) -> Vec<Vec<u32>> {
        let mut docs: Vec<Vec<u32>> = Vec::new();
        for _ in 0..n {
            // Half the texts are edits of an earlier one: near-duplicates.
            let doc = if !docs.is_empty() && rng.below(2) == 0 {
                let mut d = docs[rng.below(docs.len() as u64) as usize].clone();
                for _ in 0..rng.below(4) {
                    let at = rng.below(d.len() as u64 + 1) as usize;
                    match rng.below(3) {
                        0 if at < d.len() => {
                            d.remove(at);
                        }
                        1 if at < d.len() => d[at] = rng.below(vocab) as u32,
                        _ => d.insert(at, rng.below(vocab) as u32),
                    }
                }
                d
            } else {
                (0..rng.below(len))
                    .map(|_| rng.below(vocab) as u32)
                    .collect()
            };
            docs.push(doc);
        }
        docs
    }

    #[test]
    fn decisions_equal_the_loop() {
        let mut rng = XorShift::new(7);
        for round in 0..30 {
            let len = [6, 20, 90][round % 3];
            let docs = random_docs(&mut rng, 160, 12 + round as u64, len);
            let (against, texts) = docs.split_at(round % 4 * 5);
            let vocab = 12 + round;
            let a: Vec<&[u32]> = against.iter().map(|d| d.as_slice()).collect();
            let x: Vec<&[u32]> = texts.iter().map(|d| d.as_slice()).collect();

            for &t in &[0.7, 0.5, 0.0, 0.9, 1.0, -0.5, 0.6666666666666666] {
                let corpus = Corpus::new(&a, &x, vocab, t);
                let want = brute(against, texts, t);
                for threads in [1, 2] {
                    let done = AtomicUsize::new(0);
                    let got = dedup(&corpus, t, true, threads, &done, &Cancel::never()).unwrap();
                    assert_eq!(done.load(Ordering::Relaxed), texts.len());
                    assert_eq!(got.kept, want, "round {round} t {t}");
                    let edges = conflicts(&corpus, t, 0, texts.len(), threads, &Cancel::never());
                    assert_eq!(resolve(a.len(), &edges.unwrap()), want);
                    for (i, near) in got.nearest.iter().enumerate() {
                        assert_eq!(near.is_some(), !want[i]);
                    }
                }
            }
        }
    }

    #[test]
    fn nearest_is_the_brute_top_k() {
        let mut rng = XorShift::new(3);
        let docs = random_docs(&mut rng, 120, 15, 25);
        let all: Vec<&[u32]> = docs.iter().map(|d| d.as_slice()).collect();
        let (queries, corpus) = all.split_at(30);
        let mut s = LcsScratch::default();
        for k in [0, 1, 5, 200] {
            let got = nearest(queries, corpus, 15, k, 2, &Cancel::never()).unwrap();
            for (q, row) in queries.iter().zip(&got) {
                let mut want: Vec<(usize, f64)> = corpus
                    .iter()
                    .enumerate()
                    .map(|(d, c)| {
                        (
                            d,
                            lcs_fmeasure(lcs_len(q, c, &mut s, &Cancel::never()), q.len(), c.len()),
                        )
                    })
                    .collect();
                want.sort_by(|x, y| y.1.partial_cmp(&x.1).unwrap().then(x.0.cmp(&y.0)));
                want.truncate(k);
                assert_eq!(row, &want);
            }
        }
    }
}
