//! The perl-1.5.5 profile's ROUGE types: names as the API and the signature write them
//! (`rouge2` / `ROUGE-2`, `rougeL`, `rougeW-1.2`, `rougeS4`, `rougeSU*`), and the runs that
//! compute them. ROUGE-1.5.5 computes one ROUGE-W weight and one skip gap per run (its `-w`
//! and `-2`), so types with several weights or gaps take several runs over the same texts.
use super::{PerlConfig, Skip, Variant};
use crate::error::RougeError;

/// ROUGE-1.5.5's default ROUGE-W weight (its sample runs and pyrouge use 1.2).
pub const DEFAULT_WEIGHT: f64 = 1.2;
/// Largest skip gap a type may name (positions are counted in 32 bits); a longer gap than
/// any text is `rougeS*`.
pub const MAX_GAP: usize = u32::MAX as usize;

/// One perl-1.5.5 type.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PerlType {
    /// ROUGE-n.
    N(usize),
    /// ROUGE-L: summary level (union LCS over sentences), ROUGE-1.5.5's only ROUGE-L.
    L,
    /// ROUGE-W with this weight (any positive finite weight, as ROUGE-1.5.5's `-w`).
    W(f64),
    /// ROUGE-S (`su` false) or ROUGE-SU, at most `gap` tokens apart (`None`: any).
    S { gap: Option<usize>, su: bool },
}

/// `-w`'s number as the type names take it: digits with an optional point and exponent.
fn weight_text(s: &str) -> bool {
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(k) => (&s[..k], Some(&s[k + 1..])),
        None => (s, None),
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = match mantissa.split_once('.') {
        None => digits(mantissa),
        Some((a, b)) => (digits(a) && (b.is_empty() || digits(b))) || (a.is_empty() && digits(b)),
    };
    let exponent_ok = exponent.is_none_or(|e| digits(e.strip_prefix(['+', '-']).unwrap_or(e)));
    mantissa_ok && exponent_ok
}

impl PerlType {
    /// Parses `rouge2`/`ROUGE-2`, `rougeL`, `rougeW`/`rougeW-1.2`/`ROUGE-W-1.2`,
    /// `rougeS4`/`ROUGE-S4`, `rougeSU4`, `rougeS*`, `rougeSU*`.
    pub fn parse(name: &str) -> Result<PerlType, RougeError> {
        let bad = |why: &str| RougeError::InvalidType(format!("{why}, got {name:?}"));
        match name {
            "rougeL" | "ROUGE-L" => return Ok(PerlType::L),
            "rougeLsum" | "ROUGE-Lsum" => {
                return Err(RougeError::InvalidType(
                    "rougeLsum is a rouge-score type; in the perl-1.5.5 profile rougeL is \
                     already the summary-level (union LCS over sentences) ROUGE-L, so ask for \
                     'rougeL'"
                        .into(),
                ))
            }
            _ => {}
        }
        let rest = name
            .strip_prefix("rouge")
            .or_else(|| name.strip_prefix("ROUGE-"));
        if let Some(rest) = rest {
            if let Some(w) = rest.strip_prefix('W') {
                let weight = match w.strip_prefix('-') {
                    None if w.is_empty() => Some(DEFAULT_WEIGHT),
                    Some(t) if weight_text(t) => t.parse::<f64>().ok(),
                    _ => None,
                };
                if let Some(weight) = weight {
                    if !(weight > 0.0 && weight.is_finite()) {
                        return Err(bad("the ROUGE-W weight must be positive and finite"));
                    }
                    return Ok(PerlType::W(weight));
                }
            } else if let Some((su, gap)) = rest
                .strip_prefix("SU")
                .map(|g| (true, g))
                .or_else(|| rest.strip_prefix('S').map(|g| (false, g)))
            {
                if gap == "*" {
                    return Ok(PerlType::S { gap: None, su });
                }
                if !gap.is_empty() && gap.bytes().all(|b| b.is_ascii_digit()) {
                    return match gap.parse::<usize>() {
                        Ok(d) if gap.len() <= 10 && d <= MAX_GAP => {
                            Ok(PerlType::S { gap: Some(d), su })
                        }
                        _ => Err(RougeError::InvalidType(format!(
                            "the skip gap of {name:?} is too large: at most {MAX_GAP} (a gap \
                             longer than any text is rouge{}*)",
                            if su { "SU" } else { "S" }
                        ))),
                    };
                }
            } else if !rest.is_empty()
                && rest.bytes().all(|b| b.is_ascii_digit())
                && !rest.starts_with('0')
            {
                return match rest.parse::<usize>() {
                    Ok(n) if n <= super::MAX_N => Ok(PerlType::N(n)),
                    _ => Err(bad(&format!("ROUGE-N needs n <= {}", super::MAX_N))),
                };
            }
        }
        Err(RougeError::InvalidType(format!(
            "unknown ROUGE type {name:?} for the perl-1.5.5 profile; expected rougeN (e.g. \
             rouge1), rougeL, rougeW or rougeW-<weight>, rougeS<gap>, rougeSU<gap>, rougeS*, \
             rougeSU*"
        )))
    }

    /// The canonical name (`rouge2`, `rougeL`, `rougeW-1.2`, `rougeSU4`, `rougeS*`).
    pub fn name(&self) -> String {
        match self {
            PerlType::N(n) => format!("rouge{n}"),
            PerlType::L => "rougeL".into(),
            PerlType::W(w) => format!("rougeW-{w}"),
            PerlType::S { gap, su } => {
                let kind = if *su { "SU" } else { "S" };
                match gap {
                    Some(d) => format!("rouge{kind}{d}"),
                    None => format!("rouge{kind}*"),
                }
            }
        }
    }

    /// Parses names and drops repeats (the first spelling wins its place).
    pub fn parse_all<S: AsRef<str>>(names: &[S]) -> Result<Vec<PerlType>, RougeError> {
        let mut out: Vec<PerlType> = Vec::with_capacity(names.len());
        for n in names {
            let t = PerlType::parse(n.as_ref())?;
            if !out.iter().any(|o| o.name() == t.name()) {
                out.push(t);
            }
        }
        Ok(out)
    }
}

/// One run of ROUGE-1.5.5's variants over the texts: the variants of `config`, and which
/// type (by index into the requested types) each variant it computes answers.
#[derive(Debug, Clone)]
pub struct Run {
    pub config: PerlConfig,
    pub picks: Vec<(Variant, usize)>,
}

/// The runs that compute `types` with `base`'s text pipeline and rules: the first run holds
/// every ROUGE-N and ROUGE-L and the first weight and gap; each further weight or gap takes
/// one more run.
pub fn plan(types: &[PerlType], base: &PerlConfig) -> Vec<Run> {
    let mut weights: Vec<f64> = Vec::new();
    let mut gaps: Vec<Option<usize>> = Vec::new();
    for t in types {
        match *t {
            PerlType::W(w) if !weights.contains(&w) => weights.push(w),
            PerlType::S { gap, .. } if !gaps.contains(&gap) => gaps.push(gap),
            _ => {}
        }
    }
    let runs = weights.len().max(gaps.len()).max(1);
    (0..runs)
        .map(|i| {
            let weight = weights.get(i).copied();
            let gap = gaps.get(i).copied();
            let mut config = PerlConfig {
                ngram_max: 0,
                lcs: false,
                wlcs_weight: weight,
                skip: None,
                ..base.clone()
            };
            let mut picks = Vec::new();
            for (k, t) in types.iter().enumerate() {
                match *t {
                    PerlType::N(n) if i == 0 => {
                        config.ngram_max = config.ngram_max.max(n);
                        picks.push((Variant::N(n), k));
                    }
                    PerlType::L if i == 0 => {
                        config.lcs = true;
                        picks.push((Variant::L, k));
                    }
                    PerlType::W(w) if Some(w) == weight => picks.push((Variant::W, k)),
                    PerlType::S { gap: g, su } if gap == Some(g) => {
                        let skip = config.skip.get_or_insert(Skip {
                            gap: g,
                            s: false,
                            su: false,
                        });
                        if su {
                            skip.su = true;
                            picks.push((Variant::SU, k));
                        } else {
                            skip.s = true;
                            picks.push((Variant::S, k));
                        }
                    }
                    _ => {}
                }
            }
            Run { config, picks }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_spellings() {
        for (name, canonical) in [
            ("rouge2", "rouge2"),
            ("ROUGE-2", "rouge2"),
            ("ROUGE-L", "rougeL"),
            ("rougeW", "rougeW-1.2"),
            ("ROUGE-W-1.20", "rougeW-1.2"),
            ("rougeW-5e-1", "rougeW-0.5"),
            ("rougeW-.5", "rougeW-0.5"),
            ("ROUGE-SU4", "rougeSU4"),
            ("rougeS*", "rougeS*"),
            ("rougeS4294967295", "rougeS4294967295"),
        ] {
            assert_eq!(PerlType::parse(name).unwrap().name(), canonical, "{name}");
        }
        for bad in [
            "rouge0",
            "rouge01",
            "rouge1025",
            "rougeW-0",
            "rougeW-",
            "rougeW-1.2x",
            "rougeW-inf",
            "rougeS4294967296",
            "rougeS",
            "rougeLsum",
            "rouge-1",
            "",
        ] {
            assert!(PerlType::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn one_run_per_weight_and_gap() {
        let types =
            PerlType::parse_all(&["rouge2", "rougeW-1.2", "rougeSU4", "rougeW-1.5", "rougeL"])
                .unwrap();
        let runs = plan(&types, &PerlConfig::default());
        assert_eq!(runs.len(), 2);
        let first = &runs[0].config;
        assert_eq!(
            (first.ngram_max, first.lcs, first.wlcs_weight),
            (2, true, Some(1.2))
        );
        assert_eq!(
            first.skip,
            Some(Skip {
                gap: Some(4),
                s: false,
                su: true
            })
        );
        assert_eq!(
            runs[0].picks,
            [
                (Variant::N(2), 0),
                (Variant::W, 1),
                (Variant::SU, 2),
                (Variant::L, 4)
            ]
        );
        assert_eq!(runs[1].picks, [(Variant::W, 3)]);
        assert_eq!(runs[1].config.ngram_max, 0);
        assert!(!runs[1].config.lcs);
    }
}
