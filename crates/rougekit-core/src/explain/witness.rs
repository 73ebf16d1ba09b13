//! The matches behind each type's counts, from the kernels' own choices: clipped n-grams
//! (first occurrences up to the clipped count), rouge-score's LCS traceback (rougeL's
//! alignment; rougeLsum's union per reference sentence, with the double-count guard's
//! counted / not counted split), skip-bigrams.
use crate::engine::TokenDoc;
use crate::kernels::lcs::{self, LcsScratch};
use crate::kernels::skip;
use crate::kernels::union_lcs::{self, UnionLcsScratch};
use crate::pool::Cancel;
use rustc_hash::FxHashMap;

/// An n-gram with hits: where it occurs (first occurrences, up to the clipped count).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GramMatch {
    pub prediction_count: u32,
    pub reference_count: u32,
    pub prediction_at: Vec<u32>,
    pub reference_at: Vec<u32>,
}

impl GramMatch {
    pub fn hits(&self) -> u32 {
        self.prediction_count.min(self.reference_count)
    }
}

/// A reference n-gram not fully matched: its first position, count and hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GramMissed {
    pub reference_first: u32,
    pub reference_count: u32,
    pub hits: u32,
}

/// One reference sentence of rougeLsum: its token indices (into the whole reference).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SentenceUnion {
    pub counted: Vec<u32>,
    pub not_counted: Vec<u32>,
    pub unmatched: Vec<u32>,
}

/// A skip-bigram (or SU unigram, `second` = `None`) with hits: its tokens as the kernels'
/// ids (the explanation maps them to compared forms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkipMatch {
    pub first: u32,
    pub second: Option<u32>,
    pub prediction_count: u32,
    pub reference_count: u32,
}

/// One reference's matches for one type.
#[derive(Debug, Clone, PartialEq)]
pub enum Detail {
    Ngram {
        matches: Vec<GramMatch>,
        missed: Vec<GramMissed>,
    },
    /// `(prediction index, reference index)`, increasing; `None` when too large.
    Lcs {
        alignment: Option<Vec<(u32, u32)>>,
    },
    Union {
        sentences: Vec<SentenceUnion>,
        /// Prediction tokens in some sentence LCS; `None` when too large to list.
        prediction_in_lcs: Option<Vec<u32>>,
    },
    Wlcs,
    Skip {
        matches: Option<Vec<SkipMatch>>,
    },
}

/// Largest table (cells) whose LCS alignment is listed; larger ones get `None`.
pub const MAX_ALIGNMENT_CELLS: usize = 1 << 32;

/// Most (reference sentence, prediction sentence) pairs whose LCSs are walked one by one for
/// the prediction side of rougeLsum; beyond, only the reference side (the core's filtered
/// union) is listed.
pub const MAX_SENTENCE_PAIRS: usize = 1 << 16;

/// Clipped n-gram matches of `pred` against `reference`.
pub fn ngrams(n: usize, pred: &[u32], reference: &[u32]) -> Detail {
    let mut slots: FxHashMap<&[u32], usize> = FxHashMap::default();
    // Per gram: prediction count, reference count, first positions on each side.
    let mut stats: Vec<(u32, u32, u32, u32)> = Vec::new();
    if n >= 1 && pred.len() >= n {
        for (i, w) in pred.windows(n).enumerate() {
            let k = *slots.entry(w).or_insert_with(|| {
                stats.push((0, 0, i as u32, u32::MAX));
                stats.len() - 1
            });
            stats[k].0 += 1;
        }
    }
    if n >= 1 && reference.len() >= n {
        for (i, w) in reference.windows(n).enumerate() {
            let k = *slots.entry(w).or_insert_with(|| {
                stats.push((0, 0, u32::MAX, i as u32));
                stats.len() - 1
            });
            stats[k].1 += 1;
            if stats[k].3 == u32::MAX {
                stats[k].3 = i as u32;
            }
        }
    }
    let hits = |s: &(u32, u32, u32, u32)| s.0.min(s.1);
    // Matched grams in order of first prediction occurrence (the slots' order).
    let mut matched: Vec<usize> = (0..stats.len()).filter(|&k| hits(&stats[k]) > 0).collect();
    let mut at: FxHashMap<usize, (Vec<u32>, Vec<u32>)> = matched
        .iter()
        .map(|&k| {
            let h = hits(&stats[k]) as usize;
            (k, (Vec::with_capacity(h), Vec::with_capacity(h)))
        })
        .collect();
    if !matched.is_empty() {
        for (i, w) in pred.windows(n).enumerate() {
            let k = slots[w];
            if let Some((p, _)) = at.get_mut(&k) {
                if p.len() < hits(&stats[k]) as usize {
                    p.push(i as u32);
                }
            }
        }
        for (i, w) in reference.windows(n).enumerate() {
            let k = slots[w];
            if let Some((_, r)) = at.get_mut(&k) {
                if r.len() < hits(&stats[k]) as usize {
                    r.push(i as u32);
                }
            }
        }
    }
    matched.sort_by_key(|&k| stats[k].2);
    let matches = matched
        .iter()
        .map(|&k| {
            let (p, r) = at.remove(&k).unwrap_or_default();
            GramMatch {
                prediction_count: stats[k].0,
                reference_count: stats[k].1,
                prediction_at: p,
                reference_at: r,
            }
        })
        .collect();
    let mut missed: Vec<GramMissed> = stats
        .iter()
        .filter(|s| s.1 > hits(s))
        .map(|s| GramMissed {
            reference_first: s.3,
            reference_count: s.1,
            hits: hits(s),
        })
        .collect();
    missed.sort_by_key(|m| m.reference_first);
    Detail::Ngram { matches, missed }
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
) -> Detail {
    let (p_ids, r_ids) = (pred.line_ids(), reference.line_ids());
    let (p_ends, r_ends) = (&pred.line_ends, &reference.line_ends);
    let mut marks = vec![false; r_ids.len()];
    let mut in_lcs: Option<Vec<bool>> = None;
    if !p_ids.is_empty() && !r_ids.is_empty() {
        if p_ends.len().saturating_mul(r_ends.len()) <= MAX_SENTENCE_PAIRS
            && line_cells(p_ends, r_ends) <= MAX_ALIGNMENT_CELLS
        {
            let mut pred_marks = vec![false; p_ids.len()];
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
            in_lcs = Some(pred_marks);
        } else {
            union_lcs::union_marks(
                r_ids,
                r_ends,
                p_ids,
                p_ends,
                u,
                &mut marks,
                &Cancel::never(),
            );
        }
    }
    // The guard: the prediction's copies of each token, used up in reference order.
    let mut left: FxHashMap<u32, u32> = FxHashMap::default();
    for &t in p_ids {
        *left.entry(t).or_insert(0) += 1;
    }
    let mut sentences = Vec::with_capacity(r_ends.len());
    let mut rs = 0;
    for &re in r_ends {
        let mut sentence = SentenceUnion::default();
        for k in rs..re {
            if !marks[k] {
                sentence.unmatched.push(k as u32);
                continue;
            }
            match left.get_mut(&r_ids[k]) {
                Some(c) if *c > 0 => {
                    *c -= 1;
                    sentence.counted.push(k as u32);
                }
                _ => sentence.not_counted.push(k as u32),
            }
        }
        sentences.push(sentence);
        rs = re;
    }
    let prediction_in_lcs = if p_ids.is_empty() || r_ids.is_empty() {
        Some(Vec::new())
    } else {
        in_lcs.map(|m| (0..m.len() as u32).filter(|&j| m[j as usize]).collect())
    };
    Detail::Union {
        sentences,
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
                },
            )
        })
        .collect();
    matches.sort_by_key(|m| m.0);
    Detail::Skip {
        matches: Some(matches.into_iter().map(|m| m.1).collect()),
    }
}
