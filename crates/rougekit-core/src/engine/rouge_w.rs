//! ROUGE-W over the whole text (Lin 2004 §3.3; the rouge-score profile family's extension):
//! the weighted LCS with f(k) = k^w, then R = f⁻¹(WLCS / f(|ref|)), P = f⁻¹(WLCS / f(|pred|))
//! and rouge-score's F of those.
use crate::engine::config::RougeType;
use crate::engine::doc::TokenDoc;
use crate::engine::Scratch;
use crate::kernels::wlcs::{self, Weights};
use crate::pool::Cancel;
use crate::scores::{fmeasure, Match, Score};

/// The match of each reference: WLCS and f of both lengths. `Err` (the reason) for a pair
/// whose table would exceed [`wlcs::MAX_VALUE_CELLS`]: ROUGE-W is quadratic.
pub(super) fn matches(
    w: f64,
    pred: &TokenDoc,
    refs: &[TokenDoc],
    s: &mut Scratch,
    cancel: &Cancel<'_>,
) -> Result<(), String> {
    if s.weights.weight() != w {
        s.weights = Weights::new(w);
    }
    for r in refs {
        let (m, n) = (r.tokens.len(), pred.tokens.len());
        if m.saturating_mul(n) > wlcs::MAX_VALUE_CELLS {
            return Err(format!(
                "{} is too large for ROUGE-W: a {m} x {n} token table needs {} cells, more \
                 than the limit of {} (ROUGE-W takes time proportional to the product of \
                 the lengths)",
                RougeType::W(w.to_bits()).name(),
                m.saturating_mul(n),
                wlcs::MAX_VALUE_CELLS
            ));
        }
    }
    for r in refs {
        let (m, n) = (r.tokens.len(), pred.tokens.len());
        let f = &mut s.weights;
        // f(k) by `f_real`: the same bits as the table's `f`, without growing it to the
        // length of a side the WLCS never walks (an empty other side).
        let (pred_total, ref_total) = (f.f_real(n as f64), f.f_real(m as f64));
        let v = (m > 0 && n > 0)
            .then(|| wlcs::wlcs_value(&r.tokens, &pred.tokens, f, &mut s.wlcs, cancel));
        s.matches.push(Match {
            hits: v.as_ref().map_or(0.0, |v| v.value),
            pred_total,
            ref_total,
            int_zero: false,
            whole_pred: v.as_ref().is_some_and(|v| v.all_cols),
            whole_ref: v.as_ref().is_some_and(|v| v.all_rows),
        });
    }
    Ok(())
}

/// P, R and F of a match (one reference's, or pooled).
///
/// Range: WLCS is a telescoping sum of f(k+1) − f(k) whose rounding can leave it a few ulps
/// above or below f(|ref|) when the whole reference matches in one run, giving R =
/// 1.0000000000000002 or 0.9999999999999998 for identical texts (issue 13 item 3). For
/// w > 1, f is strictly superadditive, so R is exactly 1 iff one run covers the whole
/// reference (and P iff one covers the prediction): those cases are set to exactly 1.0, and
/// every other value is clamped to at most 1.0 (a clamp changes only values that were out
/// of range; the others keep their bits).
pub(super) fn score(m: &Match, f: &Weights) -> Score {
    if m.hits == 0.0 {
        // No match, or an empty side: f⁻¹(0) = 0.
        return Score::from_totals(0.0, m.pred_total, m.ref_total);
    }
    let recall = if m.whole_ref {
        1.0
    } else {
        f.inverse(m.hits / m.ref_total).min(1.0)
    };
    let precision = if m.whole_pred {
        1.0
    } else {
        f.inverse(m.hits / m.pred_total).min(1.0)
    };
    Score {
        precision,
        recall,
        fmeasure: fmeasure(precision, recall).min(1.0),
        int_zero: false,
    }
}
