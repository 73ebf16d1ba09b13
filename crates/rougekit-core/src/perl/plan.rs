//! A run of `rougekit perl` planned from its XML configuration in one pass, without a
//! per-document object on the Python side: which peers are scored, their instances (one per
//! `EVAL` holding the peer, in document order), the table of distinct summary files (a file
//! is read once however many instances share it) and the order in which ROUGE-1.5.5's
//! bootstrap visits the instances (spec `rouge-1.5.5.md` §10: keys `"<evalID>.<peerID>"`
//! sorted as strings). Building 11,490 such objects in Python and handing them back took a
//! tenth of a CNN/DM run, all of it on one core.
use super::evals::EvalConfig;
use super::files::SummaryFormat;
use rustc_hash::FxHashMap;

/// Which peers a run scores (ROUGE-1.5.5's `-a`, else one system ID).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PeerChoice {
    /// `-a`: every peer ID of the configuration, sorted as strings.
    All,
    /// The one system ID given.
    One(String),
}

/// One (evaluation, peer) instance: `eval` indexes [`RunPlan::evals`], `peer` the peer ID
/// in [`RunPlan::peers`], `slot` the peer's entry in that evaluation's peers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlannedInstance {
    pub eval: usize,
    pub peer: usize,
    pub slot: usize,
}

/// Everything a run needs before the files are read.
#[derive(Debug, Clone, Default)]
pub struct RunPlan {
    pub evals: Vec<EvalConfig>,
    /// The peer IDs scored, in output order.
    pub peers: Vec<String>,
    /// Instances grouped by peer (peer order), each group in document order.
    pub instances: Vec<PlannedInstance>,
    /// `starts[p]..starts[p + 1]`: the instances of peer `p`.
    pub starts: Vec<usize>,
    /// (peer, evaluation) pairs without an instance, in the order ROUGE-1.5.5 warns of them.
    pub missing: Vec<(usize, usize)>,
    /// Distinct (path, format) in first-use order (instance by instance: peer, then models).
    pub files: Vec<(String, SummaryFormat)>,
    /// Per instance: its peer file and its model files (indices into `files`).
    pub peer_files: Vec<usize>,
    pub model_files: Vec<Vec<usize>>,
}

impl RunPlan {
    /// The plan of `evals` for `choice`. Every evaluation must have a format (check
    /// [`first_format_problem`] first); an evaluation without one is given SPL.
    pub fn new(evals: Vec<EvalConfig>, choice: &PeerChoice) -> RunPlan {
        let peers: Vec<String> = match choice {
            PeerChoice::All => {
                let mut all: Vec<&str> = evals
                    .iter()
                    .flat_map(|e| e.peers.iter().map(|(p, _)| p.as_str()))
                    .collect();
                all.sort_unstable();
                all.dedup();
                all.into_iter().map(str::to_owned).collect()
            }
            PeerChoice::One(id) => vec![id.clone()],
        };
        let mut plan = RunPlan {
            starts: vec![0],
            ..RunPlan::default()
        };
        let mut table = FileTable::default();
        let paths: usize = evals.iter().map(|e| 1 + e.models.len()).sum();
        table.index.reserve(paths);
        table.files.reserve(paths);
        for (p, peer) in peers.iter().enumerate() {
            for (e, ev) in evals.iter().enumerate() {
                let Some(slot) = ev.peers.iter().position(|(id, _)| id == peer) else {
                    plan.missing.push((p, e));
                    continue;
                };
                let fmt = ev.format.unwrap_or(SummaryFormat::Spl);
                plan.peer_files.push(table.index(&ev.peers[slot].1, fmt));
                let models = ev.models.iter().map(|(_, path)| table.index(path, fmt));
                plan.model_files.push(models.collect());
                plan.instances.push(PlannedInstance {
                    eval: e,
                    peer: p,
                    slot,
                });
            }
            plan.starts.push(plan.instances.len());
        }
        plan.files = table.files;
        plan.peers = peers;
        plan.evals = evals;
        plan
    }

    /// The rows of peer `p` (absolute instance indices) in the bootstrap's order: keys
    /// `"<evalID>.<peerID>"` sorted as strings (byte order of UTF-8 = code point order, as
    /// Python and Perl compare them).
    pub fn boot_order(&self, p: usize) -> Vec<usize> {
        let peer = &self.peers[p];
        let mut keyed: Vec<(String, usize)> = (self.starts[p]..self.starts[p + 1])
            .map(|i| {
                (
                    format!("{}.{peer}", self.evals[self.instances[i].eval].id),
                    i,
                )
            })
            .collect();
        keyed.sort();
        keyed.into_iter().map(|(_, i)| i).collect()
    }
}

/// Distinct (path, format) pairs, numbered in first-use order.
#[derive(Default)]
struct FileTable<'a> {
    index: FxHashMap<(&'a str, SummaryFormat), usize>,
    files: Vec<(String, SummaryFormat)>,
}

impl<'a> FileTable<'a> {
    fn index(&mut self, path: &'a str, fmt: SummaryFormat) -> usize {
        let next = self.files.len();
        *self.index.entry((path, fmt)).or_insert_with(|| {
            self.files.push((path.to_owned(), fmt));
            next
        })
    }
}

/// What is wrong with an evaluation's format for this run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatProblem {
    /// No `INPUT-FORMAT TYPE`.
    Missing,
    /// Basic Elements (`-3`) need SIMPLE files.
    NotSimple,
    /// SIMPLE files hold Basic Elements: they need `-3`.
    SimpleWithoutBe,
}

/// The first evaluation (document order) whose format does not fit the run, and why.
pub fn first_format_problem(evals: &[EvalConfig], be: bool) -> Option<(usize, FormatProblem)> {
    evals.iter().enumerate().find_map(|(e, ev)| {
        let problem = match ev.format {
            None => FormatProblem::Missing,
            Some(f) if be && f != SummaryFormat::Simple => FormatProblem::NotSimple,
            Some(SummaryFormat::Simple) if !be => FormatProblem::SimpleWithoutBe,
            Some(_) => return None,
        };
        Some((e, problem))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(id: &str, peers: &[(&str, &str)], models: &[&str]) -> EvalConfig {
        EvalConfig {
            id: id.into(),
            format: Some(SummaryFormat::Spl),
            peers: peers
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
            models: models
                .iter()
                .enumerate()
                .map(|(i, m)| (format!("M{i}"), m.to_string()))
                .collect(),
        }
    }

    #[test]
    fn peers_sorted_files_shared_missing_listed() {
        let evals = vec![
            ev("2", &[("B", "p/2b"), ("A", "p/2a")], &["m/2"]),
            ev("10", &[("A", "p/10a")], &["m/10", "m/2"]),
        ];
        let plan = RunPlan::new(evals, &PeerChoice::All);
        assert_eq!(plan.peers, ["A", "B"]);
        assert_eq!(plan.starts, [0, 2, 3]);
        assert_eq!(plan.missing, [(1, 1)]);
        let paths: Vec<&str> = plan.files.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(paths, ["p/2a", "m/2", "p/10a", "m/10", "p/2b"]);
        assert_eq!(plan.peer_files, [0, 2, 4]);
        assert_eq!(plan.model_files, [vec![1], vec![3, 1], vec![1]]);
        // "10.A" sorts before "2.A".
        assert_eq!(plan.boot_order(0), [1, 0]);
        assert_eq!(plan.boot_order(1), [2]);
        let one = RunPlan::new(plan.evals.clone(), &PeerChoice::One("Z".into()));
        assert_eq!(one.instances.len(), 0);
        assert_eq!(one.missing, [(0, 0), (0, 1)]);
    }

    #[test]
    fn format_problems_in_document_order() {
        let mut evals = vec![ev("1", &[], &[]), ev("2", &[], &[])];
        assert_eq!(first_format_problem(&evals, false), None);
        assert_eq!(
            first_format_problem(&evals, true),
            Some((0, FormatProblem::NotSimple))
        );
        evals[1].format = None;
        assert_eq!(
            first_format_problem(&evals, false),
            Some((1, FormatProblem::Missing))
        );
        evals[0].format = Some(SummaryFormat::Simple);
        assert_eq!(
            first_format_problem(&evals, false),
            Some((0, FormatProblem::SimpleWithoutBe))
        );
    }
}
