//! Timing of the perl-1.5.5 profile's phases without Python:
//! `cargo run --release --example perl_profile -- CONFIG.xml THREADS [VARIANTS]` from the
//! XML file's folder. VARIANTS: a comma-separated subset of `1,2,3,4,L,W,S,SU` (all of the
//! bench's `-n 4 -w 1.2 -2 4 -U -m` by default); each is scored alone (unless `ALL_ONLY` is
//! set), then all together, then bootstrapped.
use rougekit_core::perl::bootstrap::{corpus, Settings, Unit};
use rougekit_core::perl::files::{Summaries, SummaryFormat};
use rougekit_core::perl::plan::{PeerChoice, RunPlan};
use rougekit_core::perl::{eval_config, score_types, PerlConfig, PerlStemmer, PerlType};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("config");
    let threads: usize = args[2].parse().expect("THREADS");
    let names: Vec<String> = args
        .get(3)
        .map_or("1,2,3,4,L,W-1.2,S4,SU4", |s| s.as_str())
        .split(',')
        .map(|v| format!("ROUGE-{v}"))
        .collect();
    let t = Instant::now();
    let evals = eval_config::parse(&text).expect("XML");
    eprintln!("parse {:?}", t.elapsed());
    let t = Instant::now();
    let plan = RunPlan::new(evals, &PeerChoice::All);
    eprintln!("plan {:?}", t.elapsed());
    let files: Vec<(String, SummaryFormat)> = plan.files.clone();
    let t = Instant::now();
    let summaries = Summaries::load(&files, threads).expect("files");
    eprintln!("load {:?}", t.elapsed());
    let t = Instant::now();
    let inst = summaries.instances(&plan.peer_files, &plan.model_files);
    eprintln!("instances {:?}", t.elapsed());
    let mut base = PerlConfig::default();
    base.rules.stemmer = PerlStemmer::WordNet;
    let mut all = Vec::new();
    for name in &names {
        let types = PerlType::parse_all(&[name.as_str()]).expect("type");
        all.extend(types.clone());
        if std::env::var_os("ALL_ONLY").is_none() {
            let t = Instant::now();
            let _ = score_types(&types, &base, &inst, threads).expect("scores");
            eprintln!("{name} {:?}", t.elapsed());
        }
    }
    let t = Instant::now();
    let scores = score_types(&all, &base, &inst, threads).expect("scores");
    eprintln!("all {:?}", t.elapsed());
    let settings = Settings {
        unit: Unit::Summary,
        alpha: 0.5,
        resamples: 1000.0,
        confidence: 95.0,
    };
    let order = plan.boot_order(0);
    let cancel = rougekit_core::pool::Cancel::never();
    let t = Instant::now();
    let _ = corpus(&scores, &order, settings, threads, &cancel).expect("boot");
    eprintln!("bootstrap {:?}", t.elapsed());
    let t = Instant::now();
    drop(scores);
    drop(inst);
    drop(summaries);
    eprintln!("drop {:?}", t.elapsed());
}
