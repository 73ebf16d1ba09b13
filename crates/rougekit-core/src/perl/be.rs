//! Basic Elements (`-3 MODE`, spec `rouge-1.5.5.md` §12) on SIMPLE-format input: each line is a
//! `head|modifier|relation` triple; the mode picks which triples count and as what unit;
//! units are then matched, clipped and combined exactly as ROUGE-N n-grams.
use super::batch::PerlScores;
use super::combine::{combine, MultiRef};
use super::counts::ModelCounts;
use super::round::round5;
use super::vocab::PerlStemmer;
use super::Variant;
use crate::error::RougeError;
use crate::kernels::ngram::KeyCounter;
use crate::stem::porter_perl;
use rustc_hash::FxHashMap;

/// The `-3` modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BeMode {
    /// Heads whose modifier is `nil`.
    H,
    /// `head|mod` where mod is not `nil`.
    HM,
    /// Triples whose relation is not `nil`.
    HMR,
    /// Every `head|mod`.
    HM1,
    /// Triples whose modifier is not `nil`.
    HMR1,
    /// Every triple.
    HMR2,
}

impl BeMode {
    /// Parses a mode name as typed after `-3`.
    pub fn parse(name: &str) -> Result<BeMode, RougeError> {
        Ok(match name {
            "H" => BeMode::H,
            "HM" => BeMode::HM,
            "HMR" => BeMode::HMR,
            "HM1" => BeMode::HM1,
            "HMR1" => BeMode::HMR1,
            "HMR2" => BeMode::HMR2,
            _ => {
                return Err(RougeError::InvalidOption(format!(
                    "unknown Basic Element mode {name:?}; expected H, HM, HMR, HM1, HMR1 or HMR2"
                )))
            }
        })
    }

    /// The unit a triple counts as under this mode, if it counts.
    fn unit(self, head: &str, modifier: &str, relation: &str) -> Option<String> {
        let nil = |s: &str| s == "nil";
        match self {
            BeMode::H if nil(modifier) => Some(head.to_string()),
            BeMode::HM if !nil(modifier) => Some(format!("{head}|{modifier}")),
            BeMode::HM1 => Some(format!("{head}|{modifier}")),
            BeMode::HMR if !nil(relation) => Some(format!("{head}|{modifier}|{relation}")),
            BeMode::HMR1 if !nil(modifier) => Some(format!("{head}|{modifier}|{relation}")),
            BeMode::HMR2 => Some(format!("{head}|{modifier}|{relation}")),
            _ => None,
        }
    }
}

/// A line that is not a `head|modifier|relation` triple.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadLine {
    pub instance: usize,
    /// `None` for the peer, `Some(j)` for model j.
    pub model: Option<usize>,
    /// 0-based line index within the summary.
    pub line: usize,
}

/// PTB bracket codes are never stemmed.
fn is_bracket_code(token: &str) -> bool {
    matches!(
        token,
        "-lrb-" | "-rrb-" | "-lsb-" | "-rsb-" | "-lcb-" | "-rcb-"
    )
}

/// §12 stemming of a head or modifier field: only fields longer than 3 characters, token by
/// token; a token with a letter or digit goes through the exception table (canonical
/// variant) or Porter whatever its own length.
fn stem_field(field: &str, stemmer: PerlStemmer) -> String {
    if stemmer == PerlStemmer::None || field.len() <= 3 {
        return field.to_string();
    }
    let stem_one = |t: &str| -> String {
        if !t.bytes().any(|b| b.is_ascii_alphanumeric()) || is_bracket_code(t) {
            return t.to_string();
        }
        if let Some(base) = stemmer.exception(t) {
            return base.to_string();
        }
        porter_perl::stem(t)
    };
    field
        .split_ascii_whitespace()
        .map(stem_one)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The units of one SIMPLE summary, as keys from `ids`.
fn units(
    lines: &[&[u8]],
    mode: BeMode,
    stemmer: PerlStemmer,
    ids: &mut FxHashMap<String, u64>,
    out: &mut Vec<u64>,
) -> Result<(), usize> {
    out.clear();
    for (i, raw) in lines.iter().enumerate() {
        let line = String::from_utf8_lossy(raw).to_ascii_lowercase();
        let fields: Vec<&str> = line.split('|').collect();
        let [head, modifier, relation] = fields[..] else {
            return Err(i);
        };
        let head = stem_field(head, stemmer);
        let modifier = stem_field(modifier, stemmer);
        if let Some(unit) = mode.unit(&head, &modifier, relation) {
            let next = ids.len() as u64;
            out.push(*ids.entry(unit).or_insert(next));
        }
    }
    Ok(())
}

/// Basic-Element scores of every instance (`peer` and `models` hold SIMPLE lines).
pub fn score_be(
    instances: &[super::Instance<'_>],
    mode: BeMode,
    stemmer: PerlStemmer,
    multiref: MultiRef,
    alpha: f64,
) -> Result<PerlScores, BadLine> {
    let mut column = Vec::with_capacity(instances.len());
    let mut ids = FxHashMap::default();
    let (mut peer_keys, mut model_keys) = (Vec::new(), Vec::new());
    let mut counter = KeyCounter::default();
    let mut per_model = Vec::new();
    for (n, inst) in instances.iter().enumerate() {
        ids.clear();
        units(&inst.peer, mode, stemmer, &mut ids, &mut peer_keys).map_err(|line| BadLine {
            instance: n,
            model: None,
            line,
        })?;
        per_model.clear();
        for (j, model) in inst.models.iter().enumerate() {
            units(model, mode, stemmer, &mut ids, &mut model_keys).map_err(|line| BadLine {
                instance: n,
                model: Some(j),
                line,
            })?;
            let hit = counter.overlap(&model_keys, &peer_keys) as f64;
            let m = model_keys.len() as f64;
            let select = if m == 0.0 { 0.0 } else { round5(hit / m) };
            per_model.push(ModelCounts { hit, m, select });
        }
        column.push(combine(
            &per_model,
            peer_keys.len() as f64,
            multiref,
            alpha,
            |x| x,
        ));
    }
    Ok(PerlScores {
        variants: vec![Variant::BE],
        rows: column,
        failures: Vec::new(),
        notes: vec![Default::default(); instances.len()],
    })
}
