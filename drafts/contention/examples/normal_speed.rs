use contention_draft::normal::Normal;
use contention_draft::rng::Xoshiro256;
use std::time::Instant;
fn main() {
    let n = Normal::new();
    let mut r = Xoshiro256::from_seed(1);
    let t = Instant::now();
    let mut s = 0.0;
    for _ in 0..10_000_000 {
        s += n.sample(&mut r);
    }
    println!(
        "normal: {:.2} ns each ({s})",
        t.elapsed().as_secs_f64() * 1e9 / 1e7
    );
    let t = Instant::now();
    let mut s = 0u64;
    for _ in 0..10_000_000 {
        s = s.wrapping_add(r.next_u64());
    }
    println!(
        "u64: {:.2} ns each ({s})",
        t.elapsed().as_secs_f64() * 1e9 / 1e7
    );
}
