//! ROUGE type names and the validated engine configuration.
use crate::error::RougeError;
use crate::kernels::wlcs::{MAX_WEIGHT, MIN_WEIGHT_EXCLUSIVE};
use crate::multiref::MultiRef;
use crate::pipeline::Pipeline;

/// One ROUGE variant the engine can compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RougeType {
    /// ROUGE-N: clipped n-gram overlap over the whole token list (n >= 1).
    N(usize),
    /// rouge-score's `rougeL`: LCS over the whole text, newlines are whitespace.
    L,
    /// rouge-score's `rougeLsum`: summary-level union LCS over `\n`-separated lines.
    Lsum,
    /// ROUGE-W over the whole text (Lin 2004 §3.3), weight `f(k) = k^w` stored as the
    /// `f64` bits of `w` (so the type stays `Eq + Hash`).
    W(u64),
    /// ROUGE-S (`su` false) or ROUGE-SU with at most `gap` tokens between the two words
    /// (`None`: unlimited).
    S { gap: Option<usize>, su: bool },
}

/// Default ROUGE-W weight (ROUGE-1.5.5's sample runs and pyrouge use 1.2).
pub const DEFAULT_WEIGHT: f64 = 1.2;

/// Parses `rougeW`, `rougeW-1.5`, `ROUGE-W-1.5`, `rougeS4`, `rougeSU*`, `ROUGE-SU4`.
fn parse_w_or_s(name: &str) -> Option<Result<RougeType, RougeError>> {
    let rest = name
        .strip_prefix("rouge")
        .or_else(|| name.strip_prefix("ROUGE-"))?;
    if let Some(w) = rest.strip_prefix('W') {
        let weight = match w.strip_prefix('-') {
            None if w.is_empty() => DEFAULT_WEIGHT,
            Some(num)
                if !num.is_empty() && num.bytes().all(|b| b.is_ascii_digit() || b == b'.') =>
            {
                // Lin (2004) §3.3: the weighting f(k) = k^w must satisfy f(x + y) > f(x) +
                // f(y), i.e. w > 1; below it "scores" exceed 1 (issue 13 item 3). The cap
                // keeps k^w finite (see `wlcs::MAX_WEIGHT`). Only this profile parses
                // weights here: ROUGE-1.5.5's profile keeps every positive weight, as it does.
                match num.parse::<f64>() {
                    Ok(x) if x > MIN_WEIGHT_EXCLUSIVE && x <= MAX_WEIGHT => x,
                    _ => {
                        return Some(Err(RougeError::InvalidType(format!(
                            "invalid ROUGE type {name:?}: the ROUGE-W weight must be greater \
                             than {MIN_WEIGHT_EXCLUSIVE} (Lin 2004 requires f(x+y) > f(x) + \
                             f(y)) and at most {MAX_WEIGHT}"
                        ))))
                    }
                }
            }
            _ => return None,
        };
        return Some(Ok(RougeType::W(weight.to_bits())));
    }
    let (su, gap) = if let Some(g) = rest.strip_prefix("SU") {
        (true, g)
    } else {
        (false, rest.strip_prefix('S')?)
    };
    let gap = match gap {
        "*" => None,
        g if !g.is_empty() && g.bytes().all(|b| b.is_ascii_digit()) => match g.parse() {
            Ok(d) => Some(d),
            Err(_) => return None,
        },
        _ => return None,
    };
    Some(Ok(RougeType::S { gap, su }))
}

impl RougeType {
    /// Parses a type name. Accepts rouge-score's spellings (`rouge1`, `rougeL`, `rougeLsum`),
    /// any `rougeN` with n >= 1, and ROUGE-1.5.5's `ROUGE-N` spelling.
    pub fn parse(name: &str) -> Result<RougeType, RougeError> {
        match name {
            "rougeL" => return Ok(RougeType::L),
            "rougeLsum" => return Ok(RougeType::Lsum),
            _ => {}
        }
        if let Some(parsed) = parse_w_or_s(name) {
            return parsed;
        }
        let digits = name
            .strip_prefix("rouge")
            .or_else(|| name.strip_prefix("ROUGE-"));
        if let Some(d) = digits {
            if !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()) && !d.starts_with('0') {
                return match d.parse::<usize>() {
                    Ok(0) => Err(RougeError::InvalidType(format!(
                        "invalid ROUGE type {name:?}: n must be positive"
                    ))),
                    Ok(n) if n <= 1024 => Ok(RougeType::N(n)),
                    _ => Err(RougeError::InvalidType(format!(
                        "invalid ROUGE type {name:?}: n is larger than 1024"
                    ))),
                };
            }
        }
        let hint = match name {
            "ROUGE-L" => {
                " (ROUGE-1.5.5's ROUGE-L is summary level: use 'rougeLsum', or 'rougeL' for \
                 LCS over the whole text)"
            }
            "rougeLSum" | "rougelsum" | "rouge-lsum" | "rougeL-sum" => {
                " (did you mean 'rougeLsum'?)"
            }
            "rougel" | "rouge-l" | "rouge_l" => " (did you mean 'rougeL'?)",
            _ => "",
        };
        Err(RougeError::InvalidType(format!(
            "invalid ROUGE type {name:?}: expected rouge1..rougeN, rougeL, rougeLsum, rougeW \
             or rougeW-<weight>, rougeS<gap>, rougeSU<gap>, rougeS* or rougeSU*{hint}"
        )))
    }

    /// The canonical rouge-score spelling of this type.
    pub fn name(&self) -> String {
        match self {
            RougeType::N(n) => format!("rouge{n}"),
            RougeType::L => "rougeL".to_string(),
            RougeType::Lsum => "rougeLsum".to_string(),
            RougeType::W(bits) => format!("rougeW-{}", f64::from_bits(*bits)),
            RougeType::S { gap, su } => {
                let kind = if *su { "SU" } else { "S" };
                match gap {
                    Some(d) => format!("rouge{kind}{d}"),
                    None => format!("rouge{kind}*"),
                }
            }
        }
    }
}

/// Most worker threads an engine may ask for.
pub const MAX_THREADS: usize = 1024;

/// Validated settings of one engine (the rouge-score family of profiles).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineConfig {
    /// Requested types, in the caller's order, duplicates removed (first kept).
    pub types: Vec<RougeType>,
    /// Tokenizer and stemmer.
    pub pipeline: Pipeline,
    /// How the references of a pair combine.
    pub multiref: MultiRef,
    /// Average the rule over leave-one-out reference subsets.
    pub jackknife: bool,
    /// Token-id input: the id that ends a rougeLsum line (`None`: one line per text).
    pub separator: Option<i64>,
    /// Worker threads for batches (>= 1).
    pub threads: usize,
}

impl EngineConfig {
    /// The canonical names of the types, in order (the result's column names).
    pub fn names(&self) -> Vec<String> {
        self.types.iter().map(RougeType::name).collect()
    }

    /// The same configuration with another text pipeline.
    pub fn with_pipeline(self, pipeline: Pipeline) -> EngineConfig {
        EngineConfig { pipeline, ..self }
    }

    /// The same configuration with another multi-reference rule.
    pub fn with_multiref(self, multiref: MultiRef, jackknife: bool) -> EngineConfig {
        EngineConfig {
            multiref,
            jackknife,
            ..self
        }
    }

    /// The same configuration for token ids whose lines end at `separator`.
    pub fn with_separator(self, separator: Option<i64>) -> EngineConfig {
        EngineConfig { separator, ..self }
    }

    /// Builds a configuration of the rouge-score profile (rouge-score's tokenizer, NLTK
    /// Porter stemming of tokens longer than 3 characters when `stemmer`, best-F references)
    /// from type names.
    pub fn parse<S: AsRef<str>>(
        types: &[S],
        stemmer: bool,
        threads: usize,
    ) -> Result<EngineConfig, RougeError> {
        if threads == 0 || threads > MAX_THREADS {
            return Err(RougeError::InvalidOption(format!(
                "threads must be between 1 and {MAX_THREADS}, got {threads}"
            )));
        }
        let mut parsed: Vec<RougeType> = Vec::with_capacity(types.len());
        for t in types {
            let t = RougeType::parse(t.as_ref())?;
            if !parsed.contains(&t) {
                parsed.push(t);
            }
        }
        Ok(EngineConfig {
            types: parsed,
            pipeline: Pipeline::rouge_score(stemmer),
            multiref: MultiRef::BestF,
            jackknife: false,
            separator: None,
            threads,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_names() {
        assert_eq!(RougeType::parse("rouge1"), Ok(RougeType::N(1)));
        assert_eq!(RougeType::parse("rouge12"), Ok(RougeType::N(12)));
        assert_eq!(RougeType::parse("ROUGE-2"), Ok(RougeType::N(2)));
        assert_eq!(RougeType::parse("rougeL"), Ok(RougeType::L));
        assert_eq!(RougeType::parse("rougeLsum"), Ok(RougeType::Lsum));
        for bad in [
            "rouge0",
            "rouge01",
            "ROUGE-02",
            "rougeLSum",
            "rouge",
            "rouge-1",
            "rouge1\n",
            "",
            "ROUGE-L",
            "rougeW-1",
            "rougeW-0.5",
            "rougeW-16.5",
            "rougeW-1000",
        ] {
            assert!(RougeType::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn dedups_types_in_order() {
        let c = EngineConfig::parse(&["rougeL", "rouge1", "rougeL"], false, 1).unwrap();
        assert_eq!(c.types, vec![RougeType::L, RougeType::N(1)]);
        assert!(EngineConfig::parse(&["rouge1"], false, 0).is_err());
    }
}
