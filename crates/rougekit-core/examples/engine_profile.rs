//! Instruction-count profiling of the rouge-score family's engine without Python:
//! `cargo run --release --example engine_profile -- PAIRS.txt TYPES STEM THREADS [REPEAT]`
//! under `valgrind --tool=callgrind`. PAIRS.txt holds `prediction\0reference\0` records
//! (`benches/bench_engine.py --dump-pairs` writes one from a JSON Lines corpus); TYPES is
//! comma-separated (`rouge1,rouge2,rougeL,rougeLsum`), STEM is 0 or 1. With
//! `--toggle-collect=*measured*` callgrind counts the timed batches only (after a warm-up of
//! 200 pairs; a first batch also fills the stem caches: use REPEAT 2 and halve, or compare).
use rougekit_core::{BatchScores, Engine, EngineConfig, Pair};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!("usage: engine_profile PAIRS.txt TYPES STEM THREADS [REPEAT]");
        std::process::exit(2);
    }
    let data = std::fs::read_to_string(&args[1]).expect("readable UTF-8 pairs file");
    let types: Vec<&str> = args[2].split(',').filter(|t| !t.is_empty()).collect();
    let stem = args[3] == "1";
    let threads: usize = args[4].parse().expect("THREADS");
    let repeat: usize = args.get(5).map_or(1, |r| r.parse().expect("REPEAT"));
    let texts: Vec<&str> = data.split('\0').collect();
    let refs: Vec<[&str; 1]> = texts.chunks_exact(2).map(|c| [c[1]]).collect();
    let pairs: Vec<Pair<'_>> = texts
        .chunks_exact(2)
        .zip(&refs)
        .map(|(c, r)| Pair {
            prediction: c[0],
            references: r,
        })
        .collect();
    let engine = Engine::new(EngineConfig::parse(&types, stem, threads).expect("types"));
    // Warm-up: the workers' stem caches fill as in a long-running process.
    engine
        .score_texts(&pairs[..pairs.len().min(200)])
        .expect("scores");
    let mut checksum = 0.0;
    for _ in 0..repeat {
        let start = std::time::Instant::now();
        let batch = measured(&engine, &pairs);
        let secs = start.elapsed().as_secs_f64();
        checksum = (0..batch.len())
            .flat_map(|i| (0..types.len()).map(move |t| (i, t)))
            .map(|(i, t)| batch.get(i, t).fmeasure)
            .sum::<f64>();
        eprintln!(
            "{} pairs in {secs:.4} s ({:.0} pairs/s)",
            pairs.len(),
            pairs.len() as f64 / secs
        );
    }
    println!("checksum {checksum:.17}");
}

/// The timed batch: `valgrind --tool=callgrind --toggle-collect=*measured*` counts it alone.
#[inline(never)]
fn measured(engine: &Engine, pairs: &[Pair<'_>]) -> BatchScores {
    engine.score_texts(pairs).expect("scores")
}
