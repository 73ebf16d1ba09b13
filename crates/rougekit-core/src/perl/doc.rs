//! One summary read the two ways ROUGE-1.5.5 reads it (spec `rouge-1.5.5.md` §6): a flat token list and a
//! token list per sentence, as interned ids.
use super::text::{self, Reader, Truncation};
use super::vocab::{Vocab, DROPPED};

/// A summary's token ids.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PerlDoc {
    /// Flat reader: every token of the (truncated) summary, sentences joined.
    pub flat: Vec<u32>,
    /// Sentence reader: the tokens of every kept sentence, concatenated ...
    pub sent_tokens: Vec<u32>,
    /// ... and the end offset of each sentence in `sent_tokens` (empty sentences included).
    pub sent_ends: Vec<usize>,
}

impl PerlDoc {
    /// The sentences' token slices, in order.
    pub fn sentences(&self) -> impl Iterator<Item = &[u32]> + '_ {
        let mut start = 0;
        self.sent_ends.iter().map(move |&end| {
            let s = &self.sent_tokens[start..end];
            start = end;
            s
        })
    }

    /// Reads `sentences` (raw bytes, one per sentence) under `limit` into this document.
    pub fn read(
        &mut self,
        sentences: &[&[u8]],
        limit: Truncation,
        vocab: &mut Vocab,
        buf: &mut Vec<u8>,
    ) {
        self.read_observed(sentences, limit, vocab, buf, &mut |_, _, _, _| {});
    }

    /// [`PerlDoc::read`], reporting every token a reader sees, kept or [`DROPPED`], as
    /// `(reader, sentence, raw bytes, id)` (the explanation's tokens): [`Reader::Flat`] for
    /// the flat reader's tokens, which are also the sentence reader's except under `-b`,
    /// where the sentence reader's are reported apart as [`Reader::Sentence`].
    pub fn read_observed<'a>(
        &mut self,
        sentences: &[&'a [u8]],
        limit: Truncation,
        vocab: &mut Vocab,
        buf: &mut Vec<u8>,
        seen: &mut impl FnMut(Reader, usize, &'a [u8], u32),
    ) {
        self.flat.clear();
        self.sent_tokens.clear();
        self.sent_ends.clear();
        let flat = text::truncate(sentences, limit, Reader::Flat);
        let same = !matches!(limit, Truncation::Bytes(_));
        let mut push = |out: &mut Vec<u32>,
                        reader: Reader,
                        k: usize,
                        piece: &text::Piece<'a>,
                        buf: &mut Vec<u8>| {
            piece.for_each_token_at(buf, &mut |t, raw| {
                let id = vocab.id(t);
                seen(reader, k, raw, id);
                if id != DROPPED {
                    out.push(id);
                }
            });
        };
        if same {
            for (k, piece) in flat.iter().enumerate() {
                push(&mut self.sent_tokens, Reader::Flat, k, piece, buf);
                self.sent_ends.push(self.sent_tokens.len());
            }
            self.flat.extend_from_slice(&self.sent_tokens);
        } else {
            for (k, piece) in flat.iter().enumerate() {
                push(&mut self.flat, Reader::Flat, k, piece, buf);
            }
            let pieces = text::truncate(sentences, limit, Reader::Sentence);
            for (k, piece) in pieces.iter().enumerate() {
                push(&mut self.sent_tokens, Reader::Sentence, k, piece, buf);
                self.sent_ends.push(self.sent_tokens.len());
            }
        }
    }
}
