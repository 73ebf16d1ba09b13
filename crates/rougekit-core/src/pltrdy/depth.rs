//! How deep rouge 1.0.1's recursive LCS backtrack (its ROUGE-L's `_recon`) goes on a text
//! pair, so that callers can tell where the package raises `RecursionError` (Python's
//! default limit is 1,000 frames, the caller's own frames included) and reproduce what a
//! harness did with it (LongBench scores such a pair 0).
//!
//! For a reference sentence of n words (rows) and a hypothesis sentence of m words
//! (columns), the backtrack starts at (n, m), steps diagonally on equal words, up when the
//! cell above is strictly larger than the cell to the left, else left, and stops when a
//! side reaches 0. Each diagonal step lowers the table's value by one and the others keep
//! it, so once it has taken the first word (in reading order) of its LCS, at reference
//! position e and hypothesis position f (0-based), it stands in a region of zeros at (e, f):
//! it stops there if e is 0, else it goes left to column 0. That is n + m − L − e steps (L
//! the LCS length), or n + m − L − f when e is 0, plus the call that stops. Without a common
//! word it goes left m times: m + 1 calls. The depth of a text pair is the largest over its
//! (reference sentence, hypothesis sentence) pairs, all of which ROUGE-L visits.
use super::{Doc, PairVocab, SentenceRule};
use crate::kernels::lcs::{self, LcsScratch};
use crate::pool::Cancel;

/// Per-thread buffers of [`recursion_depth`].
#[derive(Debug, Default)]
pub struct DepthScratch {
    vocab: PairVocab,
    buf: String,
    hyp: Doc,
    reference: Doc,
    lcs: LcsScratch,
}

/// The most nested `_recon` calls rouge 1.0.1's ROUGE-L makes on this pair; 0 when either
/// text has no sentence (the package raises `ValueError` before ROUGE-L).
pub fn recursion_depth(hypothesis: &str, reference: &str, s: &mut DepthScratch) -> usize {
    s.vocab.clear();
    s.hyp
        .fill(hypothesis, SentenceRule::Dots, &mut s.buf, &mut s.vocab);
    s.reference
        .fill(reference, SentenceRule::Dots, &mut s.buf, &mut s.vocab);
    if s.hyp.ends.is_empty() || s.reference.ends.is_empty() {
        return 0;
    }
    let mut deepest = 0;
    for (ra, rb) in s.reference.sentences() {
        let r = &s.reference.tokens[ra..rb];
        let mut columns_set = false;
        for (ca, cb) in s.hyp.sentences() {
            let c = &s.hyp.tokens[ca..cb];
            // At most n + m: only a pair that could go deeper is walked.
            if r.len() + c.len() <= deepest {
                continue;
            }
            if !columns_set {
                s.lcs.set_columns(r);
                columns_set = true;
            }
            // The core's walk has the hypothesis on the rows and the same rule transposed
            // (see `rouge_l`): it reports the LCS's (hypothesis, reference) positions, last
            // first, so the last reported is the first word.
            let (mut length, mut first) = (0, (0, 0));
            lcs::backtrack_pairs(c, r, &mut s.lcs, &Cancel::never(), |i, j| {
                length += 1;
                first = (j, i);
            });
            let depth = match (length, first) {
                (0, _) => c.len() + 1,
                (_, (0, f)) => r.len() + c.len() - length - f + 1,
                (_, (e, _)) => r.len() + c.len() - length - e + 1,
            };
            deepest = deepest.max(depth);
        }
    }
    deepest
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The package's walk, step by step over its full table.
    fn walked(reference: &[&str], hypothesis: &[&str]) -> usize {
        let (n, m) = (reference.len(), hypothesis.len());
        let mut t = vec![vec![0usize; m + 1]; n + 1];
        for i in 1..=n {
            for j in 1..=m {
                t[i][j] = if reference[i - 1] == hypothesis[j - 1] {
                    t[i - 1][j - 1] + 1
                } else {
                    t[i - 1][j].max(t[i][j - 1])
                };
            }
        }
        let (mut i, mut j, mut calls) = (n, m, 1);
        while i > 0 && j > 0 {
            if reference[i - 1] == hypothesis[j - 1] {
                (i, j) = (i - 1, j - 1);
            } else if t[i - 1][j] > t[i][j - 1] {
                i -= 1;
            } else {
                j -= 1;
            }
            calls += 1;
        }
        calls
    }

    #[test]
    fn equals_the_step_by_step_walk() {
        let mut s = DepthScratch::default();
        let mut state = 7u64;
        let mut next = |k: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % k
        };
        let words = ["a", "b", "c", "d", "e"];
        for _ in 0..2000 {
            let mut text = |len: u64| -> Vec<&str> {
                (0..1 + next(len))
                    .map(|_| words[next(words.len() as u64) as usize])
                    .collect()
            };
            let (h, r) = (text(70), text(90));
            let depth = recursion_depth(&h.join(" "), &r.join(" "), &mut s);
            assert_eq!(depth, walked(&r, &h), "{h:?} {r:?}");
        }
        // Sentences: the deepest pair counts; no sentence: 0.
        let depth = recursion_depth("a b c. x y z w v", "q. a b c d", &mut s);
        assert_eq!(
            depth,
            walked(&["a", "b", "c", "d"], &["x", "y", "z", "w", "v"])
        );
        assert_eq!(recursion_depth("...", "a", &mut s), 0);
        assert_eq!(recursion_depth("a", "", &mut s), 0);
        assert_eq!(recursion_depth(" ", " ", &mut s), 2);
    }
}
