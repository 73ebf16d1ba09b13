//! The inverted index of a set of documents: for each token, the documents holding it (in
//! document order), and each token's document frequency, which orders a query's tokens
//! rarest first for prefix filtering.

/// Postings of every token id below `vocab`.
#[derive(Debug)]
pub struct Index {
    /// Documents of token t: `docs[starts[t]..starts[t + 1]]`, ascending.
    starts: Vec<u32>,
    docs: Vec<u32>,
}

impl Index {
    /// The index of `docs` (token ids below `vocab`).
    pub fn build(docs: &[&[u32]], vocab: usize) -> Index {
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
        Index { starts, docs: out }
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

    /// The number of documents holding `t`.
    #[inline]
    pub fn frequency(&self, t: u32) -> usize {
        self.postings(t).len()
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
    }
}
