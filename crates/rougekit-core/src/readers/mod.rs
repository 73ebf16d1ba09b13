//! The command line's input formats parsed without Python: JSON Lines ([`jsonl`]),
//! line-aligned text files ([`lines`]) and CSV/TSV ([`table`]), each read from any
//! [`BufRead`] the caller opens, a chunk of pairs at a time (memory stays flat).
//!
//! The readers accept exactly what the Python readers of `rougekit.cli.input_files` accept and
//! read the same texts from it. They do not word errors: a line they do not take as it is (not
//! UTF-8, malformed, a field missing, a rare construct such as a lone surrogate escape) stops
//! the chunk with a [`Problem`] holding the line's bytes, and the caller hands that line to the
//! Python reader, whose message (or, for a rare valid construct, whose pair) it is.

pub mod jsonl;
pub mod lines;
pub mod table;

use crate::engine::Pair;
use std::io::{self, BufRead};
use std::ops::Range;

/// How a pair is named: a text of the input, a JSON value for Python's `json.dumps`
/// (`"id": 1.5`), or its position in the file.
#[derive(Debug, Clone, PartialEq)]
pub enum PairId {
    Text(Range<usize>),
    Json(Range<usize>),
    Count(u64),
}

/// Pairs read from a file: every text in one buffer.
#[derive(Debug, Default, Clone)]
pub struct TextChunk {
    text: String,
    predictions: Vec<Range<usize>>,
    references: Vec<Range<usize>>,
    /// `ref_ends[i]`: where pair `i`'s references end in `references`.
    ref_ends: Vec<usize>,
    ids: Vec<PairId>,
}

impl TextChunk {
    /// Pairs held.
    pub fn len(&self) -> usize {
        self.predictions.len()
    }

    /// True when no pair is held.
    pub fn is_empty(&self) -> bool {
        self.predictions.is_empty()
    }

    /// Bytes of text held (of every text and id).
    pub fn text_bytes(&self) -> usize {
        self.text.len()
    }

    /// Appends `s` to the buffer; its span.
    fn put(&mut self, s: &str) -> Range<usize> {
        let start = self.text.len();
        self.text.push_str(s);
        start..self.text.len()
    }

    /// Adds a pair given as texts (the Python reader's, for a line these readers left to it).
    pub fn push(&mut self, id: &str, prediction: &str, references: &[&str]) {
        let id = self.put(id);
        let p = self.put(prediction);
        for r in references {
            let r = self.put(r);
            self.references.push(r);
        }
        self.finish_pair(PairId::Text(id), p);
    }

    fn finish_pair(&mut self, id: PairId, prediction: Range<usize>) {
        self.predictions.push(prediction);
        self.ref_ends.push(self.references.len());
        self.ids.push(id);
    }

    /// Prediction `i`.
    pub fn prediction(&self, i: usize) -> &str {
        &self.text[self.predictions[i].clone()]
    }

    /// The references of pair `i`.
    pub fn references(&self, i: usize) -> impl Iterator<Item = &str> + '_ {
        let start = if i == 0 { 0 } else { self.ref_ends[i - 1] };
        self.references[start..self.ref_ends[i]]
            .iter()
            .map(|r| &self.text[r.clone()])
    }

    /// The id of pair `i`.
    pub fn id(&self, i: usize) -> IdRef<'_> {
        match &self.ids[i] {
            PairId::Text(r) => IdRef::Text(&self.text[r.clone()]),
            PairId::Json(r) => IdRef::Json(&self.text[r.clone()]),
            PairId::Count(n) => IdRef::Count(*n),
        }
    }

    /// Calls `f` with the chunk as the engine's pairs.
    pub fn as_pairs<R>(&self, f: impl FnOnce(&[Pair<'_>]) -> R) -> R {
        let refs: Vec<&str> = self
            .references
            .iter()
            .map(|r| &self.text[r.clone()])
            .collect();
        let mut start = 0;
        let pairs: Vec<Pair<'_>> = self
            .predictions
            .iter()
            .zip(&self.ref_ends)
            .map(|(p, &end)| {
                let references = &refs[start..end];
                start = end;
                Pair {
                    prediction: &self.text[p.clone()],
                    references,
                }
            })
            .collect();
        f(&pairs)
    }

    /// Pairs whose references are all blank (empty or white space as Python's
    /// `str.isspace` sees it): the command line's blank-reference warning.
    pub fn blank_references(&self) -> usize {
        (0..self.len())
            .filter(|&i| self.references(i).all(is_blank))
            .count()
    }

    /// What the texts hold for rougeLsum's warning, as `rougekit.diagnostics._lines_of`
    /// says it: 2 when a text has a newline, else 1 when one is not blank, else 0.
    pub fn lines_note(&self) -> u8 {
        let mut lines = 0;
        let texts = self
            .predictions
            .iter()
            .chain(&self.references)
            .map(|r| &self.text[r.clone()]);
        for t in texts {
            if t.as_bytes().contains(&b'\n') {
                return 2;
            }
            if lines == 0 && !is_blank(t) {
                lines = 1;
            }
        }
        lines
    }
}

/// An id as read: see [`PairId`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum IdRef<'a> {
    Text(&'a str),
    Json(&'a str),
    Count(u64),
}

/// Python's `str.isspace` for one character: bidirectional class WS, B or S, or category
/// Zs (Unicode 14, CPython 3.11; the list is CPython's `_PyUnicode_IsWhitespace`).
pub fn is_python_space(c: char) -> bool {
    matches!(
        c,
        '\t'..='\r'
            | '\u{1c}'..='\u{20}'
            | '\u{85}'
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
    )
}

/// Empty, or white space only (Python's `not s or s.isspace()`, `not s.strip()`).
pub fn is_blank(s: &str) -> bool {
    s.chars().all(is_python_space)
}

/// Why a reader stopped before the chunk was full.
#[derive(Debug, PartialEq)]
pub enum Problem {
    /// Line `number` (from 1) of input `file`, without its line end, is for the Python
    /// reader (see the module's documentation).
    Line {
        file: usize,
        number: u64,
        raw: Vec<u8>,
    },
    /// Line `number` of input `file` is longer than the limit.
    TooLong { file: usize, number: u64 },
    /// The files have these numbers of lines (not all the same).
    Counts(Vec<u64>),
    /// Reading after line `after` of input `file` failed.
    Io {
        file: usize,
        after: u64,
        errno: Option<i32>,
        message: String,
    },
}

/// Lines of one input with their numbers, each at most `max_bytes` long (with its end).
pub struct LineSource<R> {
    input: R,
    max_bytes: usize,
    /// Lines read so far.
    pub number: u64,
    /// Bytes read so far.
    pub bytes: u64,
    buf: Vec<u8>,
    /// `buf`'s line without its end.
    len: usize,
    /// Index of the input, for [`Problem`]s.
    file: usize,
}

impl<R: BufRead> LineSource<R> {
    pub fn new(input: R, max_bytes: usize, file: usize) -> Self {
        LineSource {
            input,
            max_bytes,
            number: 0,
            bytes: 0,
            buf: Vec::new(),
            len: 0,
            file,
        }
    }

    /// The input.
    pub fn input_mut(&mut self) -> &mut R {
        &mut self.input
    }

    /// Reads the next line as the Python reader's `handle.readline(max_bytes + 1)` reads
    /// it; false at the end of the input. [`LineSource::line`] then holds it.
    pub fn next_line(&mut self) -> Result<bool, Problem> {
        self.buf.clear();
        loop {
            let available = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(Problem::Io {
                        file: self.file,
                        after: self.number,
                        errno: e.raw_os_error(),
                        message: e.to_string(),
                    })
                }
            };
            if available.is_empty() {
                break;
            }
            let room = self.max_bytes + 1 - self.buf.len();
            let window = &available[..available.len().min(room)];
            let (take, done) = match window.iter().position(|&b| b == b'\n') {
                Some(k) => (k + 1, true),
                None => (window.len(), window.len() == room),
            };
            self.buf.extend_from_slice(&window[..take]);
            self.input.consume(take);
            if done {
                break;
            }
        }
        if self.buf.is_empty() {
            return Ok(false);
        }
        self.number += 1;
        if self.buf.len() > self.max_bytes {
            return Err(Problem::TooLong {
                file: self.file,
                number: self.number,
            });
        }
        self.bytes += self.buf.len() as u64;
        let mut line = &self.buf[..];
        if let Some(rest) = line.strip_suffix(b"\n") {
            line = rest.strip_suffix(b"\r").unwrap_or(rest);
        }
        self.len = line.len();
        Ok(true)
    }

    /// The line read last, without its `\n` or `\r\n` (line 1 raw: byte order mark kept).
    pub fn line(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// The Python reader's problem: the line read last.
    pub fn problem(&self) -> Problem {
        Problem::Line {
            file: self.file,
            number: self.number,
            raw: self.line().to_vec(),
        }
    }

    /// The line read last as text, as the Python reader's `lines` decodes it: on line 1 a
    /// line whose bytes are a third zeros or more is a [`Problem`] (UTF-16), and a UTF-8 byte
    /// order mark is dropped; a line that is not UTF-8 is a [`Problem`].
    pub fn text(&self) -> Result<&str, Problem> {
        let mut line = self.line();
        if self.number == 1 {
            let zeros = line.iter().filter(|&&b| b == 0).count();
            if !line.is_empty() && zeros * 3 >= line.len() {
                return Err(self.problem());
            }
            line = line.strip_prefix(b"\xef\xbb\xbf").unwrap_or(line);
        }
        std::str::from_utf8(line).map_err(|_| self.problem())
    }
}
