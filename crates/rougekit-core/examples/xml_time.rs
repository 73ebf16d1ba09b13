fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    for _ in 0..3 {
        let t = std::time::Instant::now();
        let doc = roxmltree::Document::parse(&text).unwrap();
        let t1 = t.elapsed();
        drop(doc);
        let t = std::time::Instant::now();
        let e = rougekit_core::perl::eval_config::parse(&text).unwrap();
        println!("roxml {:?} ours {:?} {}", t1, t.elapsed(), e.len());
    }
}
