//! Raw per-model counts of every variant (spec `rouge-1.5.5.md` §8, §9.1): hits, the model normaliser, and
//! the recall-like score `-f B` selects by (§9.2).
use super::doc::PerlDoc;
use super::round::round5;
use crate::kernels::lcs::{self, LcsScratch};
use crate::kernels::skip;
use crate::kernels::wlcs::{Weights, WlcsTable};
use crate::pool::Cancel;
use rustc_hash::FxHashMap;

/// One model's counts for one variant.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ModelCounts {
    /// hit_j (weighted for ROUGE-W).
    pub hit: f64,
    /// The model normaliser M_j (ROUGE-W: f(Σ_i f(|r_i|)), weighted twice).
    pub m: f64,
    /// The score `-f B` compares.
    pub select: f64,
}

/// Why a model could not be counted (ROUGE-1.5.5 dies on these).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CountError {
    /// ROUGE-W on a model without tokens: Perl's "Illegal division by zero".
    EmptyModel { model: usize },
    /// A sentence pair too large for the weighted table.
    TooLong { model: usize },
}

/// What the counting functions report besides the counts: the witnesses an explanation
/// shows, from the very loops that count. The scoring path passes [`NoWitness`], whose
/// empty methods compile away. `model` is the model's index.
pub trait Witness {
    /// True when the witness wants reports (every sentence pair of ROUGE-L/W is then marked
    /// into a scratch first, to report its own marks).
    const ON: bool = false;
    /// ROUGE-N: the clipped count matched the peer's n-gram at `peer_pos` (first occurrences
    /// in peer order, up to the clip).
    fn ngram_hit(&mut self, _model: usize, _peer_pos: usize) {}
    /// ROUGE-S/SU: the pair keys of both texts whose tokens both texts hold (the only ones
    /// that can match), before the overlap.
    fn skip_keys(&mut self, _model: usize, _peer: &[u64], _model_keys: &[u64]) {}
    /// ROUGE-S/SU: one pair key matched.
    fn skip_hit(&mut self, _model: usize, _key: u64) {}
    /// ROUGE-SU: one unigram (token id) matched.
    fn unigram_hit(&mut self, _model: usize, _token: u32) {}
    /// ROUGE-S/SU with more items than rougekit materialises: counted without keys.
    fn skip_uncounted(&mut self) {}
    /// ROUGE-L/W: the model positions the trace back of (model sentence at `model_start`,
    /// peer sentence `peer`) marks, and (ROUGE-L) the peer sentence's column of each, in
    /// the trace back's order (last first; empty for ROUGE-W, whose kernel marks rows only).
    fn pair_marks(
        &mut self,
        _model: usize,
        _peer: usize,
        _model_start: usize,
        _marks: &[bool],
        _columns: &[usize],
    ) {
    }
    /// ROUGE-L/W: model position `pos` is in the union; `counted` when it passed the
    /// unigram budgets (a hit).
    fn marked(&mut self, _model: usize, _pos: usize, _counted: bool) {}
    /// ROUGE-W: a run of `len` hits from model position `first` to `last` (inclusive; clipped
    /// positions inside do not end it) added `value` = f(len).
    fn run(&mut self, _model: usize, _first: usize, _last: usize, _len: usize, _value: f64) {}
}

/// The scoring path's witness: reports nothing.
pub struct NoWitness;
impl Witness for NoWitness {}

/// Reusable buffers for counting.
#[derive(Debug, Default)]
pub struct Counter {
    pairs: PairCounter,
    /// The gap whose pair counts `pair_hits` holds for the current instance.
    pairs_gap: Option<Option<usize>>,
    pair_hits: Vec<usize>,
    /// Per token id: 2 when both texts of a pair hold it (zero between calls).
    common: Vec<u8>,
    peer_keys: Vec<u64>,
    model_keys: Vec<u64>,
    lcs: LcsScratch,
    wlcs: WlcsTable,
    skip: skip::SkipScratch,
    marks: Vec<bool>,
    /// One sentence pair's marks, when a witness wants them ...
    pair_marks: Vec<bool>,
    /// ... and the peer columns of the ROUGE-L trace back's diagonal steps.
    pair_columns: Vec<usize>,
    ngram_ids: NgramIds,
    model_budget: Vec<u32>,
    peer_budget: Vec<u32>,
}

/// An n-gram that no model shares with the peer (or the reverse): it can never be a hit,
/// so it gets no id, and no longer n-gram that contains it is looked up.
const NONE: u32 = u32::MAX;

/// Ids of the n-grams of one instance's texts that can match, built level by level, for
/// the clipped overlap of ROUGE-N (spec `rouge-1.5.5.md` §8.1). Level 1 uses the token ids
/// themselves; an (n+1)-gram's key packs (id of its n-gram prefix, last token), and its id
/// is dense from 0 within its level, so distinct n-grams get distinct ids by induction on n.
///
/// After each level, an id that occurs in the peer only, or in the models only, becomes
/// [`NONE`]: such an n-gram adds nothing to any Σ min(count, count), and neither does any
/// longer n-gram that contains it, so those are not hashed at all (most positions of a
/// summary, from level 2 on). The n-gram totals are the lengths of the levels, [`NONE`]
/// entries included. ROUGE-1…ROUGE-N of an instance share the levels.
#[derive(Debug, Default)]
struct NgramIds {
    map: FxHashMap<u64, u32>,
    /// `levels[k][d]`: the ids of text d's (k+1)-grams (d = 0: the peer, then the models).
    levels: Vec<Vec<Vec<u32>>>,
    /// Levels valid for the current instance.
    built: usize,
    /// Per id of the level being pruned: bit 0 when the peer holds it, bit 1 when a model
    /// does (all zero between calls).
    holders: Vec<u8>,
    /// Per-id counts for the overlap (all zero between calls); longer than every id.
    counts: Vec<u32>,
}

impl NgramIds {
    fn reset(&mut self) {
        self.built = 0;
    }

    /// Builds the levels up to `n` for `texts` (the same texts since the last reset).
    fn ensure(&mut self, n: usize, texts: &[&[u32]]) {
        while self.built < n {
            let level = self.built;
            if self.levels.len() <= level {
                self.levels.push(Vec::new());
            }
            let (done, rest) = self.levels.split_at_mut(level);
            let out = &mut rest[0];
            out.resize_with(texts.len(), Vec::new);
            let bound = match (done.first(), done.last()) {
                (Some(first), Some(prev)) => {
                    self.map.clear();
                    for ((ids, prev), first) in out.iter_mut().zip(prev).zip(first) {
                        ids.clear();
                        // The (level+1)-gram at i: the level-gram at i, then token i + level.
                        let lasts = first.get(level..).unwrap_or_default();
                        for (&p, &t) in prev.iter().zip(lasts) {
                            ids.push(if p == NONE || t == NONE {
                                NONE
                            } else {
                                let next = self.map.len() as u32;
                                *self
                                    .map
                                    .entry((u64::from(p) << 32) | u64::from(t))
                                    .or_insert(next)
                            });
                        }
                    }
                    self.map.len()
                }
                _ => {
                    for (ids, tokens) in out.iter_mut().zip(texts) {
                        ids.clear();
                        ids.extend_from_slice(tokens);
                    }
                    let top = texts.iter().flat_map(|t| t.iter()).max();
                    top.map_or(0, |&t| t as usize + 1)
                }
            };
            prune(out, bound, &mut self.holders);
            if self.counts.len() < bound {
                self.counts.resize(bound, 0);
            }
            self.built += 1;
        }
    }

    /// Σ_id min(count in text `a`, count in text `b`) of the n-grams of length `n` (built);
    /// `on_hit` gets the position in `b` of every n-gram counted (the first occurrences of
    /// each, up to its clip).
    fn overlap(&mut self, n: usize, a: usize, b: usize, mut on_hit: impl FnMut(usize)) -> usize {
        let level = &self.levels[n - 1];
        let ids = |d: usize| level[d].iter().copied().filter(|&id| id != NONE);
        for id in ids(a) {
            self.counts[id as usize] += 1;
        }
        let mut hits = 0;
        for (pos, &id) in level[b].iter().enumerate() {
            if id == NONE {
                continue;
            }
            let c = &mut self.counts[id as usize];
            if *c > 0 {
                *c -= 1;
                hits += 1;
                on_hit(pos);
            }
        }
        for id in ids(a) {
            self.counts[id as usize] = 0;
        }
        hits
    }

    fn len(&self, n: usize, d: usize) -> usize {
        self.levels[n - 1][d].len()
    }
}

/// Replaces by [`NONE`] every id (all below `bound`) of `texts` (the peer first) that the
/// peer and the models do not both hold.
fn prune(texts: &mut [Vec<u32>], bound: usize, holders: &mut Vec<u8>) {
    if holders.len() < bound {
        holders.resize(bound, 0);
    }
    for (d, ids) in texts.iter().enumerate() {
        let bit = if d == 0 { 1 } else { 2 };
        for &id in ids.iter().filter(|&&id| id != NONE) {
            holders[id as usize] |= bit;
        }
    }
    for ids in texts.iter_mut() {
        for id in ids.iter_mut().filter(|id| **id != NONE) {
            if holders[*id as usize] != 3 {
                holders[*id as usize] = 0;
                *id = NONE;
            }
        }
    }
    for ids in texts.iter() {
        for &id in ids.iter().filter(|&&id| id != NONE) {
            holders[id as usize] = 0;
        }
    }
}

/// The skip-bigram keys of `tokens` (as [`skip::skip_keys`] without unigrams) whose two
/// tokens are both marked 2 in `common`, in text order.
fn common_pairs(tokens: &[u32], gap: Option<usize>, common: &[u8], out: &mut Vec<u64>) {
    out.clear();
    let len = tokens.len();
    for i in 0..len.saturating_sub(1) {
        let head = tokens[i];
        if common[head as usize] != 2 {
            continue;
        }
        let end = match gap {
            Some(d) => len.min(i.saturating_add(d).saturating_add(2)),
            None => len,
        };
        let head = u64::from(head) << 32;
        for &t in &tokens[i + 1..end] {
            if common[t as usize] == 2 {
                out.push(head | u64::from(t));
            }
        }
    }
}

/// Clipped overlap of two key multisets through a reusable hash table of counts that is
/// kept small: clearing a table costs its capacity, and one long instance must not make
/// every later clear slow.
#[derive(Debug, Default)]
struct PairCounter {
    counts: FxHashMap<u64, u32>,
}

impl PairCounter {
    /// Σ_k min(count of k in `a`, count of k in `b`); `on_hit` gets each key of `b` counted.
    fn overlap(&mut self, a: &[u64], b: &[u64], mut on_hit: impl FnMut(u64)) -> usize {
        if a.is_empty() || b.is_empty() {
            return 0;
        }
        if self.counts.capacity() > 4 * a.len() + 1024 {
            self.counts = FxHashMap::default();
        }
        self.counts.clear();
        for &k in a {
            *self.counts.entry(k).or_insert(0) += 1;
        }
        let mut hits = 0;
        for &k in b {
            if let Some(c) = self.counts.get_mut(&k) {
                if *c > 0 {
                    *c -= 1;
                    hits += 1;
                    on_hit(k);
                }
            }
        }
        hits
    }
}

/// `round5(hit / m)`, or 0 when `m == 0`: the `-f B` choice for ROUGE-N and ROUGE-S/SU.
fn rounded_ratio(hit: f64, m: f64) -> f64 {
    if m == 0.0 {
        0.0
    } else {
        round5(hit / m)
    }
}

impl Counter {
    /// Starts a new instance: forgets what was built for the previous one's texts.
    pub fn begin_instance(&mut self) {
        self.ngram_ids.reset();
        self.pairs_gap = None;
    }

    /// ROUGE-n (§8.1); returns the peer n-gram count. Call [`Counter::begin_instance`]
    /// before the first variant of every instance (the n-gram levels are shared by them).
    /// Its work is reported to `cancel` (the caller stops between variants).
    pub fn ngram(
        &mut self,
        n: usize,
        peer: &PerlDoc,
        models: &[PerlDoc],
        out: &mut Vec<ModelCounts>,
        cancel: &Cancel<'_>,
    ) -> f64 {
        self.ngram_witnessed(n, peer, models, out, cancel, &mut NoWitness)
    }

    /// [`Counter::ngram`] reporting its hits to `witness`.
    pub fn ngram_witnessed(
        &mut self,
        n: usize,
        peer: &PerlDoc,
        models: &[PerlDoc],
        out: &mut Vec<ModelCounts>,
        cancel: &Cancel<'_>,
        witness: &mut impl Witness,
    ) -> f64 {
        out.clear();
        if n == 0 {
            out.resize(models.len(), ModelCounts::default());
            return 0.0;
        }
        let texts: Vec<&[u32]> = std::iter::once(&peer.flat[..])
            .chain(models.iter().map(|m| &m.flat[..]))
            .collect();
        self.ngram_ids.ensure(n, &texts);
        for j in 1..texts.len() {
            let hit = self
                .ngram_ids
                .overlap(n, j, 0, |pos| witness.ngram_hit(j - 1, pos)) as f64;
            let m = self.ngram_ids.len(n, j) as f64;
            out.push(ModelCounts {
                hit,
                m,
                select: rounded_ratio(hit, m),
            });
        }
        // One report per call, about two passes over the texts (the level, built once per
        // n as the variants come in order, and the overlaps): ROUGE-1 ... ROUGE-1024 of a
        // long instance are a thousand calls.
        let texts_len: usize = texts.iter().map(|t| t.len()).sum();
        cancel.tick(2 * texts_len);
        self.ngram_ids.len(n, 0) as f64
    }

    /// ROUGE-S / ROUGE-SU (§8.4); returns the peer item count.
    ///
    /// ROUGE-SU's items are ROUGE-S's pairs plus unigrams, keys that never equal a pair's,
    /// so its clipped overlap and totals are the pairs' plus the unigrams': the pair counts
    /// of an instance are computed once per gap and shared by ROUGE-S and ROUGE-SU. When
    /// `cancel` stops it the counts are meaningless (the caller discards them).
    #[allow(clippy::too_many_arguments)]
    pub fn skip(
        &mut self,
        gap: Option<usize>,
        unigrams: bool,
        peer: &PerlDoc,
        models: &[PerlDoc],
        out: &mut Vec<ModelCounts>,
        cancel: &Cancel<'_>,
    ) -> f64 {
        self.skip_witnessed(gap, unigrams, peer, models, out, cancel, &mut NoWitness)
    }

    /// [`Counter::skip`] reporting its items and hits to `witness`.
    #[allow(clippy::too_many_arguments)]
    pub fn skip_witnessed<W: Witness>(
        &mut self,
        gap: Option<usize>,
        unigrams: bool,
        peer: &PerlDoc,
        models: &[PerlDoc],
        out: &mut Vec<ModelCounts>,
        cancel: &Cancel<'_>,
        witness: &mut W,
    ) -> f64 {
        out.clear();
        let u = if unigrams {
            skip::Unigrams::AllButLast
        } else {
            skip::Unigrams::None
        };
        let longest = models.iter().map(|m| m.flat.len()).max().unwrap_or(0);
        if skip::too_many_keys(peer.flat.len(), longest, gap, u) {
            // Too many items to materialise: count them in linear memory (same integers),
            // O(|common vocabulary| · n) time that the kernel reports to `cancel`.
            witness.skip_uncounted();
            for model in models {
                let c =
                    skip::count_overlap(&model.flat, &peer.flat, gap, u, &mut self.skip, cancel);
                let (hit, m) = (c.hits as f64, c.a_total as f64);
                out.push(ModelCounts {
                    hit,
                    m,
                    select: rounded_ratio(hit, m),
                });
            }
            return skip::item_count(peer.flat.len(), gap, u) as f64;
        }
        // A witness sees the pairs counted again (the counts are the same).
        if (W::ON || self.pairs_gap != Some(gap))
            && !self.pair_counts(gap, peer, models, cancel, witness)
        {
            return 0.0;
        }
        let pairs = skip::Unigrams::None;
        for (j, model) in models.iter().enumerate() {
            let (mut hit, mut m) = (
                self.pair_hits[j] as f64,
                skip::item_count(model.flat.len(), gap, pairs) as f64,
            );
            if unigrams {
                // Every token but the last (§8.4, E30).
                let cut = |t: &[u32]| t.len().saturating_sub(1);
                let (mf, pf) = (
                    &model.flat[..cut(&model.flat)],
                    &peer.flat[..cut(&peer.flat)],
                );
                hit += self.unigram_overlap(mf, pf, |t| witness.unigram_hit(j, t)) as f64;
                m += mf.len() as f64;
            }
            out.push(ModelCounts {
                hit,
                m,
                select: rounded_ratio(hit, m),
            });
        }
        skip::item_count(peer.flat.len(), gap, u) as f64
    }

    /// The clipped skip-bigram (pair) overlap of every model with the peer, into
    /// `pair_hits`. Only a pair of two tokens that both texts hold can be common to them, so
    /// only those pairs are materialised (the totals come from [`skip::item_count`]). False
    /// when `cancel` stopped it (`pair_hits` is then incomplete and not kept for the gap).
    fn pair_counts<W: Witness>(
        &mut self,
        gap: Option<usize>,
        peer: &PerlDoc,
        models: &[PerlDoc],
        cancel: &Cancel<'_>,
        witness: &mut W,
    ) -> bool {
        self.pair_hits.clear();
        for (j, model) in models.iter().enumerate() {
            self.mark_common(&peer.flat, &model.flat);
            let common = &self.common;
            common_pairs(&peer.flat, gap, common, &mut self.peer_keys);
            common_pairs(&model.flat, gap, common, &mut self.model_keys);
            witness.skip_keys(j, &self.peer_keys, &self.model_keys);
            let hits = self.pairs.overlap(&self.model_keys, &self.peer_keys, |k| {
                witness.skip_hit(j, k)
            });
            self.pair_hits.push(hits);
            for &t in peer.flat.iter().chain(&model.flat) {
                self.common[t as usize] = 0;
            }
            // One report per model: the pairs scanned (at most [`skip::MAX_KEYS`] per text,
            // so a model's share is bounded; longer texts take the counting path above).
            let scanned = skip::item_count(peer.flat.len(), gap, skip::Unigrams::None)
                + skip::item_count(model.flat.len(), gap, skip::Unigrams::None);
            if !cancel.tick(scanned) {
                return false;
            }
        }
        self.pairs_gap = Some(gap);
        true
    }

    /// Sets `common[t]` (grown as needed) to 2 for the tokens of both `a` and `b`, 1 for
    /// those of `b` only.
    fn mark_common(&mut self, a: &[u32], b: &[u32]) {
        let top = a.iter().chain(b).max().map_or(0, |&t| t as usize + 1);
        if self.common.len() < top {
            self.common.resize(top, 0);
        }
        for &t in b {
            self.common[t as usize] = 1;
        }
        for &t in a {
            let c = &mut self.common[t as usize];
            if *c != 0 {
                *c = 2;
            }
        }
    }

    /// Σ_t min(count of t in `a`, count of t in `b`), through the dense budgets; `on_hit`
    /// gets each token of `b` counted.
    fn unigram_overlap(&mut self, a: &[u32], b: &[u32], mut on_hit: impl FnMut(u32)) -> usize {
        let top = a.iter().chain(b).max().map_or(0, |&t| t as usize + 1);
        if self.model_budget.len() < top {
            self.model_budget.resize(top, 0);
            self.peer_budget.resize(top, 0);
        }
        for &t in a {
            self.model_budget[t as usize] += 1;
        }
        let mut hits = 0;
        for &t in b {
            let c = &mut self.model_budget[t as usize];
            if *c > 0 {
                *c -= 1;
                hits += 1;
                on_hit(t);
            }
        }
        for &t in a {
            self.model_budget[t as usize] = 0;
        }
        hits
    }

    /// Loads the whole-text unigram budgets of §8.2 step 1 for one model.
    fn load_budgets(&mut self, peer: &PerlDoc, model: &PerlDoc) {
        let top = peer
            .flat
            .iter()
            .chain(&model.flat)
            .copied()
            .max()
            .map_or(0, |t| t as usize + 1);
        if self.model_budget.len() < top {
            self.model_budget.resize(top, 0);
            self.peer_budget.resize(top, 0);
        }
        for &t in &model.flat {
            self.model_budget[t as usize] += 1;
        }
        for &t in &peer.flat {
            self.peer_budget[t as usize] += 1;
        }
    }

    fn clear_budgets(&mut self, peer: &PerlDoc, model: &PerlDoc) {
        for &t in peer.flat.iter().chain(&model.flat) {
            self.model_budget[t as usize] = 0;
            self.peer_budget[t as usize] = 0;
        }
    }

    /// The §8.2 budget test at a marked position: a hit iff both budgets are positive,
    /// which then shrink.
    ///
    /// With `-b`, the sentence reader keeps short sentences past the cut (§6.3, E21), so a
    /// marked sentence token may be absent from the whole (flat) text and lie beyond the
    /// budgets loaded from it: it has no budget, as ROUGE-1.5.5's hash lookup finds none,
    /// and is never a hit.
    #[inline]
    fn take(&mut self, t: u32) -> bool {
        let t = t as usize;
        match (self.model_budget.get(t), self.peer_budget.get(t)) {
            (Some(&m), Some(&p)) if m > 0 && p > 0 => {
                self.model_budget[t] -= 1;
                self.peer_budget[t] -= 1;
                true
            }
            _ => false,
        }
    }

    /// ROUGE-L (§8.2): union-LCS hits per model; returns the peer token count. When `cancel`
    /// stops it the counts are meaningless (the caller discards them).
    pub fn lcs(
        &mut self,
        peer: &PerlDoc,
        models: &[PerlDoc],
        out: &mut Vec<ModelCounts>,
        cancel: &Cancel<'_>,
    ) -> f64 {
        self.lcs_witnessed(peer, models, out, cancel, &mut NoWitness)
    }

    /// [`Counter::lcs`] reporting its marks to `witness`.
    pub fn lcs_witnessed<W: Witness>(
        &mut self,
        peer: &PerlDoc,
        models: &[PerlDoc],
        out: &mut Vec<ModelCounts>,
        cancel: &Cancel<'_>,
        witness: &mut W,
    ) -> f64 {
        out.clear();
        for (j, model) in models.iter().enumerate() {
            // The match masks of a peer sentence serve every model sentence against it; a
            // model token costs one 64-bit word per 64 of its columns.
            self.mark_union(
                peer,
                model,
                cancel,
                |cols, s| {
                    s.lcs.set_columns(cols);
                    cols.len().div_ceil(64)
                },
                |rows, cols, s, mark| {
                    if W::ON {
                        // The same trace back, keeping the column of each marked row.
                        let mut found = std::mem::take(&mut s.pair_columns);
                        lcs::backtrack_pairs(rows, cols, &mut s.lcs, cancel, |i, c| {
                            mark[i] = true;
                            found.push(c);
                        });
                        s.pair_columns = found;
                    } else {
                        lcs::union_positions_with(rows, cols, &mut s.lcs, mark, cancel);
                    }
                    true
                },
                (j, &mut *witness),
            );
            self.load_budgets(peer, model);
            let mut hit = 0usize;
            for (pos, &t) in model.sent_tokens.iter().enumerate() {
                if self.marks[pos] {
                    let counted = self.take(t);
                    hit += usize::from(counted);
                    witness.marked(j, pos, counted);
                }
            }
            self.clear_budgets(peer, model);
            let base = model.sent_tokens.len();
            let select = if base == 0 {
                0.0
            } else {
                hit as f64 / base as f64
            };
            out.push(ModelCounts {
                hit: hit as f64,
                m: base as f64,
                select,
            });
        }
        peer.flat.len() as f64
    }

    /// ROUGE-W (§8.3): weighted hits from runs of the union mask; returns f(peer length).
    /// When `cancel` stops it the counts are meaningless (the caller discards them).
    pub fn wlcs(
        &mut self,
        f: &mut Weights,
        peer: &PerlDoc,
        models: &[PerlDoc],
        out: &mut Vec<ModelCounts>,
        cancel: &Cancel<'_>,
    ) -> Result<f64, CountError> {
        self.wlcs_witnessed(f, peer, models, out, cancel, &mut NoWitness)
    }

    /// [`Counter::wlcs`] reporting its marks and runs to `witness`.
    pub fn wlcs_witnessed(
        &mut self,
        f: &mut Weights,
        peer: &PerlDoc,
        models: &[PerlDoc],
        out: &mut Vec<ModelCounts>,
        cancel: &Cancel<'_>,
        witness: &mut impl Witness,
    ) -> Result<f64, CountError> {
        out.clear();
        for (j, model) in models.iter().enumerate() {
            // A model token costs one cell per column of the weighted table.
            let ok = self.mark_union(
                peer,
                model,
                cancel,
                |cols, _| cols.len(),
                |rows, cols, s, mark| s.wlcs.mark(rows, cols, f, mark, cancel),
                (j, &mut *witness),
            );
            if !ok {
                return Err(CountError::TooLong { model: j });
            }
            self.load_budgets(peer, model);
            let mut hit = 0.0;
            let mut base = 0.0;
            let mut start = 0;
            for &end in &model.sent_ends {
                let mut run = 0usize;
                let mut first = start;
                for pos in start..end {
                    if !self.marks[pos] {
                        continue;
                    }
                    let counted = self.take(model.sent_tokens[pos]);
                    witness.marked(j, pos, counted);
                    if counted {
                        if run == 0 {
                            first = pos;
                        }
                        run += 1;
                        // A run ends at the sentence end or before an unmarked position;
                        // clipped marked positions neither count nor end it (quirk 9).
                        if pos + 1 == end || !self.marks[pos + 1] {
                            let value = f.f(run);
                            witness.run(j, first, pos, run, value);
                            hit += value;
                            run = 0;
                        }
                    }
                }
                base += f.f(end - start);
                start = end;
            }
            self.clear_budgets(peer, model);
            if base == 0.0 {
                return Err(CountError::EmptyModel { model: j });
            }
            out.push(ModelCounts {
                hit,
                m: f.f_real(base),
                select: f.inverse(hit / base),
            });
        }
        Ok(f.f(peer.flat.len()))
    }

    /// Fills `self.marks` (over `model.sent_tokens`) with the union over peer sentences of
    /// the positions `mark_one(model_sentence, peer_sentence, ..)` marks; `columns(peer_sentence,
    /// ..)` runs once before the model sentences are marked against that peer sentence and
    /// returns the work of one model token against it. False if any call failed.
    ///
    /// The work of each peer sentence against the whole model goes to `cancel` in one
    /// report, and a stop leaves the marks partial (the caller discards them): the sentence
    /// pairs are quadratic in sentences (10^10 pairs for two 100,000-line summaries), so
    /// one long instance must be interruptible, but one report per pair would cost the
    /// many small tables of an ordinary instance an atomic add each.
    ///
    /// A witness that is [`Witness::ON`] gets each sentence pair's own marks (`(model
    /// index, witness)`): the pair is marked into a scratch, then ORed into the union.
    fn mark_union<W: Witness>(
        &mut self,
        peer: &PerlDoc,
        model: &PerlDoc,
        cancel: &Cancel<'_>,
        mut columns: impl FnMut(&[u32], &mut Counter) -> usize,
        mut mark_one: impl FnMut(&[u32], &[u32], &mut Counter, &mut [bool]) -> bool,
        (j, witness): (usize, &mut W),
    ) -> bool {
        let mut marks = std::mem::take(&mut self.marks);
        marks.clear();
        marks.resize(model.sent_tokens.len(), false);
        let mut scratch = std::mem::take(&mut self.pair_marks);
        let mut ok = true;
        for (k, cols) in peer.sentences().enumerate().filter(|(_, c)| !c.is_empty()) {
            let per_token = columns(cols, self);
            let mut start = 0;
            for &end in &model.sent_ends {
                if end > start {
                    let rows = &model.sent_tokens[start..end];
                    if W::ON {
                        scratch.clear();
                        scratch.resize(end - start, false);
                        self.pair_columns.clear();
                        ok &= mark_one(rows, cols, self, &mut scratch);
                        witness.pair_marks(j, k, start, &scratch, &self.pair_columns);
                        for (m, &s) in marks[start..end].iter_mut().zip(&scratch) {
                            *m |= s;
                        }
                    } else {
                        ok &= mark_one(rows, cols, self, &mut marks[start..end]);
                    }
                }
                start = end;
            }
            // Plus one unit per sentence pair: one-word sentences are mostly set-up.
            let work = model.sent_tokens.len() * per_token + model.sent_ends.len();
            if !cancel.tick(work) {
                break;
            }
        }
        self.marks = marks;
        self.pair_marks = scratch;
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::XorShift;
    use std::collections::HashMap;

    /// Σ_g min(count of g in `a`, count of g in `b`) over the n-grams g, by brute force.
    fn naive_overlap(a: &[u32], b: &[u32], n: usize) -> usize {
        let grams = |t: &[u32]| {
            let mut m: HashMap<Vec<u32>, usize> = HashMap::new();
            for g in t.windows(n) {
                *m.entry(g.to_vec()).or_default() += 1;
            }
            m
        };
        let (ga, gb) = (grams(a), grams(b));
        ga.iter()
            .map(|(g, &c)| c.min(gb.get(g).copied().unwrap_or(0)))
            .sum()
    }

    /// ROUGE-N's pruned n-gram ids give the brute-force hits and totals for every model of
    /// random instances (small vocabularies: repeats, shared and unshared n-grams; several
    /// models, empty and short texts), one counter reused across instances as in a batch.
    #[test]
    fn ngram_counts_match_brute_force() {
        let mut rng = XorShift::new(0x9E37_79B9_7F4A_7C15);
        let mut next = |k: u64| rng.below(k) as u32;
        let mut counter = Counter::default();
        let mut out = Vec::new();
        for _ in 0..3000 {
            let vocab = [2, 4, 9, 40, 5000][next(5) as usize] as u64;
            let mut doc = || {
                let len = next(25);
                PerlDoc {
                    flat: (0..len).map(|_| next(vocab)).collect(),
                    ..PerlDoc::default()
                }
            };
            let peer = doc();
            let models: Vec<PerlDoc> = (0..4).map(|_| doc()).collect();
            let models = &models[..1 + peer.flat.len() % 4];
            counter.begin_instance();
            // Levels are built in any order of n, as the variants ask for them.
            for n in [2, 1, 4, 3, 6] {
                let total = counter.ngram(n, &peer, models, &mut out, &Cancel::never());
                assert_eq!(total as usize, peer.flat.len().saturating_sub(n - 1));
                for (model, counts) in models.iter().zip(&out) {
                    let want = naive_overlap(&model.flat, &peer.flat, n);
                    assert_eq!(
                        counts.hit as usize, want,
                        "n={n} {:?} {:?}",
                        peer.flat, model.flat
                    );
                    assert_eq!(counts.m as usize, model.flat.len().saturating_sub(n - 1));
                }
            }
        }
    }
}
