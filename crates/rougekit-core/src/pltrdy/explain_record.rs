//! The `pltrdy-1.0.1` and `rouge-chinese-1.0.3` explanations as the one record vocabulary
//! ([`crate::explain::record`]): one reference, integer counts, the packages' formula, and
//! rouge 1.0.1's sentence LCSs with which reference tokens made the hits.
use super::explain::{MetricDetail, MetricExplain, PairExplain, TextExplain};
use super::rouge_l::LcsTrace;
use super::{Metric, PltrdyConfig, Variant};
use crate::explain::record::{
    Kind, PairRecord, Prf, ReferenceRecord, SentenceLcs, Tally, TextRecord, TypeRecord, Witness,
};
use crate::explain::witness::Detail;
use crate::explain::{sentence_marks, UnionState};
use std::borrow::Cow;
use std::collections::BTreeSet;

impl PairExplain {
    /// The record of this explanation under `config` (the configuration that made it).
    pub fn record(&self, config: &PltrdyConfig) -> PairRecord<String> {
        PairRecord {
            prediction: text_record(&self.hypothesis),
            references: vec![text_record(&self.reference)],
            types: self
                .metrics
                .iter()
                .map(|m| type_record(m, self, config))
                .collect(),
        }
    }
}

/// A text: nothing but whitespace and the sentence boundaries is left out.
fn text_record(t: &TextExplain) -> TextRecord<String> {
    TextRecord {
        tokens: t.tokens.clone(),
        own_tokens: None,
        dropped: Vec::new(),
        sentences: t.sentences as usize,
    }
}

/// How a metric counts under the configuration.
fn counting(metric: Metric, config: &PltrdyConfig) -> &'static str {
    match (metric, config.variant, config.exclusive) {
        (Metric::L, Variant::RougeChinese103, _) => "lcs-length",
        (Metric::L, _, false) => "summed",
        (_, _, true) => "distinct",
        (_, _, false) => "clipped",
    }
}

const FORMULA: &str = "P = hits / prediction_total (0 when prediction_total is 0); R = hits / \
                       reference_total (0 when reference_total is 0); F = 2 * ((P * R) / (P + \
                       R + 1e-8)), in that order";

fn type_record(m: &MetricExplain, pair: &PairExplain, config: &PltrdyConfig) -> TypeRecord<String> {
    let kind = match (m.metric, &m.detail) {
        (Metric::N(n), _) => Kind::Ngram(n),
        (_, MetricDetail::Union(_)) => Kind::UnionLcs,
        _ => Kind::Lcs,
    };
    let count = counting(m.metric, config);
    let totals = match count {
        "distinct" if m.metric == Metric::L => {
            "; hits = the distinct words of the union of the sentence pairs' LCSs, totals = \
             each text's distinct words"
        }
        "distinct" => "; hits and totals count distinct n-grams (exclusive=True)",
        "summed" => {
            "; hits = the sum of every (reference sentence, prediction sentence) LCS length, \
             totals = token counts (R and P can exceed 1)"
        }
        "lcs-length" => "; hits = the LCS length of the whole token lists, totals = token counts",
        _ => "; hits = clipped n-gram counts, totals = n-gram counts",
    };
    let tally = Tally::ints(m.counts.hits, m.counts.pred_total, m.counts.ref_total);
    let score = Prf::from(&m.score);
    let (witness, note) = witness(m, pair, config.exclusive);
    TypeRecord {
        name: m.metric.name(),
        kind,
        count: Some(count),
        rule: "single",
        jackknife: false,
        alpha: None,
        reference: Some(0),
        tie: None,
        tally,
        peer_count: None,
        score,
        formula: Cow::Owned(format!("{FORMULA}{totals}")),
        failure: None,
        per_reference: vec![ReferenceRecord {
            reference: 0,
            reference_last: true,
            tally,
            score,
            select: None,
            witness,
            note,
        }],
        jackknife_subsets: None,
    }
}

fn witness(
    m: &MetricExplain,
    pair: &PairExplain,
    exclusive: bool,
) -> (Witness<String>, Option<&'static str>) {
    match &m.detail {
        MetricDetail::Ngram(Detail::Ngram {
            matches,
            positions,
            missed,
        }) => {
            let n = match m.metric {
                Metric::N(n) => n,
                Metric::L => 1,
            };
            let note = if exclusive {
                "distinct n-grams (exclusive=True): each n-gram both texts hold counts once, \
                 shown at its first occurrence on each side (prediction_count and \
                 reference_count are its occurrences); missed: the reference's n-grams the \
                 prediction lacks"
            } else {
                "clipped counts: first occurrences up to the clipped count"
            };
            let w = Witness::Ngram {
                n,
                matches: matches.clone(),
                positions: positions.clone(),
                missed: missed.clone(),
                distinct: exclusive,
            };
            (w, Some(note))
        }
        MetricDetail::Ngram(_) => (Witness::Nothing, None),
        MetricDetail::Lcs(alignment) => (
            Witness::Alignment(alignment.clone()),
            Some(
                "one LCS of the whole token lists (rougekit's traceback; rouge-chinese 1.0.3 \
                 counts only its length)",
            ),
        ),
        MetricDetail::Union(Some(trace)) => {
            (union(trace, pair, exclusive), Some(union_note(exclusive)))
        }
        MetricDetail::Union(None) => (Witness::UnionTooLarge, None),
    }
}

fn union_note(exclusive: bool) -> &'static str {
    if exclusive {
        "rouge 1.0.1's backtrack, one LCS per (reference sentence, prediction sentence) in its \
         order (lcs; with more than 256 sentence pairs, repeated sentences once and only the \
         pairs that can add a word); hits = the distinct words of their union: counted = the \
         reference token where each word first entered (lcs[].counted: the prediction token), \
         not_counted = the union's other tokens"
    } else {
        "rouge 1.0.1's backtrack, one LCS per (reference sentence, prediction sentence) with a \
         common word (lcs; times = how often the sum repeats it); hits = the sum of their \
         lengths times their repetitions, so a reference token counts once per LCS holding \
         it; counted = the reference tokens in some LCS"
    }
}

/// rouge 1.0.1's sentence LCSs and the reference tokens they made hits of.
fn union(trace: &[LcsTrace], pair: &PairExplain, exclusive: bool) -> Witness<String> {
    let nref = pair.reference.tokens.len();
    // Ordered so that a stronger state wins: unmatched < not counted < counted.
    let mut state = vec![0u8; nref];
    let mut in_lcs = BTreeSet::new();
    let mut steps = Vec::with_capacity(trace.len());
    let sentence = |t: &TextExplain, k: usize| t.tokens.get(k).map_or(0, |t| t.sentence);
    for step in trace {
        for &(p, q) in &step.pairs {
            in_lcs.insert(p);
            let s = &mut state[q as usize];
            *s = (*s).max(if exclusive { 1 } else { 2 });
        }
        // Both in increasing prediction order: one merge.
        let mut pairs = step.pairs.iter().peekable();
        for &p in &step.counted {
            while pairs.next_if(|&&(x, _)| x < p).is_some() {}
            if let Some(&&(x, q)) = pairs.peek() {
                if x == p {
                    state[q as usize] = 2;
                }
            }
        }
        steps.push(SentenceLcs {
            reference_sentence: sentence(&pair.reference, step.reference_start),
            prediction_sentence: sentence(&pair.hypothesis, step.hypothesis_start),
            times: step.times,
            alignment: step.pairs.clone(),
            counted: exclusive.then(|| step.counted.clone()),
        });
    }
    let states: Vec<UnionState> = state
        .iter()
        .map(|&s| match s {
            2 => UnionState::Counted,
            1 => UnionState::NotCounted,
            _ => UnionState::Unmatched,
        })
        .collect();
    let ends = pair.reference.sentence_ends.iter().map(|&e| e as usize);
    Witness::Union {
        sentences: sentence_marks(&states, ends),
        prediction_in_lcs: Some(in_lcs.into_iter().collect()),
        lcs: Some(steps),
        runs: None,
    }
}
