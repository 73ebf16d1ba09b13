//! Explanations of the rouge-score family's scores: for one pair, the tokens each text was
//! compared as (with their spans in the original text and what the tokenizer dropped), and
//! for each type the per-reference counts, the matches behind them and the multi-reference
//! rule's choice.
//!
//! Everything comes from the scoring path itself: the texts go through the profile's
//! tokenizer and stemmer into the same interned ids, the counts and scores are the engine's
//! own (`Engine::visit_types`: the same kernels, the same match-to-score step, the same
//! rule), and the witnesses are the kernels' choices ([`witness`]). Python recomputes every
//! float from the counts and compares (`rougekit.explain.check`).
mod family_record;
pub mod record;
pub mod text;
pub mod witness;

use crate::engine::{Engine, IdPair, Pair, RougeType, TokenDoc};
use crate::error::RougeError;
use crate::intern::IdMap;
use crate::kernels::lcs::LcsScratch;
use crate::kernels::union_lcs::UnionLcsScratch;
use crate::multiref::MultiRef;
use crate::pool::{map_in_chunks, Cancel};
use crate::scores::{Match, Score};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
pub use text::{Dropped, Forms, TextView, Token, Why};
pub use witness::{
    sentence_marks, Detail, GramMatch, GramMissed, SentenceMarks, SkipMatch, UnionState,
};

/// One reference's part of a type's explanation.
#[derive(Debug, Clone, PartialEq)]
pub struct RefExplain {
    /// The kernel's counts (ROUGE-W: WLCS, f(|pred|), f(|ref|)).
    pub counts: Match,
    /// The token counts of both texts (ROUGE-W's totals before f).
    pub pred_tokens: usize,
    pub ref_tokens: usize,
    pub score: Score,
    pub detail: Detail,
}

/// One type of a pair's explanation.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeExplain {
    pub ty: RougeType,
    pub rule: MultiRef,
    pub jackknife: bool,
    /// The reference whose score is the type's (`None` for pooled, mean and jackknife over
    /// several references).
    pub reference: Option<usize>,
    /// The counts behind the score: the chosen reference's or the pooled sums; `None` for
    /// the mean and jackknife rules.
    pub counts: Option<Match>,
    pub score: Score,
    pub per_reference: Vec<RefExplain>,
    /// Jackknife: each leave-one-out subset's score, by the reference left out.
    pub jackknife_subsets: Vec<(usize, Score)>,
    /// A rule that keeps one reference: another reference compares equal to the chosen one
    /// (the earliest was kept).
    pub tie: bool,
}

/// One pair's explanation.
#[derive(Debug, Clone, PartialEq)]
pub struct PairExplain {
    pub prediction: TextView,
    pub references: Vec<TextView>,
    /// Compared forms: `Token::compared` indexes them.
    pub forms: Forms,
    pub types: Vec<TypeExplain>,
}

/// The formula of a type's P/R/F, in the order the core computes it.
pub fn formula(ty: RougeType) -> &'static str {
    match ty {
        RougeType::W(_) => {
            "f(k) = k^w; P = f^-1(hits / f(prediction_total)), R = f^-1(hits / \
             f(reference_total)) with f^-1(y) = y^(1/w) (exactly 1 when one run covers that \
             side, at most 1); F = 2 * P * R / (P + R)"
        }
        _ => {
            "P = hits / max(prediction_total, 1); R = hits / max(reference_total, 1); \
             F = 2 * P * R / (P + R), 0 when P + R = 0"
        }
    }
}

/// What a witness says about the choice it shows.
pub fn witness_note(ty: RougeType) -> Option<&'static str> {
    match ty {
        RougeType::N(_) => Some("first occurrences up to the clipped count"),
        RougeType::L => Some("rouge-score backtrack"),
        RougeType::Lsum => Some("rouge-score backtrack (the union it counts)"),
        RougeType::S { .. } => Some("clipped counts"),
        RougeType::W(_) => Some("the table's traceback"),
    }
}

/// Per-thread buffers of the explanations.
#[derive(Default)]
struct Worker {
    vocabs: Vec<text::Vocab>,
    ids: IdMap,
    lcs: LcsScratch,
    union: UnionLcsScratch,
    witness: witness::WitnessScratch,
}

thread_local! {
    static WORKER: RefCell<Worker> = RefCell::new(Worker::default());
}

/// Pairs per worker task.
const CHUNK: usize = 16;

/// Explains every pair of text (`Ok(None)` when `cancel` stopped it), in parallel on the
/// engine's threads. Errors as scoring: a pair too large for ROUGE-W, naming the pair.
pub fn explain_texts(
    engine: &Engine,
    pairs: &[Pair<'_>],
    cancel: &Cancel<'_>,
) -> Result<Option<Vec<PairExplain>>, RougeError> {
    run_batch(engine, pairs, cancel, |p| {
        explain_text_pair(engine, p, cancel)
    })
}

/// [`explain_texts`] for token ids.
pub fn explain_ids(
    engine: &Engine,
    pairs: &[IdPair<'_>],
    cancel: &Cancel<'_>,
) -> Result<Option<Vec<PairExplain>>, RougeError> {
    let c = engine.config();
    if c.separator.is_none() && c.types.contains(&RougeType::Lsum) {
        return Err(RougeError::InvalidOption(
            "rougeLsum on token ids needs the id that separates sentences (a separator id)"
                .to_string(),
        ));
    }
    run_batch(engine, pairs, cancel, |p| {
        explain_id_pair(engine, p, cancel)
    })
}

fn run_batch<P: Sync>(
    engine: &Engine,
    pairs: &[P],
    cancel: &Cancel<'_>,
    one: impl Fn(&P) -> Result<PairExplain, String> + Sync,
) -> Result<Option<Vec<PairExplain>>, RougeError> {
    let Some(results) = map_in_chunks(pairs, engine.config().threads, CHUNK, cancel, one) else {
        return Ok(None);
    };
    let mut out = Vec::with_capacity(results.len());
    for (i, r) in results.into_iter().enumerate() {
        match r {
            Ok(e) => out.push(e),
            Err(message) => return Err(RougeError::TooLarge(format!("pair {i}: {message}"))),
        }
    }
    Ok(Some(out))
}

/// Explains one pair of text on this thread.
pub fn explain_text_pair(
    engine: &Engine,
    pair: &Pair<'_>,
    cancel: &Cancel<'_>,
) -> Result<PairExplain, String> {
    let pipeline = engine.config().pipeline;
    WORKER.with_borrow_mut(|w| {
        let k = match w
            .vocabs
            .iter()
            .position(|v| v.stemmer() == pipeline.stemmer)
        {
            Some(k) => k,
            None => {
                w.vocabs.push(text::Vocab::new(pipeline.stemmer));
                w.vocabs.len() - 1
            }
        };
        let vocab = &mut w.vocabs[k];
        vocab.trim();
        let mut forms = text::FormIndex::default();
        let n = pair.references.len() + 1;
        let mut docs = vec![TokenDoc::default(); n];
        let mut views = vec![TextView::default(); n];
        let texts = std::iter::once(pair.prediction).chain(pair.references.iter().copied());
        for ((t, doc), view) in texts.zip(&mut docs).zip(&mut views) {
            text::tokenize(t, pipeline.tokenizer, vocab, &mut forms, doc, view);
        }
        let form_forms = forms.text_forms(vocab);
        let form_of = |id: u32| forms_lookup(&forms, id);
        let types = explain_types(
            engine,
            &docs,
            &form_of,
            (&mut w.lcs, &mut w.union, &mut w.witness),
            cancel,
        )?;
        let mut views = views.into_iter();
        let prediction = views.next().unwrap_or_default();
        Ok(PairExplain {
            prediction,
            references: views.collect(),
            forms: form_forms,
            types,
        })
    })
}

fn forms_lookup(forms: &text::FormIndex, id: u32) -> u32 {
    forms.lookup(id).unwrap_or(u32::MAX)
}

/// Explains one pair of token ids on this thread.
pub fn explain_id_pair(
    engine: &Engine,
    pair: &IdPair<'_>,
    cancel: &Cancel<'_>,
) -> Result<PairExplain, String> {
    let separator = engine.config().separator;
    WORKER.with_borrow_mut(|w| {
        w.ids.clear();
        let n = pair.references.len() + 1;
        let mut docs = vec![TokenDoc::default(); n];
        let mut views = vec![TextView::default(); n];
        let mut local: FxHashMap<u32, u32> = FxHashMap::default();
        let mut forms: Vec<i64> = Vec::new();
        let seqs = std::iter::once(pair.prediction).chain(pair.references.iter().copied());
        for ((ids, doc), view) in seqs.zip(&mut docs).zip(&mut views) {
            text::ids_view(
                ids, separator, &mut w.ids, &mut local, &mut forms, doc, view,
            );
        }
        let form_of = |id: u32| local.get(&id).copied().unwrap_or(u32::MAX);
        let types = explain_types(
            engine,
            &docs,
            &form_of,
            (&mut w.lcs, &mut w.union, &mut w.witness),
            cancel,
        )?;
        let mut views = views.into_iter();
        let prediction = views.next().unwrap_or_default();
        Ok(PairExplain {
            prediction,
            references: views.collect(),
            forms: Forms::Ids(forms),
            types,
        })
    })
}

/// The witnesses' buffers.
type Scratch<'a> = (
    &'a mut LcsScratch,
    &'a mut UnionLcsScratch,
    &'a mut witness::WitnessScratch,
);

/// Every type's counts and scores (the engine's, through `visit_types`) with the witnesses.
fn explain_types(
    engine: &Engine,
    docs: &[TokenDoc],
    form_of: &dyn Fn(u32) -> u32,
    scratch: Scratch<'_>,
    cancel: &Cancel<'_>,
) -> Result<Vec<TypeExplain>, String> {
    let (lcs, union, wit) = scratch;
    let config = engine.config();
    let (pred, refs) = docs.split_first().ok_or_else(String::new)?;
    let (rule, jackknife) = (config.multiref, config.jackknife);
    let mut types = Vec::with_capacity(config.types.len());
    engine.visit_types(pred, refs, cancel, |t, matches, score_of, combined| {
        let ty = config.types[t];
        let per_reference: Vec<RefExplain> = matches
            .iter()
            .zip(refs)
            .map(|(m, r)| RefExplain {
                counts: *m,
                pred_tokens: pred.tokens.len(),
                ref_tokens: r.tokens.len(),
                score: score_of(m),
                detail: Detail::Wlcs { runs: None }, // filled below, outside the engine's buffers
            })
            .collect();
        let several = matches.len() > 1;
        let (reference, counts, subsets) = if jackknife && several {
            let mut subset = Vec::with_capacity(matches.len());
            let subsets = (0..matches.len())
                .filter_map(|left_out| {
                    subset.clear();
                    subset.extend(
                        matches
                            .iter()
                            .enumerate()
                            .filter(|&(j, _)| j != left_out)
                            .map(|(_, m)| *m),
                    );
                    rule.combine(&subset, score_of).map(|s| (left_out, s))
                })
                .collect();
            (None, None, subsets)
        } else if several && rule == MultiRef::Pooled {
            (None, Match::pooled(matches), Vec::new())
        } else if several && rule == MultiRef::Mean {
            (None, None, Vec::new())
        } else {
            // The rule kept one reference's score whole: the first whose score it is (the
            // rules keep the earliest of equals).
            let chosen = per_reference.iter().position(|r| r.score == combined);
            (chosen, chosen.map(|j| matches[j]), Vec::new())
        };
        let tie = match (reference, rule.key(&combined)) {
            (Some(_), Some(best)) if several => {
                per_reference
                    .iter()
                    .filter(|r| rule.key(&r.score) == Some(best))
                    .count()
                    > 1
            }
            _ => false,
        };
        types.push(TypeExplain {
            tie,
            ty,
            rule,
            jackknife,
            reference,
            counts,
            score: combined,
            per_reference,
            jackknife_subsets: subsets,
        });
    })?;
    for t in &mut types {
        for (doc, e) in refs.iter().zip(&mut t.per_reference) {
            e.detail = match t.ty {
                RougeType::N(n) => witness::ngrams(n, &pred.tokens, &doc.tokens, wit),
                RougeType::L => witness::lcs_alignment(&pred.tokens, &doc.tokens, lcs),
                RougeType::Lsum => witness::union_lcs(pred, doc, lcs, union, wit),
                RougeType::W(bits) => {
                    witness::wlcs_runs(f64::from_bits(bits), &pred.tokens, &doc.tokens, wit)
                }
                RougeType::S { gap, su } => {
                    match witness::skip_bigrams(gap, su, &pred.tokens, &doc.tokens) {
                        Detail::Skip {
                            matches: Some(mut ms),
                        } => {
                            for m in &mut ms {
                                m.first = form_of(m.first);
                                m.second = m.second.map(form_of);
                            }
                            Detail::Skip { matches: Some(ms) }
                        }
                        other => other,
                    }
                }
            };
        }
    }
    Ok(types)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineConfig;
    use crate::pipeline::{Pipeline, Stemmer, Tokenizer};

    fn engine(types: &[&str], tokenizer: Tokenizer, rule: MultiRef, jackknife: bool) -> Engine {
        let config = EngineConfig::parse(types, false, 1)
            .unwrap()
            .with_pipeline(Pipeline {
                tokenizer,
                stemmer: if tokenizer == Tokenizer::RougeScore {
                    Stemmer::PorterNltk
                } else {
                    Stemmer::None
                },
            })
            .with_multiref(rule, jackknife);
        Engine::new(config)
    }

    const TYPES: [&str; 7] = [
        "rouge1",
        "rouge2",
        "rouge3",
        "rougeL",
        "rougeLsum",
        "rougeW-1.2",
        "rougeSU4",
    ];

    #[test]
    fn scores_are_the_engines_and_matches_add_up() {
        let texts = [
            "The cats sat on the mat.\nThe dog barked at the cats!",
            "A cat sat on a mat\nthe dog barked",
            "the the the cat\ncat sat",
            "Straße ÜBER alles, İstanbul ½ 5\u{212A}m",
            "",
            "mat the on sat cat the\n\nbarked dog",
        ];
        for tokenizer in [
            Tokenizer::RougeScore,
            Tokenizer::Unicode,
            Tokenizer::Character,
            Tokenizer::Whitespace,
        ] {
            for rule in MultiRef::ALL {
                for jackknife in [false, true] {
                    let e = engine(&TYPES, tokenizer, rule, jackknife);
                    for (i, pred) in texts.iter().enumerate() {
                        let refs: Vec<&str> = texts.iter().skip(i % 3).take(3).copied().collect();
                        let pair = Pair {
                            prediction: pred,
                            references: &refs,
                        };
                        let batch = e.score_texts(&[pair]).unwrap();
                        let ex = explain_text_pair(&e, &pair, &Cancel::never()).unwrap();
                        for (t, te) in ex.types.iter().enumerate() {
                            assert_eq!(te.score, batch.get(0, t), "{tokenizer:?} {rule:?} {t}");
                            for (r, re) in te.per_reference.iter().enumerate() {
                                check_detail(&ex, te.ty, r, re);
                            }
                        }
                    }
                }
            }
        }
    }

    fn check_detail(ex: &PairExplain, ty: RougeType, r: usize, re: &RefExplain) {
        let hits = re.counts.hits;
        match &re.detail {
            Detail::Ngram { matches, .. } => {
                let sum: u32 = matches.iter().map(GramMatch::hits).sum();
                assert_eq!(f64::from(sum), hits, "{ty:?} ref {r}");
            }
            Detail::Lcs { alignment } => {
                let a = alignment.as_ref().unwrap();
                assert_eq!(a.len() as f64, hits);
                let (p, q) = (&ex.prediction.tokens, &ex.references[r].tokens);
                for &(i, j) in a {
                    assert_eq!(p[i as usize].compared, q[j as usize].compared);
                }
            }
            Detail::Union { states, .. } => {
                let counted = states.iter().filter(|&&s| s == UnionState::Counted).count();
                assert_eq!(counted as f64, hits, "{ty:?} ref {r}");
            }
            Detail::Skip { matches } => {
                let sum: u32 = matches
                    .as_ref()
                    .unwrap()
                    .iter()
                    .map(|m| m.prediction_count.min(m.reference_count))
                    .sum();
                assert_eq!(f64::from(sum), hits);
            }
            Detail::Wlcs { runs } => {
                let runs = runs.as_ref().unwrap();
                let (p, q) = (&ex.prediction.tokens, &ex.references[r].tokens);
                for run in runs {
                    for k in 0..run.len {
                        assert_eq!(p[run.col + k].compared, q[run.row + k].compared);
                    }
                }
            }
        }
    }

    #[test]
    fn spans_slice_the_text() {
        let e = engine(&["rouge1"], Tokenizer::RougeScore, MultiRef::BestF, false);
        let text = "Cristóbal said: \"It's 5\u{212A}!\"\nİstanbul";
        let pair = Pair {
            prediction: text,
            references: &[text],
        };
        let ex = explain_text_pair(&e, &pair, &Cancel::never()).unwrap();
        let chars: Vec<char> = text.chars().collect();
        let surfaces: Vec<String> = ex
            .prediction
            .tokens
            .iter()
            .map(|t| chars[t.start as usize..t.end as usize].iter().collect())
            .collect();
        assert_eq!(
            surfaces,
            [
                "Crist",
                "bal",
                "said",
                "It",
                "s",
                "5\u{212A}",
                "İ",
                "stanbul"
            ]
        );
        let sentences: Vec<u32> = ex.prediction.tokens.iter().map(|t| t.sentence).collect();
        assert_eq!(sentences, [0, 0, 0, 0, 0, 0, 1, 1]);
        let dropped: Vec<(String, &str)> = ex
            .prediction
            .dropped
            .iter()
            .map(|d| {
                (
                    chars[d.start as usize..d.end as usize].iter().collect(),
                    d.why.name(),
                )
            })
            .collect();
        assert_eq!(dropped, [("ó".to_string(), "non-ascii")]);
    }
}
