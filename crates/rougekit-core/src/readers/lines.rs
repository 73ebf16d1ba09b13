//! Line-aligned text files: line i of the prediction file and of each reference file make
//! pair i, as `rougekit.cli.input_files.read_line_files` reads them.

use super::{LineSource, PairId, Problem, TextChunk};
use std::io::BufRead;

/// The prediction file and the reference files, read in lockstep a chunk at a time.
pub struct LineFilesReader<R> {
    sources: Vec<LineSource<R>>,
    count: u64,
    done: bool,
}

impl<R: BufRead> LineFilesReader<R> {
    /// `inputs`: the prediction file first, then each reference file.
    pub fn new(inputs: Vec<R>, max_line_bytes: usize) -> Self {
        let sources = inputs
            .into_iter()
            .enumerate()
            .map(|(k, input)| LineSource::new(input, max_line_bytes, k))
            .collect();
        LineFilesReader {
            sources,
            count: 0,
            done: false,
        }
    }

    /// True once every file is read to its end.
    pub fn done(&self) -> bool {
        self.done
    }

    /// Bytes read so far, over the files.
    pub fn bytes(&self) -> u64 {
        self.sources.iter().map(|s| s.bytes).sum()
    }

    /// Files read.
    pub fn files(&self) -> usize {
        self.sources.len()
    }

    /// Lines read so far from file `k`.
    pub fn lines(&self, k: usize) -> u64 {
        self.sources[k].number
    }

    /// The inputs.
    pub fn inputs_mut(&mut self) -> impl Iterator<Item = &mut R> {
        self.sources.iter_mut().map(|s| s.input_mut())
    }

    /// Adds pairs to `chunk` until it holds `max` or the files end. Files of different
    /// lengths are [`Problem::Counts`], after the rest of each file is read (as the Python
    /// reader counts them, decoding every line).
    pub fn fill(&mut self, chunk: &mut TextChunk, max: usize) -> Result<(), Problem> {
        while chunk.len() < max && !self.done {
            let mark = (chunk.text.len(), chunk.references.len());
            let mut ended = Vec::with_capacity(self.sources.len());
            let mut prediction = 0..0;
            for (k, src) in self.sources.iter_mut().enumerate() {
                let more = match src.next_line().and_then(|more| {
                    if more {
                        src.text().map(|t| Some(chunk.put(t)))
                    } else {
                        Ok(None)
                    }
                }) {
                    Ok(more) => more,
                    Err(p) => {
                        chunk.text.truncate(mark.0);
                        chunk.references.truncate(mark.1);
                        return Err(p);
                    }
                };
                ended.push(more.is_none());
                match (k, more) {
                    (0, Some(span)) => prediction = span,
                    (_, Some(span)) => chunk.references.push(span),
                    _ => {}
                }
            }
            if ended.iter().any(|&e| e) {
                chunk.text.truncate(mark.0);
                chunk.references.truncate(mark.1);
                self.done = true;
                if ended.iter().all(|&e| e) {
                    return Ok(());
                }
                return Err(self.counts(&ended)?);
            }
            chunk.finish_pair(PairId::Count(self.count), prediction);
            self.count += 1;
        }
        Ok(())
    }

    /// Every file's line count, reading the rest of those not ended.
    fn counts(&mut self, ended: &[bool]) -> Result<Problem, Problem> {
        let mut counts = Vec::with_capacity(ended.len());
        for (src, &ended) in self.sources.iter_mut().zip(ended) {
            let mut n = self.count + u64::from(!ended);
            if !ended {
                while src.next_line()? {
                    src.text()?;
                    n += 1;
                }
            }
            counts.push(n);
        }
        Ok(Problem::Counts(counts))
    }
}

#[cfg(test)]
mod tests {
    use super::super::IdRef;
    use super::*;

    fn reader(files: &[&'static [u8]]) -> LineFilesReader<&'static [u8]> {
        LineFilesReader::new(files.to_vec(), 1 << 20)
    }

    #[test]
    fn reads_aligned_lines() {
        let mut r = reader(&[
            &b"\xef\xbb\xbfa\r\n\nc"[..],
            &b"x\ny\nz\n"[..],
            &b"1\n2\n3"[..],
        ]);
        let mut chunk = TextChunk::default();
        assert_eq!(r.fill(&mut chunk, 2), Ok(()));
        assert_eq!(chunk.len(), 2);
        r.fill(&mut chunk, 10).unwrap();
        assert!(r.done());
        assert_eq!(chunk.len(), 3);
        assert_eq!(chunk.prediction(0), "a");
        assert_eq!(chunk.prediction(1), "");
        assert_eq!(chunk.references(2).collect::<Vec<_>>(), ["z", "3"]);
        assert_eq!(chunk.id(2), IdRef::Count(2));
        assert_eq!(chunk.blank_references(), 0);
    }

    #[test]
    fn counts_files_of_other_lengths() {
        let mut chunk = TextChunk::default();
        let mut r = reader(&[&b"a\nb\n"[..], &b"x\n"[..], &b"1\n2\n3\n"[..]]);
        assert_eq!(r.fill(&mut chunk, 10), Err(Problem::Counts(vec![2, 1, 3])));
        let mut r = reader(&[&b"a\nb\n"[..], &b"x\n\0\0\n"[..], &b"1\n\xff\n"[..]]);
        assert!(matches!(
            r.fill(&mut chunk, 10),
            Err(Problem::Line {
                file: 2,
                number: 2,
                ..
            })
        ));
    }
}
