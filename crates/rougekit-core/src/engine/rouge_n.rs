//! ROUGE-N (spec `rouge-score.md` §5): clipped n-gram overlap over the whole token list;
//! P = hits / #prediction n-grams, R = hits / #reference n-grams ([`Match::ratio_score`]).
use crate::engine::doc::TokenDoc;
use crate::engine::Scratch;
use crate::kernels::ngram::{self, NgramIds};
use crate::scores::Match;

/// The match of each reference.
pub(super) fn matches(n: usize, pred: &TokenDoc, refs: &[TokenDoc], s: &mut Scratch) {
    if n == 1 {
        for r in refs {
            let hits = s.unigrams.overlap(&r.tokens, &pred.tokens);
            s.matches
                .push(Match::counts(hits, pred.tokens.len(), r.tokens.len()));
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
