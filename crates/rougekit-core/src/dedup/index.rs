//! The inverted index of a set of documents: for each token, the documents holding it (in
//! document order), and each token's document frequency, which orders a query's tokens
//! rarest first for prefix filtering.

/// Postings of every token id below `vocab`.
#[derive(Debug)]
pub struct Index {
    /// Documents of token t: `docs[starts[t]..starts[t + 1]]`, ascending.
    starts: Vec<u32>,
    docs: Vec<u32>,
    /// Documents holding token t (all of its tokens, also when only a prefix is indexed).
    frequency: Vec<u32>,
}

impl Index {
    /// The index of every token of `docs` (token ids below `vocab`).
    pub fn build(docs: &[&[u32]], vocab: usize) -> Index {
        let index = Index::build_all(docs, vocab);
        let frequency = (0..vocab)
            .map(|t| index.postings(t as u32).len() as u32)
            .collect();
        Index { frequency, ..index }
    }

    /// The index of each document's first `prefix(len)` tokens in rarity order (document
    /// frequency, then id; repeats of a token count one by one), every document's tokens
    /// counted in the frequencies: prefix filtering's index. A query whose own prefix (in
    /// the same order) of `|q| − α + 1` tokens meets no indexed token of a document shares
    /// fewer than α tokens with it when the document's prefix holds at least `|d| − α + 1`
    /// tokens (two multisets sharing α elements share one among any `|q| − α + 1` of the
    /// one's and `|d| − α + 1` of the other's elements in a common order).
    pub fn build_prefixes(docs: &[&[u32]], vocab: usize, prefix: impl Fn(usize) -> usize) -> Index {
        let full = Index::build(docs, vocab);
        let mut order: Vec<u32> = Vec::new();
        let cut: Vec<Vec<u32>> = docs
            .iter()
            .map(|d| {
                order.clear();
                order.extend_from_slice(d);
                order.sort_unstable_by_key(|&t| (full.frequency[t as usize], t));
                order.truncate(prefix(d.len()).min(d.len()));
                order.clone()
            })
            .collect();
        let refs: Vec<&[u32]> = cut.iter().map(|d| d.as_slice()).collect();
        Index {
            frequency: full.frequency,
            ..Index::build_all(&refs, vocab)
        }
    }

    fn build_all(docs: &[&[u32]], vocab: usize) -> Index {
        let mut last = vec![u32::MAX; vocab];
        let mut counts = vec![0u32; vocab + 1];
        for (d, doc) in docs.iter().enumerate() {
            for &t in *doc {
                let t = t as usize;
                if last[t] != d as u32 {
                    last[t] = d as u32;
                    counts[t + 1] += 1;
                }
            }
        }
        for t in 0..vocab {
            counts[t + 1] += counts[t];
        }
        let starts = counts;
        let mut fill = starts.clone();
        let mut out = vec![0u32; starts[vocab] as usize];
        last.fill(u32::MAX);
        for (d, doc) in docs.iter().enumerate() {
            for &t in *doc {
                let t = t as usize;
                if last[t] != d as u32 {
                    last[t] = d as u32;
                    out[fill[t] as usize] = d as u32;
                    fill[t] += 1;
                }
            }
        }
        Index {
            starts,
            docs: out,
            frequency: Vec::new(),
        }
    }

    /// The documents holding `t`, ascending.
    #[inline]
    pub fn postings(&self, t: u32) -> &[u32] {
        let t = t as usize;
        if t + 1 >= self.starts.len() {
            return &[];
        }
        &self.docs[self.starts[t] as usize..self.starts[t + 1] as usize]
    }

    /// The number of documents holding `t` (the rarity order of prefix filtering).
    #[inline]
    pub fn frequency(&self, t: u32) -> usize {
        self.frequency.get(t as usize).map_or(0, |&f| f as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postings_are_distinct_and_ordered() {
        let docs: [&[u32]; 3] = [&[0, 1, 1], &[2], &[1, 2, 0]];
        let ix = Index::build(&docs, 4);
        assert_eq!(ix.postings(0), [0, 2]);
        assert_eq!(ix.postings(1), [0, 2]);
        assert_eq!(ix.postings(2), [1, 2]);
        assert_eq!(ix.frequency(3), 0);
        assert_eq!(ix.frequency(9), 0);
        // Prefixes of one token: doc 0's rarest is 1 (df 2, id 1 < 0? no: 0 and 1 both df 2,
        // so id 0), doc 1's is 2, doc 2's is 0.
        let ix = Index::build_prefixes(&docs, 4, |_| 1);
        assert_eq!(ix.postings(0), [0, 2]);
        assert_eq!(ix.postings(1), [] as [u32; 0]);
        assert_eq!(ix.postings(2), [1]);
        assert_eq!(ix.frequency(1), 2);
    }
}
