//! Many texts against many (all-pairs matrices, near-duplicate filtering, nearest
//! neighbours): each text is tokenised once, with one interner for all of them, so a pair's
//! ids are comparable without re-tokenising either side. Every cell is then the engine's own
//! per-pair scoring ([`Engine::for_each_type`]) on the two documents, so a matrix cell is
//! bit-identical to the batch score of the same pair.
use crate::engine::{Engine, TokenDoc, WORKER};
use crate::error::RougeError;
use crate::intern::Interner;
use crate::pool::{run_polled, Cancel};
use crate::scores::{Field, Score};
use rayon::prelude::*;

/// Texts tokenised with one interner: `docs[i]` is text `i`'s document.
#[derive(Debug, Default)]
pub struct DocSet {
    pub docs: Vec<TokenDoc>,
    /// Indices of the texts that are not blank but lost every token (callers warn).
    pub dropped: Vec<usize>,
    /// One more than the largest token id of any document.
    pub vocab: usize,
}

impl Engine {
    /// Tokenises every text of every set with one interner (so ids compare across sets),
    /// on the calling thread: tokenising is linear in the text, the pairs after it are not.
    /// `None` when `cancel` stopped it.
    pub fn doc_sets(&self, sets: &[&[&str]], cancel: &Cancel<'_>) -> Option<Vec<DocSet>> {
        let pipeline = self.config.pipeline;
        let mut interner = Interner::new(pipeline.stemmer);
        let mut out = Vec::with_capacity(sets.len());
        for texts in sets {
            let mut set = DocSet {
                docs: Vec::with_capacity(texts.len()),
                ..DocSet::default()
            };
            for (i, text) in texts.iter().enumerate() {
                let mut doc = TokenDoc::default();
                if doc.tokenize_into(text, pipeline.tokenizer, &mut interner) {
                    set.dropped.push(i);
                }
                set.docs.push(doc);
                if i % 4096 == 4095 && !cancel.check() {
                    return None;
                }
            }
            out.push(set);
        }
        let vocab = interner.len();
        for set in &mut out {
            set.vocab = vocab;
        }
        Some(out)
    }

    /// The `(rows.len(), columns.len())` matrix, row-major, of `field` of the engine's one
    /// type with `rows[i]` as the prediction and `columns[j]` as the only reference: the
    /// score [`Engine::score_texts`] gives that pair. Rows run in parallel on the shared
    /// pool. Errors for an engine without exactly one type, or (naming the cell) a pair too
    /// large for a quadratic kernel; `None` when `cancel` stopped it.
    pub fn pairwise(
        &self,
        rows: &[TokenDoc],
        columns: &[TokenDoc],
        field: Field,
        cancel: &Cancel<'_>,
    ) -> Result<Option<Vec<f64>>, RougeError> {
        if self.config.types.len() != 1 {
            return Err(RougeError::InvalidOption(format!(
                "a pairwise matrix holds one ROUGE type, got {}",
                self.config.types.len()
            )));
        }
        let ncols = columns.len();
        let mut out = vec![0.0; rows.len() * ncols];
        if ncols == 0 || rows.is_empty() {
            return Ok(Some(out));
        }
        let errors = std::sync::Mutex::new(None::<(usize, String)>);
        let run_row = |(i, row): (usize, &mut [f64])| {
            if cancel.stopped() {
                return;
            }
            WORKER.with_borrow_mut(|w| {
                for (j, cell) in row.iter_mut().enumerate() {
                    match self.cell(&rows[i], &columns[j], field, &mut w.scratch, cancel) {
                        Ok(v) => *cell = v,
                        Err(e) => {
                            let mut slot = errors.lock().unwrap_or_else(|p| p.into_inner());
                            let at = i * ncols + j;
                            if slot.as_ref().is_none_or(|(k, _)| at < *k) {
                                *slot = Some((at, e));
                            }
                            return;
                        }
                    }
                }
            });
            cancel.tick(ncols);
        };
        match crate::pool::shared_pool(self.config.threads) {
            Some(pool) if rows.len() > 1 => run_polled(&pool, cancel, || {
                out.par_chunks_mut(ncols).enumerate().for_each(run_row)
            }),
            _ => {
                for item in out.chunks_mut(ncols).enumerate() {
                    run_row(item);
                    if !cancel.check() {
                        break;
                    }
                }
            }
        }
        if let Some((at, e)) = errors.into_inner().unwrap_or_else(|p| p.into_inner()) {
            return Err(RougeError::TooLarge(format!(
                "pair ({}, {}): {e}",
                at / ncols,
                at % ncols
            )));
        }
        if cancel.stopped() || !cancel.check() {
            return Ok(None);
        }
        Ok(Some(out))
    }
}

impl Engine {
    /// One cell: `field` of the engine's one type with `pred` against the one reference.
    fn cell(
        &self,
        pred: &TokenDoc,
        reference: &TokenDoc,
        field: Field,
        s: &mut super::Scratch,
        cancel: &Cancel<'_>,
    ) -> Result<f64, String> {
        let mut score = Score::INT_ZERO;
        let refs = std::slice::from_ref(reference);
        self.for_each_type(pred, refs, s, cancel, |_, _, _, got| score = got)?;
        Ok(match field {
            Field::Precision => score.precision,
            Field::Recall => score.recall,
            Field::Fmeasure => score.fmeasure,
        })
    }

    /// Minimum-Bayes-risk selection: for each group `docs[offsets[g]..offsets[g + 1]]`, the
    /// candidate whose mean `field` against the group's other candidates (each of them the
    /// reference; the sum in candidate order, divided by their number) is the highest, the
    /// first on ties, with that mean (a group of one picks it with mean 0). Groups run in
    /// parallel. Errors as [`Engine::pairwise`], naming the group and the candidates.
    pub fn mbr(
        &self,
        docs: &[TokenDoc],
        offsets: &[usize],
        field: Field,
        cancel: &Cancel<'_>,
    ) -> Result<Option<Vec<(usize, f64)>>, RougeError> {
        if self.config.types.len() != 1 {
            return Err(RougeError::InvalidOption(format!(
                "minimum-Bayes-risk selection scores one ROUGE type, got {}",
                self.config.types.len()
            )));
        }
        let groups: Vec<usize> = (0..offsets.len().saturating_sub(1)).collect();
        let one = |&g: &usize| -> Result<(usize, f64), String> {
            let c = &docs[offsets[g]..offsets[g + 1]];
            let n = c.len();
            if n < 2 {
                return Ok((0, 0.0));
            }
            WORKER.with_borrow_mut(|w| {
                let mut best = (0, f64::NEG_INFINITY);
                for (i, pred) in c.iter().enumerate() {
                    let mut sum = 0.0;
                    for (j, reference) in c.iter().enumerate() {
                        if j != i {
                            sum += self
                                .cell(pred, reference, field, &mut w.scratch, cancel)
                                .map_err(|e| format!("group {g}, candidates ({i}, {j}): {e}"))?;
                        }
                    }
                    let mean = sum / (n - 1) as f64;
                    if mean > best.1 {
                        best = (i, mean);
                    }
                }
                Ok(best)
            })
        };
        let Some(results) =
            crate::pool::map_in_chunks(&groups, self.config.threads, 16, cancel, one)
        else {
            return Ok(None);
        };
        results
            .into_iter()
            .collect::<Result<Vec<_>, String>>()
            .map(Some)
            .map_err(RougeError::TooLarge)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{EngineConfig, Pair};

    #[test]
    fn cells_equal_batch_scores() {
        let texts = [
            "The quick brown fox\njumps over the dog",
            "the dog jumps",
            "",
            "!!!",
            "a quick brown dog jumps over the lazy fox",
        ];
        for ty in [
            "rouge1",
            "rouge2",
            "rougeL",
            "rougeLsum",
            "rougeW-1.2",
            "rougeSU4",
        ] {
            let e = Engine::new(EngineConfig::parse(&[ty], true, 2).unwrap());
            let sets = e.doc_sets(&[&texts], &Cancel::never()).unwrap();
            assert_eq!(sets[0].dropped, [3]);
            for field in Field::ALL {
                let m = e
                    .pairwise(&sets[0].docs, &sets[0].docs, field, &Cancel::never())
                    .unwrap()
                    .unwrap();
                for (i, a) in texts.iter().enumerate() {
                    for (j, b) in texts.iter().enumerate() {
                        let refs = [*b];
                        let batch = e
                            .score_texts(&[Pair {
                                prediction: a,
                                references: &refs,
                            }])
                            .unwrap();
                        let want = batch.column(0, field)[0];
                        assert_eq!(
                            m[i * texts.len() + j].to_bits(),
                            want.to_bits(),
                            "{ty} {i} {j}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn mbr_picks_the_highest_mean_first_on_ties() {
        let texts = ["a b c", "a b d", "x y z", "a b c", "q", "q"];
        let e = Engine::new(EngineConfig::parse(&["rouge1"], false, 2).unwrap());
        let sets = e.doc_sets(&[&texts], &Cancel::never()).unwrap();
        let got = e
            .mbr(
                &sets[0].docs,
                &[0, 4, 6, 6],
                Field::Fmeasure,
                &Cancel::never(),
            )
            .unwrap()
            .unwrap();
        // "a b c" twice: both means (2/3 + 0 + 1) / 3; the first wins.
        assert_eq!(got[0].0, 0);
        assert_eq!(got[0].1, (2.0 / 3.0 + 0.0 + 1.0) / 3.0);
        assert_eq!(got[1], (0, 1.0));
        assert_eq!(got[2], (0, 0.0));
    }

    #[test]
    fn one_type_only() {
        let e = Engine::new(EngineConfig::parse(&["rouge1", "rougeL"], false, 1).unwrap());
        let err = e.pairwise(&[], &[], Field::Fmeasure, &Cancel::never());
        assert!(err.unwrap_err().to_string().contains("one ROUGE type"));
    }
}
