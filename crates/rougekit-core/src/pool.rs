//! The core's one thread-pool registry, its cancellation token, and [`run_polled`] (pool
//! work while the calling thread polls a token).
//!
//! Pools: one rayon pool per thread count for the whole process, shared by every caller
//! (rouge-score batches, the corpus bootstrap, ROUGE-1.5.5's batch, bootstrap and file
//! reader). Scorers are cheap to create (users make one per example) and the workers' stem
//! caches stay warm across scorers.
//!
//! Fork safety: `fork()` copies a process with only the calling thread, so a child inherits
//! pools whose worker threads do not exist and would wait on them forever (multiprocessing,
//! DataLoader workers). The registry records the pid that built its pools and rebuilds them
//! when it is called from another pid. Callers look the pool up on every call (never keep one
//! across calls), so no engine made before the fork can reach a dead pool. Inherited pools are
//! leaked, not dropped: dropping one would signal threads that are not there through locks a
//! vanished thread may have held.
use rayon::ThreadPool;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// Thread counts whose pools are kept for reuse; a call in progress keeps its own pool alive.
const KEPT_POOLS: usize = 4;

struct Registry {
    pid: u32,
    pools: Vec<(usize, Arc<ThreadPool>)>,
}

/// The shared pool of `threads` workers, or `None` when `threads <= 1` (run on the calling
/// thread) or when the pool cannot be built. Call it for each parallel section: it is a
/// mutex and a pid check.
pub fn shared_pool(threads: usize) -> Option<Arc<ThreadPool>> {
    if threads <= 1 {
        return None;
    }
    static REGISTRY: OnceLock<Mutex<Registry>> = OnceLock::new();
    let registry = REGISTRY.get_or_init(|| {
        Mutex::new(Registry {
            pid: std::process::id(),
            pools: Vec::new(),
        })
    });
    let mut reg = registry
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let pid = std::process::id();
    if reg.pid != pid {
        // A forked child: the inherited pools have no threads (see the module comment).
        for (_, pool) in reg.pools.drain(..) {
            std::mem::forget(pool);
        }
        reg.pid = pid;
    }
    if let Some((_, pool)) = reg.pools.iter().find(|(t, _)| *t == threads) {
        return Some(Arc::clone(pool));
    }
    if reg.pools.len() >= KEPT_POOLS {
        reg.pools.remove(0);
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("rougekit-{i}"))
        .build()
        .ok()
        .map(Arc::new)?;
    reg.pools.push((threads, Arc::clone(&pool)));
    Some(pool)
}

/// Work units (about one 64-bit word operation each) between two polls of a [`Cancel`]'s
/// callback: a few milliseconds of kernel work.
const POLL_WORK: usize = 1 << 23;

/// A cooperative cancellation token for long computations (Ctrl-C from Python).
///
/// Kernels report their progress with [`Cancel::tick`]; every [`POLL_WORK`] units the token
/// asks its callback whether to keep going. Once the callback says no, every later `tick`
/// returns false and the kernels return early; the caller must then discard the results
/// (check [`Cancel::stopped`]). [`Cancel::never`] costs one branch per tick.
pub struct Cancel<'a> {
    poll: Option<&'a (dyn Fn() -> bool + Sync)>,
    stopped: AtomicBool,
    work: AtomicUsize,
}

impl std::fmt::Debug for Cancel<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cancel")
            .field("stopped", &self.stopped())
            .finish()
    }
}

impl<'a> Cancel<'a> {
    /// A token that never cancels.
    pub const fn never() -> Cancel<'static> {
        Cancel {
            poll: None,
            stopped: AtomicBool::new(false),
            work: AtomicUsize::new(0),
        }
    }

    /// A token that polls `keep_going` (true: continue) every few milliseconds of work. It
    /// may be called from any worker thread.
    pub fn new(keep_going: &'a (dyn Fn() -> bool + Sync)) -> Cancel<'a> {
        Cancel {
            poll: Some(keep_going),
            stopped: AtomicBool::new(false),
            work: AtomicUsize::new(0),
        }
    }

    /// Records `work` units done; false once cancelled.
    #[inline]
    pub fn tick(&self, work: usize) -> bool {
        let Some(poll) = self.poll else { return true };
        let before = self.work.fetch_add(work, Ordering::Relaxed);
        if before / POLL_WORK != before.wrapping_add(work) / POLL_WORK && !poll() {
            self.stopped.store(true, Ordering::Relaxed);
        }
        !self.stopped()
    }

    /// Asks the callback now (e.g. between chunks); false once cancelled.
    pub fn check(&self) -> bool {
        if let Some(poll) = self.poll {
            if !self.stopped() && !poll() {
                self.stopped.store(true, Ordering::Relaxed);
            }
        }
        !self.stopped()
    }

    /// True once the callback asked to stop.
    #[inline]
    pub fn stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }
}

impl Default for Cancel<'static> {
    fn default() -> Self {
        Cancel::never()
    }
}

/// How often the calling thread asks a [`Cancel`] while the pool works: Ctrl-C latency.
const POLL_INTERVAL: std::time::Duration = std::time::Duration::from_millis(20);

/// Runs `work` on `pool` while the calling thread asks `cancel` every [`POLL_INTERVAL`]
/// until it ends (the work itself stops early once `cancel` has stopped). Python runs
/// signal handlers only on its main thread, which is the caller here, not a worker: so a
/// batch needs no barrier every few thousand pairs to notice Ctrl-C, and no worker idles at
/// such a barrier while the other finishes its last group (13 barriers per 100k pairs before).
/// Both batch paths use it: the rouge-score engine's and ROUGE-1.5.5's.
pub(crate) fn run_polled(
    pool: &rayon::ThreadPool,
    cancel: &Cancel<'_>,
    work: impl FnOnce() + Send,
) {
    if pool.current_thread_index().is_some() {
        // Called from one of the pool's own workers: polling would block a worker the work
        // may need. Run it as a nested parallel section.
        return pool.install(work);
    }
    let done = AtomicBool::new(false);
    pool.in_place_scope(|scope| {
        let signal = Finished(&done, std::thread::current());
        scope.spawn(move |_| {
            let _signal = signal; // also when `work` panics: the caller must not poll forever
            work();
        });
        while !done.load(Ordering::Acquire) {
            std::thread::park_timeout(POLL_INTERVAL);
            if !done.load(Ordering::Acquire) && !cancel.check() {
                break; // the workers see `cancel.stopped()` and finish early
            }
        }
    }); // the scope waits for the work (and passes on its panic)
}

/// Dropped when [`run_polled`]'s work ends, normally or by a panic: marks it finished and
/// wakes the polling caller.
struct Finished<'a>(&'a AtomicBool, std::thread::Thread);

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Release);
        self.1.unpark();
    }
}

/// `one` on every item, in order: in chunks of `chunk` items on the shared pool of `threads`
/// while this thread polls `cancel` ([`run_polled`]) when there is more than one chunk, else
/// on this thread, asking `cancel` between chunks. `None` once `cancel` said stop.
pub(crate) fn map_in_chunks<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    chunk: usize,
    cancel: &Cancel<'_>,
    one: impl Fn(&T) -> R + Sync,
) -> Option<Vec<R>> {
    use rayon::prelude::*;
    let run = |part: &[T]| -> Vec<Option<R>> {
        part.iter()
            .map(|x| (!cancel.stopped()).then(|| one(x)))
            .collect()
    };
    let pool = if items.len() > chunk {
        shared_pool(threads)
    } else {
        None
    };
    let results: Vec<Option<R>> = match pool {
        Some(pool) => {
            let mut parts: Vec<Vec<Option<R>>> = Vec::new();
            run_polled(&pool, cancel, || {
                parts = items.par_chunks(chunk).map(run).collect();
            });
            parts.into_iter().flatten().collect()
        }
        None => {
            let mut out = Vec::with_capacity(items.len());
            for part in items.chunks(chunk) {
                out.extend(run(part));
                if !cancel.check() {
                    break;
                }
            }
            out
        }
    };
    if cancel.stopped() || !cancel.check() || results.len() != items.len() {
        return None;
    }
    results.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_in_chunks_keeps_order_and_stops() {
        let items: Vec<u32> = (0..1000).collect();
        let go = || true;
        for threads in [1, 2] {
            let squares = map_in_chunks(&items, threads, 16, &Cancel::new(&go), |x| x * x);
            assert_eq!(squares, Some(items.iter().map(|x| x * x).collect()));
        }
        let stop = || false;
        assert_eq!(
            map_in_chunks(&items, 2, 16, &Cancel::new(&stop), |x| *x),
            None
        );
        assert_eq!(
            map_in_chunks(&items, 1, 16, &Cancel::new(&stop), |x| *x),
            None
        );
    }

    #[test]
    fn one_pool_per_thread_count() {
        let a = shared_pool(2).unwrap();
        let b = shared_pool(2).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        assert!(shared_pool(1).is_none());
    }

    #[test]
    fn run_polled_passes_on_a_panic_instead_of_polling_forever() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let go = || true;
        let cancel = Cancel::new(&go);
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            run_polled(&pool, &cancel, || panic!("a kernel bug"))
        }));
        assert!(ran.is_err());
        let mut sum = 0;
        run_polled(&pool, &cancel, || sum = (1..=10).sum());
        assert_eq!(sum, 55);
    }

    #[test]
    fn cancel_polls_by_work() {
        let calls = AtomicUsize::new(0);
        let poll = || calls.fetch_add(1, Ordering::Relaxed) < 2;
        let c = Cancel::new(&poll);
        assert!(c.tick(10));
        assert_eq!(calls.load(Ordering::Relaxed), 0);
        assert!(c.tick(POLL_WORK));
        assert!(c.tick(POLL_WORK));
        assert!(!c.tick(POLL_WORK) && c.stopped());
        assert!(!c.check());
        assert!(Cancel::never().tick(usize::MAX) && Cancel::never().check());
    }
}
