//! Skip-bigrams for ROUGE-S and ROUGE-SU, counted as ROUGE-1.5.5 does (spec `rouge-1.5.5.md` §8.4).
use crate::pool::Cancel;

/// High half of a unigram key: no pair key has it, because token ids are below `u32::MAX`.
const UNIGRAM: u64 = (u32::MAX as u64) << 32;

/// Writes into `out` (cleared first) the items of `tokens` in text order: for every
/// position `i` but the last, the unigram `t_i` (SU only) and the pairs `(t_i, t_j)` with at
/// most `gap` tokens between them (`None`: unlimited). The last token's unigram is never
/// added and a one-token text has no item (ROUGE-1.5.5's loop bound, spec `rouge-1.5.5.md` §8.4, E30).
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

/// The tokens of an item of [`skip_keys`]: `(first, Some(second))` for a pair,
/// `(token, None)` for a unigram (the explanations' view of the keys).
pub fn item_tokens(key: u64) -> (u32, Option<u32>) {
    if key & UNIGRAM == UNIGRAM {
        (key as u32, None)
    } else {
        ((key >> 32) as u32, Some(key as u32))
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

/// Which unigrams ROUGE-SU adds to the skip-bigrams.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unigrams {
    /// ROUGE-S: none.
    None,
    /// ROUGE-1.5.5: every token but the last ([`skip_keys`]).
    AllButLast,
    /// The paper (rouge-score profile): every token ([`skip_keys_all_unigrams`]).
    All,
}

/// Most items per text that [`skip_keys`] may materialise (128 MiB of keys, and at most as
/// many entries in the overlap's hash table: well under 1 GiB in all); texts with more are
/// counted by [`count_overlap`] in linear memory. rougeSU4 stays on the fast key path up to
/// about 3 million tokens; rougeS* leaves it at about 5,800.
pub const MAX_KEYS: usize = 1 << 24;

/// Number of items [`skip_keys`] / [`skip_keys_all_unigrams`] produce for `n` tokens, from
/// the closed form: Σ_{k=1}^{n-1} min(gap + 1, k) pairs, plus the unigrams.
pub fn item_count(n: usize, gap: Option<usize>, unigrams: Unigrams) -> usize {
    let pairs = if n < 2 {
        0
    } else {
        let g = gap.map_or(usize::MAX, |d| d.saturating_add(1));
        if g >= n - 1 {
            (n / 2).saturating_mul(n - 1 + n % 2) // n(n-1)/2 without overflow
        } else {
            (g * (g + 1) / 2).saturating_add(g.saturating_mul(n - 1 - g))
        }
    };
    let singles = match unigrams {
        Unigrams::None => 0,
        Unigrams::AllButLast => n.saturating_sub(1),
        Unigrams::All => n,
    };
    pairs.saturating_add(singles)
}

/// True when either text has more than [`MAX_KEYS`] items (use [`count_overlap`]).
pub fn too_many_keys(a: usize, b: usize, gap: Option<usize>, unigrams: Unigrams) -> bool {
    item_count(a.max(b), gap, unigrams) > MAX_KEYS
}

/// Clipped overlap of two texts' items and their item totals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkipCounts {
    /// Σ over items of min(count in `a`, count in `b`).
    pub hits: usize,
    pub a_total: usize,
    pub b_total: usize,
}

/// Reusable buffers of [`count_overlap`].
#[derive(Debug, Default)]
pub struct SkipScratch {
    index: Vec<u32>,
    seqs: [Vec<u32>; 2],
    acc: [Vec<u64>; 2],
    fenwick: Vec<u32>,
    pos: Vec<u32>,
}

const NO_INDEX: u32 = u32::MAX;

/// The numbers [`skip_keys`] and a clipped multiset overlap give, without materialising the
/// items: memory O(|a| + |b|). Totals come from [`item_count`]. Only tokens present in both
/// texts can be in a common item, so pairs are counted over that common vocabulary V: with
/// no gap limit and no token repeated, as pairs in the same order in both texts (a Fenwick
/// tree, O(n log n)); otherwise one linear scan of both texts per first token a ∈ V, with a
/// sliding count of a within the gap (O(|V| · n) time, reported to `cancel` as it goes).
pub fn count_overlap(
    a: &[u32],
    b: &[u32],
    gap: Option<usize>,
    unigrams: Unigrams,
    s: &mut SkipScratch,
    cancel: &Cancel<'_>,
) -> SkipCounts {
    let a_total = item_count(a.len(), gap, unigrams);
    let b_total = item_count(b.len(), gap, unigrams);
    let mut hits = unigram_hits(a, b, unigrams, s);
    // Dense indices of the common vocabulary.
    let top = id_bound(a, b);
    s.index.clear();
    s.index.resize(top, NO_INDEX);
    let mut in_a = vec![false; top];
    let mut common = 0u32;
    for &t in a {
        in_a[t as usize] = true;
    }
    for &t in b {
        let t = t as usize;
        if in_a[t] && s.index[t] == NO_INDEX {
            s.index[t] = common;
            common += 1;
        }
    }
    drop(in_a);
    let v = common as usize;
    if v == 0 {
        return SkipCounts {
            hits,
            a_total,
            b_total,
        };
    }
    // Texts as common indices: with a gap limit positions matter, so other tokens stay as
    // NO_INDEX; without one they cannot be in a common pair and are dropped.
    for (seq, text) in s.seqs.iter_mut().zip([a, b]) {
        seq.clear();
        let ids = text.iter().map(|&t| s.index[t as usize]);
        match gap {
            Some(_) => seq.extend(ids),
            None => seq.extend(ids.filter(|&k| k != NO_INDEX)),
        }
    }
    if gap.is_none() && s.seqs.iter().all(|q| q.len() == v) {
        hits += ordered_pairs(s, v);
    } else {
        hits += scanned_pairs(s, v, gap, cancel);
    }
    SkipCounts {
        hits,
        a_total,
        b_total,
    }
}

/// Clipped unigram overlap of the unigram items.
fn unigram_hits(a: &[u32], b: &[u32], unigrams: Unigrams, s: &mut SkipScratch) -> usize {
    let keep = |t: &[u32]| match unigrams {
        Unigrams::None => 0,
        Unigrams::AllButLast => t.len().saturating_sub(1),
        Unigrams::All => t.len(),
    };
    let (a, b) = (&a[..keep(a)], &b[..keep(b)]);
    if a.is_empty() || b.is_empty() {
        return 0;
    }
    let top = id_bound(a, b);
    let counts = &mut s.acc[0];
    counts.clear();
    counts.resize(top, 0);
    for &t in a {
        counts[t as usize] += 1;
    }
    let mut hits = 0;
    for &t in b {
        let c = &mut counts[t as usize];
        if *c > 0 {
            *c -= 1;
            hits += 1;
        }
    }
    hits
}

/// Both sequences are permutations of 0..v: the pairs (x, y) with x before y in both.
fn ordered_pairs(s: &mut SkipScratch, v: usize) -> usize {
    s.pos.clear();
    s.pos.resize(v, 0);
    for (p, &k) in s.seqs[0].iter().enumerate() {
        s.pos[k as usize] = p as u32;
    }
    s.fenwick.clear();
    s.fenwick.resize(v + 1, 0);
    let mut hits = 0usize;
    for &k in &s.seqs[1] {
        let p = s.pos[k as usize] as usize;
        // Earlier tokens of the second text that are also earlier in the first.
        let mut i = p;
        while i > 0 {
            hits += s.fenwick[i] as usize;
            i &= i - 1;
        }
        let mut i = p + 1;
        while i <= v {
            s.fenwick[i] += 1;
            i += i & i.wrapping_neg();
        }
    }
    hits
}

/// Σ_{x,y ∈ V} min(C_a(x, y), C_b(x, y)) with C(x, y) the number of position pairs i < j,
/// j − i ≤ gap + 1, holding x then y: for each x, one scan per text.
fn scanned_pairs(s: &mut SkipScratch, v: usize, gap: Option<usize>, cancel: &Cancel<'_>) -> usize {
    let window = gap.map_or(usize::MAX, |d| d.saturating_add(1));
    for acc in &mut s.acc {
        acc.clear();
        acc.resize(v, 0);
    }
    let mut hits = 0usize;
    for x in 0..v as u32 {
        for (seq, acc) in s.seqs.iter().zip(s.acc.iter_mut()) {
            // `inside`: occurrences of x among the previous `window` positions.
            let mut inside = 0u64;
            for (j, &k) in seq.iter().enumerate() {
                if window < j && seq[j - window - 1] == x {
                    inside -= 1;
                }
                if k != NO_INDEX && inside > 0 {
                    acc[k as usize] += inside;
                }
                if k == x {
                    inside += 1;
                }
            }
        }
        let [acc_a, acc_b] = &mut s.acc;
        for (ca, cb) in acc_a.iter_mut().zip(acc_b.iter_mut()) {
            hits += (*ca).min(*cb) as usize;
            *ca = 0;
            *cb = 0;
        }
        let work = s.seqs[0].len() + s.seqs[1].len() + v;
        if !cancel.tick(work) {
            break;
        }
    }
    hits
}

/// One more than the largest token id of `a` and `b` (0 for none): the size of a table
/// indexed by id.
fn id_bound(a: &[u32], b: &[u32]) -> usize {
    a.iter()
        .chain(b)
        .copied()
        .max()
        .map_or(0, |t| t as usize + 1)
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

    fn lcg(seed: &mut u64) -> u32 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) as u32
    }

    /// The materialised items and a hashed clipped overlap: the path every short text takes.
    fn by_keys(a: &[u32], b: &[u32], gap: Option<usize>, u: Unigrams) -> SkipCounts {
        let (mut ka, mut kb) = (Vec::new(), Vec::new());
        let keys = |t: &[u32], out: &mut Vec<u64>| match u {
            Unigrams::All => skip_keys_all_unigrams(t, gap, true, out),
            Unigrams::AllButLast => skip_keys(t, gap, true, out),
            Unigrams::None => skip_keys(t, gap, false, out),
        };
        keys(a, &mut ka);
        keys(b, &mut kb);
        SkipCounts {
            hits: crate::kernels::ngram::KeyCounter::default().overlap(&ka, &kb),
            a_total: ka.len(),
            b_total: kb.len(),
        }
    }

    #[test]
    fn counting_matches_materialised_items() {
        let mut seed = 7u64;
        let mut s = SkipScratch::default();
        let never = Cancel::never();
        for round in 0..4000 {
            let alphabet = 1 + lcg(&mut seed) % if round % 3 == 0 { 40 } else { 6 };
            let la = (lcg(&mut seed) % 30) as usize;
            let lb = (lcg(&mut seed) % 30) as usize;
            let mut a: Vec<u32> = (0..la).map(|_| lcg(&mut seed) % alphabet).collect();
            let mut b: Vec<u32> = (0..lb).map(|_| lcg(&mut seed) % alphabet).collect();
            if round % 5 == 0 {
                // Permutations: the Fenwick path.
                a = (0..la as u32).collect();
                b = (0..lb as u32).rev().collect();
                for i in (1..b.len()).rev() {
                    b.swap(i, lcg(&mut seed) as usize % (i + 1));
                }
            }
            for gap in [None, Some(0), Some(1), Some(4), Some(40)] {
                for u in [Unigrams::None, Unigrams::AllButLast, Unigrams::All] {
                    let want = by_keys(&a, &b, gap, u);
                    let got = count_overlap(&a, &b, gap, u, &mut s, &never);
                    assert_eq!(got, want, "{a:?} {b:?} {gap:?} {u:?}");
                    assert_eq!(item_count(a.len(), gap, u), want.a_total);
                }
            }
        }
    }
}
