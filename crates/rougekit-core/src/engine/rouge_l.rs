//! rougeL and rougeLsum (spec `rouge-score.md` §6-7): LCS over the whole text, and the
//! summary-level union LCS over `\n`-separated lines. Hits over sizes
//! ([`Match::ratio_score`]); rouge-score returns the ints `(0, 0, 0)` when a side has no
//! token ([`Match::empty_side`]).
use crate::engine::doc::TokenDoc;
use crate::engine::Scratch;
use crate::kernels::{lcs, union_lcs};
use crate::pool::Cancel;
use crate::scores::Match;

/// rougeL: the match of each reference. A prediction of at most 64 tokens (one mask word)
/// is the columns, so its masks are built once for every reference and for rougeLsum
/// ([`union_lcs::UnionLcsScratch::lcs`]).
pub(super) fn matches(pred: &TokenDoc, refs: &[TokenDoc], s: &mut Scratch, cancel: &Cancel<'_>) {
    let n = pred.tokens.len();
    let lcs = s.union_lcs.lcs();
    for r in refs {
        let m = r.tokens.len();
        s.matches.push(if n == 0 || m == 0 {
            Match::empty_side(n, m)
        } else {
            let hits = if n <= 64 {
                lcs::lcs_len_against(&r.tokens, &pred.tokens, lcs, cancel)
            } else {
                lcs::lcs_len(&r.tokens, &pred.tokens, lcs, cancel)
            };
            Match::counts(hits, n, m)
        });
    }
}

/// rougeLsum (spec `rouge-score.md` §6): the union over prediction lines of one specific LCS
/// per (reference line, prediction line) ([`union_lcs::union_marks`], which skips the pairs
/// that cannot add to the union), then hits = Σ_t min(U_t, C_t).
pub(super) fn summary_matches(
    pred: &TokenDoc,
    refs: &[TokenDoc],
    s: &mut Scratch,
    cancel: &Cancel<'_>,
) {
    let pred_ids = pred.line_ids();
    // All reference lines, concatenated: the union is taken per line, so the lines of
    // several references can share one call.
    s.lsum_target.clear();
    s.lsum_ends.clear();
    for r in refs {
        let offset = s.lsum_target.len();
        s.lsum_target.extend_from_slice(r.line_ids());
        s.lsum_ends.extend(r.line_ends.iter().map(|&e| offset + e));
    }
    s.marks.clear();
    s.marks.resize(s.lsum_target.len(), false);
    if !union_lcs::union_marks(
        &s.lsum_target,
        &s.lsum_ends,
        pred_ids,
        &pred.line_ends,
        &mut s.union_lcs,
        &mut s.marks,
        cancel,
    ) {
        return;
    }
    let mut offset = 0;
    for r in refs {
        let ids = r.line_ids();
        s.matches.push(if ids.is_empty() || pred_ids.is_empty() {
            Match::empty_side(pred_ids.len(), ids.len())
        } else {
            // The marked tokens, compacted without a branch: a mark is a coin flip to the
            // branch predictor (cachegrind: a sixth of the filter's branches mispredicted).
            let marks = &s.marks[offset..offset + ids.len()];
            s.union.clear();
            s.union.resize(ids.len(), 0);
            let mut kept = 0;
            for (&t, &m) in ids.iter().zip(marks) {
                s.union[kept] = t;
                kept += usize::from(m);
            }
            s.union.truncate(kept);
            // A prediction of at most 64 tokens: from the masks the union was walked on.
            let hits = if pred_ids.len() <= 64 {
                s.union_lcs
                    .lcs()
                    .ngram_overlap_against(&s.union, pred_ids, 1)
            } else {
                s.unigrams.overlap(&s.union, pred_ids)
            };
            Match::counts(hits, pred_ids.len(), ids.len())
        });
        offset += ids.len();
    }
}
