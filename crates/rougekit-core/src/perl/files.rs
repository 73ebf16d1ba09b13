//! Summary files as ROUGE-1.5.5 reads them (spec `rouge-1.5.5.md` §5, §12): SPL, SEE, ISI and SIMPLE, and the
//! parallel loading of every file of a run.
//!
//! Files are bytes split on `\n` only (a `\r` stays in the sentence, Perl's `chomp`). The
//! readers give the *raw* sentences: the lower-casing and everything after it happen when a
//! document is read ([`super::doc`]). The SEE and ISI patterns are matched on the raw line,
//! so they are case-sensitive, as observed with ROUGE-1.5.5.pl.
use super::batch::Instance;
use crate::pool::shared_pool;
use rayon::prelude::*;
use std::ops::Range;
use std::path::Path;

/// A summary file format (the XML `INPUT-FORMAT TYPE`, or `-z`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SummaryFormat {
    /// One sentence per non-empty line.
    Spl,
    /// DUC's HTML: the text after the sentence anchor of each marked line.
    See,
    /// `<S SNTNO="...">text</S>` lines.
    Isi,
    /// Basic Elements: `head|modifier|relation` lines (`-3`).
    Simple,
}

impl SummaryFormat {
    /// The format named `name` (upper case, as ROUGE-1.5.5 compares it after `uc`).
    pub fn parse(name: &str) -> Option<SummaryFormat> {
        match name {
            "SPL" => Some(SummaryFormat::Spl),
            "SEE" => Some(SummaryFormat::See),
            "ISI" => Some(SummaryFormat::Isi),
            "SIMPLE" => Some(SummaryFormat::Simple),
            _ => None,
        }
    }

    /// The format's name as ROUGE-1.5.5 spells it.
    pub fn name(self) -> &'static str {
        match self {
            SummaryFormat::Spl => "SPL",
            SummaryFormat::See => "SEE",
            SummaryFormat::Isi => "ISI",
            SummaryFormat::Simple => "SIMPLE",
        }
    }
}

/// Perl's line loop with `chomp`: split on `\n`, no empty line after a final `\n`.
fn lines(data: &[u8]) -> impl Iterator<Item = &[u8]> {
    let body = data.strip_suffix(b"\n").unwrap_or(data);
    let none = data.is_empty();
    body.split(|&b| b == b'\n').filter(move |_| !none)
}

/// Line `number` (1-based, as [`BadLine`] counts) of `data`.
pub fn line_text(data: &[u8], number: usize) -> &[u8] {
    lines(data).nth(number.wrapping_sub(1)).unwrap_or_default()
}

/// A SIMPLE line that is not `head|modifier|relation`, by 1-based line number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadLine(pub usize);

/// The raw sentences of one file's bytes.
pub fn sentences(data: &[u8], format: SummaryFormat) -> Result<Vec<&[u8]>, BadLine> {
    let mut out = Vec::new();
    for (i, line) in lines(data).enumerate() {
        let kept = match format {
            SummaryFormat::Spl => Some(line).filter(|l| !l.is_empty()),
            SummaryFormat::See => see_sentence(line),
            SummaryFormat::Isi => isi_sentence(line),
            SummaryFormat::Simple => Some(simple_element(line).ok_or(BadLine(i + 1))?),
        };
        out.extend(kept);
    }
    Ok(out)
}

/// Cuts `prefix` off the front of `s`.
fn literal<'a>(s: &'a [u8], prefix: &[u8]) -> Option<&'a [u8]> {
    s.strip_prefix(prefix)
}

/// Cuts a non-empty run of bytes matching `class` off the front of `s`.
fn run(s: &[u8], class: impl Fn(u8) -> bool) -> Option<&[u8]> {
    let n = s.iter().take_while(|&&b| class(b)).count();
    (n > 0).then(|| &s[n..])
}

fn digits(s: &[u8]) -> Option<&[u8]> {
    run(s, |b| b.is_ascii_digit())
}

/// SEE (observed): a line that starts with
/// `<a (size="N" )?name="N">[N]</a>` + whitespace + `<a href="#N" id=N>`; the sentence is
/// the text after it up to the next `<` (or the end of the line). Every `N` is a run of
/// digits, and a digit run is always followed by a fixed byte, so matching greedily is
/// exactly what a backtracking regex does here.
fn see_sentence(line: &[u8]) -> Option<&[u8]> {
    let mut s = literal(line, b"<a ")?;
    if let Some(rest) = literal(s, b"size=\"") {
        s = literal(digits(rest)?, b"\" ")?;
    }
    s = literal(digits(literal(s, b"name=\"")?)?, b"\">[")?;
    s = literal(digits(s)?, b"]</a>")?;
    s = run(s, |b| {
        matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0C | 0x0B)
    })?;
    s = literal(digits(literal(s, b"<a href=\"#")?)?, b"\" id=")?;
    s = literal(digits(s)?, b">")?;
    let end = s.iter().position(|&b| b == b'<').unwrap_or(s.len());
    Some(&s[..end])
}

/// ISI: a line that starts with `<S SNTNO="[0-9a-z,]+">`, then at least one byte other than
/// `<`, then `</S>`; the sentence is that text. The text run cannot contain `<`, so only the
/// longest run can be followed by `</S>`.
fn isi_sentence(line: &[u8]) -> Option<&[u8]> {
    let s = literal(line, b"<S SNTNO=\"")?;
    let s = run(s, |b| {
        b.is_ascii_digit() || b.is_ascii_lowercase() || b == b','
    })?;
    let s = literal(s, b"\">")?;
    let end = s.iter().position(|&b| b == b'<').unwrap_or(s.len());
    (end > 0 && s[end..].starts_with(b"</S>")).then(|| &s[..end])
}

/// SIMPLE: ROUGE-1.5.5 splits the line on `|` (Perl's `split` drops trailing empty fields,
/// so `a|b|c|` is valid and `a|b|` is not) and dies unless there are exactly three fields.
/// The element is the three fields joined with `|`: the line up to the end of the third.
fn simple_element(line: &[u8]) -> Option<&[u8]> {
    let body = &line[..line.len() - line.iter().rev().take_while(|&&b| b == b'|').count()];
    (!body.is_empty() && body.iter().filter(|&&b| b == b'|').count() == 2).then_some(body)
}

/// Why a file of a run could not be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// Reading failed; the operating system's reason (without Rust's "(os error N)").
    Io { file: usize, reason: String },
    /// A SIMPLE line (1-based number, bytes) is not a Basic Element.
    BadLine {
        file: usize,
        line: usize,
        text: Vec<u8>,
    },
}

/// Every file of a run, read and split into raw sentences.
///
/// The bytes of [`FILES_PER_SLAB`] consecutive files share one allocation (a slab), and
/// every file's sentence ranges one list: a CNN/DM run reads 23k files, and one allocation
/// per file (twice, with its ranges) cost a serial free of each at the end and, on worker
/// threads, a heap extension (`mprotect`) every few files (strace: 2,189 of them).
#[derive(Debug, Default)]
pub struct Summaries {
    slabs: Vec<Vec<u8>>,
    /// Every file's sentences, file after file: byte ranges in the file's slab.
    spans: Vec<Range<usize>>,
    /// Per file, its first span; one more entry closes the last file.
    starts: Vec<usize>,
}

/// Files read into one slab by one worker.
const FILES_PER_SLAB: usize = 256;

/// The files of one slab, read: their bytes, sentence ranges and per-file span counts.
#[derive(Default)]
struct Slab {
    data: Vec<u8>,
    spans: Vec<Range<usize>>,
    counts: Vec<usize>,
}

impl Summaries {
    /// Reads `files` (each with its format) with `threads` workers; the first failure in
    /// file order is reported, so the error does not depend on the thread count.
    pub fn load<P: AsRef<Path> + Sync>(
        files: &[(P, SummaryFormat)],
        threads: usize,
    ) -> Result<Self, LoadError> {
        let read = |(c, chunk): (usize, &[(P, SummaryFormat)])| {
            let mut slab = Slab::default();
            for (k, (path, format)) in chunk.iter().enumerate() {
                let i = c * FILES_PER_SLAB + k;
                let start = slab.data.len();
                read_file(path.as_ref(), &mut slab.data).map_err(|e| LoadError::Io {
                    file: i,
                    reason: os_reason(&e),
                })?;
                let data = &slab.data[start..];
                let found =
                    sentences(data, *format).map_err(|BadLine(line)| LoadError::BadLine {
                        file: i,
                        line,
                        text: line_text(data, line).to_vec(),
                    })?;
                let before = slab.spans.len();
                slab.spans.extend(found.iter().map(|s| {
                    let r = offset_in(data, s);
                    start + r.start..start + r.end
                }));
                slab.counts.push(slab.spans.len() - before);
            }
            Ok(slab)
        };
        let loaded: Vec<Result<Slab, LoadError>> = match shared_pool(threads) {
            Some(pool) => pool.install(|| {
                let chunks = files.par_chunks(FILES_PER_SLAB);
                chunks.enumerate().map(read).collect()
            }),
            None => files.chunks(FILES_PER_SLAB).enumerate().map(read).collect(),
        };
        let mut out = Summaries {
            starts: vec![0],
            ..Summaries::default()
        };
        for slab in loaded {
            let slab = slab?;
            for count in slab.counts {
                let last = out.starts.last().copied().unwrap_or(0);
                out.starts.push(last + count);
            }
            out.spans.extend(slab.spans);
            out.slabs.push(slab.data);
        }
        Ok(out)
    }

    /// The raw sentences of file `i`.
    pub fn sentences(&self, i: usize) -> Vec<&[u8]> {
        let data = &self.slabs[i / FILES_PER_SLAB];
        self.spans[self.starts[i]..self.starts[i + 1]]
            .iter()
            .map(|r| &data[r.clone()])
            .collect()
    }

    /// Each instance as raw sentences: peer file `peers[i]` against model files `models[i]`
    /// (indices that must be below [`Summaries::len`]).
    pub fn instances(&self, peers: &[usize], models: &[Vec<usize>]) -> Vec<Instance<'_>> {
        peers
            .iter()
            .zip(models)
            .map(|(&p, ms)| Instance {
                peer: self.sentences(p),
                models: ms.iter().map(|&m| self.sentences(m)).collect(),
            })
            .collect()
    }

    /// Number of files.
    pub fn len(&self) -> usize {
        self.starts.len().saturating_sub(1)
    }

    /// True when no file was loaded.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Appends the bytes of the file at `path` to `out`. Summary files are small and a corpus
/// has tens of thousands: `std::fs::read` asks for the file's size first (a `statx` per
/// file, a fifth of the loading time measured on 23k CNN/DM files); reading into a buffer
/// until end of file needs one system call less (`File::read_to_end` asks for the size
/// too).
fn read_file(path: &std::path::Path, out: &mut Vec<u8>) -> std::io::Result<()> {
    use std::io::{ErrorKind, Read};
    thread_local! {
        /// Each worker's read buffer: files are copied out at their exact size.
        static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let mut file = std::fs::File::open(path)?;
    BUFFER.with_borrow_mut(|buf| {
        if buf.is_empty() {
            buf.resize(1 << 16, 0);
        }
        let mut len = 0;
        loop {
            if len == buf.len() {
                buf.resize(2 * len, 0);
            }
            match file.read(&mut buf[len..]) {
                Ok(0) => {
                    out.extend_from_slice(&buf[..len]);
                    return Ok(());
                }
                Ok(n) => len += n,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    })
}

/// The byte range of `part` (a sub-slice of `whole`) in `whole`.
fn offset_in(whole: &[u8], part: &[u8]) -> Range<usize> {
    let start = part.as_ptr() as usize - whole.as_ptr() as usize;
    start..start + part.len()
}

/// `e`'s text without the "(os error N)" Rust appends, like Python's `strerror`.
fn os_reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(cut) => text[..cut].to_string(),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see(line: &[u8]) -> Option<&[u8]> {
        see_sentence(line)
    }

    #[test]
    fn lines_follow_chomp() {
        let all = |d: &'static [u8]| lines(d).collect::<Vec<_>>();
        assert!(all(b"").is_empty());
        assert_eq!(all(b"\n"), vec![b"" as &[u8]]);
        assert_eq!(all(b"a\n\n"), vec![b"a" as &[u8], b""]);
        assert_eq!(all(b"a\nb"), vec![b"a" as &[u8], b"b"]);
    }

    #[test]
    fn spl_keeps_whitespace_lines() {
        let got = sentences(b"x\n\n  \ny\r\n", SummaryFormat::Spl).unwrap();
        assert_eq!(got, vec![b"x" as &[u8], b"  ", b"y\r"]);
    }

    #[test]
    fn see_lines() {
        assert_eq!(
            see(b"<a size=\"9\" name=\"2\">[2]</a> \t<a href=\"#2\" id=2>alpha <b>"),
            Some(b"alpha " as &[u8])
        );
        assert_eq!(
            see(b"<a name=\"1\">[1]</a> <a href=\"#1\" id=1>"),
            Some(b"" as &[u8])
        );
        assert_eq!(see(b"<a name=\"1\">[1]</a><a href=\"#1\" id=1>x"), None);
        assert_eq!(see(b"<a name=\"\">[1]</a> <a href=\"#1\" id=1>x"), None);
        assert_eq!(
            see(b"<a size=\"\" name=\"1\">[1]</a> <a href=\"#1\" id=1>x"),
            None
        );
    }

    #[test]
    fn isi_lines() {
        assert_eq!(
            isi_sentence(b"<S SNTNO=\"1,a\">t x</S> y"),
            Some(b"t x" as &[u8])
        );
        assert_eq!(isi_sentence(b"<S SNTNO=\"1\"></S>"), None);
        assert_eq!(isi_sentence(b"<S SNTNO=\"1\">t<b></S>"), None);
        assert_eq!(isi_sentence(b"<S SNTNO=\"A\">t</S>"), None);
    }

    #[test]
    fn simple_lines() {
        assert_eq!(simple_element(b"a|b|c||"), Some(b"a|b|c" as &[u8]));
        assert_eq!(simple_element(b"||c"), Some(b"||c" as &[u8]));
        assert_eq!(simple_element(b"a|b|"), None);
        assert_eq!(simple_element(b"a|b|c|d"), None);
        assert_eq!(simple_element(b""), None);
        assert_eq!(
            sentences(b"a|b|c\nx\n", SummaryFormat::Simple),
            Err(BadLine(2))
        );
    }

    #[test]
    fn load_reports_the_first_missing_file() {
        let dir = std::env::temp_dir().join(format!("rk-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let ok = dir.join("ok.spl");
        std::fs::write(&ok, b"one\ntwo\n").unwrap();
        let files = vec![
            (ok.clone(), SummaryFormat::Spl),
            (dir.join("missing-1"), SummaryFormat::Spl),
            (dir.join("missing-2"), SummaryFormat::Spl),
        ];
        for threads in [1, 2] {
            match Summaries::load(&files, threads) {
                Err(LoadError::Io { file: 1, reason }) => {
                    assert_eq!(reason, "No such file or directory")
                }
                other => panic!("unexpected {other:?}"),
            }
        }
        let loaded = Summaries::load(&files[..1], 2).unwrap();
        assert_eq!(loaded.sentences(0), vec![b"one" as &[u8], b"two"]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Files across several slabs keep their own sentences, and the first failure is
    /// reported by its file index from any slab.
    #[test]
    fn files_across_slabs() {
        let dir = std::env::temp_dir().join(format!("rk-slabs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let count = 2 * FILES_PER_SLAB + 7;
        let text = |i: usize| match i % 3 {
            0 => format!("file {i}\nsecond {i}\n"),
            1 => String::new(),
            _ => format!("\nonly {i}"),
        };
        let mut files = Vec::new();
        for i in 0..count {
            let path = dir.join(format!("{i}.spl"));
            std::fs::write(&path, text(i)).unwrap();
            files.push((path, SummaryFormat::Spl));
        }
        for threads in [1, 2] {
            let loaded = Summaries::load(&files, threads).unwrap();
            assert_eq!(loaded.len(), count);
            for i in 0..count {
                let t = text(i);
                let want = sentences(t.as_bytes(), SummaryFormat::Spl).unwrap();
                assert_eq!(loaded.sentences(i), want, "file {i}");
            }
        }
        let bad = FILES_PER_SLAB + 3;
        files[bad].0 = dir.join("missing");
        files[count - 1].0 = dir.join("missing-too");
        for threads in [1, 2] {
            match Summaries::load(&files, threads) {
                Err(LoadError::Io { file, .. }) => assert_eq!(file, bad),
                other => panic!("unexpected {other:?}"),
            }
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
