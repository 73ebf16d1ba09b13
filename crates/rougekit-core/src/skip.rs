//! Skip-bigrams for ROUGE-S and ROUGE-SU, counted as ROUGE-1.5.5 does (spec §8.4).

/// High half of a unigram key: no pair key has it, because token ids are below `u32::MAX`.
const UNIGRAM: u64 = (u32::MAX as u64) << 32;

/// Writes into `out` (cleared first) the items of `tokens` in text order: for every
/// position `i` but the last, the unigram `t_i` (SU only) and the pairs `(t_i, t_j)` with at
/// most `gap` tokens between them (`None`: unlimited). The last token's unigram is never
/// added and a one-token text has no item (ROUGE-1.5.5's loop bound, spec §8.4, E30).
pub fn skip_keys(tokens: &[u32], gap: Option<usize>, unigrams: bool, out: &mut Vec<u64>) {
    out.clear();
    let len = tokens.len();
    for i in 0..len.saturating_sub(1) {
        let head = u64::from(tokens[i]);
        if unigrams {
            out.push(UNIGRAM | head);
        }
        let end = match gap {
            Some(d) => len.min(i.saturating_add(d).saturating_add(2)),
            None => len,
        };
        out.extend(
            tokens[i + 1..end]
                .iter()
                .map(|&t| (head << 32) | u64::from(t)),
        );
    }
}

/// Skip-bigram items of `tokens` as the paper defines them for the non-Perl profiles: every
/// pair within the gap, plus (ROUGE-SU) the unigram of *every* token, the last included.
pub fn skip_keys_all_unigrams(tokens: &[u32], gap: Option<usize>, su: bool, out: &mut Vec<u64>) {
    skip_keys(tokens, gap, su, out);
    if su {
        if let Some(&last) = tokens.last() {
            out.push(UNIGRAM | u64::from(last));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        let t: Vec<u32> = (0..6).collect();
        let mut out = Vec::new();
        skip_keys(&t, None, false, &mut out);
        assert_eq!(out.len(), 15);
        skip_keys(&t, Some(0), false, &mut out);
        assert_eq!(out.len(), 5); // S0 = bigrams
        skip_keys(&t, Some(4), true, &mut out);
        assert_eq!(out.len(), 15 + 5);
        skip_keys(&[7], Some(4), true, &mut out);
        assert!(out.is_empty());
    }
}
