//! A tokenised text as the kernels see it: interned ids of the whole text and of its lines.
use crate::intern::{IdMap, Interner};
use crate::pipeline::Tokenizer;

/// A tokenised text: ids of the whole text (ROUGE-N, rougeL) and of its `\n`-separated lines
/// (rougeLsum).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TokenDoc {
    /// Whole-text token ids.
    pub tokens: Vec<u32>,
    /// Line token ids when they are not simply `tokens` (custom tokenizers are called per
    /// line by rouge-score, spec `rouge-score.md` §9); `None` means the lines partition `tokens`.
    pub line_tokens: Option<Vec<u32>>,
    /// End offset (into the line tokens) of each line that has tokens.
    pub line_ends: Vec<usize>,
}

impl TokenDoc {
    fn clear(&mut self) {
        self.tokens.clear();
        self.line_tokens = None;
        self.line_ends.clear();
    }

    /// All line tokens, concatenated.
    pub fn line_ids(&self) -> &[u32] {
        self.line_tokens.as_deref().unwrap_or(&self.tokens)
    }

    /// Builds a document from whole-text ids and per-line ids (pre-tokenised input).
    pub fn from_ids(tokens: Vec<u32>, lines: &[Vec<u32>]) -> TokenDoc {
        let mut line_tokens = Vec::new();
        let mut line_ends = Vec::new();
        for l in lines.iter().filter(|l| !l.is_empty()) {
            line_tokens.extend_from_slice(l);
            line_ends.push(line_tokens.len());
        }
        TokenDoc {
            tokens,
            line_tokens: Some(line_tokens),
            line_ends,
        }
    }

    /// Tokenises `text`; returns true when the text is not blank but yields no token (its
    /// words were all dropped, e.g. a script without ASCII letters), so callers can warn
    /// instead of reporting a silent 0.
    pub(super) fn tokenize_into(
        &mut self,
        text: &str,
        tokenizer: Tokenizer,
        interner: &mut Interner,
    ) -> bool {
        self.clear();
        if tokenizer.lines_apart() {
            return self.tokenize_lines_apart(text, tokenizer, interner);
        }
        let tokens = &mut self.tokens;
        let line_ends = &mut self.line_ends;
        // Inlined into each tokenizer's scan: called once per token, the closure was
        // otherwise a real call (a seventh of the text path's instructions).
        tokenizer.scan(
            text,
            #[inline(always)]
            |event| match event {
                Some(t) => tokens.push(interner.id_in(text, t)),
                None => {
                    if line_ends.last().copied().unwrap_or(0) < tokens.len() {
                        line_ends.push(tokens.len());
                    }
                }
            },
        );
        if line_ends.last().copied().unwrap_or(0) < tokens.len() {
            line_ends.push(tokens.len());
        }
        tokens.is_empty() && !text.trim().is_empty()
    }

    /// [`TokenDoc::tokenize_into`] for a tokenizer whose rougeLsum lines have tokens of their
    /// own (`xlsum-v1`).
    fn tokenize_lines_apart(
        &mut self,
        text: &str,
        tokenizer: Tokenizer,
        interner: &mut Interner,
    ) -> bool {
        let tokens = &mut self.tokens;
        tokenizer.scan(text, |event| {
            if let Some(t) = event {
                tokens.push(interner.id(t));
            }
        });
        let mut lines = Vec::new();
        let line_ends = &mut self.line_ends;
        tokenizer.scan_lines(text, |event| match event {
            Some(t) => lines.push(interner.id(t)),
            None => {
                if line_ends.last().copied().unwrap_or(0) < lines.len() {
                    line_ends.push(lines.len());
                }
            }
        });
        if line_ends.last().copied().unwrap_or(0) < lines.len() {
            line_ends.push(lines.len());
        }
        self.line_tokens = Some(lines);
        self.tokens.is_empty() && !text.trim().is_empty()
    }

    /// Token ids as a document: `ids` mapped to dense ids through `map`, lines ending at
    /// each `separator` (which is not a token).
    pub(crate) fn fill_ids(&mut self, ids: &[i64], separator: Option<i64>, map: &mut IdMap) {
        self.clear();
        for &t in ids {
            if Some(t) == separator {
                if self.line_ends.last().copied().unwrap_or(0) < self.tokens.len() {
                    self.line_ends.push(self.tokens.len());
                }
                continue;
            }
            self.tokens.push(map.id(t));
        }
        if self.line_ends.last().copied().unwrap_or(0) < self.tokens.len() {
            self.line_ends.push(self.tokens.len());
        }
    }
}
