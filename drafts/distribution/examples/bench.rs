//! Times one full update per configuration: `cargo run --release --example
//! bench [independent|decorrelated] [cells or samples] [repeats]`. Run it
//! under `time` on a busy machine: user time is what counts.

use distribution_draft::decorrelated::{self, MonteCarlo, Row};
use distribution_draft::sum::work_len;
use distribution_draft::{CapOrder, Delay, Jitter, Limits, Policy, Summary, delays, independent};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = args.get(1).map_or("independent", String::as_str);
    let size: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2048);
    let repeats: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(100);
    let limits = Limits {
        timeout: Some(2000.0),
        deadline: Some(600_000.0),
    };
    let start = Instant::now();
    if kind == "independent" {
        let policy = Policy {
            base: 100.0,
            multiplier: 2.0,
            max_delay: Some(30_000.0),
            retries: 1000,
            jitter: Jitter::Proportional {
                factor: 0.2,
                order: CapOrder::BeforeJitter,
            },
        };
        let mut buf = vec![Delay::fixed(0.0); 1000];
        let ds = delays(&policy, &mut buf).unwrap().to_vec();
        let mut work = vec![0.0; work_len(size)];
        let mut out = vec![Summary::default(); 1000];
        for _ in 0..repeats {
            independent(&ds, limits, &mut work, &mut out).unwrap();
        }
        println!("{:?}", out[999]);
    } else {
        let d = decorrelated::Policy {
            base: 100.0,
            max_delay: Some(30_000.0),
            retries: 1000,
        };
        let mc = MonteCarlo {
            samples: size as u32,
            ..MonteCarlo::default()
        };
        let mut rows = vec![Row::default(); 1000];
        let mut work = vec![0.0; decorrelated::work_len(mc.samples)];
        for _ in 0..repeats {
            decorrelated::decorrelated(&d, mc, limits, &mut work, &mut rows).unwrap();
        }
        println!("{:?}", rows[999].cumulative);
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0 / repeats as f64;
    println!("{kind} {size}: {ms:.2} ms wall per update");
}
