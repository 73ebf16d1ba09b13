//! The command line's per-instance rows (`--per-instance`), formatted as
//! `rougekit.report.InstanceWriter` writes them with Python's `json.dumps` and `csv.writer`:
//! floats as Python's `repr` prints them (the shortest digits that read back, in the
//! layout of `float.__repr__`), strings as `json.dumps` escapes them (`ensure_ascii`).

use crate::scores::BatchScores;
use std::fmt::Write;

/// The names of a row's fields, in `InstanceWriter`'s order.
const FIELDS: [&str; 3] = ["precision", "recall", "fmeasure"];

/// `repr(x)` of a Python float (finite or not, as `json.dumps` writes it: `NaN`,
/// `Infinity`).
pub fn push_float(out: &mut String, x: f64) {
    if x.is_nan() {
        out.push_str("NaN");
        return;
    }
    if x.is_infinite() {
        out.push_str(if x > 0.0 { "Infinity" } else { "-Infinity" });
        return;
    }
    // Rust's `{:e}` gives the shortest digits that read back, as Python's repr does;
    // Python lays them out in fixed notation for exponents -4..16, else as 1.5e-05.
    let mut sci = Stack::default();
    let _ = write!(sci, "{:e}", x.abs());
    let sci = std::str::from_utf8(&sci.bytes[..sci.len]).expect("ASCII");
    let (mantissa, exp) = sci.split_once('e').expect("{:e} has an exponent");
    let exp: i32 = exp.parse().expect("{:e}'s exponent is an integer");
    let (first, rest) = mantissa.split_at(1);
    let rest = rest.strip_prefix('.').unwrap_or(rest);
    let ndigits = 1 + rest.len();
    if x.is_sign_negative() {
        out.push('-');
    }
    if (-4..16).contains(&exp) {
        if exp < 0 {
            out.push_str("0.");
            for _ in 0..(-exp - 1) {
                out.push('0');
            }
            out.push_str(first);
            out.push_str(rest);
        } else {
            let point = exp as usize + 1;
            out.push_str(first);
            if ndigits <= point {
                out.push_str(rest);
                for _ in ndigits..point {
                    out.push('0');
                }
                out.push_str(".0");
            } else {
                out.push_str(&rest[..point - 1]);
                out.push('.');
                out.push_str(&rest[point - 1..]);
            }
        }
    } else {
        out.push_str(first);
        if !rest.is_empty() {
            out.push('.');
            out.push_str(rest);
        }
        let _ = write!(out, "e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs());
    }
}

/// A float's `{:e}` text without an allocation (at most 17 digits, a point, `e-324`).
#[derive(Default)]
struct Stack {
    bytes: [u8; 32],
    len: usize,
}

impl std::fmt::Write for Stack {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        self.bytes
            .get_mut(self.len..end)
            .ok_or(std::fmt::Error)?
            .copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// `json.dumps(s)` (with `ensure_ascii`): quotes, and escapes for `"`, `\`, control
/// characters and everything outside printable ASCII.
pub fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            ' '..='~' => out.push(c),
            _ => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{u:04x}");
                }
            }
        }
    }
    out.push('"');
}

/// The JSON Lines rows of `batch` named `ids`: one object per pair, its id then, per type,
/// `{"precision": p, "recall": r, "fmeasure": f}`.
pub fn jsonl_rows(out: &mut String, batch: &BatchScores, ids: &[&str]) {
    let (names, columns) = (batch.names(), batch.columns());
    for (i, id) in ids.iter().enumerate() {
        out.push_str("{\"id\": ");
        push_json_string(out, id);
        for (t, name) in names.iter().enumerate() {
            out.push_str(", ");
            push_json_string(out, name);
            out.push_str(": {");
            for (k, field) in FIELDS.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                out.push('"');
                out.push_str(field);
                out.push_str("\": ");
                push_float(out, columns[t * 3 + k][i]);
            }
            out.push('}');
        }
        out.push_str("}\n");
    }
}

/// The CSV rows of `batch` named `ids`, as `csv.writer(handle, lineterminator="\n")` writes
/// `[id, *map(repr, values)]`: an id holding `,`, `"` or `\n` is quoted, its quotes doubled.
pub fn csv_rows(out: &mut String, batch: &BatchScores, ids: &[&str]) {
    let columns = batch.columns();
    for (i, id) in ids.iter().enumerate() {
        if id.contains([',', '"', '\n']) {
            out.push('"');
            out.push_str(&id.replace('"', "\"\""));
            out.push('"');
        } else {
            out.push_str(id);
        }
        for column in &columns {
            out.push(',');
            push_float(out, column[i]);
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repr(x: f64) -> String {
        let mut s = String::new();
        push_float(&mut s, x);
        s
    }

    #[test]
    fn floats_as_python_repr() {
        for (x, want) in [
            (0.0, "0.0"),
            (-0.0, "-0.0"),
            (1.0, "1.0"),
            (0.5, "0.5"),
            (1.0 / 3.0, "0.3333333333333333"),
            (2.0 / 3.0, "0.6666666666666666"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1.5e-7, "1.5e-07"),
            (123.25, "123.25"),
            (1e15, "1000000000000000.0"),
            (1e16, "1e+16"),
            (1.2345e20, "1.2345e+20"),
            (5e-324, "5e-324"),
            (f64::NAN, "NaN"),
        ] {
            assert_eq!(repr(x), want, "{x}");
        }
    }

    #[test]
    fn strings_as_json_dumps() {
        let mut s = String::new();
        push_json_string(&mut s, "a\"\\\n\t\u{1}\u{7f}é\u{1f600}");
        assert_eq!(s, r#""a\"\\\n\t\u0001\u007f\u00e9\ud83d\ude00""#);
    }
}
