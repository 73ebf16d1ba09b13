//! The rouge-score family's explanation as the one record vocabulary ([`record`]).
//!
//! [`record`]: super::record
use super::record::{
    Count, Kind, PairRecord, Prf, ReferenceRecord, Tally, TextRecord, TypeRecord, Witness,
    WlcsWeights,
};
use super::{formula, sentence_marks, witness_note, Detail, PairExplain, TextView, TypeExplain};
use crate::engine::RougeType;
use crate::scores::Match;
use std::borrow::Cow;

impl PairExplain {
    /// The record of this explanation; compared forms stay indices into [`PairExplain::forms`].
    pub fn record(&self) -> PairRecord<u32> {
        PairRecord {
            prediction: text_record(&self.prediction),
            references: self.references.iter().map(text_record).collect(),
            types: self.types.iter().map(type_record).collect(),
        }
    }
}

fn text_record(v: &TextView) -> TextRecord<u32> {
    TextRecord {
        tokens: v.tokens.clone(),
        own_tokens: v.line_tokens.clone().map(|t| ("line_tokens", t)),
        dropped: v.dropped.clone(),
        sentences: v.sentences,
    }
}

fn kind(ty: RougeType) -> Kind {
    match ty {
        RougeType::N(n) => Kind::Ngram(n),
        RougeType::L => Kind::Lcs,
        RougeType::Lsum => Kind::UnionLcs,
        RougeType::W(bits) => Kind::Wlcs(f64::from_bits(bits)),
        RougeType::S { gap, su } => Kind::SkipBigram {
            max_gap: gap,
            unigrams: su,
        },
    }
}

/// Counts as the dict holds them: ints (ROUGE-W: the WLCS float, token counts as totals
/// and f of them as weights).
fn tally(ty: RougeType, m: &Match, pred_tokens: usize, ref_tokens: usize) -> Tally {
    match ty {
        RougeType::W(_) => Tally {
            hits: Count::Float(m.hits),
            prediction_total: Count::Int(pred_tokens as i64),
            reference_total: Count::Int(ref_tokens as i64),
            weights: Some(WlcsWeights {
                prediction_weight: m.pred_total,
                reference_weight: m.ref_total,
                whole_prediction: m.whole_pred,
                whole_reference: m.whole_ref,
            }),
        },
        _ => Tally::ints(m.hits, m.pred_total, m.ref_total),
    }
}

fn type_record(t: &TypeExplain) -> TypeRecord<u32> {
    let several = t.per_reference.len() > 1;
    let tally_of = |m: &Match| {
        let (p, q) = match t.reference {
            Some(j) => (
                t.per_reference[j].pred_tokens,
                t.per_reference[j].ref_tokens,
            ),
            None => (
                t.per_reference.iter().map(|e| e.pred_tokens).sum(),
                t.per_reference.iter().map(|e| e.ref_tokens).sum(),
            ),
        };
        tally(t.ty, m, p, q)
    };
    let none = Tally {
        hits: Count::Null,
        prediction_total: Count::Null,
        reference_total: Count::Null,
        weights: None,
    };
    TypeRecord {
        name: t.ty.name(),
        kind: kind(t.ty),
        count: None,
        rule: t.rule.name(),
        jackknife: t.jackknife,
        alpha: None,
        reference: t.reference,
        tie: (t.reference.is_some() && several).then_some(t.tie),
        tally: t.counts.as_ref().map_or(none, tally_of),
        peer_count: None,
        score: Prf::from(&t.score),
        formula: Cow::Borrowed(formula(t.ty)),
        failure: None,
        per_reference: t
            .per_reference
            .iter()
            .enumerate()
            .map(|(j, e)| ReferenceRecord {
                reference: j,
                reference_last: false,
                tally: tally(t.ty, &e.counts, e.pred_tokens, e.ref_tokens),
                score: Prf::from(&e.score),
                select: None,
                witness: witness(t.ty, &e.detail),
                note: witness_note(t.ty),
            })
            .collect(),
        jackknife_subsets: t.jackknife.then(|| {
            t.jackknife_subsets
                .iter()
                .map(|(left_out, s)| (*left_out, Prf::from(s)))
                .collect()
        }),
    }
}

fn witness(ty: RougeType, detail: &Detail) -> Witness<u32> {
    match detail {
        Detail::Ngram {
            matches,
            positions,
            missed,
        } => Witness::Ngram {
            n: match ty {
                RougeType::N(n) => n,
                _ => 1,
            },
            matches: matches.clone(),
            positions: positions.clone(),
            missed: missed.clone(),
            distinct: false,
        },
        Detail::Lcs { alignment } => Witness::Alignment(alignment.clone()),
        Detail::Union {
            states,
            sentence_ends,
            prediction_in_lcs,
        } => Witness::Union {
            sentences: sentence_marks(states, sentence_ends.iter().map(|&e| e as usize)),
            prediction_in_lcs: prediction_in_lcs.clone(),
            lcs: None,
            runs: None,
        },
        Detail::Wlcs { runs } => Witness::Runs(runs.clone()),
        Detail::Skip { matches } => Witness::Skip {
            matches: matches.clone(),
            why: "too large",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, EngineConfig, Pair};
    use crate::multiref::MultiRef;
    use crate::pool::Cancel;

    #[test]
    fn the_record_keeps_the_explanations_counts_and_witnesses() {
        let types = ["rouge2", "rougeL", "rougeLsum", "rougeW-1.2", "rougeSU4"];
        for (rule, jackknife) in [(MultiRef::BestF, false), (MultiRef::Mean, true)] {
            let config = EngineConfig::parse(&types, false, 1)
                .unwrap()
                .with_multiref(rule, jackknife);
            let engine = Engine::new(config);
            let refs = ["the cat sat\non the mat", "a cat sat on a mat"];
            let pair = Pair {
                prediction: "the cat sat on\nthe mat",
                references: &refs,
            };
            let ex = super::super::explain_text_pair(&engine, &pair, &Cancel::never()).unwrap();
            let rec = ex.record();
            assert_eq!(rec.references.len(), 2);
            assert_eq!(rec.prediction.tokens, ex.prediction.tokens);
            for (t, r) in ex.types.iter().zip(&rec.types) {
                assert_eq!(r.name, t.ty.name());
                assert_eq!(r.jackknife_subsets.is_some(), jackknife);
                assert_eq!(r.per_reference.len(), t.per_reference.len());
                for (e, p) in t.per_reference.iter().zip(&r.per_reference) {
                    let hits = match p.tally.hits {
                        Count::Int(h) => h as f64,
                        Count::Float(h) => h,
                        Count::Null => f64::NAN,
                    };
                    assert_eq!(hits, e.counts.hits);
                    assert_eq!(p.tally.weights.is_some(), r.kind.name() == "wlcs");
                    let shown = matches!(
                        (&p.witness, r.kind),
                        (Witness::Ngram { .. }, Kind::Ngram(_))
                            | (Witness::Alignment(_), Kind::Lcs)
                            | (Witness::Union { .. }, Kind::UnionLcs)
                            | (Witness::Runs(_), Kind::Wlcs(_))
                            | (Witness::Skip { .. }, Kind::SkipBigram { .. })
                    );
                    assert!(shown, "{:?}", r.kind);
                }
            }
        }
    }
}
