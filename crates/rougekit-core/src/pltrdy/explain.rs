//! Explanations of the `pltrdy-1.0.1` and `rouge-chinese-1.0.3` scores: each text's tokens
//! (with their spans in the original text and their sentence), and per metric the counts
//! and scores of the scoring path itself ([`Scratch::load`], [`score_metric`]) with the
//! matches behind them:
//! * ROUGE-N: the n-grams both texts hold, found with the scoring kernel's keys
//!   ([`witness::ngrams`]); with `exclusive` every distinct n-gram counts once;
//! * rouge 1.0.1's ROUGE-L: the LCS of each (reference sentence, hypothesis sentence) its
//!   backtrack picks, recorded by the scoring loop ([`LcsTrace`]), and which reference
//!   tokens made the hits;
//! * rouge-chinese's ROUGE-L: one LCS of the whole token lists ([`witness::lcs_alignment`];
//!   the package counts only its length).
use super::rouge_l::LcsTrace;
use super::split::{self, SentenceRule};
use super::{score_metric, Metric, PltrdyConfig, Scratch, TextPair, Variant};
use crate::explain::witness::{self, Detail, WitnessScratch};
use crate::explain::Token;
use crate::pool::{map_in_chunks, Cancel};
use crate::scores::Counts;
use crate::Score;
use std::cell::RefCell;

/// One text as the metrics saw it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TextExplain {
    /// The compared form of a token is the token itself (`""` for a sentence of whitespace
    /// only).
    pub tokens: Vec<Token<String>>,
    /// Number of sentences (kept pieces).
    pub sentences: u32,
    /// Where each sentence ends among the tokens.
    pub sentence_ends: Vec<u32>,
}

/// The matches behind one metric's counts.
#[derive(Debug, Clone, PartialEq)]
pub enum MetricDetail {
    /// ROUGE-N: [`Detail::Ngram`] of the two texts' n-grams (clipped occurrences; with
    /// `exclusive` the explanation keeps one occurrence per distinct n-gram).
    Ngram(Detail),
    /// rouge-chinese's ROUGE-L: `(hypothesis, reference)` token indices of one LCS of the
    /// whole texts; `None` when too large to list.
    Lcs(Option<Vec<(u32, u32)>>),
    /// rouge 1.0.1's ROUGE-L: the non-empty LCSs it computed, in its order; `None` when
    /// too large to list ([`super::rouge_l::MAX_TRACED_PAIRS`]).
    Union(Option<Vec<LcsTrace>>),
}

/// One metric of a pair's explanation.
#[derive(Debug, Clone, PartialEq)]
pub struct MetricExplain {
    pub metric: Metric,
    pub score: Score,
    pub counts: Counts,
    pub detail: MetricDetail,
}

/// One pair's explanation.
#[derive(Debug, Clone, PartialEq)]
pub struct PairExplain {
    pub hypothesis: TextExplain,
    pub reference: TextExplain,
    pub metrics: Vec<MetricExplain>,
}

/// Why a pair has no explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExplainError {
    /// The pair's empty flags (bit 0: the hypothesis has no sentence, bit 1: the
    /// reference): the packages raise `ValueError` there, and `score_batch` too.
    Empty(u8),
    /// Over one of the scoring path's limits (its message).
    TooLarge(String),
}

#[derive(Default)]
struct Worker {
    scratch: Scratch,
    witness: WitnessScratch,
}

thread_local! {
    static WORKER: RefCell<Worker> = RefCell::new(Worker::default());
}

/// Pairs per worker task.
const CHUNK: usize = 16;

/// Explains every pair, in parallel on the configuration's threads; `None` once `cancel`
/// said stop.
pub fn explain_batch(
    config: &PltrdyConfig,
    pairs: &[TextPair<'_>],
    cancel: &Cancel<'_>,
) -> Option<Vec<Result<PairExplain, ExplainError>>> {
    map_in_chunks(pairs, config.threads, CHUNK, cancel, |p| {
        explain_pair(config, p, cancel)
    })
}

/// Explains one pair on this thread.
pub fn explain_pair(
    config: &PltrdyConfig,
    pair: &TextPair<'_>,
    cancel: &Cancel<'_>,
) -> Result<PairExplain, ExplainError> {
    WORKER.with_borrow_mut(|w| {
        let rule = config.variant.sentences();
        let flags = w.scratch.load(config, pair, rule);
        if flags != 0 {
            return Err(ExplainError::Empty(flags));
        }
        let s = &mut w.scratch;
        let hyp = std::mem::take(&mut s.hyp);
        let reference = std::mem::take(&mut s.reference);
        let mut metrics = Vec::with_capacity(config.metrics.len());
        let mut failed = None;
        for &metric in &config.metrics {
            let union = metric == Metric::L && config.variant == Variant::Pltrdy101;
            let mut trace = Vec::new();
            let scored = score_metric(
                config,
                metric,
                &hyp,
                &reference,
                s,
                cancel,
                union.then_some(&mut trace),
            );
            let (score, counts) = match scored {
                Ok(x) => x,
                Err(message) => {
                    failed = Some(message);
                    break;
                }
            };
            let detail = match metric {
                Metric::N(n) => MetricDetail::Ngram(witness::ngrams(
                    n,
                    &hyp.tokens,
                    &reference.tokens,
                    &mut w.witness,
                )),
                Metric::L if union => {
                    let truncated = trace.is_empty() && counts.hits > 0.0;
                    MetricDetail::Union((!truncated).then_some(trace))
                }
                Metric::L => {
                    match witness::lcs_alignment(&hyp.tokens, &reference.tokens, &mut s.lcs) {
                        Detail::Lcs { alignment } => MetricDetail::Lcs(alignment),
                        _ => MetricDetail::Lcs(None),
                    }
                }
            };
            metrics.push(MetricExplain {
                metric,
                score,
                counts,
                detail,
            });
        }
        let lengths = (hyp.tokens.len(), reference.tokens.len());
        s.hyp = hyp;
        s.reference = reference;
        if let Some(message) = failed {
            return Err(ExplainError::TooLarge(message));
        }
        // With a segmenter, the words joined with spaces that `load` scored.
        let segmented = config.segmenter.is_some();
        let [h, r] = &s.joined;
        let hypothesis = text_explain(pair.hypothesis, segmented.then_some(h), rule, &mut s.buf);
        let reference = text_explain(pair.reference, segmented.then_some(r), rule, &mut s.buf);
        if (hypothesis.tokens.len(), reference.tokens.len()) != lengths {
            return Err(ExplainError::TooLarge(
                "the tokens with spans differ from the tokens scored".to_string(),
            ));
        }
        Ok(PairExplain {
            hypothesis,
            reference,
            metrics,
        })
    })
}

/// For each char boundary of `derived` (`source` with chars inserted and its end possibly
/// cut), the number of `source` chars before it. The inserted chars are all one char (a
/// space between words, or rouge-chinese's `\n`), so matching greedily places every other
/// char exactly.
fn before_counts(source: &str, derived: &str) -> Vec<u32> {
    let mut out = Vec::with_capacity(derived.len() + 1);
    let mut src = source.chars();
    let mut next = src.next();
    let mut count = 0u32;
    for c in derived.chars() {
        out.push(count);
        if Some(c) == next {
            next = src.next();
            count += 1;
        }
    }
    out.push(count);
    out
}

/// Byte offset -> char index of `s` (valid at char boundaries and at `s.len()`).
fn char_index(s: &str) -> Vec<u32> {
    let mut out = vec![0u32; s.len() + 1];
    let mut k = 0u32;
    for (b, _) in s.char_indices() {
        out[b] = k;
        k += 1;
    }
    out[s.len()] = k;
    out
}

/// The tokens of `text` with their spans, cut by the same functions as the scoring path
/// ([`split::scan_pieces`], [`split::piece_tokens`]); `joined`: its segmenter's words
/// joined with spaces, which were cut instead.
fn text_explain(
    text: &str,
    joined: Option<&String>,
    rule: SentenceRule,
    buf: &mut String,
) -> TextExplain {
    let source: &str = joined.map_or(text, String::as_str);
    // Tokens as (byte start, byte end) in the scanned string, with their compared form.
    let mut spans: Vec<(usize, usize, u32)> = Vec::new();
    let mut compared: Vec<String> = Vec::new();
    let mut ends = Vec::new();
    let mut scanned_copy: Option<String> = None;
    let mut sentence = 0u32;
    split::scan_pieces(source, rule, buf, |scanned, piece| {
        if scanned_copy.is_none() && rule == SentenceRule::RougeChinese {
            scanned_copy = Some(scanned.to_string());
        }
        let base = scanned.as_ptr() as usize;
        let a = piece.as_ptr() as usize - base;
        split::piece_tokens(piece, |t| {
            let (s, e) = if t.is_empty() {
                (a, a + piece.len()) // a blank sentence: one "" token spanning it
            } else {
                let s = t.as_ptr() as usize - base;
                (s, s + t.len())
            };
            spans.push((s, e, sentence));
            compared.push(t.to_string());
        });
        sentence += 1;
        ends.push(spans.len() as u32);
    });
    let scanned: &str = scanned_copy.as_deref().unwrap_or(source);
    let scanned_chars = char_index(scanned);
    // scanned char index -> source chars before; source char index -> original chars before.
    let to_source = (rule == SentenceRule::RougeChinese).then(|| before_counts(source, scanned));
    let to_text = joined.map(|_| before_counts(text, source));
    let mut text_bytes: Vec<u32> = text.char_indices().map(|(b, _)| b as u32).collect();
    text_bytes.push(text.len() as u32);
    let map = |b: usize| -> u32 {
        let mut k = scanned_chars[b];
        if let Some(m) = &to_source {
            k = m[k as usize];
        }
        if let Some(m) = &to_text {
            k = m[k as usize];
        }
        k
    };
    let tokens = spans
        .into_iter()
        .zip(compared)
        .map(|((s, e, sentence), compared)| {
            let (mut start, mut end) = (map(s), map(e));
            if start == end {
                // A blank sentence that only a segmenter's separating space made (between
                // two boundaries that touch in the text): shown on the boundary ending it.
                if (end as usize) + 1 < text_bytes.len() {
                    end += 1;
                } else {
                    start = start.saturating_sub(1);
                }
            }
            Token {
                start,
                end,
                byte_start: text_bytes[start as usize],
                byte_end: text_bytes[end as usize],
                compared,
                sentence,
            }
        })
        .collect();
    TextExplain {
        tokens,
        sentences: sentence,
        sentence_ends: ends,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::segment::Segmenter;

    fn explain(
        variant: &str,
        exclusive: bool,
        segmenter: Option<Segmenter>,
        hyp: &str,
        reference: &str,
    ) -> PairExplain {
        let config = PltrdyConfig::parse(variant, &["rouge1", "rouge2", "rougeL"], exclusive, 1)
            .unwrap()
            .with_segmenter(segmenter);
        explain_pair(
            &config,
            &TextPair {
                hypothesis: hyp,
                reference,
            },
            &Cancel::never(),
        )
        .unwrap()
    }

    fn surfaces(text: &str, t: &TextExplain) -> Vec<String> {
        t.tokens
            .iter()
            .map(|k| text[k.byte_start as usize..k.byte_end as usize].to_string())
            .collect()
    }

    #[test]
    fn spans_slice_the_original_text() {
        let text = "The U.S. grew 3.5%. Then. \t. ok";
        let e = explain("pltrdy-1.0.1", true, None, text, text);
        assert_eq!(
            surfaces(text, &e.hypothesis),
            ["The", "U", "S", "grew", "3", "5%", "Then", " \t", "ok"]
        );
        let compared: Vec<&str> = e
            .hypothesis
            .tokens
            .iter()
            .map(|t| t.compared.as_str())
            .collect();
        assert_eq!(
            compared,
            ["The", "U", "S", "grew", "3", "5%", "Then", "", "ok"]
        );
        let zh = "今天 天气 很好。我们 去\n\n公园！“好的。”他说";
        let e = explain("rouge-chinese-1.0.3", true, None, zh, zh);
        assert_eq!(
            surfaces(zh, &e.hypothesis),
            [
                "今天",
                "天气",
                "很好。",
                "我们",
                "去",
                "公园！",
                "“好的。”",
                "他说"
            ]
        );
        let sentences: Vec<u32> = e.hypothesis.tokens.iter().map(|t| t.sentence).collect();
        assert_eq!(sentences, [0, 0, 0, 1, 1, 2, 3, 4]);
        let raw = "今天天气很好。\n\n我们去公园 GPT-4o！";
        let two = "a\n\nb";
        let e = explain(
            "rouge-chinese-1.0.3",
            true,
            Some(Segmenter::Jieba),
            two,
            two,
        );
        assert_eq!(surfaces(two, &e.hypothesis), ["a", "\n", "b"]);
        let e = explain(
            "rouge-chinese-1.0.3",
            false,
            Some(Segmenter::Jieba),
            raw,
            raw,
        );
        for t in &e.hypothesis.tokens {
            let s = &raw[t.byte_start as usize..t.byte_end as usize];
            assert!(s == t.compared || (t.compared.is_empty() && s.trim().is_empty()));
        }
    }

    #[test]
    fn witnesses_add_up() {
        let hyp = "the cat sat. the cat sat on the mat. a b";
        let reference = "the cat. sat on a mat the. b a";
        for exclusive in [true, false] {
            let e = explain("pltrdy-1.0.1", exclusive, None, hyp, reference);
            for m in &e.metrics {
                match &m.detail {
                    MetricDetail::Union(Some(trace)) => {
                        let hits: usize = if exclusive {
                            trace.iter().map(|t| t.counted.len()).sum()
                        } else {
                            trace.iter().map(|t| t.times * t.pairs.len()).sum()
                        };
                        assert_eq!(hits as f64, m.counts.hits);
                        for t in trace {
                            for &(p, r) in &t.pairs {
                                assert_eq!(
                                    e.hypothesis.tokens[p as usize].compared,
                                    e.reference.tokens[r as usize].compared
                                );
                            }
                        }
                    }
                    MetricDetail::Ngram(Detail::Ngram { matches, .. }) => {
                        let hits: u32 = if exclusive {
                            matches.len() as u32
                        } else {
                            matches.iter().map(|g| g.hits()).sum()
                        };
                        assert_eq!(f64::from(hits), m.counts.hits);
                    }
                    other => panic!("{other:?}"),
                }
            }
        }
    }

    #[test]
    fn empty_pairs_are_refused() {
        let config = PltrdyConfig::parse("pltrdy-1.0.1", &["rouge1"], true, 1).unwrap();
        let pair = TextPair {
            hypothesis: "...",
            reference: "a",
        };
        assert_eq!(
            explain_pair(&config, &pair, &Cancel::never()),
            Err(ExplainError::Empty(1))
        );
    }
}
