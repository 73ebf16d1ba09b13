//! JSON Lines: one object per line with a prediction field and a references field (a
//! string or a list of strings), as `rougekit.cli.input_files.read_jsonl` reads them.
//!
//! The scanner takes what Python's `json.loads` takes, with the values it gives, for the
//! fields it reads; everything else on the line is validated, not kept. It hands the line to
//! the Python reader ([`Problem::Line`]) where `json.loads` would fail or the record is not
//! a pair, and also for the few valid constructs it does not read itself: `NaN` and
//! `Infinity`, a lone surrogate escape (`"\udc00"`: valid JSON, no text), integers of more
//! than 4,000 digits (Python refuses those above 4,300), nesting deeper than 64, a field
//! given twice (the last one counts) or a value other than a string for the id.

use super::{is_blank, LineSource, PairId, Problem, TextChunk};
use std::io::BufRead;
use std::ops::Range;

/// Nesting beyond this goes to the Python reader (whose limit is the recursion limit).
const MAX_DEPTH: usize = 64;
/// Integers with more digits go to the Python reader (`int()` refuses more than 4,300).
const MAX_INT_DIGITS: usize = 4000;

/// The field names of a record.
#[derive(Debug, Clone)]
pub struct Fields {
    pub prediction: String,
    pub references: String,
    pub id: String,
}

/// A JSON Lines input, read a chunk at a time.
pub struct JsonlReader<R> {
    src: LineSource<R>,
    fields: Fields,
    /// Pairs read so far (the default id is this count).
    count: u64,
    done: bool,
}

impl<R: BufRead> JsonlReader<R> {
    pub fn new(input: R, fields: Fields, max_line_bytes: usize) -> Self {
        JsonlReader {
            src: LineSource::new(input, max_line_bytes, 0),
            fields,
            count: 0,
            done: false,
        }
    }

    /// True once the input is read to its end.
    pub fn done(&self) -> bool {
        self.done
    }

    /// Bytes read so far.
    pub fn bytes(&self) -> u64 {
        self.src.bytes
    }

    /// Pairs read so far.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Lines read so far.
    pub fn lines(&self) -> u64 {
        self.src.number
    }

    /// The input (its reader's state, e.g. a kept error).
    pub fn input_mut(&mut self) -> &mut R {
        self.src.input_mut()
    }

    /// Counts a pair that the caller read from a [`Problem`] line and added itself.
    pub fn count_one(&mut self) {
        self.count += 1;
    }

    /// Adds pairs to `chunk` until it holds `max` or the input ends; a line it leaves to
    /// the Python reader stops it (reading goes on after that line).
    pub fn fill(&mut self, chunk: &mut TextChunk, max: usize) -> Result<(), Problem> {
        while chunk.len() < max {
            if !self.src.next_line()? {
                self.done = true;
                return Ok(());
            }
            let line = self.src.text()?;
            if is_blank(line) {
                continue;
            }
            if record(line, &self.fields, self.count, chunk).is_none() {
                return Err(self.src.problem());
            }
            self.count += 1;
        }
        Ok(())
    }
}

/// Which fields a key names (several when two fields share a name).
#[derive(Clone, Copy, Default)]
struct Mask {
    prediction: bool,
    references: bool,
    id: bool,
}

impl Mask {
    fn any(self) -> bool {
        self.prediction || self.references || self.id
    }
}

/// Reads the record `line` into `chunk`; `None`, leaving `chunk` as it was, for a line the
/// Python reader must read.
fn record(line: &str, fields: &Fields, count: u64, chunk: &mut TextChunk) -> Option<()> {
    let (text_mark, refs_mark) = (chunk.text.len(), chunk.references.len());
    let read = read_record(line, fields, count, chunk);
    if read.is_none() {
        chunk.text.truncate(text_mark);
        chunk.references.truncate(refs_mark);
    }
    read
}

fn read_record(line: &str, fields: &Fields, count: u64, chunk: &mut TextChunk) -> Option<()> {
    let mut p = Scanner { s: line, i: 0 };
    p.ws();
    p.expect(b'{')?;
    p.ws();
    let mut prediction: Option<Range<usize>> = None;
    let mut references = false;
    let mut id: Option<PairId> = None;
    let mut key = String::new();
    if p.peek() == Some(b'}') {
        return None; // no field
    }
    loop {
        p.expect(b'"')?;
        let mask = p.key(fields, &mut key)?;
        p.ws();
        p.expect(b':')?;
        p.ws();
        if !mask.any() {
            p.skip_value(0)?;
        } else if (mask.prediction && prediction.is_some())
            || (mask.references && references)
            || (mask.id && id.is_some())
        {
            return None; // given twice: the last counts, as the Python reader reads it
        } else if p.peek() == Some(b'"') {
            p.i += 1;
            let start = chunk.text.len();
            p.string(&mut chunk.text)?;
            let span = start..chunk.text.len();
            if mask.prediction {
                prediction = Some(span.clone());
            }
            if mask.references {
                chunk.references.push(span.clone());
                references = true;
            }
            if mask.id {
                id = Some(PairId::Text(span));
            }
        } else if mask.references && !mask.prediction && !mask.id && p.peek() == Some(b'[') {
            p.i += 1;
            p.ws();
            if p.peek() == Some(b']') {
                return None; // an empty list
            }
            loop {
                p.expect(b'"')?;
                let start = chunk.text.len();
                p.string(&mut chunk.text)?;
                chunk.references.push(start..chunk.text.len());
                p.ws();
                match p.next()? {
                    b',' => p.ws(),
                    b']' => break,
                    _ => return None,
                }
            }
            references = true;
        } else if mask.id && !mask.prediction && !mask.references {
            let start = p.i;
            let integer = p.skip_value(0)?;
            let raw = &line[start..p.i];
            let raw = if raw == "-0" { "0" } else { raw };
            let span = chunk.put(raw);
            id = Some(if integer {
                PairId::Text(span)
            } else {
                PairId::Json(span)
            });
        } else {
            return None;
        }
        p.ws();
        match p.next()? {
            b',' => p.ws(),
            b'}' => break,
            _ => return None,
        }
    }
    p.ws();
    if p.i != line.len() || !references {
        return None;
    }
    let prediction = prediction?;
    chunk.finish_pair(id.unwrap_or(PairId::Count(count)), prediction);
    Some(())
}

/// A position in one line of JSON.
struct Scanner<'a> {
    s: &'a str,
    i: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.as_bytes().get(self.i).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.i += 1;
        Some(b)
    }

    fn expect(&mut self, b: u8) -> Option<()> {
        (self.next()? == b).then_some(())
    }

    /// JSON's white space (Python's `json` skips these four only).
    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    /// The bytes up to the next quote, backslash or control character.
    fn plain_run(&mut self) -> &str {
        let bytes = self.s.as_bytes();
        let start = self.i;
        let mut i = start;
        // Eight bytes at a time while none of them is a quote, a backslash or a control
        // character (SWAR: a byte's high bit is set in `hit` when it is one of those).
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        let has_zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
        while let Some(word) = bytes.get(i..i + 8) {
            let v = u64::from_le_bytes(word.try_into().expect("eight bytes"));
            let hit = has_zero(v ^ (ONES * u64::from(b'"')))
                | has_zero(v ^ (ONES * u64::from(b'\\')))
                | (v.wrapping_sub(ONES * 0x20) & !v & HIGH);
            if hit != 0 {
                break;
            }
            i += 8;
        }
        while i < bytes.len() {
            let b = bytes[i];
            if b == b'"' || b == b'\\' || b < 0x20 {
                break;
            }
            i += 1;
        }
        self.i = i;
        &self.s[start..i]
    }

    /// Four hex digits of a `\u` escape.
    fn hex4(&mut self) -> Option<u32> {
        let digits = self.s.as_bytes().get(self.i..self.i + 4)?;
        let mut v = 0;
        for &d in digits {
            v = v * 16 + (d as char).to_digit(16)?;
        }
        self.i += 4;
        Some(v)
    }

    /// The rest of a string (after its opening quote) decoded into `out`; `None` where
    /// Python fails, and for a lone surrogate.
    fn string(&mut self, out: &mut String) -> Option<()> {
        loop {
            let run = self.plain_run();
            out.push_str(run);
            match self.next()? {
                b'"' => return Some(()),
                b'\\' => {}
                _ => return None, // a control character
            }
            let c = match self.next()? {
                b'"' => '"',
                b'\\' => '\\',
                b'/' => '/',
                b'b' => '\u{8}',
                b'f' => '\u{c}',
                b'n' => '\n',
                b'r' => '\r',
                b't' => '\t',
                b'u' => {
                    let hi = self.hex4()?;
                    let code = if (0xD800..0xDC00).contains(&hi) {
                        if self.s.as_bytes().get(self.i..self.i + 2) != Some(b"\\u") {
                            return None;
                        }
                        self.i += 2;
                        let lo = self.hex4()?;
                        if !(0xDC00..0xE000).contains(&lo) {
                            return None;
                        }
                        0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                    } else {
                        hi
                    };
                    char::from_u32(code)? // None for a lone low surrogate
                }
                _ => return None,
            };
            out.push(c);
        }
    }

    /// Skips the rest of a string, validating it as Python's `json` does (surrogates are
    /// fine: the text is not kept).
    fn skip_string(&mut self) -> Option<()> {
        loop {
            self.plain_run();
            match self.next()? {
                b'"' => return Some(()),
                b'\\' => {}
                _ => return None,
            }
            match self.next()? {
                b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => {}
                b'u' => {
                    self.hex4()?;
                }
                _ => return None,
            }
        }
    }

    /// The fields a key (after its opening quote) names.
    fn key(&mut self, fields: &Fields, scratch: &mut String) -> Option<Mask> {
        let start = self.i;
        self.plain_run();
        let key = if self.peek() == Some(b'"') {
            let key = &self.s[start..self.i];
            self.i += 1;
            key
        } else {
            self.i = start;
            scratch.clear();
            self.string(scratch)?;
            scratch.as_str()
        };
        Some(Mask {
            prediction: key == fields.prediction,
            references: key == fields.references,
            id: key == fields.id,
        })
    }

    /// Skips one value; true when it was an integer (no fraction, no exponent).
    fn skip_value(&mut self, depth: usize) -> Option<bool> {
        match self.next()? {
            b'"' => self.skip_string().map(|_| false),
            b'{' => {
                if depth >= MAX_DEPTH {
                    return None;
                }
                self.ws();
                if self.peek() == Some(b'}') {
                    self.i += 1;
                    return Some(false);
                }
                loop {
                    self.expect(b'"')?;
                    self.skip_string()?;
                    self.ws();
                    self.expect(b':')?;
                    self.ws();
                    self.skip_value(depth + 1)?;
                    self.ws();
                    match self.next()? {
                        b',' => self.ws(),
                        b'}' => return Some(false),
                        _ => return None,
                    }
                }
            }
            b'[' => {
                if depth >= MAX_DEPTH {
                    return None;
                }
                self.ws();
                if self.peek() == Some(b']') {
                    self.i += 1;
                    return Some(false);
                }
                loop {
                    self.skip_value(depth + 1)?;
                    self.ws();
                    match self.next()? {
                        b',' => self.ws(),
                        b']' => return Some(false),
                        _ => return None,
                    }
                }
            }
            b't' => self.word(b"rue"),
            b'f' => self.word(b"alse"),
            b'n' => self.word(b"ull"),
            b'-' | b'0'..=b'9' => {
                self.i -= 1;
                self.number()
            }
            _ => None,
        }
    }

    fn word(&mut self, rest: &[u8]) -> Option<bool> {
        if self.s.as_bytes().get(self.i..self.i + rest.len()) != Some(rest) {
            return None;
        }
        self.i += rest.len();
        Some(false)
    }

    fn digits(&mut self) -> usize {
        let start = self.i;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.i += 1;
        }
        self.i - start
    }

    /// A JSON number (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?`); true for an integer.
    fn number(&mut self) -> Option<bool> {
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        match self.peek()? {
            b'0' => self.i += 1,
            b'1'..=b'9' => {
                if self.digits() > MAX_INT_DIGITS {
                    return None;
                }
            }
            _ => return None,
        }
        let mut integer = true;
        if self.peek() == Some(b'.') {
            self.i += 1;
            if self.digits() == 0 {
                return None;
            }
            integer = false;
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.i += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if self.digits() == 0 {
                return None;
            }
            integer = false;
        }
        // A number glued to a letter or digit ("01", "1x") is Python's error, or its
        // NaN/Infinity: the Python reader says which.
        if matches!(
            self.peek(),
            Some(b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' | b'.')
        ) {
            return None;
        }
        Some(integer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields() -> Fields {
        Fields {
            prediction: "prediction".into(),
            references: "references".into(),
            id: "id".into(),
        }
    }

    fn read(input: &str) -> (TextChunk, Result<(), Problem>) {
        let mut r = JsonlReader::new(input.as_bytes(), fields(), 1 << 20);
        let mut chunk = TextChunk::default();
        let out = r.fill(&mut chunk, 100);
        (chunk, out)
    }

    #[test]
    fn reads_records() {
        let (c, out) = read(concat!(
            "{\"prediction\": \"a\\nb\", \"references\": [\"x\", \"y\\u00e9\\ud83d\\ude00\"]}\n",
            "\n  \r\n",
            "{\"id\": 7, \"references\": \"r\", \"x\": {\"k\": [1, 2.5e3, null]}, \"prediction\": \"p\"}\r\n",
            "{\"id\": -0, \"prediction\": \"\", \"references\": \"\"}\n",
            "{\"id\": 1.5, \"prediction\": \"\", \"references\": \"\"}",
        ));
        assert_eq!(out, Ok(()));
        assert_eq!(c.len(), 4);
        assert_eq!(c.prediction(0), "a\nb");
        let refs: Vec<&str> = c.references(0).collect();
        assert_eq!(refs, ["x", "y\u{e9}\u{1f600}"]);
        assert_eq!(c.id(0), IdRef::Count(0));
        assert_eq!(c.id(1), IdRef::Text("7"));
        assert_eq!(c.id(2), IdRef::Text("0"));
        assert_eq!(c.id(3), IdRef::Json("1.5"));
        assert_eq!(c.references(1).collect::<Vec<_>>(), ["r"]);
    }

    use super::super::IdRef;

    #[test]
    fn hands_other_lines_to_python() {
        for bad in [
            "{\"prediction\": \"a\"}",
            "{\"prediction\": \"a\", \"references\": []}",
            "{\"prediction\": \"\\ud800\", \"references\": \"r\"}",
            "{\"prediction\": \"a\", \"references\": \"r\"} x",
            "{\"prediction\": \"a\", \"references\": \"r\", \"x\": NaN}",
            "{\"prediction\": \"a\", \"references\": \"r\", \"x\": 01}",
            "{\"prediction\": \"a\", \"prediction\": \"b\", \"references\": \"r\"}",
            "{\"prediction\": \"a\t\", \"references\": \"r\"}",
            "[1]",
            "\u{feff}{\"prediction\": \"a\", \"references\": \"r\"}",
        ] {
            let input = format!("{{\"prediction\": \"ok\", \"references\": \"r\"}}\n{bad}\n");
            let (c, out) = read(&input);
            assert_eq!(c.len(), 1, "{bad}");
            match out {
                Err(Problem::Line { number: 2, raw, .. }) => assert_eq!(raw, bad.as_bytes()),
                other => panic!("{bad}: {other:?}"),
            }
        }
    }

    #[test]
    fn first_line_bom_and_utf16() {
        let (c, out) = read("\u{feff}{\"prediction\": \"a\", \"references\": \"r\"}\n");
        assert_eq!((c.len(), out), (1, Ok(())));
        let mut r = JsonlReader::new(&b"{\0\"\0p\0"[..], fields(), 1 << 20);
        let mut chunk = TextChunk::default();
        assert!(matches!(
            r.fill(&mut chunk, 10),
            Err(Problem::Line { number: 1, .. })
        ));
        let mut r = JsonlReader::new(&b"{\"a\": 1}\n"[..], fields(), 4);
        assert_eq!(
            r.fill(&mut chunk, 10),
            Err(Problem::TooLong { file: 0, number: 1 })
        );
    }
}
