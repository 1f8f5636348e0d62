//! How long the JSON document of the longest schedule a policy may ask for
//! takes to write (the core's own time is `cargo bench -p backoff-core`).
//!
//! Run with `cargo bench --bench report`; for a quick look add
//! `-- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use backoff_site::backoff::{Jitter, MAX_RETRIES, Policy, Schedule};
use backoff_site::report::{self, Unit};
use criterion::{Criterion, criterion_group, criterion_main};

fn json_document(c: &mut Criterion) {
    // 1000 retries, growing for a while and then capped, with jitter so that
    // every column has its own values.
    let policy = Policy {
        base: 250.0,
        multiplier: 1.5,
        max_delay: Some(3_600_000.0),
        retries: MAX_RETRIES,
        jitter: Jitter::Equal,
    };
    let schedule = Schedule::new(policy).expect("a valid policy");
    c.bench_function("report::to_json, 1000 retries", |b| {
        b.iter(|| {
            black_box(report::to_json(
                black_box(&schedule),
                Unit::Ms,
                report::Count::Retries,
            ))
        })
    });
}

criterion_group!(benches, json_document);
criterion_main!(benches);
