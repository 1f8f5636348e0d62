//! A sample of the simulation's output and its fingerprint, written for
//! `no_std` so that the native tests and the wasm32 build
//! (`tests/suite/support/wasm_root.rs`) run this very code. The parent module
//! brings the simulation's types into scope.

use super::{Delay, Herd, Model, Simulator, Slot, Strategy, Summary, retry_starts};

/// FNV-1a, fed 64-bit words.
pub struct Fnv(u64);

impl Fnv {
    pub fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub fn eat(&mut self, word: u64) {
        for byte in word.to_le_bytes() {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    pub fn eat_summary(&mut self, s: &Summary) {
        self.eat(u64::from(s.clients));
        self.eat(u64::from(s.runs));
        for v in [
            s.mean_calls,
            s.mean_completion_ms,
            s.calls.p50,
            s.calls.p90,
            s.calls.p99,
            s.completion_ms.p50,
            s.completion_ms.p90,
            s.completion_ms.p99,
        ] {
            self.eat(v.to_bits());
        }
    }

    pub fn finish(&self) -> u64 {
        self.0
    }
}

/// The fingerprint of every strategy at 10 and 50 clients over 20 runs, and
/// of one run's herd of 50 clients with full jitter (200 buckets of 10 ms).
pub fn sample_fingerprint(seed: u64) -> u64 {
    let simulator = Simulator::new(Model::AWS).unwrap();
    let mut slots = [Slot::EMPTY; 50];
    let mut scratch = [0.0; 40];
    let mut hash = Fnv::new();
    for strategy in Strategy::ALL {
        for clients in [10, 50] {
            let summary = simulator
                .experiment(strategy, clients, 20, seed, &mut slots, &mut scratch)
                .unwrap();
            hash.eat_summary(&summary);
        }
    }
    let mut buckets = [0u32; 200];
    let mut herd = Herd::new(&mut buckets, 10.0).unwrap();
    simulator
        .run(Strategy::Full, 50, seed, 0, &mut slots, Some(&mut herd))
        .unwrap();
    for &count in herd.buckets.iter() {
        hash.eat(u64::from(count));
    }
    hash.finish()
}

/// The fingerprint of the many-clients view for 1,000 clients and a doubling
/// schedule of 20 retries under full jitter (150 buckets).
pub fn spread_fingerprint(seed: u64) -> u64 {
    let mut delays = [Delay { min: 0.0, max: 0.0 }; 20];
    let mut d = 100.0;
    for delay in delays.iter_mut() {
        *delay = Delay { min: 0.0, max: d };
        d = (d * 2.0).min(30_000.0);
    }
    let mut buckets = [0u32; 150];
    let spread = retry_starts(&delays, 1000, seed, &mut buckets).unwrap();
    let mut hash = Fnv::new();
    hash.eat(spread.bucket_width.to_bits());
    hash.eat(u64::from(spread.peak));
    hash.eat(spread.peak_bucket as u64);
    for &count in buckets.iter() {
        hash.eat(u64::from(count));
    }
    hash.finish()
}
