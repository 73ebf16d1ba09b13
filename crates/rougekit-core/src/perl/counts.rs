//! Raw per-model counts of every variant (spec §8, §9.1): hits, the model normaliser, and
//! the recall-like score `-f B` selects by (§9.2).
use super::combine::round5;
use super::doc::PerlDoc;
use crate::lcs::{self, LcsScratch};
use crate::ngram::KeyCounter;
use crate::skip;
use crate::wlcs::{self, Weights, WlcsScratch};
use rustc_hash::FxHashMap;

/// One model's counts for one variant.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ModelCounts {
    /// hit_j (weighted for ROUGE-W).
    pub hit: f64,
    /// The model normaliser M_j (ROUGE-W: f(Σ_i f(|r_i|)), weighted twice).
    pub m: f64,
    /// The score `-f B` compares.
    pub select: f64,
}

/// Why a model could not be counted (ROUGE-1.5.5 dies on these).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CountError {
    /// ROUGE-W on a model without tokens: Perl's "Illegal division by zero".
    EmptyModel { model: usize },
    /// A sentence pair too large for the weighted table.
    TooLong { model: usize },
}

/// Reusable buffers for counting.
#[derive(Debug, Default)]
pub struct Counter {
    ngrams: KeyCounter,
    peer_keys: Vec<u64>,
    model_keys: Vec<u64>,
    lcs: LcsScratch,
    wlcs: WlcsScratch,
    marks: Vec<bool>,
    prefix_ids: FxHashMap<u64, u32>,
    model_budget: Vec<u32>,
    peer_budget: Vec<u32>,
}

/// Exact integer keys of the n-grams of `tokens` (into `out`, cleared first): a unigram is
/// its id, a longer n-gram packs (id of its (n−1)-gram prefix, last token), where prefix ids
/// come from `ids`, shared by all texts of an instance. Distinct n-grams of one length get
/// distinct keys by induction on n; keys are only ever compared within one length.
fn ngram_keys(tokens: &[u32], n: usize, ids: &mut FxHashMap<u64, u32>, out: &mut Vec<u64>) {
    out.clear();
    if n == 0 || tokens.len() < n {
        return;
    }
    out.extend(tokens[..=tokens.len() - n].iter().map(|&t| u64::from(t)));
    for level in 1..n {
        for (i, key) in out.iter_mut().enumerate() {
            let next = ids.len() as u32;
            let prefix = *ids.entry(*key).or_insert(next);
            *key = (u64::from(prefix) << 32) | u64::from(tokens[i + level]);
        }
    }
}

/// `round5(hit / m)`, or 0 when `m == 0`: the `-f B` choice for ROUGE-N and ROUGE-S/SU.
fn rounded_ratio(hit: f64, m: f64) -> f64 {
    if m == 0.0 {
        0.0
    } else {
        round5(hit / m)
    }
}

impl Counter {
    /// ROUGE-n (§8.1); returns the peer n-gram count.
    pub fn ngram(
        &mut self,
        n: usize,
        peer: &PerlDoc,
        models: &[PerlDoc],
        out: &mut Vec<ModelCounts>,
    ) -> f64 {
        out.clear();
        self.prefix_ids.clear();
        ngram_keys(&peer.flat, n, &mut self.prefix_ids, &mut self.peer_keys);
        for model in models {
            ngram_keys(&model.flat, n, &mut self.prefix_ids, &mut self.model_keys);
            out.push(self.clipped(self.model_keys.len() as f64));
        }
        self.peer_keys.len() as f64
    }

    /// ROUGE-S / ROUGE-SU (§8.4); returns the peer item count.
    pub fn skip(
        &mut self,
        gap: Option<usize>,
        unigrams: bool,
        peer: &PerlDoc,
        models: &[PerlDoc],
        out: &mut Vec<ModelCounts>,
    ) -> f64 {
        out.clear();
        skip::skip_keys(&peer.flat, gap, unigrams, &mut self.peer_keys);
        for model in models {
            skip::skip_keys(&model.flat, gap, unigrams, &mut self.model_keys);
            out.push(self.clipped(self.model_keys.len() as f64));
        }
        self.peer_keys.len() as f64
    }

    fn clipped(&mut self, m: f64) -> ModelCounts {
        let hit = self.ngrams.overlap(&self.model_keys, &self.peer_keys) as f64;
        ModelCounts {
            hit,
            m,
            select: rounded_ratio(hit, m),
        }
    }

    /// Loads the whole-text unigram budgets of §8.2 step 1 for one model.
    fn load_budgets(&mut self, peer: &PerlDoc, model: &PerlDoc) {
        let top = peer
            .flat
            .iter()
            .chain(&model.flat)
            .copied()
            .max()
            .map_or(0, |t| t as usize + 1);
        if self.model_budget.len() < top {
            self.model_budget.resize(top, 0);
            self.peer_budget.resize(top, 0);
        }
        for &t in &model.flat {
            self.model_budget[t as usize] += 1;
        }
        for &t in &peer.flat {
            self.peer_budget[t as usize] += 1;
        }
    }

    fn clear_budgets(&mut self, peer: &PerlDoc, model: &PerlDoc) {
        for &t in peer.flat.iter().chain(&model.flat) {
            self.model_budget[t as usize] = 0;
            self.peer_budget[t as usize] = 0;
        }
    }

    /// The §8.2 budget test at a marked position: a hit iff both budgets are positive,
    /// which then shrink.
    #[inline]
    fn take(&mut self, t: u32) -> bool {
        let t = t as usize;
        if self.model_budget[t] > 0 && self.peer_budget[t] > 0 {
            self.model_budget[t] -= 1;
            self.peer_budget[t] -= 1;
            true
        } else {
            false
        }
    }

    /// ROUGE-L (§8.2): union-LCS hits per model; returns the peer token count.
    pub fn lcs(&mut self, peer: &PerlDoc, models: &[PerlDoc], out: &mut Vec<ModelCounts>) -> f64 {
        out.clear();
        for model in models {
            self.mark_union(peer, model, |rows, cols, s, mark| {
                s.lcs.set_columns(cols);
                lcs::union_positions(rows, cols, &mut s.lcs, mark);
                true
            });
            self.load_budgets(peer, model);
            let mut hit = 0usize;
            for (pos, &t) in model.sent_tokens.iter().enumerate() {
                if self.marks[pos] && self.take(t) {
                    hit += 1;
                }
            }
            self.clear_budgets(peer, model);
            let base = model.sent_tokens.len();
            let select = if base == 0 {
                0.0
            } else {
                hit as f64 / base as f64
            };
            out.push(ModelCounts {
                hit: hit as f64,
                m: base as f64,
                select,
            });
        }
        peer.flat.len() as f64
    }

    /// ROUGE-W (§8.3): weighted hits from runs of the union mask; returns f(peer length).
    pub fn wlcs(
        &mut self,
        f: &mut Weights,
        peer: &PerlDoc,
        models: &[PerlDoc],
        out: &mut Vec<ModelCounts>,
    ) -> Result<f64, CountError> {
        out.clear();
        for (j, model) in models.iter().enumerate() {
            let ok = self.mark_union(peer, model, |rows, cols, s, mark| {
                wlcs::mark_wlcs(rows, cols, f, &mut s.wlcs, mark)
            });
            if !ok {
                return Err(CountError::TooLong { model: j });
            }
            self.load_budgets(peer, model);
            let mut hit = 0.0;
            let mut base = 0.0;
            let mut start = 0;
            for &end in &model.sent_ends {
                let mut run = 0usize;
                for pos in start..end {
                    if self.marks[pos] && self.take(model.sent_tokens[pos]) {
                        run += 1;
                        // A run ends at the sentence end or before an unmarked position;
                        // clipped marked positions neither count nor end it (quirk 9).
                        if pos + 1 == end || !self.marks[pos + 1] {
                            hit += f.f(run);
                            run = 0;
                        }
                    }
                }
                base += f.f(end - start);
                start = end;
            }
            self.clear_budgets(peer, model);
            if base == 0.0 {
                return Err(CountError::EmptyModel { model: j });
            }
            out.push(ModelCounts {
                hit,
                m: f.f_real(base),
                select: f.inverse(hit / base),
            });
        }
        Ok(f.f(peer.flat.len()))
    }

    /// Fills `self.marks` (over `model.sent_tokens`) with the union over peer sentences of
    /// the positions `mark_one(model_sentence, peer_sentence, ..)` marks. False if any call
    /// failed.
    fn mark_union(
        &mut self,
        peer: &PerlDoc,
        model: &PerlDoc,
        mut mark_one: impl FnMut(&[u32], &[u32], &mut Counter, &mut [bool]) -> bool,
    ) -> bool {
        let mut marks = std::mem::take(&mut self.marks);
        marks.clear();
        marks.resize(model.sent_tokens.len(), false);
        let mut ok = true;
        for cols in peer.sentences().filter(|c| !c.is_empty()) {
            let mut start = 0;
            for &end in &model.sent_ends {
                if end > start {
                    ok &= mark_one(
                        &model.sent_tokens[start..end],
                        cols,
                        self,
                        &mut marks[start..end],
                    );
                }
                start = end;
            }
        }
        self.marks = marks;
        ok
    }
}
