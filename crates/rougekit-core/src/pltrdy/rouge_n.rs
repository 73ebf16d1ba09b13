//! ROUGE-N of rouge 1.0.1 / rouge-chinese 1.0.3: n-grams of the concatenated tokens (they
//! cross sentence boundaries). With `exclusive` the n-grams of a text form a set: the
//! counts are numbers of distinct n-grams and the overlap is the size of the intersection
//! (`the the the cat` against `the cat`: P = R = 1). Without it, lists: the overlap is the
//! multiset intersection, i.e. the usual clipped count.
use super::{fmeasure, Doc, Scratch};
use crate::kernels::ngram::{self, NgramIds};
use crate::scores::Counts;
use crate::Score;

/// The score and counts of ROUGE-`n` for one pair.
pub(crate) fn score(
    n: usize,
    exclusive: bool,
    hyp: &Doc,
    reference: &Doc,
    s: &mut Scratch,
) -> (Score, Counts) {
    if n == 1 && exclusive {
        let (hyp_count, ref_count, hits) = distinct_unigrams(hyp, reference, s);
        return ratio(hits, hyp_count, ref_count);
    }
    let mut ids = NgramIds::new();
    ngram::keys(&hyp.tokens, n, &mut ids, &mut s.hyp_keys);
    ngram::keys(&reference.tokens, n, &mut ids, &mut s.ref_keys);
    if exclusive {
        let (hyp_count, ref_count, hits) = s.distinct.pair(&s.hyp_keys, &s.ref_keys);
        return ratio(hits, hyp_count, ref_count);
    }
    let hits = s.counter.overlap(&s.ref_keys, &s.hyp_keys);
    ratio(hits, s.hyp_keys.len(), s.ref_keys.len())
}

/// P = hits / hyp (0.0 when hyp is 0), R = hits / ref (likewise), the packages' F.
pub(crate) fn ratio(hits: usize, hyp: usize, reference: usize) -> (Score, Counts) {
    let precision = if hyp == 0 {
        0.0
    } else {
        hits as f64 / hyp as f64
    };
    let recall = if reference == 0 {
        0.0
    } else {
        hits as f64 / reference as f64
    };
    (
        Score {
            precision,
            recall,
            fmeasure: fmeasure(precision, recall),
            int_zero: false,
        },
        Counts {
            hits: hits as f64,
            pred_total: hyp as f64,
            ref_total: reference as f64,
        },
    )
}

/// `(distinct hypothesis words, distinct reference words, distinct shared words)`, with a
/// table indexed by the pair's dense ids; computed once per pair.
pub(crate) fn distinct_unigrams(
    hyp: &Doc,
    reference: &Doc,
    s: &mut Scratch,
) -> (usize, usize, usize) {
    if let Some(counts) = s.unigrams {
        return counts;
    }
    s.seen.clear();
    s.seen.resize(s.vocab.len(), 0);
    let (mut h, mut r, mut both) = (0, 0, 0);
    for &t in &hyp.tokens {
        let seen = &mut s.seen[t as usize];
        h += usize::from(*seen == 0);
        *seen = 1;
    }
    for &t in &reference.tokens {
        let seen = &mut s.seen[t as usize];
        if *seen & 2 == 0 {
            r += 1;
            both += usize::from(*seen & 1 != 0);
            *seen |= 2;
        }
    }
    s.unigrams = Some((h, r, both));
    (h, r, both)
}
