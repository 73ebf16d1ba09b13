//! Why a perl-1.5.5 pair scored what it did: the tokens each reader kept (with their places in
//! the original text) and what the pipeline dropped, and per type the counts, the rule's
//! choice and the matches, from the code that scores: the same readers ([`PerlDoc::read_observed`]),
//! the same counting loops (the `*_witnessed` functions of [`counts`], which report what they
//! count to a [`Witness`]) and the same [`combine`]. Nothing here decides a number; what the
//! witnesses add (which occurrence of a clipped n-gram is shown, where the peer side of a
//! ROUGE-L alignment lies) is labelled a witness.
//!
//! [`counts`]: super::counts
use super::batch::{failure, Failure};
use super::combine::{best_recall, combine, InstanceScore};
use super::counts::{Counter, ModelCounts, Witness};
use super::doc::PerlDoc;
use super::text::{self, Reader, Truncation};
use super::types::PerlType;
use super::vocab::{Vocab, DROPPED};
use super::{MultiRef, PerlConfig, Variant};
// Tokens, dropped text and the reasons are the explanations' shared vocabulary.
pub use crate::explain::record::ValuedRun;
pub use crate::explain::{
    Dropped, GramMatch, GramMissed, SentenceMarks, SkipMatch, Token, UnionState, Why,
};
use crate::kernels::wlcs::Weights;
use crate::pool::Cancel;
use rustc_hash::FxHashMap;

/// One summary as ROUGE-1.5.5 reads it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TextExplanation {
    /// The flat reader's tokens (ROUGE-N, S, SU, the peer length and the unigram budgets of
    /// ROUGE-L/W), which are also the sentence reader's (ROUGE-L/W) ... Each is compared as
    /// its lower-cased form (stemmed with `-m`).
    pub tokens: Vec<Token<String>>,
    /// ... except under `-b` when the sentence reader kept more (its byte limit never
    /// grows, spec `rouge-1.5.5.md` §6.3): then its own tokens, which ROUGE-L/W's indices
    /// refer to.
    pub lcs_tokens: Option<Vec<Token<String>>>,
    pub dropped: Vec<Dropped>,
    /// Sentences of the sentence reader (empty ones included).
    pub sentences: usize,
}

/// What one reference shows for one type.
#[derive(Debug, Clone, PartialEq)]
pub enum Detail {
    /// The clipped n-grams that matched, by the peer positions the counting loop took (and
    /// the reference's first ones, a witness), as the rouge-score family's witnesses hold
    /// them: `positions` by [`GramMatch::at`].
    Ngram {
        matches: Vec<GramMatch>,
        positions: Vec<u32>,
        missed: Vec<GramMissed>,
    },
    /// Skip-bigram items: pairs, and ROUGE-SU's unigrams as one-token items; `None` when
    /// there were too many items to list (counted in linear memory).
    Skip {
        matches: Option<Vec<SkipMatch<String>>>,
    },
    /// ROUGE-L (`runs` empty) and ROUGE-W.
    Union {
        /// Per reference sentence, its sentence-reader tokens: marked and within the unigram
        /// budgets (counted), marked but the budgets spent (ROUGE-1.5.5's double-count
        /// guard: not counted), unmatched.
        sentences: Vec<SentenceMarks>,
        /// Peer token indices on some sentence pair's alignment (the peer side is a
        /// witness: ROUGE-1.5.5 marks the model side only).
        prediction_in_lcs: Vec<usize>,
        runs: Vec<ValuedRun>,
        /// ROUGE-W: Σ_i f(|r_i|), the single-weighted base `-f B` selects with.
        base: f64,
    },
}

/// One reference's counts, its score alone (as if it were the only model) and its detail.
#[derive(Debug, Clone, PartialEq)]
pub struct ReferenceExplanation {
    pub counts: ModelCounts,
    pub score: InstanceScore,
    pub detail: Detail,
}

/// One type's explanation.
#[derive(Debug, Clone, PartialEq)]
pub struct TypeExplanation {
    pub perl_type: PerlType,
    /// The instance's score and totals, as [`combine`] makes them for the batch.
    pub score: InstanceScore,
    /// The peer count Pc (ROUGE-W: f(peer length)).
    pub peer_total: f64,
    /// `-f B`'s chosen reference.
    pub chosen: Option<usize>,
    pub references: Vec<ReferenceExplanation>,
    /// ROUGE-W on a reference without tokens: the batch's failure record (the type scores 0).
    pub failure: Option<Failure>,
}

/// A pair's explanation.
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    pub prediction: TextExplanation,
    pub references: Vec<TextExplanation>,
    pub types: Vec<TypeExplanation>,
}

/// Explains `types` for one pair (texts as the profile's `score_batch` takes them) under
/// `config`'s pipeline and rules. `Err`: an input over one of rougekit's limits (the batch's
/// fatal failure); `Ok(None)`: `cancel` stopped it.
pub fn explain(
    types: &[PerlType],
    config: &PerlConfig,
    prediction: &str,
    references: &[&str],
    cancel: &Cancel<'_>,
) -> Result<Option<Explanation>, Failure> {
    let mut vocab = Vocab::default();
    vocab.reset_for(config.rules);
    let mut names = Names::default();
    let mut buf = Vec::new();
    let (peer, prediction) = read(prediction, config, &mut vocab, &mut names, &mut buf);
    let (models, texts): (Vec<PerlDoc>, Vec<TextExplanation>) = references
        .iter()
        .map(|r| read(r, config, &mut vocab, &mut names, &mut buf))
        .unzip();
    let mut counter = Counter::default();
    counter.begin_instance();
    let mut out = Vec::with_capacity(types.len());
    for &t in types {
        let e = explain_type(t, config, &peer, &models, &names, &mut counter, cancel)?;
        if cancel.stopped() {
            return Ok(None);
        }
        out.push(e);
    }
    Ok(Some(Explanation {
        prediction,
        references: texts,
        types: out,
    }))
}

/// One pair of [`explain_batch`]: the prediction and its references.
pub type Pair<'a> = (&'a str, Vec<&'a str>);

/// [`explain`] for many pairs, in parallel on `threads` workers (each pair on its own, so
/// the result does not depend on them); `None` once `cancel` says stop.
pub fn explain_batch(
    types: &[PerlType],
    config: &PerlConfig,
    pairs: &[Pair<'_>],
    threads: usize,
    cancel: &Cancel<'_>,
) -> Option<Vec<Result<Explanation, Failure>>> {
    use rayon::prelude::*;
    let mut out: Vec<Option<Result<Explanation, Failure>>> = vec![None; pairs.len()];
    let work = |(i, slot): (usize, &mut Option<Result<Explanation, Failure>>)| {
        if cancel.stopped() {
            return;
        }
        let (p, refs) = &pairs[i];
        *slot = explain(types, config, p, refs, cancel)
            .map_err(|mut f| {
                f.instance = i;
                f
            })
            .transpose();
    };
    match crate::pool::shared_pool(threads) {
        Some(pool) if pairs.len() > 1 => crate::pool::run_polled(&pool, cancel, || {
            out.par_iter_mut().enumerate().for_each(work)
        }),
        _ => out.iter_mut().enumerate().for_each(work),
    }
    if cancel.stopped() {
        return None;
    }
    out.into_iter().collect()
}

/// Token id -> compared form, for the ids of one pair.
#[derive(Default)]
struct Names(Vec<String>);

impl Names {
    fn get(&self, id: u32) -> String {
        self.0.get(id as usize).cloned().unwrap_or_default()
    }
}

/// Code-point offset of every byte offset of `text` (a byte inside a character: that
/// character's offset).
fn code_points(text: &str) -> Vec<usize> {
    let mut at = Vec::with_capacity(text.len() + 1);
    for (k, c) in text.chars().enumerate() {
        at.extend(std::iter::repeat_n(k, c.len_utf8()));
    }
    at.push(text.chars().count());
    at
}

/// Byte offset of `part` (a slice of `base`) in `base`.
fn offset(base: &[u8], part: &[u8]) -> usize {
    (part.as_ptr() as usize).saturating_sub(base.as_ptr() as usize)
}

/// Reads one summary with the scoring path's reader, keeping where each token came from.
fn read(
    source: &str,
    config: &PerlConfig,
    vocab: &mut Vocab,
    names: &mut Names,
    buf: &mut Vec<u8>,
) -> (PerlDoc, TextExplanation) {
    let bytes = source.as_bytes();
    let sentences = text::spl_sentences(bytes);
    let cp = code_points(source);
    let mut doc = PerlDoc::default();
    let mut flat = Vec::new();
    let mut lcs = Vec::new();
    // Byte ranges of the stopwords the flat reader dropped.
    let mut stop = Vec::new();
    let rules = config.rules;
    doc.read_observed(
        &sentences,
        config.truncation,
        vocab,
        buf,
        &mut |reader, k, raw, id| {
            let start = offset(bytes, raw);
            let end = start + raw.len();
            if id == DROPPED {
                if reader == Reader::Flat {
                    stop.push((start, end));
                }
                return;
            }
            let names = &mut names.0;
            if names.len() <= id as usize {
                names.resize(id as usize + 1, String::new());
            }
            if names[id as usize].is_empty() {
                let word = String::from_utf8_lossy(raw).to_ascii_lowercase();
                names[id as usize] = rules.apply(&word).map(|c| c.into_owned()).unwrap_or(word);
            }
            // The readers' tokens are ASCII runs: their byte span slices `source`.
            let token = Token {
                start: cp[start] as u32,
                end: cp[end] as u32,
                byte_start: start as u32,
                byte_end: end as u32,
                compared: names[id as usize].clone(),
                sentence: k as u32,
            };
            match reader {
                Reader::Flat => flat.push(token),
                Reader::Sentence => lcs.push(token),
            }
        },
    );
    // Where the flat reader stopped (`-l`/`-b`): the rest of the text is dropped. A cut
    // inside a character (`-b`) leaves that character to the rest.
    let mut cut = match config.truncation {
        Truncation::None => bytes.len(),
        limit => text::truncate(&sentences, limit, Reader::Flat)
            .last()
            .and_then(|p| p.kept_end())
            .map_or(0, |end| offset(bytes, end)),
    };
    while !source.is_char_boundary(cut) {
        cut += 1;
    }
    let item = |start: usize, end: usize, why: Why| Dropped {
        start: cp[start] as u32,
        end: cp[end] as u32,
        byte_start: start as u32,
        byte_end: end as u32,
        why,
    };
    let mut dropped: Vec<Dropped> = stop
        .into_iter()
        .map(|(s, e)| item(s, e, Why::Stopword))
        .collect();
    let mut run: Option<usize> = None;
    for (b, c) in source[..cut].char_indices() {
        match (c.is_ascii(), run) {
            (false, None) => run = Some(b),
            (true, Some(s)) => {
                dropped.push(item(s, b, Why::NonAscii));
                run = None;
            }
            _ => {}
        }
    }
    if let Some(s) = run {
        dropped.push(item(s, cut, Why::NonAscii));
    }
    let rest = &source[cut..];
    let body = rest.trim();
    if !body.is_empty() {
        let start = cut + (rest.len() - rest.trim_start().len());
        dropped.push(item(start, start + body.len(), Why::AfterLimit));
    }
    dropped.sort_by_key(|d| (d.start, d.end));
    let same = lcs.is_empty() && !matches!(config.truncation, Truncation::Bytes(_))
        || lcs
            .iter()
            .map(|t| (t.start, t.end))
            .eq(flat.iter().map(|t| (t.start, t.end)));
    let explanation = TextExplanation {
        tokens: flat,
        lcs_tokens: if same { None } else { Some(lcs) },
        dropped,
        sentences: doc.sent_ends.len(),
    };
    (doc, explanation)
}

/// Most skip-bigram keys of one (prediction, reference) pair kept to list the matches (32 MiB
/// of keys); beyond, the counts stand without the list.
const MAX_LISTED_KEYS: usize = 1 << 22;

/// Everything the counting loops report, per model.
struct Collect<'d> {
    peer: &'d PerlDoc,
    models: &'d [PerlDoc],
    /// Start of each peer sentence in its sentence tokens (and the end).
    peer_starts: Vec<usize>,
    ngram_hits: Vec<Vec<usize>>,
    /// Per model: the keys that can match (prediction's, reference's), or `None` when there
    /// were too many to keep.
    skip_keys: Vec<Option<(Vec<u64>, Vec<u64>)>>,
    skip_hits: Vec<Vec<u64>>,
    unigram_hits: Vec<Vec<u32>>,
    uncounted: bool,
    /// Per model: peer sentence tokens on some sentence pair's alignment.
    in_lcs: Vec<Vec<bool>>,
    /// Per model: (position, counted).
    marked: Vec<Vec<(usize, bool)>>,
    runs: Vec<Vec<(usize, usize, usize, f64)>>,
}

impl<'d> Collect<'d> {
    fn new(peer: &'d PerlDoc, models: &'d [PerlDoc]) -> Collect<'d> {
        let n = models.len();
        Collect {
            peer,
            models,
            peer_starts: std::iter::once(0)
                .chain(peer.sent_ends.iter().copied())
                .collect(),
            ngram_hits: vec![Vec::new(); n],
            skip_keys: vec![None; n],
            skip_hits: vec![Vec::new(); n],
            unigram_hits: vec![Vec::new(); n],
            uncounted: false,
            in_lcs: vec![Vec::new(); n],
            marked: vec![Vec::new(); n],
            runs: vec![Vec::new(); n],
        }
    }
}

impl Witness for Collect<'_> {
    const ON: bool = true;
    fn ngram_hit(&mut self, model: usize, peer_pos: usize) {
        self.ngram_hits[model].push(peer_pos);
    }
    fn skip_keys(&mut self, model: usize, peer: &[u64], model_keys: &[u64]) {
        if peer.len() + model_keys.len() <= MAX_LISTED_KEYS {
            self.skip_keys[model] = Some((peer.to_vec(), model_keys.to_vec()));
        }
    }
    fn skip_hit(&mut self, model: usize, key: u64) {
        if self.skip_keys[model].is_some() {
            self.skip_hits[model].push(key);
        }
    }
    fn unigram_hit(&mut self, model: usize, token: u32) {
        self.unigram_hits[model].push(token);
    }
    fn skip_uncounted(&mut self) {
        self.uncounted = true;
    }
    /// The peer side of one sentence pair: ROUGE-L's trace back gives the columns; ROUGE-W's
    /// marks rows only, so the pair's marked model tokens are placed, in order, at their
    /// first places in the peer sentence (any common subsequence embeds so).
    fn pair_marks(
        &mut self,
        model: usize,
        peer: usize,
        model_start: usize,
        marks: &[bool],
        columns: &[usize],
    ) {
        let in_lcs = &mut self.in_lcs[model];
        if in_lcs.is_empty() {
            in_lcs.resize(self.peer.sent_tokens.len(), false);
        }
        let (ps, pe) = (self.peer_starts[peer], self.peer_starts[peer + 1]);
        if !columns.is_empty() {
            for &c in columns {
                in_lcs[ps + c] = true;
            }
            return;
        }
        let rows = &self.models[model].sent_tokens[model_start..];
        let cols = &self.peer.sent_tokens;
        let mut p = ps;
        for (off, _) in marks.iter().enumerate().filter(|(_, &m)| m) {
            while p < pe && cols[p] != rows[off] {
                p += 1;
            }
            if p < pe {
                in_lcs[p] = true;
                p += 1;
            }
        }
    }
    fn marked(&mut self, model: usize, pos: usize, counted: bool) {
        self.marked[model].push((pos, counted));
    }
    fn run(&mut self, model: usize, first: usize, last: usize, len: usize, value: f64) {
        self.runs[model].push((first, last, len, value));
    }
}

fn explain_type(
    t: PerlType,
    config: &PerlConfig,
    peer: &PerlDoc,
    models: &[PerlDoc],
    names: &Names,
    counter: &mut Counter,
    cancel: &Cancel<'_>,
) -> Result<TypeExplanation, Failure> {
    let mut w = Collect::new(peer, models);
    let mut per: Vec<ModelCounts> = Vec::new();
    let (rule, alpha) = (config.multiref, config.alpha);
    let mut weights = None;
    let peer_total = match t {
        PerlType::N(n) => counter.ngram_witnessed(n, peer, models, &mut per, cancel, &mut w),
        PerlType::L => counter.lcs_witnessed(peer, models, &mut per, cancel, &mut w),
        PerlType::S { gap, su } => {
            counter.skip_witnessed(gap, su, peer, models, &mut per, cancel, &mut w)
        }
        PerlType::W(weight) => {
            let f = weights.insert(Weights::new(weight));
            match counter.wlcs_witnessed(f, peer, models, &mut per, cancel, &mut w) {
                Ok(pc) => pc,
                Err(e) => {
                    let record = failure(0, Variant::W, e);
                    if record.fatal {
                        return Err(record);
                    }
                    return Ok(TypeExplanation {
                        perl_type: t,
                        score: InstanceScore::default(),
                        peer_total: 0.0,
                        chosen: None,
                        references: Vec::new(),
                        failure: Some(record),
                    });
                }
            }
        }
    };
    let inverse = |x: f64| weights.as_ref().map_or(x, |f| f.inverse(x));
    let score = combine(&per, peer_total, rule, alpha, inverse);
    let chosen = match rule {
        MultiRef::BestRecall => best_recall(&per),
        _ => None,
    };
    let mut references = Vec::with_capacity(models.len());
    for (j, (model, counts)) in models.iter().zip(&per).enumerate() {
        let alone = combine(
            std::slice::from_ref(counts),
            peer_total,
            MultiRef::Pooled,
            alpha,
            inverse,
        );
        let detail = match t {
            PerlType::N(n) => ngram_detail(n, peer, model, &w.ngram_hits[j]),
            PerlType::S { .. } => skip_detail(peer, model, &w, j, names),
            PerlType::L | PerlType::W(_) => {
                let mut f = weights.clone();
                union_detail(model, &w, j, f.as_mut())
            }
        };
        references.push(ReferenceExplanation {
            counts: *counts,
            score: alone,
            detail,
        });
    }
    Ok(TypeExplanation {
        perl_type: t,
        score,
        peer_total,
        chosen,
        references,
        failure: None,
    })
}

/// The n-grams of one reference: the matches by the peer positions the counting loop took,
/// and the reference n-grams left unmatched.
fn ngram_detail(n: usize, peer: &PerlDoc, model: &PerlDoc, hits: &[usize]) -> Detail {
    fn windows(t: &[u32], n: usize) -> FxHashMap<&[u32], Vec<usize>> {
        let mut at: FxHashMap<&[u32], Vec<usize>> = FxHashMap::default();
        if n > 0 {
            for (i, g) in t.windows(n).enumerate() {
                at.entry(g).or_default().push(i);
            }
        }
        at
    }
    let (in_peer, in_model) = (windows(&peer.flat, n), windows(&model.flat, n));
    let mut matched: Vec<(&[u32], Vec<usize>)> = Vec::new();
    let mut index: FxHashMap<&[u32], usize> = FxHashMap::default();
    for &pos in hits {
        let gram = &peer.flat[pos..pos + n];
        let k = *index.entry(gram).or_insert_with(|| {
            matched.push((gram, Vec::new()));
            matched.len() - 1
        });
        matched[k].1.push(pos);
    }
    let mut positions = Vec::new();
    let matches = matched
        .iter()
        .map(|(gram, at)| {
            let model_at = in_model.get(gram).map_or(&[][..], |v| &v[..]);
            let gram: &[u32] = gram;
            let m = GramMatch {
                prediction_count: in_peer.get(gram).map_or(0, Vec::len) as u32,
                reference_count: model_at.len() as u32,
                at: positions.len() as u32,
            };
            // The clip: as many hits as the fewer occurrences (ROUGE-1.5.5's min).
            debug_assert_eq!(m.hits() as usize, at.len());
            positions.extend(at.iter().map(|&p| p as u32));
            positions.extend(model_at.iter().take(at.len()).map(|&p| p as u32));
            m
        })
        .collect();
    let mut missed: Vec<GramMissed> = in_model
        .iter()
        .filter_map(|(gram, at)| {
            let hits = index.get(gram).map_or(0, |&k| matched[k].1.len());
            (at.len() > hits).then(|| GramMissed {
                reference_first: at[0] as u32,
                reference_count: at.len() as u32,
                hits: hits as u32,
            })
        })
        .collect();
    missed.sort_by_key(|m| m.reference_first);
    Detail::Ngram {
        matches,
        positions,
        missed,
    }
}

/// Occurrence counts of `items`, and the distinct items in first-occurrence order.
fn tally<T: Copy + Eq + std::hash::Hash>(items: &[T]) -> (FxHashMap<T, usize>, Vec<T>) {
    let mut counts: FxHashMap<T, usize> = FxHashMap::default();
    let mut order = Vec::new();
    for &x in items {
        let c = counts.entry(x).or_default();
        if *c == 0 {
            order.push(x);
        }
        *c += 1;
    }
    (counts, order)
}

/// The skip-bigram items of one reference that matched, with their counts among the items
/// that can match (pairs of tokens both texts hold; unigrams but the last token).
fn skip_detail(
    peer: &PerlDoc,
    model: &PerlDoc,
    w: &Collect<'_>,
    j: usize,
    names: &Names,
) -> Detail {
    let Some((peer_keys, model_keys)) = w.skip_keys[j].as_ref().filter(|_| !w.uncounted) else {
        return Detail::Skip { matches: None };
    };
    let (pc, mc) = (tally(peer_keys).0, tally(model_keys).0);
    let (hits, order) = tally(&w.skip_hits[j]);
    let item = |first: u32, second: Option<u32>, pc: usize, rc: usize, h: usize| SkipMatch {
        first: names.get(first),
        second: second.map(|s| names.get(s)),
        prediction_count: pc as u32,
        reference_count: rc as u32,
        hits: h as u32,
    };
    let mut matches: Vec<SkipMatch<String>> = order
        .iter()
        .map(|k| {
            let count = |c: &FxHashMap<u64, usize>| c.get(k).copied().unwrap_or(0);
            let (first, second) = ((k >> 32) as u32, *k as u32);
            item(first, Some(second), count(&pc), count(&mc), hits[k])
        })
        .collect();
    let but_last = |t: &[u32]| tally(&t[..t.len().saturating_sub(1)]).0;
    let (pu, mu) = (but_last(&peer.flat), but_last(&model.flat));
    let (uni, order) = tally(&w.unigram_hits[j]);
    matches.extend(order.iter().map(|t| {
        let count = |c: &FxHashMap<u32, usize>| c.get(t).copied().unwrap_or(0);
        item(*t, None, count(&pu), count(&mu), uni[t])
    }));
    Detail::Skip {
        matches: Some(matches),
    }
}

/// ROUGE-L/W for one reference: each reference sentence's counted, not counted and unmatched
/// positions, the runs of ROUGE-W, and a witness of the peer side.
fn union_detail(
    model: &PerlDoc,
    w: &Collect<'_>,
    j: usize,
    weights: Option<&mut Weights>,
) -> Detail {
    let mut state = vec![UnionState::Unmatched; model.sent_tokens.len()];
    for &(pos, counted) in &w.marked[j] {
        state[pos] = if counted {
            UnionState::Counted
        } else {
            UnionState::NotCounted
        };
    }
    let sentences = crate::explain::sentence_marks(&state, model.sent_ends.iter().copied());
    let mut start = 0;
    let mut base = 0.0;
    let mut sentence_of = vec![0usize; model.sent_tokens.len()];
    let mut f = weights;
    for (i, &end) in model.sent_ends.iter().enumerate() {
        sentence_of[start..end].fill(i);
        if let Some(f) = f.as_deref_mut() {
            base += f.f(end - start);
        }
        start = end;
    }
    let in_lcs = &w.in_lcs[j];
    let runs = w.runs[j]
        .iter()
        .map(|&(first, last, length, value)| ValuedRun {
            sentence: sentence_of[first],
            first,
            last,
            length,
            value,
        })
        .collect();
    Detail::Union {
        sentences,
        prediction_in_lcs: (0..in_lcs.len()).filter(|&p| in_lcs[p]).collect(),
        runs,
        base,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::perl::batch::{score_types, Instance};

    fn explain_one(types: &[&str], config: &PerlConfig, p: &str, refs: &[&str]) -> Explanation {
        let types = PerlType::parse_all(types).unwrap();
        explain(&types, config, p, refs, &Cancel::never())
            .unwrap()
            .unwrap()
    }

    /// The explanation's scores are the batch's, bit for bit.
    #[test]
    fn scores_equal_the_batch() {
        let names = [
            "rouge1",
            "rouge2",
            "rougeL",
            "rougeW-1.2",
            "rougeSU4",
            "rougeS*",
        ];
        let types = PerlType::parse_all(&names).unwrap();
        let pairs: [(&str, &[&str]); 4] = [
            (
                "The Police killed the armed gunman.\nHe had fired three shots at officers.",
                &[
                    "Officers shot and killed a gunman.\nThe gunman had fired at police.",
                    "Police said the gunman fired shots before being killed.",
                ],
            ),
            ("the the the the cat", &["the cat the dog"]),
            ("a b", &["b\na b"]),
            ("naïve café in Zürich", &["naive cafe in zurich"]),
        ];
        for rule in [MultiRef::Pooled, MultiRef::BestRecall] {
            let config = PerlConfig {
                multiref: rule,
                ..PerlConfig::default()
            };
            for (p, refs) in pairs {
                let inst = [Instance {
                    peer: text::spl_sentences(p.as_bytes()),
                    models: refs
                        .iter()
                        .map(|r| text::spl_sentences(r.as_bytes()))
                        .collect(),
                }];
                let batch = score_types(&types, &config, &inst, 1).unwrap();
                let e = explain(&types, &config, p, refs, &Cancel::never())
                    .unwrap()
                    .unwrap();
                for (k, t) in e.types.iter().enumerate() {
                    let b = batch.get(0, k);
                    let got = (t.score.p, t.score.r, t.score.f);
                    assert_eq!(got, (b.precision, b.recall, b.fmeasure), "{p} {k}");
                }
            }
        }
    }

    #[test]
    fn spans_stopwords_and_limits() {
        let config = PerlConfig {
            rules: crate::perl::TokenRules {
                stopwords: true,
                ..Default::default()
            },
            truncation: Truncation::Words(4),
            ..PerlConfig::default()
        };
        let e = explain_one(
            &["rouge1"],
            &config,
            "Ünï the Cats sat\nmore words",
            &["cats"],
        );
        let t = &e.prediction;
        let text = "Ünï the Cats sat\nmore words";
        let slice = |s: u32, e: u32| &text[s as usize..e as usize];
        let words: Vec<&str> = t
            .tokens
            .iter()
            .map(|t| slice(t.byte_start, t.byte_end))
            .collect();
        assert_eq!(words, ["Cats"]); // single letters are stopwords
        assert_eq!((t.tokens[0].start, t.tokens[0].end), (8, 12));
        assert_eq!(t.tokens[0].compared, "cats");
        let why: Vec<(&str, &str)> = t
            .dropped
            .iter()
            .map(|d| (slice(d.byte_start, d.byte_end), d.why.name()))
            .collect();
        assert_eq!(
            why,
            [
                ("Ü", "non-ascii"),
                ("n", "stopword"),
                ("ï", "non-ascii"),
                ("the", "stopword"),
                ("sat", "stopword"),
                ("more words", "after-limit")
            ]
        );
    }

    #[test]
    fn union_lcs_counted_and_not_counted() {
        // E06: model `a b⏎a b`, peer `a b`: the second sentence is marked, not counted.
        let e = explain_one(&["rougeL"], &PerlConfig::default(), "a b", &["a b\na b"]);
        let Detail::Union {
            sentences,
            prediction_in_lcs,
            ..
        } = &e.types[0].references[0].detail
        else {
            panic!()
        };
        assert_eq!(sentences[0].counted, [0, 1]);
        assert_eq!(sentences[1].not_counted, [2, 3]);
        assert_eq!(prediction_in_lcs, &[0, 1]);
        assert_eq!(e.types[0].score.r, 0.5);
    }

    #[test]
    fn rouge_w_on_an_empty_reference_carries_the_failure() {
        let e = explain_one(
            &["rougeW-1.2", "rouge1"],
            &PerlConfig::default(),
            "a b",
            &["..."],
        );
        assert!(e.types[0].failure.as_ref().is_some_and(|f| !f.fatal));
        assert_eq!(e.types[0].score, InstanceScore::default());
        assert!(e.types[1].failure.is_none());
    }
}
