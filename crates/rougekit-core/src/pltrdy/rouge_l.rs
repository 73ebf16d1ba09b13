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
//! rouge-chinese 1.0.3: the LCS length of the whole token lists over the token counts.
use super::rouge_n::{distinct_unigrams, ratio};
use super::{Doc, LcsRule, Scratch};
use crate::kernels::lcs;
use crate::pool::Cancel;
use crate::scores::Counts;
use crate::Score;

/// The score and counts of ROUGE-L for one pair (both texts have a sentence).
pub(crate) fn score(
    rule: LcsRule,
    exclusive: bool,
    hyp: &Doc,
    reference: &Doc,
    s: &mut Scratch,
    cancel: &Cancel<'_>,
) -> (Score, Counts) {
    let (hits, n, m) = match rule {
        LcsRule::WholeText => (
            lcs::lcs_len(&reference.tokens, &hyp.tokens, &mut s.lcs, cancel),
            hyp.tokens.len(),
            reference.tokens.len(),
        ),
        LcsRule::SentenceUnion if exclusive => {
            // The backtrack above, transposed: with the hypothesis sentence as the target
            // (rows) and the reference sentence as the columns, "up only if strictly larger
            // than left, else left" becomes rouge-score's rule "left only if strictly larger
            // than up, else up", which `union_positions_with` follows; it marks the
            // hypothesis positions of the chosen LCS (their words are the LCS's words).
            s.marks.clear();
            s.marks.resize(hyp.tokens.len(), false);
            for (ra, rb) in reference.sentences() {
                let r = &reference.tokens[ra..rb];
                s.lcs.set_columns(r);
                for (ca, cb) in hyp.sentences() {
                    let c = &hyp.tokens[ca..cb];
                    lcs::union_positions_with(c, r, &mut s.lcs, &mut s.marks[ca..cb], cancel);
                    cancel.tick(1 + r.len() * c.len() / 64);
                }
            }
            // The distinct words at the marked positions.
            let (n, m, _) = distinct_unigrams(hyp, reference, s);
            for (&t, &marked) in hyp.tokens.iter().zip(&s.marks) {
                if marked {
                    s.seen[t as usize] |= 4;
                }
            }
            let hits = s.seen.iter().filter(|&&f| f & 4 != 0).count();
            for f in s.seen.iter_mut() {
                *f &= !4;
            }
            (hits, n, m)
        }
        LcsRule::SentenceUnion => {
            let mut hits = 0;
            for (ra, rb) in reference.sentences() {
                for (ca, cb) in hyp.sentences() {
                    hits += lcs::lcs_len(
                        &reference.tokens[ra..rb],
                        &hyp.tokens[ca..cb],
                        &mut s.lcs,
                        cancel,
                    );
                }
            }
            (hits, hyp.tokens.len(), reference.tokens.len())
        }
    };
    // Both sides hold at least one token (a sentence is never empty), so R = hits / m and
    // P = hits / n are the original's divisions without a zero guard.
    ratio(hits, n, m)
}
