//! How long the core takes for the longest schedule a policy may ask for.
//!
//! Run with `cargo bench -p backoff-core`; for a quick look add
//! `-- --warm-up-time 1 --measurement-time 3`. The JSON document of the same
//! schedule is measured by the site tool's `benches/report.rs`.

use std::hint::black_box;

use backoff_core::{Jitter, MAX_RETRIES, Policy, Retry, Schedule};
use criterion::{Criterion, criterion_group, criterion_main};

/// The longest schedule: 1000 retries, growing for a while and then capped,
/// with jitter so that every column has its own values.
fn longest_policy() -> Policy {
    Policy {
        base: 250.0,
        multiplier: 1.5,
        max_delay: Some(3_600_000.0),
        retries: MAX_RETRIES,
        jitter: Jitter::Equal,
    }
}

fn schedule_rows(c: &mut Criterion) {
    c.bench_function("Schedule::new + 1000 rows", |b| {
        b.iter(|| {
            let schedule = Schedule::new(black_box(longest_policy())).expect("a valid policy");
            let rows: Vec<Retry> = schedule.rows().collect();
            black_box((rows, schedule.totals()))
        })
    });
}

criterion_group!(benches, schedule_rows);
criterion_main!(benches);
