//! Error mapping: core errors become `ValueError`; a panic (a bug) becomes a `RuntimeError`
//! instead of crossing the FFI as `PanicException`.
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyDict, PyTuple, PyType};
use pyo3::{PyErr, PyErrArguments};
use rougekit_core::RougeError;
use std::panic::{catch_unwind, AssertUnwindSafe};

create_exception!(
    _core,
    RougekitError,
    PyException,
    "Base of every exception rougekit raises on purpose (``rougekit.errors``)."
);

/// An exception type that is both a [`RougekitError`] and a `ValueError`, as the errors of
/// bad values have always been (`create_exception!` takes one base, so the class is made
/// by `type(name, bases, namespace)` on first use).
pub struct ValueErrorType {
    cell: GILOnceCell<Py<PyType>>,
    name: &'static str,
    doc: &'static str,
}

impl ValueErrorType {
    const fn new(name: &'static str, doc: &'static str) -> Self {
        ValueErrorType {
            cell: GILOnceCell::new(),
            name,
            doc,
        }
    }

    /// The class (made once per interpreter).
    pub fn get<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyType>> {
        let class = self.cell.get_or_try_init(py, || {
            let bases = PyTuple::new(
                py,
                [
                    py.get_type::<RougekitError>().into_any(),
                    py.get_type::<PyValueError>().into_any(),
                ],
            )?;
            let namespace = PyDict::new(py);
            namespace.set_item("__doc__", self.doc)?;
            namespace.set_item("__module__", "rougekit._core")?;
            let class = py
                .get_type::<PyType>()
                .call1((self.name, bases, namespace))?;
            Ok::<_, PyErr>(class.downcast_into::<PyType>()?.unbind())
        })?;
        Ok(class.bind(py).clone())
    }

    /// An exception of this class with `args`.
    pub fn err<A: PyErrArguments + Send + Sync + 'static>(&self, args: A) -> PyErr {
        Python::with_gil(|py| match self.get(py) {
            Ok(class) => PyErr::from_type(class, args),
            Err(e) => e,
        })
    }
}

/// An input over one of rougekit's documented size limits.
pub static INPUT_TOO_LARGE: ValueErrorType = ValueErrorType::new(
    "InputTooLargeError",
    "An input over one of rougekit's documented size limits (e.g. a ROUGE-W table); the \
     message names the pair and the limit.",
);

/// A summary file of a `rougekit perl` run that cannot be used.
pub static PERL_FILE: ValueErrorType = ValueErrorType::new(
    "PerlFileError",
    "A summary file of a run could not be used: args (file index, line, detail): line None \
     and the OS reason for a read failure; the 1-based line and its bytes for a bad SIMPLE line.",
);

pub fn to_py(e: RougeError) -> PyErr {
    match e {
        RougeError::TooLarge(m) => INPUT_TOO_LARGE.err(m),
        e => PyValueError::new_err(e.to_string()),
    }
}

/// Runs `f`, turning a panic into a Python `RuntimeError`.
pub fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, PyErr> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let msg = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string());
        PyRuntimeError::new_err(format!(
            "internal error in rougekit's core ({msg}); please report it with the input"
        ))
    })
}
