//! The matches behind each type's counts, from the kernels' own choices: clipped n-grams
//! (first occurrences up to the clipped count), rouge-score's LCS traceback (rougeL's
//! alignment; rougeLsum's union per reference sentence, with the double-count guard's
//! counted / not counted split), skip-bigrams.
use crate::engine::TokenDoc;
use crate::kernels::lcs::{self, LcsScratch};
use crate::kernels::ngram::{self, NgramIds};
use crate::kernels::skip;
use crate::kernels::union_lcs::{self, UnionLcsScratch};
use crate::kernels::wlcs::{self, Weights};
use crate::pool::Cancel;
use rustc_hash::FxHashMap;

/// An n-gram with hits, for every engine. Its occurrences shown (the first ones on each
/// side, up to the clipped count) are `positions[at .. at + hits]` in the prediction and
/// `positions[at + hits .. at + 2 * hits]` in the reference ([`Detail::Ngram`]); its
/// compared forms are the prediction's tokens from the first of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GramMatch {
    pub prediction_count: u32,
    pub reference_count: u32,
    pub at: u32,
}

impl GramMatch {
    pub fn hits(&self) -> u32 {
        self.prediction_count.min(self.reference_count)
    }
}

/// A reference n-gram not fully matched, for every engine: its first position (its forms
/// are the reference's tokens from there), count and hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GramMissed {
    pub reference_first: u32,
    pub reference_count: u32,
    pub hits: u32,
}

/// What rougeLsum makes of a reference token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnionState {
    /// In no sentence LCS.
    Unmatched,
    /// In the union and counted as a hit.
    Counted,
    /// In the union, not counted: the prediction's copies of the token were used up
    /// (rouge-score's double-count guard).
    NotCounted,
}

/// A reference sentence's tokens in a union LCS (rougeLsum, ROUGE-1.5.5's ROUGE-L/W, rouge
/// 1.0.1's ROUGE-L), for every engine: token indices by [`UnionState`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SentenceMarks {
    /// In the union and counted as a hit.
    pub counted: Vec<u32>,
    /// In the union, not counted (the engine's double-count guard).
    pub not_counted: Vec<u32>,
    pub unmatched: Vec<u32>,
}

/// Each sentence's marks: `states` per token, `ends` where each sentence ends among them.
pub fn sentence_marks(
    states: &[UnionState],
    ends: impl IntoIterator<Item = usize>,
) -> Vec<SentenceMarks> {
    let mut out = Vec::new();
    let mut start = 0usize;
    for end in ends {
        let mut s = SentenceMarks::default();
        for (i, state) in states.iter().enumerate().take(end).skip(start) {
            let i = i as u32;
            match state {
                UnionState::Counted => s.counted.push(i),
                UnionState::NotCounted => s.not_counted.push(i),
                UnionState::Unmatched => s.unmatched.push(i),
            }
        }
        out.push(s);
        start = end;
    }
    out
}

/// A skip-bigram (or SU unigram, `second` = `None`) with hits, for every engine: its
/// tokens' compared forms as the engine holds them (the rouge-score family: the kernels'
/// ids, which its explanation maps to the pair's forms; ROUGE-1.5.5: the forms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkipMatch<F = u32> {
    pub first: F,
    pub second: Option<F>,
    pub prediction_count: u32,
    pub reference_count: u32,
    pub hits: u32,
}

/// One reference's matches for one type.
#[derive(Debug, Clone, PartialEq)]
pub enum Detail {
    Ngram {
        /// In order of first occurrence in the prediction.
        matches: Vec<GramMatch>,
        /// Token indices of the matches' occurrences (see [`GramMatch`]).
        positions: Vec<u32>,
        /// In order of first occurrence in the reference.
        missed: Vec<GramMissed>,
    },
    /// `(prediction index, reference index)`, increasing; `None` when too large.
    Lcs {
        alignment: Option<Vec<(u32, u32)>>,
    },
    Union {
        /// Per reference token.
        states: Vec<UnionState>,
        /// Where each reference sentence ends among the tokens.
        sentence_ends: Vec<u32>,
        /// Prediction tokens in some sentence LCS; `None` when too large to list.
        prediction_in_lcs: Option<Vec<u32>>,
    },
    /// ROUGE-W: the runs of the traced-back weighted LCS (rows: the reference, columns:
    /// the prediction); `None` when the table is too large to keep.
    Wlcs {
        runs: Option<Vec<wlcs::Run>>,
    },
    Skip {
        matches: Option<Vec<SkipMatch>>,
    },
}

/// Largest table (cells) whose LCS alignment is listed; larger ones get `None`. The
/// traceback keeps O(√m) rows ([`lcs::backtrack_pairs`]), so the bound is on time: about
/// three times the scoring kernel's pass (a 132,816 x 43,806-token pair: 0.15 s).
pub const MAX_ALIGNMENT_CELLS: usize = 1 << 34;

/// Most (reference sentence, prediction sentence) pairs whose LCSs are walked one by one for
/// the prediction side of rougeLsum; beyond, only the reference side (the core's filtered
/// union) is listed.
pub const MAX_SENTENCE_PAIRS: usize = 1 << 16;

/// Reusable buffers of the witnesses.
#[derive(Debug, Default)]
pub struct WitnessScratch {
    pred_keys: Vec<u64>,
    ref_keys: Vec<u64>,
    slots: FxHashMap<u64, u32>,
    /// The slot of each prediction key, then of each reference key (one hash lookup each).
    key_slots: Vec<u32>,
    /// Per n-gram: prediction count, reference count, first reference position.
    stats: Vec<(u32, u32, u32)>,
    fill: Vec<(u32, u32)>,
    marks: Vec<bool>,
    pred_marks: Vec<bool>,
    left: FxHashMap<u32, u32>,
    weights: Weights,
}

/// Clipped n-gram matches of `pred` against `reference`, keyed as the scoring kernel keys
/// them ([`ngram::keys`]).
pub fn ngrams(n: usize, pred: &[u32], reference: &[u32], w: &mut WitnessScratch) -> Detail {
    let mut ids = NgramIds::new();
    ngram::keys(pred, n, &mut ids, &mut w.pred_keys);
    ngram::keys(reference, n, &mut ids, &mut w.ref_keys);
    w.slots.clear();
    w.slots.reserve(w.pred_keys.len() + w.ref_keys.len());
    w.stats.clear();
    w.key_slots.clear();
    // Slots in order of first prediction occurrence, then the reference-only ones.
    for &k in &w.pred_keys {
        let next = w.stats.len() as u32;
        let slot = *w.slots.entry(k).or_insert(next) as usize;
        if slot == w.stats.len() {
            w.stats.push((0, 0, u32::MAX));
        }
        w.key_slots.push(slot as u32);
        w.stats[slot].0 += 1;
    }
    for (i, &k) in w.ref_keys.iter().enumerate() {
        let next = w.stats.len() as u32;
        let slot = *w.slots.entry(k).or_insert(next) as usize;
        if slot == w.stats.len() {
            w.stats.push((0, 0, u32::MAX));
        }
        w.key_slots.push(slot as u32);
        let s = &mut w.stats[slot];
        s.1 += 1;
        if s.2 == u32::MAX {
            s.2 = i as u32;
        }
    }
    let hits = |s: &(u32, u32, u32)| s.0.min(s.1);
    let mut matches = Vec::new();
    let mut total = 0u32;
    w.fill.clear();
    w.fill.resize(w.stats.len(), (u32::MAX, 0));
    for (slot, s) in w.stats.iter().enumerate() {
        let h = hits(s);
        if h > 0 {
            w.fill[slot] = (total, 0);
            matches.push(GramMatch {
                prediction_count: s.0,
                reference_count: s.1,
                at: total,
            });
            total += 2 * h;
        }
    }
    let mut positions = vec![0u32; total as usize];
    if total > 0 {
        let (pred_slots, ref_slots) = w.key_slots.split_at(w.pred_keys.len());
        for (side, slots) in [pred_slots, ref_slots].into_iter().enumerate() {
            for f in &mut w.fill {
                f.1 = 0;
            }
            for (i, &slot) in slots.iter().enumerate() {
                let slot = slot as usize;
                let (at, used) = w.fill[slot];
                let h = hits(&w.stats[slot]);
                if at != u32::MAX && used < h {
                    positions[(at + side as u32 * h + used) as usize] = i as u32;
                    w.fill[slot].1 += 1;
                }
            }
        }
    }
    let mut missed: Vec<GramMissed> = w
        .stats
        .iter()
        .filter(|s| s.1 > hits(s))
        .map(|s| GramMissed {
            reference_first: s.2,
            reference_count: s.1,
            hits: hits(s),
        })
        .collect();
    missed.sort_unstable_by_key(|m| m.reference_first);
    Detail::Ngram {
        matches,
        positions,
        missed,
    }
}

/// rougeL's witness: the LCS that rouge-score's traceback picks (rows: the reference,
/// columns: the prediction).
pub fn lcs_alignment(pred: &[u32], reference: &[u32], s: &mut LcsScratch) -> Detail {
    if pred.len().saturating_mul(reference.len()) > MAX_ALIGNMENT_CELLS {
        return Detail::Lcs { alignment: None };
    }
    let mut pairs = Vec::new();
    if !pred.is_empty() && !reference.is_empty() {
        s.set_columns(pred);
        lcs::backtrack_pairs(reference, pred, s, &Cancel::never(), |i, j| {
            pairs.push((j as u32, i as u32))
        });
        pairs.reverse();
    }
    Detail::Lcs {
        alignment: Some(pairs),
    }
}

/// rougeLsum against one reference: per reference sentence, its tokens in the union of the
/// sentence LCSs that rouge-score's traceback picks, split as its double-count guard counts
/// them (in sentence order, each token counted while the prediction still has an unused
/// copy of it), and the prediction tokens taking part in those LCSs.
pub fn union_lcs(
    pred: &TokenDoc,
    reference: &TokenDoc,
    s: &mut LcsScratch,
    u: &mut UnionLcsScratch,
    w: &mut WitnessScratch,
) -> Detail {
    let (p_ids, r_ids) = (pred.line_ids(), reference.line_ids());
    let (p_ends, r_ends) = (&pred.line_ends, &reference.line_ends);
    let marks = &mut w.marks;
    marks.clear();
    marks.resize(r_ids.len(), false);
    let mut prediction_in_lcs = Some(Vec::new());
    if !p_ids.is_empty() && !r_ids.is_empty() {
        if p_ends.len().saturating_mul(r_ends.len()) <= MAX_SENTENCE_PAIRS
            && line_cells(p_ends, r_ends) <= MAX_ALIGNMENT_CELLS
        {
            let pred_marks = &mut w.pred_marks;
            pred_marks.clear();
            pred_marks.resize(p_ids.len(), false);
            let mut ps = 0;
            for &pe in p_ends {
                let line = &p_ids[ps..pe];
                s.set_columns(line);
                let mut rs = 0;
                for &re in r_ends {
                    lcs::backtrack_pairs(&r_ids[rs..re], line, s, &Cancel::never(), |i, j| {
                        marks[rs + i] = true;
                        pred_marks[ps + j] = true;
                    });
                    rs = re;
                }
                ps = pe;
            }
            prediction_in_lcs = Some(
                (0..pred_marks.len() as u32)
                    .filter(|&j| pred_marks[j as usize])
                    .collect(),
            );
        } else {
            union_lcs::union_marks(r_ids, r_ends, p_ids, p_ends, u, marks, &Cancel::never());
            prediction_in_lcs = None;
        }
    }
    // The guard: the prediction's copies of each token, used up in reference order.
    let left = &mut w.left;
    left.clear();
    for &t in p_ids {
        *left.entry(t).or_insert(0) += 1;
    }
    let states = r_ids
        .iter()
        .zip(marks.iter())
        .map(|(t, &marked)| {
            if !marked {
                return UnionState::Unmatched;
            }
            match left.get_mut(t) {
                Some(c) if *c > 0 => {
                    *c -= 1;
                    UnionState::Counted
                }
                _ => UnionState::NotCounted,
            }
        })
        .collect();
    Detail::Union {
        states,
        sentence_ends: r_ends.iter().map(|&e| e as u32).collect(),
        prediction_in_lcs,
    }
}

/// The cells of every (prediction line, reference line) table.
fn line_cells(p_ends: &[usize], r_ends: &[usize]) -> usize {
    let total = |ends: &[usize]| ends.last().copied().unwrap_or(0);
    total(p_ends).saturating_mul(total(r_ends))
}

/// Skip-bigram (and SU unigram) matches, clipped, in the order of their first occurrence
/// in the prediction; `None` when the texts have too many items to list (the counts still
/// come from the kernel).
pub fn skip_bigrams(gap: Option<usize>, su: bool, pred: &[u32], reference: &[u32]) -> Detail {
    let u = if su {
        skip::Unigrams::All
    } else {
        skip::Unigrams::None
    };
    if skip::too_many_keys(pred.len(), reference.len(), gap, u) {
        return Detail::Skip { matches: None };
    }
    let (mut p_keys, mut r_keys) = (Vec::new(), Vec::new());
    skip::skip_keys_all_unigrams(pred, gap, su, &mut p_keys);
    skip::skip_keys_all_unigrams(reference, gap, su, &mut r_keys);
    // Per item: prediction count, reference count, order of first occurrence.
    let mut stats: FxHashMap<u64, (u32, u32, u32)> = FxHashMap::default();
    for (k, &key) in p_keys.iter().enumerate() {
        stats.entry(key).or_insert((0, 0, k as u32)).0 += 1;
    }
    for key in &r_keys {
        if let Some(e) = stats.get_mut(key) {
            e.1 += 1;
        }
    }
    let mut matches: Vec<(u32, SkipMatch)> = stats
        .iter()
        .filter(|(_, e)| e.0.min(e.1) > 0)
        .map(|(&key, e)| {
            let (first, second) = skip::item_tokens(key);
            (
                e.2,
                SkipMatch {
                    first,
                    second,
                    prediction_count: e.0,
                    reference_count: e.1,
                    hits: e.0.min(e.1),
                },
            )
        })
        .collect();
    matches.sort_by_key(|m| m.0);
    Detail::Skip {
        matches: Some(matches.into_iter().map(|m| m.1).collect()),
    }
}

/// ROUGE-W's witness: the runs of the weighted LCS the table traces back ([`wlcs::wlcs_runs`]).
pub fn wlcs_runs(weight: f64, pred: &[u32], reference: &[u32], w: &mut WitnessScratch) -> Detail {
    if w.weights.weight() != weight {
        w.weights = Weights::new(weight);
    }
    Detail::Wlcs {
        runs: wlcs::wlcs_runs(reference, pred, &mut w.weights),
    }
}
