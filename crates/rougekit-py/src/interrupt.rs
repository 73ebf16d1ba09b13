//! Ctrl-C while the core runs without the GIL: a poll that takes the GIL back briefly to
//! let Python run its signal handlers, for the core's [`Cancel`] tokens.
//!
//! [`Cancel`]: rougekit_core::pool::Cancel
use crate::errors::{guarded, to_py};
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use rougekit_core::pool::Cancel;
use rougekit_core::RougeError;
use std::sync::Mutex;

/// Runs `work` with the GIL released and a [`Cancel`] token that polls for signals: a
/// panic becomes a `RuntimeError`, a core error its Python exception, and `Ok(None)` (the
/// work stopped on the token) the `KeyboardInterrupt` that Python raised.
pub(crate) fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl for<'c> FnOnce(&Cancel<'c>) -> Result<Option<T>, RougeError> + Send,
) -> PyResult<T> {
    let slot = Mutex::new(None);
    let poll = signal_poll(&slot);
    let out = py
        .allow_threads(|| guarded(|| work(&Cancel::new(&poll))))?
        .map_err(to_py)?;
    match out {
        Some(value) => Ok(value),
        None => {
            drop(poll);
            Err(interrupted(slot.into_inner().unwrap_or(None)))
        }
    }
}

/// [`interruptible`] that also calls `also` (on the calling thread, each time it polls;
/// false stops the work as Ctrl-C does): progress reports.
pub(crate) fn interruptible_with<T: Send>(
    py: Python<'_>,
    also: &(dyn Fn() -> bool + Sync),
    work: impl for<'c> FnOnce(&Cancel<'c>) -> Result<Option<T>, RougeError> + Send,
) -> PyResult<T> {
    let slot = Mutex::new(None);
    let signals = signal_poll(&slot);
    let worker = || {
        std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with("rougekit-"))
    };
    let poll = || signals() && (worker() || also());
    let out = py
        .allow_threads(|| guarded(|| work(&Cancel::new(&poll))))?
        .map_err(to_py)?;
    match out {
        Some(value) => Ok(value),
        None => {
            drop(signals);
            Err(interrupted(slot.into_inner().unwrap_or(None)))
        }
    }
}

/// Takes the GIL back briefly (from code running without it) to let Python handle pending
/// signals; false, with the exception kept in `slot`, when one was raised (Ctrl-C).
pub(crate) fn check_signals(slot: &mut Option<PyErr>) -> bool {
    Python::with_gil(|py| match py.check_signals() {
        Ok(()) => true,
        Err(e) => {
            *slot = Some(e);
            false
        }
    })
}

/// [`check_signals`] for a [`Cancel`] token, which kernels poll every few milliseconds:
/// Python runs signal handlers only on its main thread, so the core's pool workers do not
/// take the GIL for nothing (a batch on the pool is checked between chunks instead).
pub(crate) fn signal_poll(slot: &Mutex<Option<PyErr>>) -> impl Fn() -> bool + Sync + '_ {
    move || {
        let worker = std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with("rougekit-"));
        worker || check_signals(&mut slot.lock().unwrap_or_else(|p| p.into_inner()))
    }
}

pub(crate) fn interrupted(slot: Option<PyErr>) -> PyErr {
    slot.unwrap_or_else(|| PyKeyboardInterrupt::new_err("rougekit: interrupted"))
}
