//! Zero-copy views of a `BatchScores`' float64 columns for data frames: NumPy's array
//! interface (`ColumnView`) and an Arrow C stream (`arrow_stream`, the `arrow_array_stream`
//! PyCapsule of the Arrow PyCapsule interface) that pyarrow, polars and DuckDB import
//! without copying the scores.
//!
//! Why this is sound: the core's `BatchScores` behind a `PyBatchScores` is shared (`Arc`)
//! and never mutated or reallocated after it is built, so a pointer into a column stays
//! valid while anything holds it: a `ColumnView` holds the Python object, an Arrow array
//! a clone of the `Arc` (consumers release arrays on threads of their own, without the GIL:
//! dropping an `Arc` needs none).
//! The structs follow the Arrow C data interface and C stream interface
//! (<https://arrow.apache.org/docs/format/CDataInterface.html>, `CStreamInterface.html`):
//! every struct owns its `private_data` and frees it in its own `release` callback, so a
//! consumer may move a child array or schema out on its own.
use crate::scores::PyBatchScores;
use pyo3::exceptions::{PyKeyError, PyMemoryError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyDict, PyString};
use rougekit_core::{BatchScores, Field};
use std::ffi::{c_char, c_int, c_void, CString};
use std::ptr;
use std::sync::Arc;

/// Arrow C data interface: `struct ArrowSchema`.
#[repr(C)]
pub struct ArrowSchema {
    format: *const c_char,
    name: *const c_char,
    metadata: *const c_char,
    flags: i64,
    n_children: i64,
    children: *mut *mut ArrowSchema,
    dictionary: *mut ArrowSchema,
    release: Option<unsafe extern "C" fn(*mut ArrowSchema)>,
    private_data: *mut c_void,
}

/// Arrow C data interface: `struct ArrowArray`.
#[repr(C)]
pub struct ArrowArray {
    length: i64,
    null_count: i64,
    offset: i64,
    n_buffers: i64,
    n_children: i64,
    buffers: *mut *const c_void,
    children: *mut *mut ArrowArray,
    dictionary: *mut ArrowArray,
    release: Option<unsafe extern "C" fn(*mut ArrowArray)>,
    private_data: *mut c_void,
}

/// Arrow C stream interface: `struct ArrowArrayStream`.
#[repr(C)]
pub struct ArrowArrayStream {
    get_schema: Option<unsafe extern "C" fn(*mut ArrowArrayStream, *mut ArrowSchema) -> c_int>,
    get_next: Option<unsafe extern "C" fn(*mut ArrowArrayStream, *mut ArrowArray) -> c_int>,
    get_last_error: Option<unsafe extern "C" fn(*mut ArrowArrayStream) -> *const c_char>,
    release: Option<unsafe extern "C" fn(*mut ArrowArrayStream)>,
    private_data: *mut c_void,
}

/// The capsule's value. The raw pointers it holds are owned by the stream (freed by its
/// `release`) and hold no Python object: moving it to another thread is sound.
#[repr(transparent)]
struct SendStream(ArrowArrayStream);
// SAFETY: see the type's comment; nothing in the stream is tied to the creating thread.
unsafe impl Send for SendStream {}

impl ArrowArray {
    const fn released() -> ArrowArray {
        ArrowArray {
            length: 0,
            null_count: 0,
            offset: 0,
            n_buffers: 0,
            n_children: 0,
            buffers: ptr::null_mut(),
            children: ptr::null_mut(),
            dictionary: ptr::null_mut(),
            release: None,
            private_data: ptr::null_mut(),
        }
    }
}

// ---- schemas ----

struct SchemaPrivate {
    format: CString,
    name: CString,
    metadata: Option<Vec<u8>>,
    children: Box<[*mut ArrowSchema]>,
}

/// A schema node; `children` are moved into boxes owned by it.
fn new_schema(
    format: &str,
    name: &str,
    metadata: Option<Vec<u8>>,
    children: Vec<ArrowSchema>,
) -> ArrowSchema {
    // The strings and boxes live on the heap: their pointers survive moving `private`.
    let mut private = Box::new(SchemaPrivate {
        format: CString::new(format).unwrap_or_default(),
        name: CString::new(name).unwrap_or_default(),
        metadata,
        children: children
            .into_iter()
            .map(|c| Box::into_raw(Box::new(c)))
            .collect(),
    });
    ArrowSchema {
        format: private.format.as_ptr(),
        name: private.name.as_ptr(),
        metadata: private
            .metadata
            .as_ref()
            .map_or(ptr::null(), |m| m.as_ptr().cast()),
        flags: 0, // not nullable: no column of ours holds a null
        n_children: private.children.len() as i64,
        children: private.children.as_mut_ptr(),
        dictionary: ptr::null_mut(),
        release: Some(release_schema),
        private_data: Box::into_raw(private).cast(),
    }
}

unsafe extern "C" fn release_schema(schema: *mut ArrowSchema) {
    // SAFETY: called by the consumer on a schema built by `new_schema` (or moved from one).
    unsafe {
        if schema.is_null() || (*schema).release.is_none() {
            return;
        }
        let private = Box::from_raw((*schema).private_data.cast::<SchemaPrivate>());
        for &child in private.children.iter() {
            if let Some(release) = (*child).release {
                release(child);
            }
            drop(Box::from_raw(child));
        }
        (*schema).release = None;
    }
}

// ---- arrays ----

/// What keeps an array's buffers alive.
enum Owner {
    None,
    /// Float64 columns point into this batch's memory (shared, never mutated: freed on
    /// whichever thread the consumer releases it, without the GIL).
    Scores(#[allow(dead_code)] Arc<BatchScores>),
    /// Strings built here: offsets and UTF-8 bytes.
    Strings(#[allow(dead_code)] Vec<i64>, #[allow(dead_code)] Vec<u8>),
}

struct ArrayPrivate {
    buffers: Box<[*const c_void]>,
    children: Box<[*mut ArrowArray]>,
    _owner: Owner,
}

fn new_array(
    length: usize,
    buffers: Vec<*const c_void>,
    children: Vec<ArrowArray>,
    owner: Owner,
) -> ArrowArray {
    let mut private = Box::new(ArrayPrivate {
        buffers: buffers.into_boxed_slice(),
        children: children
            .into_iter()
            .map(|c| Box::into_raw(Box::new(c)))
            .collect(),
        _owner: owner,
    });
    ArrowArray {
        length: length as i64,
        null_count: 0,
        offset: 0,
        n_buffers: private.buffers.len() as i64,
        n_children: private.children.len() as i64,
        buffers: private.buffers.as_mut_ptr(),
        children: private.children.as_mut_ptr(),
        dictionary: ptr::null_mut(),
        release: Some(release_array),
        private_data: Box::into_raw(private).cast(),
    }
}

unsafe extern "C" fn release_array(array: *mut ArrowArray) {
    // SAFETY: called by the consumer on an array built by `new_array` (or moved from one).
    unsafe {
        if array.is_null() || (*array).release.is_none() {
            return;
        }
        let private = Box::from_raw((*array).private_data.cast::<ArrayPrivate>());
        for &child in private.children.iter() {
            if let Some(release) = (*child).release {
                release(child);
            }
            drop(Box::from_raw(child));
        }
        drop(private);
        (*array).release = None;
    }
}

// ---- the stream ----

/// One column of the stream.
enum Column {
    /// A float64 column of the batch: type index and field.
    Score(usize, Field),
    /// UTF-8 strings (the pairs' ids), as large strings: 64-bit offsets and the bytes.
    Strings((Vec<i64>, Vec<u8>)),
}

struct StreamPrivate {
    names: Vec<String>,
    formats: Vec<&'static str>,
    metadata: Vec<u8>,
    batch: Option<ArrowArray>,
}

impl StreamPrivate {
    fn schema(&self) -> ArrowSchema {
        let children = self
            .names
            .iter()
            .zip(&self.formats)
            .map(|(name, format)| new_schema(format, name, None, Vec::new()))
            .collect();
        let metadata = (!self.metadata.is_empty()).then(|| self.metadata.clone());
        new_schema("+s", "", metadata, children)
    }
}

impl Drop for StreamPrivate {
    fn drop(&mut self) {
        if let Some(mut batch) = self.batch.take() {
            // SAFETY: an unconsumed batch built by `new_array`.
            unsafe { release_array(&mut batch) };
        }
    }
}

unsafe extern "C" fn stream_get_schema(
    stream: *mut ArrowArrayStream,
    out: *mut ArrowSchema,
) -> c_int {
    // SAFETY: the consumer passes our live stream and a struct to fill.
    unsafe {
        let private = &*(*stream).private_data.cast::<StreamPrivate>();
        ptr::write(out, private.schema());
    }
    0
}

unsafe extern "C" fn stream_get_next(stream: *mut ArrowArrayStream, out: *mut ArrowArray) -> c_int {
    // SAFETY: the consumer passes our live stream and a struct to fill.
    unsafe {
        let private = &mut *(*stream).private_data.cast::<StreamPrivate>();
        // One record batch (the columns are already contiguous), then the end of the stream
        // (a released array).
        ptr::write(out, private.batch.take().unwrap_or(ArrowArray::released()));
    }
    0
}

unsafe extern "C" fn stream_get_last_error(_stream: *mut ArrowArrayStream) -> *const c_char {
    ptr::null() // no call above fails
}

unsafe extern "C" fn stream_release(stream: *mut ArrowArrayStream) {
    // SAFETY: called by the consumer (or the capsule's destructor) on our stream.
    unsafe {
        if stream.is_null() || (*stream).release.is_none() {
            return;
        }
        drop(Box::from_raw(
            (*stream).private_data.cast::<StreamPrivate>(),
        ));
        (*stream).release = None;
    }
}

/// Arrow's binary key-value metadata: int32 count, then per pair int32 length + bytes.
fn encode_metadata(pairs: &[(String, String)]) -> PyResult<Vec<u8>> {
    let int32 = |n: usize| {
        i32::try_from(n)
            .map(i32::to_ne_bytes)
            .map_err(|_| PyValueError::new_err("Arrow metadata over 2 GiB"))
    };
    let mut out = Vec::new();
    if pairs.is_empty() {
        return Ok(out);
    }
    out.extend(int32(pairs.len())?);
    for (key, value) in pairs {
        out.extend(int32(key.len())?);
        out.extend(key.as_bytes());
        out.extend(int32(value.len())?);
        out.extend(value.as_bytes());
    }
    Ok(out)
}

/// The Arrow large-string buffers of `values` (offsets, UTF-8 bytes), built with fallible
/// allocations: ids totalling more memory than the process may take are a `MemoryError`,
/// not an abort. The strings are read in place (no copy per id).
fn string_column(values: &[Bound<'_, PyString>]) -> PyResult<(Vec<i64>, Vec<u8>)> {
    let texts = values
        .iter()
        .map(|v| v.to_str())
        .collect::<PyResult<Vec<&str>>>()?;
    let total = texts
        .iter()
        .try_fold(0usize, |acc, t| acc.checked_add(t.len()))
        .filter(|&n| i64::try_from(n).is_ok())
        .ok_or_else(|| PyMemoryError::new_err("the ids hold more bytes than memory can"))?;
    let no_memory = |what: &str, n: usize| {
        PyMemoryError::new_err(format!(
            "cannot allocate {n} bytes for the ids' {what} (the ids hold {total} bytes of \
             UTF-8 text)"
        ))
    };
    let mut offsets: Vec<i64> = Vec::new();
    let count = texts.len() + 1;
    offsets
        .try_reserve_exact(count)
        .map_err(|_| no_memory("offsets", count.saturating_mul(8)))?;
    let mut bytes: Vec<u8> = Vec::new();
    bytes
        .try_reserve_exact(total)
        .map_err(|_| no_memory("text", total))?;
    offsets.push(0);
    for t in &texts {
        bytes.extend_from_slice(t.as_bytes());
        offsets.push(bytes.len() as i64);
    }
    Ok((offsets, bytes))
}

fn field_of(name: &str) -> PyResult<Field> {
    Field::parse(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown field {name:?}: expected precision, recall or fmeasure"
        ))
    })
}

fn type_of(scores: &PyBatchScores, rouge_type: &str) -> PyResult<usize> {
    scores.inner.type_index(rouge_type).ok_or_else(|| {
        PyKeyError::new_err(format!(
            "{rouge_type:?} was not scored; scored: {}",
            scores.inner.names().join(", ")
        ))
    })
}

/// An `arrow_array_stream` PyCapsule of one record batch: the `ids` column first when given
/// (`(name, ids)`, large UTF-8), then `columns` (`(column name, type, field)`), each a
/// float64 array over the batch's own memory; `metadata` becomes the schema's.
#[pyfunction]
#[pyo3(signature = (scores, columns, ids=None, metadata=Vec::new()))]
pub fn arrow_stream<'py>(
    py: Python<'py>,
    scores: Bound<'py, PyBatchScores>,
    columns: Vec<(String, String, String)>,
    ids: Option<(String, Vec<Bound<'py, PyString>>)>,
    metadata: Vec<(String, String)>,
) -> PyResult<Bound<'py, PyCapsule>> {
    let batch = scores.get();
    let len = batch.inner.len();
    let mut spec: Vec<(String, Column)> = Vec::new();
    if let Some((name, ids)) = ids {
        if ids.len() != len {
            return Err(PyValueError::new_err(format!(
                "{} ids for a batch of {len} pairs",
                ids.len()
            )));
        }
        spec.push((name, Column::Strings(string_column(&ids)?)));
    }
    for (name, rouge_type, field) in columns {
        spec.push((
            name,
            Column::Score(type_of(batch, &rouge_type)?, field_of(&field)?),
        ));
    }
    for name in spec.iter().map(|(n, _)| n) {
        if name.contains('\0') {
            return Err(PyValueError::new_err(format!(
                "column name {name:?} holds a NUL"
            )));
        }
    }
    let metadata = encode_metadata(&metadata)?;
    let mut names = Vec::new();
    let mut formats = Vec::new();
    let mut children = Vec::new();
    for (name, column) in spec {
        let (format, child) = match column {
            Column::Score(t, field) => {
                let data = batch.inner.column(t, field).as_ptr().cast::<c_void>();
                let owner = Owner::Scores(Arc::clone(&batch.inner));
                (
                    "g",
                    new_array(len, vec![ptr::null(), data], Vec::new(), owner),
                )
            }
            Column::Strings((offsets, bytes)) => {
                let buffers = vec![ptr::null(), offsets.as_ptr().cast(), bytes.as_ptr().cast()];
                // Moving the vectors into the owner keeps their heap pointers valid.
                let owner = Owner::Strings(offsets, bytes);
                ("U", new_array(len, buffers, Vec::new(), owner))
            }
        };
        names.push(name);
        formats.push(format);
        children.push(child);
    }
    let batch_array = new_array(len, vec![ptr::null()], children, Owner::None);
    let private = Box::new(StreamPrivate {
        names,
        formats,
        metadata,
        batch: Some(batch_array),
    });
    let stream = SendStream(ArrowArrayStream {
        get_schema: Some(stream_get_schema),
        get_next: Some(stream_get_next),
        get_last_error: Some(stream_get_last_error),
        release: Some(stream_release),
        private_data: Box::into_raw(private).cast(),
    });
    let name = CString::from(c"arrow_array_stream");
    PyCapsule::new_with_destructor(py, stream, Some(name), |mut stream, _| {
        // A consumer that imported the stream set its `release` to NULL; otherwise the
        // stream was never used and is released here.
        if let Some(release) = stream.0.release {
            // SAFETY: our own live stream.
            unsafe { release(&mut stream.0) };
        }
    })
}

/// How many Arrow arrays (imported by a consumer or not yet) share `scores`' memory: 0 once
/// every frame made from it is gone (the tests' check that releases run).
#[pyfunction]
pub fn arrow_views(scores: Bound<'_, PyBatchScores>) -> usize {
    Arc::strong_count(&scores.get().inner) - 1
}

/// A float64 column of a batch, seen by NumPy through the array interface without a copy
/// (read-only); the view keeps the batch alive.
#[pyclass(module = "rougekit._core", name = "ColumnView", frozen)]
pub struct ColumnView {
    scores: Py<PyBatchScores>,
    address: usize,
    len: usize,
}

#[pymethods]
impl ColumnView {
    #[new]
    fn new(scores: Bound<'_, PyBatchScores>, rouge_type: &str, field: &str) -> PyResult<Self> {
        let batch = scores.get();
        let column = batch
            .inner
            .column(type_of(batch, rouge_type)?, field_of(field)?);
        Ok(ColumnView {
            address: column.as_ptr() as usize,
            len: column.len(),
            scores: scores.unbind(),
        })
    }

    fn __len__(&self) -> usize {
        self.len
    }

    /// The batch this column belongs to.
    #[getter]
    fn scores(&self, py: Python<'_>) -> Py<PyBatchScores> {
        self.scores.clone_ref(py)
    }

    /// NumPy's array interface (version 3): the column's address, read-only.
    #[getter]
    fn __array_interface__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("version", 3)?;
        d.set_item("shape", (self.len,))?;
        let typestr = if cfg!(target_endian = "little") {
            "<f8"
        } else {
            ">f8"
        };
        d.set_item("typestr", typestr)?;
        d.set_item("data", (self.address, true))?;
        Ok(d)
    }
}
