//! Error mapping: core errors become `ValueError`; a panic (a bug) becomes a `RuntimeError`
//! instead of crossing the FFI as `PanicException`.
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::PyErr;
use rougekit_core::RougeError;
use std::panic::{catch_unwind, AssertUnwindSafe};

create_exception!(
    _core,
    InputTooLargeError,
    PyValueError,
    "An input over one of rougekit's documented size limits (e.g. a ROUGE-W table); the \
     message names the pair and the limit."
);

pub fn to_py(e: RougeError) -> PyErr {
    match e {
        RougeError::TooLarge(m) => InputTooLargeError::new_err(m),
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
