//! ROUGE-N (spec `rouge-score.md` §5): clipped n-gram overlap over the whole token list;
//! P = hits / #prediction n-grams, R = hits / #reference n-grams ([`Match::ratio_score`]).
use crate::engine::doc::TokenDoc;
use crate::engine::Scratch;
use crate::kernels::ngram::{self, NgramIds};
use crate::scores::Match;

/// The match of each reference. For n >= 2 a prediction of at most 64 tokens is counted
/// from its one-word masks, which rougeL and rougeLsum read too
/// ([`crate::kernels::lcs::LcsScratch::ngram_overlap_against`]); rouge1 alone keeps the
/// dense count table, cheaper than building masks it would be the only reader of.
pub(super) fn matches(n: usize, pred: &TokenDoc, refs: &[TokenDoc], s: &mut Scratch) {
    if n == 1 {
        for r in refs {
            let hits = s.unigrams.overlap(&r.tokens, &pred.tokens);
            s.matches
                .push(Match::counts(hits, pred.tokens.len(), r.tokens.len()));
        }
        return;
    }
    if pred.tokens.len() <= 64 {
        let grams = |len: usize| (len + 1).saturating_sub(n);
        let lcs = s.union_lcs.lcs();
        for r in refs {
            let hits = lcs.ngram_overlap_against(&r.tokens, &pred.tokens, n);
            s.matches.push(Match::counts(
                hits,
                grams(pred.tokens.len()),
                grams(r.tokens.len()),
            ));
        }
        return;
    }
    let mut ids = NgramIds::new();
    ngram::keys(&pred.tokens, n, &mut ids, &mut s.pred_keys);
    for r in refs {
        ngram::keys(&r.tokens, n, &mut ids, &mut s.ref_keys);
        let hits = s.ngrams.overlap(&s.ref_keys, &s.pred_keys);
        s.matches
            .push(Match::counts(hits, s.pred_keys.len(), s.ref_keys.len()));
    }
}
