//! CSV and TSV with a header row, as `rougekit.cli.input_files.read_table` reads them:
//! Python's `csv.reader` (the `excel` dialect, `strict=True`, one delimiter) over the file's
//! lines, each given back its `\n`. The parser is CPython 3.11's state machine
//! (`Modules/_csv.c`, `parse_process_char`) for that dialect, with its error messages.

use super::{LineSource, PairId, Problem, TextChunk};
use std::io::BufRead;

/// `csv.field_size_limit()`'s default: a longer cell is an error.
pub const FIELD_LIMIT: usize = 131_072;

#[derive(Clone, Copy, PartialEq)]
enum State {
    StartRecord,
    StartField,
    InField,
    InQuotedField,
    QuoteInQuotedField,
    EatCrnl,
}

/// One record's cells as `csv.reader` splits them.
struct Record {
    cells: Vec<String>,
    field: String,
    field_chars: usize,
    state: State,
}

/// A character, or the end of one input line (`EOL` in `_csv.c`).
#[derive(Clone, Copy, PartialEq)]
enum Input {
    Char(char),
    Eol,
}

impl Record {
    fn new() -> Self {
        Record {
            cells: Vec::new(),
            field: String::new(),
            field_chars: 0,
            state: State::StartRecord,
        }
    }

    fn reset(&mut self) {
        self.cells.clear();
        self.field.clear();
        self.field_chars = 0;
        self.state = State::StartRecord;
    }

    fn save_field(&mut self) {
        self.cells.push(std::mem::take(&mut self.field));
        self.field_chars = 0;
    }

    fn add(&mut self, c: char) -> Result<(), String> {
        if self.field_chars >= FIELD_LIMIT {
            return Err(format!("field larger than field limit ({FIELD_LIMIT})"));
        }
        self.field.push(c);
        self.field_chars += 1;
        Ok(())
    }

    /// One input line (without its end): its characters, the `\n` the Python reader gives
    /// back, and the end of the line. Inside a field, runs of ordinary characters are
    /// taken at once (the same cells: each of their characters would be added one by one).
    fn feed(&mut self, line: &str, delimiter: char) -> Result<(), String> {
        let bytes = line.as_bytes();
        let ascii_delimiter = delimiter.is_ascii().then_some(delimiter as u8);
        let mut i = 0;
        while i < bytes.len() {
            if let (Some(d), State::InField | State::InQuotedField) = (ascii_delimiter, self.state)
            {
                let quoted = self.state == State::InQuotedField;
                let run = bytes[i..]
                    .iter()
                    .position(|&b| b == b'"' || b == b'\n' || b == b'\r' || (!quoted && b == d))
                    .unwrap_or(bytes.len() - i);
                if run > 0 {
                    let text = &line[i..i + run];
                    let chars = text.bytes().filter(|&b| (b & 0xC0) != 0x80).count();
                    if self.field_chars + chars > FIELD_LIMIT {
                        return Err(format!("field larger than field limit ({FIELD_LIMIT})"));
                    }
                    self.field.push_str(text);
                    self.field_chars += chars;
                    i += run;
                    continue;
                }
            }
            let c = line[i..]
                .chars()
                .next()
                .expect("i is on a character boundary");
            self.process(Input::Char(c), delimiter)?;
            i += c.len_utf8();
        }
        self.process(Input::Char('\n'), delimiter)?;
        self.process(Input::Eol, delimiter)
    }

    /// `parse_process_char` for the excel dialect with `strict=True`.
    fn process(&mut self, input: Input, delimiter: char) -> Result<(), String> {
        let newline = matches!(input, Input::Char('\n' | '\r'));
        let end = |eol: bool| {
            if eol {
                State::StartRecord
            } else {
                State::EatCrnl
            }
        };
        let eol = input == Input::Eol;
        if self.state == State::StartRecord {
            if eol {
                return Ok(());
            }
            if newline {
                self.state = State::EatCrnl;
                return Ok(());
            }
            self.state = State::StartField;
        }
        match self.state {
            State::StartRecord => unreachable!("handled above"),
            State::StartField => {
                if newline || eol {
                    self.save_field();
                    self.state = end(eol);
                } else if input == Input::Char('"') {
                    self.state = State::InQuotedField;
                } else if input == Input::Char(delimiter) {
                    self.save_field();
                } else if let Input::Char(c) = input {
                    self.add(c)?;
                    self.state = State::InField;
                }
            }
            State::InField => {
                if newline || eol {
                    self.save_field();
                    self.state = end(eol);
                } else if input == Input::Char(delimiter) {
                    self.save_field();
                    self.state = State::StartField;
                } else if let Input::Char(c) = input {
                    self.add(c)?;
                }
            }
            State::InQuotedField => match input {
                Input::Eol => {}
                Input::Char('"') => self.state = State::QuoteInQuotedField,
                Input::Char(c) => self.add(c)?,
            },
            State::QuoteInQuotedField => {
                if input == Input::Char('"') {
                    self.add('"')?;
                    self.state = State::InQuotedField;
                } else if input == Input::Char(delimiter) {
                    self.save_field();
                    self.state = State::StartField;
                } else if newline || eol {
                    self.save_field();
                    self.state = end(eol);
                } else {
                    return Err(format!("'{delimiter}' expected after '\"'"));
                }
            }
            State::EatCrnl => {
                if eol {
                    self.state = State::StartRecord;
                } else if !newline {
                    return Err(
                        "new-line character seen in unquoted field - do you need to \
                                open the file in universal-newline mode?"
                            .into(),
                    );
                }
            }
        }
        Ok(())
    }
}

/// A CSV or TSV file read a chunk at a time: [`TableReader::first_line`], then
/// [`TableReader::header`], [`TableReader::columns`] and [`TableReader::fill`].
pub struct TableReader<R> {
    src: LineSource<R>,
    record: Record,
    delimiter: char,
    columns: Option<Columns>,
    /// Line 1, read by `first_line` and not parsed yet.
    pending_first: bool,
    count: u64,
    done: bool,
}

/// Where a pair's texts are among a record's cells.
struct Columns {
    prediction: usize,
    references: Vec<usize>,
    id: Option<usize>,
    width: usize,
}

/// Why a table reader stopped: the csv module's error (`line` is `reader.line_num`), a
/// record with another number of cells than the header, or a line for the Python reader.
#[derive(Debug, PartialEq)]
pub enum TableProblem {
    Csv { line: u64, message: String },
    Cells { line: u64, cells: usize },
    Read(Problem),
}

impl From<Problem> for TableProblem {
    fn from(p: Problem) -> Self {
        TableProblem::Read(p)
    }
}

impl<R: BufRead> TableReader<R> {
    pub fn new(input: R, max_line_bytes: usize) -> Self {
        TableReader {
            src: LineSource::new(input, max_line_bytes, 0),
            record: Record::new(),
            delimiter: ',',
            columns: None,
            pending_first: false,
            count: 0,
            done: false,
        }
    }

    /// Line 1's raw bytes (byte order mark included; the caller decodes it, and picks the
    /// delimiter), `None` for an empty file.
    pub fn first_line(&mut self) -> Result<Option<&[u8]>, Problem> {
        if !self.src.next_line()? {
            self.done = true;
            return Ok(None);
        }
        self.src.text()?;
        self.pending_first = true;
        Ok(Some(self.src.line()))
    }

    /// The header record (from line 1 on), split at `delimiter`.
    pub fn header(&mut self, delimiter: char) -> Result<Vec<String>, TableProblem> {
        self.delimiter = delimiter;
        Ok(self.record()?.unwrap_or_default())
    }

    /// The cells that make each pair, and the header's width.
    pub fn columns(
        &mut self,
        prediction: usize,
        references: Vec<usize>,
        id: Option<usize>,
        width: usize,
    ) {
        self.columns = Some(Columns {
            prediction,
            references,
            id,
            width,
        });
    }

    pub fn done(&self) -> bool {
        self.done
    }

    pub fn bytes(&self) -> u64 {
        self.src.bytes
    }

    pub fn input_mut(&mut self) -> &mut R {
        self.src.input_mut()
    }

    /// The next record's cells, `None` at the end of the input.
    fn record(&mut self) -> Result<Option<Vec<String>>, TableProblem> {
        self.record.reset();
        loop {
            if self.pending_first {
                self.pending_first = false;
            } else if !self.src.next_line()? {
                self.done = true;
                if !self.record.field.is_empty() || self.record.state == State::InQuotedField {
                    return Err(TableProblem::Csv {
                        line: self.src.number,
                        message: "unexpected end of data".into(),
                    });
                }
                return Ok(None);
            }
            let line = self.src.text()?;
            let fed = self.record.feed(line, self.delimiter);
            if let Err(message) = fed {
                return Err(TableProblem::Csv {
                    line: self.src.number,
                    message,
                });
            }
            if self.record.state == State::StartRecord {
                return Ok(Some(std::mem::take(&mut self.record.cells)));
            }
        }
    }

    /// Adds pairs to `chunk` until it holds `max` or the input ends.
    pub fn fill(&mut self, chunk: &mut TextChunk, max: usize) -> Result<(), TableProblem> {
        while chunk.len() < max {
            let Some(cells) = self.record()? else {
                return Ok(());
            };
            if cells.is_empty() {
                continue;
            }
            let cols = self.columns.as_ref().expect("columns() before fill()");
            if cells.len() != cols.width {
                return Err(TableProblem::Cells {
                    line: self.src.number,
                    cells: cells.len(),
                });
            }
            let id = match cols.id {
                Some(k) => PairId::Text(chunk.put(&cells[k])),
                None => PairId::Count(self.count),
            };
            let prediction = chunk.put(&cells[cols.prediction]);
            for &k in &cols.references {
                let span = chunk.put(&cells[k]);
                chunk.references.push(span);
            }
            chunk.finish_pair(id, prediction);
            self.count += 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(input: &str, delimiter: char) -> Result<Vec<Vec<String>>, TableProblem> {
        let mut r = TableReader::new(input.as_bytes(), 1 << 20);
        let mut out = Vec::new();
        if r.first_line()?.is_none() {
            return Ok(out);
        }
        out.push(r.header(delimiter)?);
        while let Some(cells) = r.record()? {
            out.push(cells);
        }
        Ok(out)
    }

    #[test]
    fn splits_as_python_csv() {
        let got = rows("a,b\n\"x, \"\"y\"\"\nz\",\n\nq\"r,s\n", ',').unwrap();
        assert_eq!(
            got,
            vec![
                vec!["a", "b"],
                vec!["x, \"y\"\nz", ""],
                vec![],
                vec!["q\"r", "s"]
            ]
        );
        let csv = |line: u64, m: &str| {
            Err(TableProblem::Csv {
                line,
                message: m.into(),
            })
        };
        assert_eq!(rows("a\n\"x\"y\n", ','), csv(2, "',' expected after '\"'"));
        assert_eq!(rows("a\n\"x\ny\n", ','), csv(3, "unexpected end of data"));
        assert!(matches!(
            rows("a\nb\rc\n", ','),
            Err(TableProblem::Csv { line: 2, .. })
        ));
        assert_eq!(rows("a;b\n", ';').unwrap(), vec![vec!["a", "b"]]);
    }
}
