//! The command line's input readers (`rougekit-core`'s `readers`) over Python file objects:
//! the texts of a chunk stay in Rust from the file to the engine.
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};
use rougekit_core::instances;
use rougekit_core::readers::jsonl::{Fields, JsonlReader};
use rougekit_core::readers::lines::LineFilesReader;
use rougekit_core::readers::table::{TableProblem, TableReader};
use rougekit_core::readers::{IdRef, Problem, TextChunk};
use std::io::{self, BufReader, Read};

/// Bytes asked of the file object per call.
const READ_BYTES: usize = 1 << 16;

/// A Python binary file object (`open(path, "rb")`, `sys.stdin.buffer`) as [`Read`], by
/// its `read1`; the `OSError` of a failed read is kept for the caller to raise.
struct PyRead {
    handle: Py<PyAny>,
    error: Option<PyErr>,
}

impl Read for PyRead {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        Python::with_gil(|py| {
            // Signal handlers first (SIGTERM, Ctrl-C): one that came while Rust parsed would
            // otherwise wait for this read, which may block on a pipe for ever.
            let got = py
                .check_signals()
                .and_then(|()| {
                    self.handle
                        .bind(py)
                        .call_method1("read1", (buf.len().min(READ_BYTES),))
                })
                .and_then(|b| Ok(b.downcast_into::<PyBytes>()?));
            match got {
                Ok(bytes) => {
                    let bytes = bytes.as_bytes();
                    let n = bytes.len().min(buf.len());
                    buf[..n].copy_from_slice(&bytes[..n]);
                    Ok(n)
                }
                Err(e) => {
                    self.error = Some(e);
                    Err(io::Error::other("read failed"))
                }
            }
        })
    }
}

fn buffered(handle: Py<PyAny>) -> BufReader<PyRead> {
    BufReader::with_capacity(
        READ_BYTES,
        PyRead {
            handle,
            error: None,
        },
    )
}

/// Pairs read from a file, their texts in one buffer.
#[pyclass(module = "rougekit._core", name = "TextChunk")]
#[derive(Default)]
pub struct PyTextChunk {
    pub(crate) inner: TextChunk,
}

fn id_object<'py>(py: Python<'py>, id: IdRef<'_>) -> PyResult<Bound<'py, PyAny>> {
    Ok(match id {
        IdRef::Text(s) => PyString::new(py, s).into_any(),
        IdRef::Count(n) => PyString::new(py, &n.to_string()).into_any(),
        // As the Python reader names it: json.dumps of the value.
        IdRef::Json(raw) => {
            let json = py.import("json")?;
            json.call_method1("dumps", (json.call_method1("loads", (raw,))?,))?
        }
    })
}

#[pymethods]
impl PyTextChunk {
    #[new]
    fn new() -> Self {
        PyTextChunk::default()
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    /// The id of pair `i` (as the Python reader names it).
    fn id<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyAny>> {
        self.check(i)?;
        id_object(py, self.inner.id(i))
    }

    /// Every pair's id.
    fn ids<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let ids = (0..self.inner.len())
            .map(|i| id_object(py, self.inner.id(i)))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, ids)
    }

    /// `(prediction, [references])` of pair `i`.
    fn pair<'py>(&self, py: Python<'py>, i: usize) -> PyResult<Bound<'py, PyTuple>> {
        self.check(i)?;
        let refs: Vec<&str> = self.inner.references(i).collect();
        (self.inner.prediction(i), refs).into_pyobject(py)
    }

    /// Adds a pair (one the Python reader read).
    fn push(&mut self, id: &str, prediction: &str, references: Vec<String>) {
        let refs: Vec<&str> = references.iter().map(String::as_str).collect();
        self.inner.push(id, prediction, &refs);
    }

    /// Pairs whose references are all blank.
    fn blank_references(&self) -> usize {
        self.inner.blank_references()
    }

    /// `rougekit.diagnostics._lines_of` of the chunk's texts.
    fn lines_note(&self) -> u8 {
        self.inner.lines_note()
    }
}

impl PyTextChunk {
    fn check(&self, i: usize) -> PyResult<()> {
        if i >= self.inner.len() {
            return Err(PyValueError::new_err(format!(
                "pair {i} of a chunk of {}",
                self.inner.len()
            )));
        }
        Ok(())
    }
}

/// What stopped a fill, for the Python reader: `None` (the chunk is full or the input
/// ended), `("line", file, number, raw bytes)`, `("long", file, number)` or
/// `("counts", [lines per file])` or `("io", file, lines read before, the OSError)`.
fn problem_object<'py>(
    py: Python<'py>,
    problem: Problem,
    error: Option<PyErr>,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(match problem {
        Problem::Line { file, number, raw } => ("line", file, number, PyBytes::new(py, &raw))
            .into_pyobject(py)?
            .into_any(),
        Problem::TooLong { file, number } => ("long", file, number).into_pyobject(py)?.into_any(),
        Problem::Counts(counts) => ("counts", counts).into_pyobject(py)?.into_any(),
        Problem::Io {
            file,
            after,
            message,
            ..
        } => {
            let error = error.unwrap_or_else(|| PyOSError::new_err(message));
            if !error.is_instance_of::<PyOSError>(py) {
                return Err(error); // KeyboardInterrupt, the command line's Terminated
            }
            ("io", file, after, error.value(py).clone())
                .into_pyobject(py)?
                .into_any()
        }
    })
}

/// A JSON Lines file read a chunk at a time (`rougekit.cli.fast_input`).
#[pyclass(module = "rougekit._core", name = "JsonlReader")]
pub struct PyJsonlReader {
    inner: JsonlReader<BufReader<PyRead>>,
}

#[pymethods]
impl PyJsonlReader {
    #[new]
    fn new(
        handle: Py<PyAny>,
        prediction_field: String,
        references_field: String,
        id_field: String,
        max_line_bytes: usize,
    ) -> Self {
        let input = buffered(handle);
        let fields = Fields {
            prediction: prediction_field,
            references: references_field,
            id: id_field,
        };
        PyJsonlReader {
            inner: JsonlReader::new(input, fields, max_line_bytes),
        }
    }

    /// Adds pairs to `chunk` until it holds `max` or the input ends; returns what stopped
    /// it early, if anything (see `problem_object`).
    fn fill<'py>(
        &mut self,
        py: Python<'py>,
        chunk: &mut PyTextChunk,
        max: usize,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.inner.fill(&mut chunk.inner, max) {
            Ok(()) => Ok(None),
            Err(p) => {
                let error = self.inner.input_mut().get_mut().error.take();
                problem_object(py, p, error).map(Some)
            }
        }
    }

    /// Counts a pair added by the Python reader (the next default id is one more).
    fn count_one(&mut self) {
        self.inner.count_one();
    }

    #[getter]
    fn done(&self) -> bool {
        self.inner.done()
    }

    /// Bytes read so far.
    #[getter]
    fn bytes(&self) -> u64 {
        self.inner.bytes()
    }

    /// Pairs read so far.
    #[getter]
    fn count(&self) -> u64 {
        self.inner.count()
    }

    /// Lines read so far.
    #[getter]
    fn lines(&self) -> u64 {
        self.inner.lines()
    }
}

/// Line-aligned text files (the prediction file, then each reference file) read in
/// lockstep a chunk at a time (`rougekit.cli.fast_input`).
#[pyclass(module = "rougekit._core", name = "LineFilesReader")]
pub struct PyLineFilesReader {
    inner: LineFilesReader<BufReader<PyRead>>,
}

#[pymethods]
impl PyLineFilesReader {
    #[new]
    fn new(handles: Vec<Py<PyAny>>, max_line_bytes: usize) -> Self {
        let inputs = handles.into_iter().map(buffered).collect();
        PyLineFilesReader {
            inner: LineFilesReader::new(inputs, max_line_bytes),
        }
    }

    /// As `JsonlReader.fill`; files of other lengths give `("counts", [lines per file])`.
    fn fill<'py>(
        &mut self,
        py: Python<'py>,
        chunk: &mut PyTextChunk,
        max: usize,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.inner.fill(&mut chunk.inner, max) {
            Ok(()) => Ok(None),
            Err(p) => {
                let error = self
                    .inner
                    .inputs_mut()
                    .find_map(|i| i.get_mut().error.take());
                problem_object(py, p, error).map(Some)
            }
        }
    }

    #[getter]
    fn done(&self) -> bool {
        self.inner.done()
    }

    /// Bytes read so far, over the files.
    #[getter]
    fn bytes(&self) -> u64 {
        self.inner.bytes()
    }

    /// Lines read so far from file `k`.
    fn lines(&self, k: usize) -> PyResult<u64> {
        if k >= self.inner.files() {
            return Err(PyValueError::new_err(format!("no file {k}")));
        }
        Ok(self.inner.lines(k))
    }
}

/// A table problem for Python: `("csv", line, message)`, `("cells", line, cells)` or a
/// read problem as `problem_object` gives it.
fn table_problem<'py>(
    py: Python<'py>,
    problem: TableProblem,
    error: Option<PyErr>,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(match problem {
        TableProblem::Csv { line, message } => ("csv", line, message).into_pyobject(py)?.into_any(),
        TableProblem::Cells { line, cells } => ("cells", line, cells).into_pyobject(py)?.into_any(),
        TableProblem::Read(p) => problem_object(py, p, error)?,
    })
}

/// A CSV or TSV file read a chunk at a time (`rougekit.cli.fast_input`).
#[pyclass(module = "rougekit._core", name = "TableReader")]
pub struct PyTableReader {
    inner: TableReader<BufReader<PyRead>>,
}

impl PyTableReader {
    fn error(&mut self) -> Option<PyErr> {
        self.inner.input_mut().get_mut().error.take()
    }
}

#[pymethods]
impl PyTableReader {
    #[new]
    fn new(handle: Py<PyAny>, max_line_bytes: usize) -> Self {
        PyTableReader {
            inner: TableReader::new(buffered(handle), max_line_bytes),
        }
    }

    /// Line 1's bytes (`None` for an empty file) or what stopped the reader.
    fn first_line<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.inner.first_line() {
            Ok(None) => Ok(None),
            Ok(Some(line)) => Ok(Some(PyBytes::new(py, line).into_any())),
            Err(p) => {
                let error = self.error();
                problem_object(py, p, error).map(Some)
            }
        }
    }

    /// The header's cells, or what stopped the reader (a tuple).
    fn header<'py>(&mut self, py: Python<'py>, delimiter: char) -> PyResult<Bound<'py, PyAny>> {
        match self.inner.header(delimiter) {
            Ok(cells) => Ok(PyList::new(py, cells)?.into_any()),
            Err(p) => {
                let error = self.error();
                table_problem(py, p, error)
            }
        }
    }

    /// The cells of each pair, and the header's width.
    fn columns(
        &mut self,
        prediction: usize,
        references: Vec<usize>,
        id: Option<usize>,
        width: usize,
    ) {
        self.inner.columns(prediction, references, id, width);
    }

    /// Adds pairs to `chunk` until it holds `max` or the file ends; what stopped it early.
    fn fill<'py>(
        &mut self,
        py: Python<'py>,
        chunk: &mut PyTextChunk,
        max: usize,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        match self.inner.fill(&mut chunk.inner, max) {
            Ok(()) => Ok(None),
            Err(p) => {
                let error = self.error();
                table_problem(py, p, error).map(Some)
            }
        }
    }

    #[getter]
    fn done(&self) -> bool {
        self.inner.done()
    }

    #[getter]
    fn bytes(&self) -> u64 {
        self.inner.bytes()
    }
}

/// The per-instance rows (`fmt`: `jsonl` or `csv`) of `scores` for the pairs named `ids`
/// (a list of str, or the chunk the pairs were read in), as `rougekit.report.InstanceWriter`
/// writes them.
#[pyfunction]
pub fn instance_rows(
    py: Python<'_>,
    scores: &crate::scores::PyBatchScores,
    ids: &Bound<'_, PyAny>,
    fmt: &str,
) -> PyResult<String> {
    let owned: Vec<String> = match ids.downcast::<PyTextChunk>() {
        Ok(chunk) => {
            let chunk = chunk.borrow();
            (0..chunk.inner.len())
                .map(|i| match chunk.inner.id(i) {
                    IdRef::Text(s) => Ok(s.to_owned()),
                    IdRef::Count(n) => Ok(n.to_string()),
                    json => id_object(py, json)?.extract::<String>(),
                })
                .collect::<PyResult<_>>()?
        }
        Err(_) => ids.extract()?,
    };
    let batch = &scores.inner;
    if owned.len() != batch.len() {
        return Err(PyValueError::new_err(format!(
            "{} ids for {} pairs",
            owned.len(),
            batch.len()
        )));
    }
    let ids: Vec<&str> = owned.iter().map(String::as_str).collect();
    let mut out = String::new();
    match fmt {
        "jsonl" => instances::jsonl_rows(&mut out, batch, &ids),
        "csv" => instances::csv_rows(&mut out, batch, &ids),
        _ => {
            return Err(PyValueError::new_err(format!(
                "per-instance format must be jsonl or csv, got {fmt:?}"
            )))
        }
    }
    Ok(out)
}
