//! `rougekit perl -a CONFIG`: the run's XML plan and summary files read on a background
//! thread while the interpreter imports the command line's modules (~25 ms of a ~0.3 s
//! CNN/DM run that nothing else overlapped; issue 12).
//!
//! Only a guess is made from the raw arguments: `-a` among them and a regular file as the
//! last one. Nothing read here is used unless the command, once its options are parsed,
//! asks for the plan of exactly the same decoded text for every peer
//! ([`take_plan`]): the plan is then the one the same function computes from the same
//! text, and its files are read by the same loader (first failure in file order), so the
//! result and every error are the same as without the prefetch. Otherwise it is dropped
//! (an unused prefetch costs time, never a different output or message). The thread never
//! prints; `rougekit perl` ends its process with `os._exit`, which also ends a prefetch
//! still running.
use rougekit_core::perl::eval_config;
use rougekit_core::perl::files::{LoadError, Summaries, SummaryFormat};
use rougekit_core::perl::plan::{PeerChoice, RunPlan};
use std::ffi::OsString;
use std::path::Path;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Mutex;

/// The summaries of a prefetched plan, once the background thread has read them.
pub type Loading = Receiver<Result<Summaries, LoadError>>;

/// A configuration's text and its plan, as the background thread made them.
struct Planned {
    text: String,
    plan: Result<RunPlan, String>,
    loading: Option<Loading>,
}

/// The prefetch started by [`start`], until [`take_plan`] takes or drops it.
static PREFETCH: Mutex<Option<Receiver<Planned>>> = Mutex::new(None);

/// Most threads a `ROUGEKIT_NUM_THREADS` may ask for (`rougekit.checks.MAX_THREADS`).
const MAX_THREADS: usize = 1024;

/// Starts the prefetch when `args` (`rougekit perl`'s arguments) hold `-a` and end with a
/// regular file; returns at once. The arguments are the process's bytes (a file name need
/// not be UTF-8).
pub fn start(args: &[OsString]) {
    let (Some(last), true) = (args.last(), args.iter().any(|a| a == "-a")) else {
        return;
    };
    let Some(threads) = threads() else {
        return;
    };
    let path = last.clone();
    let (planned_tx, planned_rx) = sync_channel(1);
    let spawned = std::thread::Builder::new()
        .name("rougekit-prefetch".into())
        .spawn(move || {
            let Some(text) = read_text(Path::new(&path)) else {
                return;
            };
            let plan = eval_config::parse(&text).map(|evals| RunPlan::new(evals, &PeerChoice::All));
            let files: Option<Vec<(String, SummaryFormat)>> =
                plan.as_ref().ok().map(|p| p.files.clone());
            let (loaded_tx, loaded_rx) = sync_channel(1);
            let loading = files.as_ref().map(|_| loaded_rx);
            if planned_tx
                .send(Planned {
                    text,
                    plan,
                    loading,
                })
                .is_err()
            {
                return; // dropped: nobody will ask for the files
            }
            if let Some(files) = files {
                let _ = loaded_tx.send(Summaries::load(&files, threads));
            }
        });
    if spawned.is_ok() {
        *PREFETCH.lock().unwrap_or_else(|e| e.into_inner()) = Some(planned_rx);
    }
}

/// The thread count the command's scorer will use: `ROUGEKIT_NUM_THREADS`, else every core
/// this process may use (as `rougekit.checks.resolve_threads`); `None` for a value the
/// command will refuse.
fn threads() -> Option<usize> {
    match std::env::var("ROUGEKIT_NUM_THREADS") {
        Ok(v) if !v.trim().is_empty() => {
            let n: usize = v.trim().parse().ok()?;
            (1..=MAX_THREADS).contains(&n).then_some(n)
        }
        _ => Some(
            std::thread::available_parallelism()
                .map_or(1, usize::from)
                .min(MAX_THREADS),
        ),
    }
}

/// Largest file taken for a configuration: a 100,000-document one is about 20 MB, and a
/// last argument that is not the configuration must not be read whole into memory.
const MAX_BYTES: u64 = 1 << 28;

/// The file at `path` as UTF-8 text, if it is a regular file (never a FIFO or a device,
/// whose bytes a read would take from the command) of at most [`MAX_BYTES`], and valid
/// UTF-8.
fn read_text(path: &Path) -> Option<String> {
    use std::io::Read;
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > MAX_BYTES {
        return None;
    }
    let file = std::fs::File::open(path).ok()?;
    if !file.metadata().ok()?.is_file() {
        return None;
    }
    let mut bytes = Vec::new();
    file.take(MAX_BYTES + 1).read_to_end(&mut bytes).ok()?;
    if bytes.len() as u64 > MAX_BYTES {
        return None; // it grew past the limit since the check
    }
    String::from_utf8(bytes).ok()
}

/// The prefetched plan of `text` when the command asks for every peer's (`all_peers`),
/// with its files being read, if a prefetch made one from exactly this text; any prefetch
/// is ended here either way.
pub fn take_plan(
    text: &str,
    all_peers: bool,
) -> Option<(Result<RunPlan, String>, Option<Loading>)> {
    let planned = PREFETCH.lock().unwrap_or_else(|e| e.into_inner()).take()?;
    if !all_peers {
        return None;
    }
    let planned = planned.recv().ok()?;
    (planned.text == text).then_some((planned.plan, planned.loading))
}
