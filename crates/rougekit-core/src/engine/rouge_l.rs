//! rougeL and rougeLsum (spec `rouge-score.md` §6-7): LCS over the whole text, and the
//! summary-level union LCS over `\n`-separated lines. Hits over sizes
//! ([`Match::ratio_score`]); rouge-score returns the ints `(0, 0, 0)` when a side has no
//! token ([`Match::empty_side`]).
use crate::engine::doc::TokenDoc;
use crate::engine::score::Match;
use crate::engine::Scratch;
use crate::kernels::lcs;
use crate::pool::Cancel;

/// rougeL: the match of each reference.
pub(super) fn matches(pred: &TokenDoc, refs: &[TokenDoc], s: &mut Scratch, cancel: &Cancel<'_>) {
    let n = pred.tokens.len();
    for r in refs {
        let m = r.tokens.len();
        s.matches.push(if n == 0 || m == 0 {
            Match::empty_side(n, m)
        } else {
            Match::counts(
                lcs::lcs_len(&r.tokens, &pred.tokens, &mut s.lcs, cancel),
                n,
                m,
            )
        });
    }
}

/// rougeLsum (spec `rouge-score.md` §6): the union over prediction lines of one specific LCS per (reference
/// line, prediction line), then hits = Σ_t min(U_t, C_t). Prediction-line masks are built
/// once and reused for every reference line.
pub(super) fn summary_matches(
    pred: &TokenDoc,
    refs: &[TokenDoc],
    s: &mut Scratch,
    cancel: &Cancel<'_>,
) {
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
        s.matches.push(if ids.is_empty() || pred_ids.is_empty() {
            Match::empty_side(pred_ids.len(), ids.len())
        } else {
            s.union.clear();
            let marks = &s.marks[offset..offset + ids.len()];
            s.union
                .extend(ids.iter().zip(marks).filter(|(_, &m)| m).map(|(&t, _)| t));
            let hits = s.unigrams.overlap(&s.union, pred_ids);
            Match::counts(hits, pred_ids.len(), ids.len())
        });
        offset += ids.len();
    }
}
