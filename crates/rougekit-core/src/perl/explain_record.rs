//! ROUGE-1.5.5's explanation as the one record vocabulary ([`crate::explain::record`]):
//! its counts as the contract writes them (floats for ROUGE-W's weighted counts), its
//! rules' names and its formulas.
use super::combine::InstanceScore;
use super::explain::{Detail, Explanation, ReferenceExplanation, TextExplanation, TypeExplanation};
use super::{MultiRef, PerlConfig, PerlType};
use crate::explain::record::{
    Count, Kind, PairRecord, Prf, ReferenceRecord, Tally, TextRecord, TypeRecord, Witness,
};
use std::borrow::Cow;

impl Explanation {
    /// The record of this explanation under `config` (the configuration that made it).
    pub fn record(&self, config: &PerlConfig) -> PairRecord<String> {
        PairRecord {
            prediction: text_record(&self.prediction),
            references: self.references.iter().map(text_record).collect(),
            types: self.types.iter().map(|t| type_record(t, config)).collect(),
        }
    }
}

fn text_record(t: &TextExplanation) -> TextRecord<String> {
    TextRecord {
        tokens: t.tokens.clone(),
        own_tokens: t.lcs_tokens.clone().map(|l| ("lcs_tokens", l)),
        dropped: t.dropped.clone(),
        sentences: t.sentences,
    }
}

fn prf(s: &InstanceScore) -> Prf {
    Prf {
        precision: s.p,
        recall: s.r,
        fmeasure: s.f,
    }
}

/// The formula of `t` under `config`, with ROUGE-1.5.5's order of operations.
fn formula(t: PerlType, config: &PerlConfig) -> String {
    let alpha = config.alpha;
    let (r, p) = match t {
        PerlType::W(w) => (
            format!("(hits / reference_total)^(1/{w})"),
            format!("(hits / prediction_total)^(1/{w})"),
        ),
        _ => (
            "hits / reference_total".to_string(),
            "hits / prediction_total".to_string(),
        ),
    };
    let mut out = format!(
        "R = round5({r}); P = round5({p}); F = round5(P*R / ((1 - {alpha})*P + {alpha}*R)) \
         from the rounded R and P (0 when a total or the denominator is 0); round5(x) = \
         float('%.5f' % x)"
    );
    if let PerlType::W(w) = t {
        out += &format!(
            "; f(k) = k^{w}; hits = sum of f(run length); reference_total = \
             f(sum over sentences of f(|sentence|)); prediction_total = f(prediction tokens)"
        );
    }
    out += match config.multiref {
        MultiRef::BestRecall => {
            "; -f B: the counts of the reference with the highest 'select' (the first on ties): \
             ROUGE-N/S round5(hits / reference_total), ROUGE-L hits / reference_total, ROUGE-W \
             (hits / reference_base)^(1/w)"
        }
        _ => {
            "; -f A: hits and reference_total summed over the references, prediction_total \
             added once per reference"
        }
    };
    out
}

fn type_record(t: &TypeExplanation, config: &PerlConfig) -> TypeRecord<String> {
    let weighted = matches!(t.perl_type, PerlType::W(_));
    let kind = match t.perl_type {
        PerlType::N(n) => Kind::Ngram(n),
        PerlType::L => Kind::UnionLcs,
        PerlType::W(w) => Kind::Wlcs(w),
        PerlType::S { gap, su } => Kind::SkipBigram {
            max_gap: gap,
            unigrams: su,
        },
    };
    let rule = match config.multiref {
        MultiRef::BestRecall => "perl-B",
        _ => "perl-A",
    };
    TypeRecord {
        name: t.perl_type.name(),
        kind,
        count: None,
        rule,
        jackknife: false,
        alpha: Some(config.alpha),
        reference: t.chosen,
        tie: None,
        tally: Tally {
            hits: Count::of(t.score.total_hit, weighted),
            prediction_total: Count::of(t.score.total_p, weighted),
            reference_total: Count::of(t.score.total_m, weighted),
            weights: None,
        },
        peer_count: Some(Count::of(t.peer_total, weighted)),
        score: prf(&t.score),
        formula: Cow::Owned(formula(t.perl_type, config)),
        failure: t.failure.as_ref().map(|f| (f.model, f.message.clone())),
        per_reference: t
            .references
            .iter()
            .enumerate()
            .map(|(j, r)| reference_record(j, r, t, weighted))
            .collect(),
        jackknife_subsets: None,
    }
}

fn reference_record(
    j: usize,
    r: &ReferenceExplanation,
    t: &TypeExplanation,
    weighted: bool,
) -> ReferenceRecord<String> {
    let (witness, note) = match &r.detail {
        Detail::Ngram {
            matches,
            positions,
            missed,
        } => (
            Witness::Ngram {
                n: match t.perl_type {
                    PerlType::N(n) => n,
                    _ => 1,
                },
                matches: matches.clone(),
                positions: positions.clone(),
                missed: missed.clone(),
                distinct: false,
            },
            Some("first occurrences up to the clipped count"),
        ),
        Detail::Skip { matches } => (
            Witness::Skip {
                matches: matches.clone(),
                why: "too many items to list",
            },
            matches
                .as_ref()
                .map(|_| "items of tokens both texts hold; a ROUGE-SU unigram is a one-token pair"),
        ),
        Detail::Union {
            sentences,
            prediction_in_lcs,
            runs,
            base,
        } => (
            Witness::Union {
                sentences: sentences.clone(),
                prediction_in_lcs: Some(prediction_in_lcs.iter().map(|&p| p as u32).collect()),
                lcs: None,
                runs: weighted.then(|| (runs.clone(), *base)),
            },
            Some(if weighted {
                "ROUGE-1.5.5's trace back (reference side); the prediction side is the first \
                 places, in order, of each sentence pair's marked tokens"
            } else {
                "ROUGE-1.5.5's trace back, one LCS per sentence pair"
            }),
        ),
    };
    ReferenceRecord {
        reference: j,
        reference_last: false,
        tally: Tally {
            hits: Count::of(r.counts.hit, weighted),
            prediction_total: Count::of(t.peer_total, weighted),
            reference_total: Count::of(r.counts.m, weighted),
            weights: None,
        },
        score: prf(&r.score),
        select: Some(r.counts.select),
        witness,
        note,
    }
}
