//! ROUGE-N (spec `rouge-score.md` §5): clipped n-gram overlap over the whole token list;
//! P = hits / #prediction n-grams, R = hits / #reference n-grams ([`Match::ratio_score`]).
use crate::engine::doc::TokenDoc;
use crate::engine::Scratch;
use crate::kernels::ngram::{self, NgramIds};
use crate::scores::Match;

/// The match of each reference. The side of at most 64 tokens (the prediction first) is
/// counted from its one-word masks ([`crate::kernels::lcs::LcsScratch::ngram_overlap_against`];
/// the overlap is symmetric), which rougeL and rougeLsum read too: always for n >= 2, and for
/// rouge1 when `masks_shared` (another type of the pair builds them); rouge1 otherwise keeps
/// the dense count table, cheaper than masks it would be the only reader of. Longer texts
/// go through the n-gram count table.
pub(super) fn matches(
    n: usize,
    pred: &TokenDoc,
    refs: &[TokenDoc],
    s: &mut Scratch,
    masks_shared: bool,
) {
    let grams = |len: usize| (len + 1).saturating_sub(n);
    // n >= 3: one id map for the pair, so that a gram has the same id in every text.
    let (mut ids, mut keyed) = (NgramIds::new(), false);
    for r in refs {
        let (p, t) = (&pred.tokens, &r.tokens);
        let hits = if n == 1 && !masks_shared {
            s.unigrams.overlap(t, p)
        } else if p.len() <= 64 {
            s.union_lcs.lcs().ngram_overlap_against(t, p, n)
        } else if t.len() <= 64 {
            s.union_lcs.lcs().ngram_overlap_against(p, t, n)
        } else if n == 1 {
            s.unigrams.overlap(t, p)
        } else {
            if !keyed {
                ngram::keys(p, n, &mut ids, &mut s.pred_keys);
                keyed = true;
            }
            ngram::keys(t, n, &mut ids, &mut s.ref_keys);
            s.ngrams.overlap(&s.ref_keys, &s.pred_keys)
        };
        s.matches
            .push(Match::counts(hits, grams(p.len()), grams(t.len())));
    }
}
