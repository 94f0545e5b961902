//! Native timing of `fencing_model::bench::workload`: `cargo run --release -p fencing-model
//! --example bench -- ROUNDS`. Prints milliseconds per round.

use std::time::Instant;

fn main() {
    let rounds: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    fencing_model::bench::workload(rounds / 10 + 1); // warm-up
    let t = Instant::now();
    let out = fencing_model::bench::workload(rounds);
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    println!("{{\"rounds\":{rounds},\"ms_per_round\":{:.4},\"bytes\":{out}}}", ms / rounds as f64);
}
