//! Python → Rust conversion with errors that name the argument and index.
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyDict, PyFrozenSet, PyInt, PyList, PySet, PyString, PyTuple};
use rougekit_core::engine::IdPair;
use rougekit_core::Pair;

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".to_string())
}

/// A `str` as UTF-8 without copying; `what` names it in errors (e.g. `predictions[3]`). Takes
/// the item's reference (the result keeps it): no second reference per text.
fn text(obj: Bound<'_, PyAny>, what: &dyn Fn() -> String) -> PyResult<PyBackedStr> {
    let s = obj.downcast_into::<PyString>().map_err(|e| {
        let obj = e.into_inner();
        let hint = if obj.is_instance_of::<pyo3::types::PyBytes>() {
            " (decode bytes to str first)"
        } else {
            ""
        };
        PyTypeError::new_err(format!(
            "{} must be str, got {}{hint}",
            what(),
            type_name(&obj)
        ))
    })?;
    PyBackedStr::try_from(s).map_err(|_| {
        PyValueError::new_err(format!(
            "{} is not valid Unicode text (it contains a lone surrogate)",
            what()
        ))
    })
}

/// True for containers whose iteration order is not the caller's order (or that iterate
/// keys): pairing by position would silently mismatch them.
fn unordered(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_instance_of::<PySet>()
        || obj.is_instance_of::<PyFrozenSet>()
        || obj.is_instance_of::<PyDict>()
}

/// The items of an ordered collection: a list or tuple read in place, anything else (array,
/// Series, generator...) collected first. Reading lists in place saves a `Vec` and a
/// reference per item on the serial, GIL-holding side of a batch.
enum Items<'py> {
    List(Bound<'py, PyList>),
    Tuple(Bound<'py, PyTuple>),
    Collected(Vec<Bound<'py, PyAny>>),
}

impl<'py> Items<'py> {
    fn len(&self) -> usize {
        match self {
            Items::List(l) => l.len(),
            Items::Tuple(t) => t.len(),
            Items::Collected(v) => v.len(),
        }
    }

    /// Item `k < len()`. A list is read by index (bounds-checked): no Python code runs while
    /// a batch is read, but an error beats a panic should the list shrink all the same.
    fn get(&self, k: usize) -> PyResult<Bound<'py, PyAny>> {
        match self {
            Items::List(l) => l.get_item(k),
            Items::Tuple(t) => t.get_item(k),
            Items::Collected(v) => Ok(v[k].clone()),
        }
    }
}

/// The items of an ordered collection (list, tuple, array, Series, generator...).
fn sequence<'py>(obj: &Bound<'py, PyAny>, what: &str) -> PyResult<Items<'py>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be a list of str, got a single str (wrap it in a list, or use score())"
        )));
    }
    if obj.is_instance_of::<PyBytes>() || unordered(obj) {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an ordered sequence of str (list, tuple, array), got {}",
            type_name(obj)
        )));
    }
    if let Ok(list) = obj.downcast::<PyList>() {
        return Ok(Items::List(list.clone()));
    }
    if let Ok(t) = obj.downcast::<PyTuple>() {
        return Ok(Items::Tuple(t.clone()));
    }
    match obj.try_iter() {
        Ok(it) => it.collect::<PyResult<_>>().map(Items::Collected),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} must be a list of str, got {}",
            type_name(obj)
        ))),
    }
}

/// Predictions and references of a batch: references are flattened, `ref_ends[i]` is the end
/// of prediction `i`'s references in `refs`.
pub struct Texts {
    pub predictions: Vec<PyBackedStr>,
    pub refs: Vec<PyBackedStr>,
    pub ref_ends: Vec<usize>,
}

impl Texts {
    /// Calls `f` with the batch as the core's pairs: each prediction with its references.
    pub fn as_pairs<R>(&self, f: impl FnOnce(&[Pair<'_>]) -> R) -> R {
        let refs: Vec<&str> = self.refs.iter().map(|s| &**s).collect();
        let pairs: Vec<Pair<'_>> = self
            .predictions
            .iter()
            .zip(per_pair(&refs, &self.ref_ends))
            .map(|(p, references)| Pair {
                prediction: p,
                references,
            })
            .collect();
        f(&pairs)
    }
}

/// Token-id sequences of a batch in one buffer (a `Vec` per sequence was one allocation and
/// one free per sequence on the serial, GIL-holding side): every prediction's ids, then every
/// reference's (flattened as in [`Texts`]), back to back in `values`.
pub struct Ids {
    values: Vec<i64>,
    /// `ends[k]`: where sequence `k` ends in `values` (predictions first, then references).
    ends: Vec<usize>,
    predictions: usize,
    /// `ref_ends[i]`: where pair `i`'s references end among the references.
    pub ref_ends: Vec<usize>,
}

impl Ids {
    fn with_pairs(pairs: usize) -> Self {
        Ids {
            values: Vec::new(),
            ends: Vec::with_capacity(2 * pairs),
            predictions: 0,
            ref_ends: Vec::with_capacity(pairs),
        }
    }

    /// Closes the sequence whose values were pushed since the last end.
    fn end_sequence(&mut self) {
        self.ends.push(self.values.len());
    }

    /// Calls `f` with the batch as the core's id pairs: each prediction with its references.
    pub fn as_pairs<R>(&self, f: impl FnOnce(&[IdPair<'_>]) -> R) -> R {
        let (predictions, refs) = self.sequences();
        let pairs: Vec<IdPair<'_>> = predictions
            .iter()
            .zip(per_pair(&refs, &self.ref_ends))
            .map(|(p, references)| IdPair {
                prediction: p,
                references,
            })
            .collect();
        f(&pairs)
    }

    /// `(predictions, references)`: one slice per sequence.
    pub fn sequences(&self) -> (Vec<&[i64]>, Vec<&[i64]>) {
        let mut start = 0;
        let mut all: Vec<&[i64]> = self
            .ends
            .iter()
            .map(|&end| {
                let s = &self.values[start..end];
                start = end;
                s
            })
            .collect();
        let refs = all.split_off(self.predictions);
        (all, refs)
    }
}

/// Appends the int64 values of `obj`, a `bytes` object (native byte order, what the Python
/// layer makes of arrays and other sequences) or a `list` of ints (read here directly: no
/// intermediate array), to `values`; `what` names it in errors, as the Python layer does.
fn push_int64s(
    obj: &Bound<'_, PyAny>,
    what: &dyn Fn() -> String,
    values: &mut Vec<i64>,
) -> PyResult<()> {
    if let Ok(list) = obj.downcast::<PyList>() {
        if push_exact_ints(list, values) {
            return Ok(());
        }
        values.reserve(list.len());
        for (k, item) in list.iter().enumerate() {
            values.push(int64(&item, &|| format!("{}[{k}]", what()))?);
        }
        return Ok(());
    }
    let b = obj.downcast::<PyBytes>().map_err(|_| {
        PyTypeError::new_err(format!(
            "{} must be int64 bytes or a list of int, got {}",
            what(),
            type_name(obj)
        ))
    })?;
    let bytes = b.as_bytes();
    if bytes.len() % 8 != 0 {
        return Err(PyValueError::new_err(format!(
            "{} has {} bytes, not a whole number of int64 values",
            what(),
            bytes.len()
        )));
    }
    values.extend(
        bytes
            .chunks_exact(8)
            .map(|c| i64::from_ne_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]])),
    );
    Ok(())
}

/// Appends the values of a list whose items are all exact `int`s within int64 (what
/// tokenizers return) to `values` and answers true, read through the C API without taking a
/// reference per item: the per-item path below cost more than scoring the ids. False, with
/// `values` as it was, for any other list (bools, NumPy integers, out-of-range values, other
/// objects): the per-item path then reads it or names the item in its error.
fn push_exact_ints(list: &Bound<'_, PyList>, values: &mut Vec<i64>) -> bool {
    let n = list.len();
    let start = values.len();
    values.reserve(n);
    for k in 0..n {
        // SAFETY: the GIL is held (`list` is bound to it) and `k < n`. No Python code runs
        // between the reads (no allocation, no `__index__`: only exact ints are converted),
        // so nothing can change the list, and the borrowed item outlives its use. An error
        // set by either call is cleared before returning.
        let value = unsafe {
            let item = ffi::PyList_GetItem(list.as_ptr(), k as ffi::Py_ssize_t);
            if item.is_null() || ffi::PyLong_CheckExact(item) == 0 {
                ffi::PyErr_Clear();
                values.truncate(start);
                return false;
            }
            let value = ffi::PyLong_AsLongLong(item);
            if value == -1 && !ffi::PyErr_Occurred().is_null() {
                ffi::PyErr_Clear(); // outside int64: the per-item path words the error
                values.truncate(start);
                return false;
            }
            value
        };
        values.push(value);
    }
    true
}

/// One token id: an `int` (a `bool` is 0 or 1) or an object with `__index__` (NumPy
/// integers), as `operator.index` takes it; errors as the Python layer words them.
fn int64(item: &Bound<'_, PyAny>, what: &dyn Fn() -> String) -> PyResult<i64> {
    let index = if item.is_instance_of::<PyInt>() {
        item.clone()
    } else {
        let operator = item.py().import("operator")?;
        operator.getattr("index")?.call1((item,)).map_err(|_| {
            PyTypeError::new_err(format!(
                "{} must be an int token id, got {}",
                what(),
                type_name(item)
            ))
        })?
    };
    index.extract::<i64>().map_err(|_| {
        PyValueError::new_err(format!(
            "{} = {} is outside int64",
            what(),
            index.str().map(|s| s.to_string()).unwrap_or_default()
        ))
    })
}

/// True when a pair's references value is one id sequence: `bytes`, or a `list` that is
/// empty or starts with an int (the Python layer passes several references as a list of
/// `bytes` / `list` items).
fn one_id_sequence(obj: &Bound<'_, PyAny>) -> bool {
    match obj.downcast::<PyList>() {
        Ok(list) => list.iter().next().is_none_or(|first| {
            !(first.is_instance_of::<PyList>() || first.is_instance_of::<PyBytes>())
        }),
        Err(_) => true,
    }
}

/// Token ids of a batch: `predictions[i]` one id sequence, `references[i]` one id sequence or
/// a list of them; a sequence is int64 bytes or a list of ints (the Python layer has checked
/// the shapes and converted arrays and other sequences to bytes).
pub fn id_batch(
    predictions: &[Bound<'_, PyAny>],
    references: &[Bound<'_, PyAny>],
) -> PyResult<Ids> {
    if predictions.len() != references.len() {
        return Err(PyValueError::new_err(format!(
            "predictions and references must have the same length, got {} predictions and {} references",
            predictions.len(),
            references.len()
        )));
    }
    let mut out = Ids::with_pairs(predictions.len());
    for (i, p) in predictions.iter().enumerate() {
        push_int64s(p, &|| format!("predictions[{i}]"), &mut out.values)?;
        out.end_sequence();
    }
    out.predictions = predictions.len();
    for (i, refs) in references.iter().enumerate() {
        if one_id_sequence(refs) {
            push_int64s(refs, &|| format!("references[{i}]"), &mut out.values)?;
            out.end_sequence();
        } else {
            let group = refs.downcast::<PyList>()?;
            for (k, r) in group.iter().enumerate() {
                push_int64s(&r, &|| format!("references[{i}][{k}]"), &mut out.values)?;
                out.end_sequence();
            }
        }
        out.ref_ends.push(out.ends.len() - out.predictions);
    }
    Ok(out)
}

/// The token ids of a batch whose every sequence is read natively: `predictions` a `list` of
/// `list`s of exact `int`s within int64 (what tokenizers return), `references` a `list` whose
/// items are such lists or lists of them (a list that is empty or starts with an int is one
/// sequence). `None` for anything else, including values the core would refuse, having
/// changed nothing: the Python layer then normalises the inputs and passes them to
/// [`id_batch`], which words every error as before. This way the usual input crosses into
/// Rust with no per-pair Python code and every other input keeps its one code path.
pub fn id_lists(predictions: &Bound<'_, PyAny>, references: &Bound<'_, PyAny>) -> Option<Ids> {
    let predictions = predictions.downcast_exact::<PyList>().ok()?;
    let references = references.downcast_exact::<PyList>().ok()?;
    let n = predictions.len();
    if references.len() != n {
        return None;
    }
    let mut out = Ids::with_pairs(n);
    for i in 0..n {
        let p = predictions.get_item(i).ok()?;
        if !push_exact_ints(p.downcast_exact::<PyList>().ok()?, &mut out.values) {
            return None;
        }
        out.end_sequence();
    }
    out.predictions = n;
    for i in 0..n {
        let refs = references.get_item(i).ok()?;
        let refs = refs.downcast_exact::<PyList>().ok()?;
        // `[]` is one empty sequence.
        if refs.is_empty() || refs.get_item(0).ok()?.is_exact_instance_of::<PyInt>() {
            if !push_exact_ints(refs, &mut out.values) {
                return None;
            }
            out.end_sequence();
        } else {
            for r in refs.iter() {
                if !push_exact_ints(r.downcast_exact::<PyList>().ok()?, &mut out.values) {
                    return None;
                }
                out.end_sequence();
            }
        }
        out.ref_ends.push(out.ends.len() - out.predictions);
    }
    Some(out)
}

/// Pair i's references: `refs[ends[i - 1]..ends[i]]` (the flattened layout of [`Texts`]
/// and [`Ids`]).
pub fn per_pair<'a, T>(refs: &'a [T], ends: &'a [usize]) -> impl Iterator<Item = &'a [T]> + 'a {
    let mut start = 0;
    ends.iter().map(move |&end| {
        let r = &refs[start..end];
        start = end;
        r
    })
}

pub fn batch_texts(
    predictions: &Bound<'_, PyAny>,
    references: &Bound<'_, PyAny>,
) -> PyResult<Texts> {
    let preds = sequence(predictions, "predictions")?;
    let refs_in = sequence(references, "references")?;
    if preds.len() != refs_in.len() {
        return Err(PyValueError::new_err(format!(
            "predictions and references must have the same length, got {} predictions and {} references",
            preds.len(),
            refs_in.len()
        )));
    }
    let mut out = Texts {
        predictions: Vec::with_capacity(preds.len()),
        refs: Vec::with_capacity(refs_in.len()),
        ref_ends: Vec::with_capacity(refs_in.len()),
    };
    for i in 0..preds.len() {
        out.predictions
            .push(text(preds.get(i)?, &|| format!("predictions[{i}]"))?);
    }
    for i in 0..refs_in.len() {
        let r = refs_in.get(i)?;
        if r.is_instance_of::<PyString>() {
            out.refs.push(text(r, &|| format!("references[{i}]"))?);
        } else if several_texts(&r) {
            let items = sequence(&r, &format!("references[{i}]"))?;
            if items.len() == 0 {
                return Err(PyValueError::new_err(format!(
                    "references[{i}] is an empty list: every prediction needs at least one reference"
                )));
            }
            for k in 0..items.len() {
                out.refs
                    .push(text(items.get(k)?, &|| format!("references[{i}][{k}]"))?);
            }
        } else {
            return Err(PyTypeError::new_err(format!(
                "references[{i}] must be str or a list of str, got {}",
                type_name(&r)
            )));
        }
        out.ref_ends.push(out.refs.len());
    }
    Ok(out)
}

/// True when a references value that is not a `str` is taken as a collection of texts: an
/// ordered iterable (a list or tuple without making an iterator to find out).
fn several_texts(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_instance_of::<PyList>()
        || obj.is_instance_of::<PyTuple>()
        || (!obj.is_instance_of::<PyBytes>() && !unordered(obj) && obj.try_iter().is_ok())
}

/// One pair's texts: `prediction` a str, `references` a str or a non-empty ordered
/// collection of str; errors name `prediction`, `references`, `references[k]` (as the
/// Python checks of `rougekit.inputs` do).
pub fn one_pair(
    prediction: &Bound<'_, PyAny>,
    references: &Bound<'_, PyAny>,
) -> PyResult<(PyBackedStr, Vec<PyBackedStr>)> {
    let prediction = text(prediction.clone(), &|| "prediction".to_string())?;
    if references.is_instance_of::<PyString>() {
        return Ok((
            prediction,
            vec![text(references.clone(), &|| "references".to_string())?],
        ));
    }
    if !several_texts(references) {
        return Err(PyTypeError::new_err(format!(
            "references must be str or a list of str, got {}",
            type_name(references)
        )));
    }
    let items = sequence(references, "references")?;
    if items.len() == 0 {
        return Err(PyValueError::new_err(
            "references is an empty list: give at least one reference",
        ));
    }
    let refs = (0..items.len())
        .map(|k| text(items.get(k)?, &|| format!("references[{k}]")))
        .collect::<PyResult<Vec<_>>>()?;
    Ok((prediction, refs))
}

/// The int64 values of native-endian bytes; `what` names them in errors.
fn int64_bytes(bytes: &[u8], what: &str) -> PyResult<Vec<i64>> {
    if !bytes.len().is_multiple_of(8) {
        return Err(PyValueError::new_err(format!(
            "{what} has {} bytes, not a whole number of int64 values",
            bytes.len()
        )));
    }
    Ok(bytes
        .chunks_exact(8)
        .map(|c| i64::from_ne_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]))
        .collect())
}

/// Offsets `0 = o[0] <= o[1] <= ... <= o[n] = values` as ends, or `ValueError`.
fn ragged_ends(offsets: &[i64], values: usize, what: &str) -> PyResult<Vec<usize>> {
    let bad = offsets.first() != Some(&0)
        || offsets.windows(2).any(|w| w[0] > w[1])
        || offsets.last().copied() != Some(values as i64);
    if bad {
        return Err(PyValueError::new_err(format!(
            "{what} offsets must start at 0, never decrease and end at the number of values \
             ({values})"
        )));
    }
    Ok(offsets[1..].iter().map(|&o| o as usize).collect())
}

/// Token ids in the ragged form (values and offsets, all int64 native bytes: sequence `i`
/// is `values[offsets[i]..offsets[i + 1]]`), one reference sequence per prediction: read
/// with no Python object per sequence.
pub fn ragged(
    pred_values: &[u8],
    pred_offsets: &[u8],
    ref_values: &[u8],
    ref_offsets: &[u8],
) -> PyResult<Ids> {
    let mut values = int64_bytes(pred_values, "prediction values")?;
    let refs = int64_bytes(ref_values, "reference values")?;
    let pred_ends = ragged_ends(
        &int64_bytes(pred_offsets, "prediction offsets")?,
        values.len(),
        "prediction",
    )?;
    let ref_ends = ragged_ends(
        &int64_bytes(ref_offsets, "reference offsets")?,
        refs.len(),
        "reference",
    )?;
    if pred_ends.len() != ref_ends.len() {
        return Err(PyValueError::new_err(format!(
            "{} predictions but {} references",
            pred_ends.len(),
            ref_ends.len()
        )));
    }
    let n = pred_ends.len();
    let shift = values.len();
    values.extend_from_slice(&refs);
    let mut ends = pred_ends;
    ends.extend(ref_ends.iter().map(|&e| e + shift));
    Ok(Ids {
        values,
        ends,
        predictions: n,
        ref_ends: (1..=n).collect(),
    })
}
