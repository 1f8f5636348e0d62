//! A literal port of the simulator published with the AWS Architecture
//! Blog's "Exponential Backoff And Jitter" (awslabs/aws-arch-backoff-simulator,
//! `src/backoff_simulator.py` at commit
//! 66cb169277051eea207dbef8c7f71767fe6af144): every message an event, reads
//! answered by the row, backoffs written out from the source's formulas. The
//! core's simulation folds reads into writes and draws in another order, so
//! the two agree in distribution, not run by run: the oracle of
//! `core/tests/suite/contention_reference_model.rs` and of the contention
//! page's tables (`tests/suite/contention_page.rs`).

use backoff_core::contention::normal::Normal;
use backoff_core::contention::{Model, Strategy};
use backoff_core::rng::Xoshiro256;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

#[derive(Clone, Copy)]
enum Kind {
    /// `OccServer.read` (py:88-89).
    ReadAtRow,
    /// `OccClient.read_rsp` with the version read (py:103-104).
    ReadReply(u64),
    /// `OccServer.write` with the version the client read (py:76-85).
    WriteAtRow(u64),
    /// `OccClient.write_rsp` with the outcome (py:106-111).
    WriteReply(bool),
}

struct Message {
    time: f64,
    client: usize,
    kind: Kind,
}

// A min-heap on time through `BinaryHeap`'s max-heap.
impl Ord for Message {
    fn cmp(&self, other: &Self) -> Ordering {
        other.time.total_cmp(&self.time)
    }
}
impl PartialOrd for Message {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl PartialEq for Message {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Message {}

/// One run of the port under `model` (the post's simulator has the
/// numbers of [`Model::AWS`]): (calls, completion time).
pub fn run(model: &Model, strategy: Strategy, clients: usize, rng: &mut Xoshiro256) -> (u32, f64) {
    let normal = Normal::new();
    let (base, cap) = (model.base_ms, model.cap_ms);
    let delay = |rng: &mut Xoshiro256| {
        (model.latency_mean_ms + model.latency_sd_ms * normal.sample(rng)).abs()
    };
    let expo = |n: u32| cap.min(model.multiplier.powi(n as i32) * base); // py:24-25
    let mut attempt = vec![0u32; clients];
    let mut decorrelated_sleep = vec![base; clients]; // py:48
    let mut queue = BinaryHeap::new();
    for client in 0..clients {
        let time = delay(rng);
        queue.push(Message {
            time,
            client,
            kind: Kind::ReadAtRow,
        }); // py:100-101
    }
    let (mut version, mut calls, mut now) = (0u64, 0u32, 0.0);
    while let Some(m) = queue.pop() {
        assert!(m.time >= now); // py:119
        now = m.time;
        let next = match m.kind {
            Kind::ReadAtRow => Some((now + delay(rng), Kind::ReadReply(version))),
            Kind::ReadReply(v) => Some((now + delay(rng), Kind::WriteAtRow(v))),
            Kind::WriteAtRow(v) => {
                calls += 1;
                let ok = v == version;
                if ok {
                    version += 1;
                }
                Some((now + delay(rng), Kind::WriteReply(ok)))
            }
            Kind::WriteReply(true) => None,
            Kind::WriteReply(false) => {
                attempt[m.client] += 1;
                let n = attempt[m.client];
                let sleep = match strategy {
                    Strategy::None => 0.0,
                    Strategy::Exponential => expo(n),
                    Strategy::Equal => expo(n) / 2.0 + rng.next_unit() * (expo(n) / 2.0),
                    Strategy::Full => rng.next_unit() * expo(n),
                    Strategy::Decorrelated => {
                        let s = &mut decorrelated_sleep[m.client];
                        *s = cap
                            .min(base + rng.next_unit() * (*s * model.decorrelated_factor - base));
                        *s
                    }
                };
                Some((now + delay(rng) + sleep, Kind::ReadAtRow)) // py:109
            }
        };
        if let Some((time, kind)) = next {
            queue.push(Message {
                time,
                client: m.client,
                kind,
            });
        }
    }
    assert_eq!(version, clients as u64);
    (calls, now) // py:125: the time of the last event
}

/// The mean of `values` and its standard error.
pub fn mean_and_standard_error(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (variance / n).sqrt())
}
