//! ROUGE-S and ROUGE-SU (Lin 2004 §5; this profile family's extension): skip-bigrams with at
//! most `gap` tokens between the two words (`None`: any), plus unigrams for SU; clipped
//! overlap, scored as ROUGE-N ([`Match::ratio_score`]).
use crate::engine::doc::TokenDoc;
use crate::engine::Scratch;
use crate::kernels::skip::{self, Unigrams};
use crate::pool::Cancel;
use crate::scores::Match;

/// The match of each reference. Pairs whose key lists would not fit in memory are counted
/// without materialising the keys (same counts).
pub(super) fn matches(
    gap: Option<usize>,
    su: bool,
    pred: &TokenDoc,
    refs: &[TokenDoc],
    s: &mut Scratch,
    cancel: &Cancel<'_>,
) {
    let u = if su { Unigrams::All } else { Unigrams::None };
    let longest = refs.iter().map(|r| r.tokens.len()).max().unwrap_or(0);
    if skip::too_many_keys(pred.tokens.len(), longest, gap, u) {
        for r in refs {
            let c = skip::count_overlap(&r.tokens, &pred.tokens, gap, u, &mut s.skip, cancel);
            s.matches.push(Match::counts(c.hits, c.b_total, c.a_total));
        }
        return;
    }
    skip::skip_keys_all_unigrams(&pred.tokens, gap, su, &mut s.pred_keys);
    for r in refs {
        skip::skip_keys_all_unigrams(&r.tokens, gap, su, &mut s.ref_keys);
        let hits = s.ngrams.overlap(&s.ref_keys, &s.pred_keys);
        s.matches
            .push(Match::counts(hits, s.pred_keys.len(), s.ref_keys.len()));
    }
}
