//! The contention experiment: N clients update one row under optimistic
//! concurrency, and each backs off per its strategy when its write loses.
//!
//! The model is the one of the AWS Architecture Blog's "Exponential Backoff
//! And Jitter" (Marc Brooker, 2015), as its simulator implements it: the
//! awslabs/aws-arch-backoff-simulator repository, read where it now lives,
//! aws-samples/aws-arch-backoff-simulator, file `src/backoff_simulator.py`
//! at commit 66cb169277051eea207dbef8c7f71767fe6af144 (the last, of
//! 25 February 2015). Lines are cited as `py:N`.
//!
//! - One row with a version (`OccServer`, py:67-89). A read returns the
//!   version; a write carrying the current version succeeds and bumps it,
//!   any other fails (py:76-85).
//! - Every message, request or response, takes `|Normal(10, 2)|` ms
//!   (`Net`, py:8-16 and py:129). The server answers at once.
//! - A client (`OccClient`, py:93-111) starts at time 0 by sending a read;
//!   on the read's response it sends a write with the version it read; on a
//!   failed write's response it counts one more failure (`attempt`, starting
//!   at 1 after the first failure) and sends a new read after
//!   `network delay + backoff(attempt)` (py:109); on success it stops.
//! - Strategies, base 5 ms and cap 2000 ms (py:133), `expo(n) = min(cap,
//!   2^n × base)` (py:24-25):
//!   none: 0 (py:27-29); exponential: `expo(n)` (py:31-33); equal jitter:
//!   `expo(n)/2 + uniform(0, expo(n)/2)` (py:35-38); full jitter:
//!   `uniform(0, expo(n))` (py:40-43); decorrelated jitter: `sleep =
//!   min(cap, uniform(base, sleep × 3))` with `sleep` starting at `base`,
//!   kept per client (py:45-52, one backoff object per client at py:133).
//! - Calls are the writes that reach the row, successful or not
//!   (`stats.calls` counted in `OccServer.write`, py:79); reads are not
//!   counted. Completion time is the time of the simulation's last event
//!   (py:114-125), which is the arrival of the last successful write's
//!   response at its client. The published figures are the means of 100
//!   runs (py:154-157) for 10 to 190 clients (py:148-149).
//! - The thundering-herd data is the time of every write at the row
//!   (py:77), here counted per bucket.
//!
//! Two details that short descriptions of the experiment leave out follow
//! the source here: the sleep is added to the network delay of the next read
//! request (py:109), and completion is when the last success's *response*
//! reaches its client, not when the row takes the write (py:106-111, 125).
//!
//! Differences that do not change the model: random draws come from
//! xoshiro256** and a ziggurat (see [`crate::rng`], [`super::normal`]) instead
//! of Python's Mersenne Twister, so figures match the post statistically, not
//! digit for digit. Only writes are events: a read changes nothing at the
//! row, so a client's next write carries the time its read reached the row,
//! and the write fails exactly when another write succeeded between that
//! read and itself (which is when the version it read is stale; a success at
//! the very instant of the read, of probability zero, counts as seen too
//! late). A write's response is folded into the write event. Every message
//! still draws its own `|Normal|` delay. The base, cap, growth factors and
//! network can be changed ([`Model`]); [`Model::AWS`] is the post's.
//!
//! Bounded work: each client has exactly one write ahead of it, so the event
//! queue is a binary heap on a caller-given slice of `clients` slots, and a
//! client that fails `max_attempts` writes stops the run with
//! [`SimError::TooManyAttempts`]: a run costs at most
//! `clients × max_attempts` events. No allocation: the caller passes the
//! slots, the scratch for percentiles and the herd buckets.

use super::model::{Model, SimError, Strategy};
use super::normal::Normal;
use super::stats::{Percentiles, mean, percentiles};
use crate::rng::Xoshiro256;

/// One client's next write and the state of its backoff: one slot of the
/// event queue. Callers only allocate them, as `[Slot::EMPTY; N]`.
#[derive(Clone, Copy, Debug)]
pub struct Slot {
    /// When the client's next write reaches the row.
    time: f64,
    /// When the read before it reached the row.
    read_at: f64,
    client: u32,
    /// Failed writes so far.
    failures: u32,
    /// Exponential kinds: `min(cap, base × multiplier^failures)`, grown one
    /// multiplication per failure; decorrelated: the last sleep.
    sleep: f64,
}

impl Slot {
    pub const EMPTY: Slot = Slot {
        time: 0.0,
        read_at: 0.0,
        client: 0,
        failures: 0,
        sleep: 0.0,
    };
}

/// Writes per time bucket over one run, for the thundering-herd chart.
#[derive(Debug)]
pub struct Herd<'a> {
    /// Writes that reached the row in `[i × width, (i + 1) × width)`.
    pub buckets: &'a mut [u32],
    /// The width of a bucket in ms (the post's chart: 10).
    pub width_ms: f64,
    /// Writes at or after the end of the last bucket.
    pub beyond: u32,
}

impl<'a> Herd<'a> {
    /// Zeroed buckets of `width_ms` over the given slice.
    pub fn new(buckets: &'a mut [u32], width_ms: f64) -> Result<Herd<'a>, SimError> {
        if buckets.is_empty() || !(width_ms.is_finite() && width_ms > 0.0) {
            return Err(SimError::Herd);
        }
        buckets.fill(0);
        Ok(Herd {
            buckets,
            width_ms,
            beyond: 0,
        })
    }

    fn record(&mut self, time: f64) {
        // Times are never negative; `as usize` saturates huge values. Counts
        // saturate too: a bucket cannot overflow, whatever the model allows.
        let index = (time / self.width_ms) as usize;
        match self.buckets.get_mut(index) {
            Some(count) => *count = count.saturating_add(1),
            None => self.beyond = self.beyond.saturating_add(1),
        }
    }
}

/// The outcome of one run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Run {
    /// Writes that reached the row (up to `clients × max_attempts`, which
    /// may exceed a u32).
    pub calls: u64,
    /// Writes that succeeded: the row's final version.
    pub successes: u32,
    /// When the last successful write's response reached its client.
    pub completion_ms: f64,
    /// The most writes any one client made.
    pub most_writes: u32,
}

/// One strategy and client count over many runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    pub strategy: Strategy,
    pub clients: u32,
    pub runs: u32,
    /// The mean over runs of the writes that reached the row.
    pub mean_calls: f64,
    /// The mean over runs of the completion time.
    pub mean_completion_ms: f64,
    /// Percentiles over runs of the calls…
    pub calls: Percentiles,
    /// …and of the completion time.
    pub completion_ms: Percentiles,
}

/// A validated model with its normal sampler's tables, ready to run.
#[derive(Clone, Debug)]
pub struct Simulator {
    model: Model,
    normal: Normal,
}

impl Simulator {
    pub fn new(model: Model) -> Result<Simulator, SimError> {
        model.validate()?;
        Ok(Simulator {
            model,
            normal: Normal::new(),
        })
    }

    pub fn model(&self) -> Model {
        self.model
    }

    /// One message's network delay: `|Normal(mean, sd)|` (py:16).
    fn delay(&self, rng: &mut Xoshiro256) -> f64 {
        let m = &self.model;
        (m.latency_mean_ms + m.latency_sd_ms * self.normal.sample(rng)).abs()
    }

    /// The sleep after a client's `slot.failures`-th failed write (at least
    /// one), updating the client's backoff state.
    fn backoff(&self, strategy: Strategy, slot: &mut Slot, rng: &mut Xoshiro256) -> f64 {
        let m = &self.model;
        match strategy {
            Strategy::None => 0.0,
            Strategy::Decorrelated => {
                // `slot.sleep` starts at base (py:48) and never exceeds the
                // cap, so `× factor` stays finite.
                let high = slot.sleep * m.decorrelated_factor;
                slot.sleep = m.cap_ms.min(rng.between(m.base_ms, high));
                slot.sleep
            }
            Strategy::Exponential | Strategy::Equal | Strategy::Full => {
                // base × multiplier^failures, capped; growth stops at the
                // cap, so it never overflows. With a multiplier of 2 every
                // step is exact, as `pow(2, n) × base` is in the source.
                slot.sleep = if slot.sleep < m.cap_ms {
                    m.cap_ms.min(slot.sleep * m.multiplier)
                } else {
                    // Also the case of a cap below the base.
                    m.cap_ms
                };
                let v = slot.sleep;
                match strategy {
                    Strategy::Exponential => v,
                    Strategy::Equal => v / 2.0 + rng.between(0.0, v / 2.0),
                    _ => rng.between(0.0, v),
                }
            }
        }
    }

    /// One run of `clients` clients; the random stream is named by `seed`,
    /// the strategy, the client count and `run`, so any run can be repeated
    /// on its own. `slots` needs at least `clients` entries; `herd`, if
    /// given, receives the time of every write.
    pub fn run(
        &self,
        strategy: Strategy,
        clients: u32,
        seed: u64,
        run: u32,
        slots: &mut [Slot],
        mut herd: Option<&mut Herd<'_>>,
    ) -> Result<Run, SimError> {
        if clients == 0 || clients as usize > slots.len() {
            return Err(SimError::Clients {
                clients,
                slots: slots.len(),
            });
        }
        let mut rng = Xoshiro256::for_stream(
            seed,
            &[strategy.stream_id(), u64::from(clients), u64::from(run)],
        );
        let heap = &mut slots[..clients as usize];
        // Every client's first read is on its way at time 0 (py:101, 134).
        // Exponential kinds keep `base` and multiply before each sleep, so
        // the first sleep is base × multiplier (attempt 1, py:108-109);
        // decorrelated starts from `base` (py:48).
        for (client, slot) in heap.iter_mut().enumerate() {
            let read_at = self.delay(&mut rng);
            *slot = Slot {
                time: read_at + self.delay(&mut rng) + self.delay(&mut rng),
                read_at,
                client: client as u32,
                failures: 0,
                sleep: self.model.base_ms,
            };
        }
        heapify(heap);

        let mut len = heap.len();
        // The time of the latest successful write: a write fails when one
        // succeeded between its read and itself (the version it read is
        // stale). Writes are handled in time order, so every earlier success
        // is known by then.
        let mut last_success = f64::NEG_INFINITY;
        let mut successes = 0u32;
        let mut calls = 0u64;
        let mut completion_ms = 0.0f64;
        let mut most_writes = 0u32;
        while len > 0 {
            let mut slot = heap[0];
            let now = slot.time;
            calls += 1;
            if let Some(herd) = herd.as_deref_mut() {
                herd.record(now);
            }
            let reply = now + self.delay(&mut rng);
            if last_success < slot.read_at {
                last_success = now;
                successes += 1;
                most_writes = most_writes.max(slot.failures + 1);
                completion_ms = completion_ms.max(reply);
                // Done: the last slot takes the root's place.
                len -= 1;
                heap[0] = heap[len];
            } else {
                slot.failures += 1;
                if slot.failures >= self.model.max_attempts {
                    return Err(SimError::TooManyAttempts {
                        client: slot.client,
                        attempts: slot.failures,
                    });
                }
                // The new read leaves when the failure's response arrives,
                // after the sleep (py:109); the write follows its response.
                let sleep = self.backoff(strategy, &mut slot, &mut rng);
                slot.read_at = reply + sleep + self.delay(&mut rng);
                slot.time = slot.read_at + self.delay(&mut rng) + self.delay(&mut rng);
                if !slot.time.is_finite() {
                    return Err(SimError::TimeOverflow {
                        client: slot.client,
                    });
                }
                heap[0] = slot;
            }
            sift_down(&mut heap[..len], 0);
        }
        Ok(Run {
            calls,
            successes,
            completion_ms,
            most_writes,
        })
    }

    /// `runs` runs of one strategy and client count, summarised. `scratch`
    /// holds the per-run values for the percentiles: at least `2 × runs`.
    pub fn experiment(
        &self,
        strategy: Strategy,
        clients: u32,
        runs: u32,
        seed: u64,
        slots: &mut [Slot],
        scratch: &mut [f64],
    ) -> Result<Summary, SimError> {
        let n = runs as usize;
        // `checked_mul`: on 32-bit targets `2 × runs` may not fit a usize.
        if runs == 0 || n.checked_mul(2).is_none_or(|need| scratch.len() < need) {
            return Err(SimError::Runs {
                runs,
                scratch: scratch.len(),
            });
        }
        let (calls, rest) = scratch.split_at_mut(n);
        let completion = &mut rest[..n];
        for run in 0..runs {
            let result = self.run(strategy, clients, seed, run, slots, None)?;
            calls[run as usize] = result.calls as f64;
            completion[run as usize] = result.completion_ms;
        }
        Ok(Summary {
            strategy,
            clients,
            runs,
            mean_calls: mean(calls),
            mean_completion_ms: mean(completion),
            calls: percentiles(calls),
            completion_ms: percentiles(completion),
        })
    }
}

/// Restores the heap order (earliest write first) below `start` after the
/// time of the slot there grew: it moves down through a hole instead of pairwise swaps. Equal
/// times (of probability zero) are ordered by heap position, which is
/// itself deterministic, so a run needs no tie-break to repeat bit for bit.
fn sift_down(heap: &mut [Slot], start: usize) {
    let len = heap.len();
    if start >= len {
        return;
    }
    let moving = heap[start];
    let mut hole = start;
    loop {
        let left = 2 * hole + 1;
        if left >= len {
            break;
        }
        let right = left + 1;
        let child = if right < len && heap[right].time < heap[left].time {
            right
        } else {
            left
        };
        if heap[child].time >= moving.time {
            break;
        }
        heap[hole] = heap[child];
        hole = child;
    }
    heap[hole] = moving;
}

/// Builds the heap order over all slots.
fn heapify(heap: &mut [Slot]) {
    for i in (0..heap.len() / 2).rev() {
        sift_down(heap, i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sleeps after failures 1, 2, … for one client.
    fn sleeps<const N: usize>(model: Model, strategy: Strategy, seed: u64) -> [f64; N] {
        let simulator = Simulator::new(model).unwrap();
        let mut rng = Xoshiro256::new(seed);
        let mut s = Slot {
            sleep: model.base_ms,
            ..Slot::EMPTY
        };
        core::array::from_fn(|_| simulator.backoff(strategy, &mut s, &mut rng))
    }

    #[test]
    fn exponential_sleeps_base_times_two_to_the_attempt_then_the_cap() {
        // expo(n) = min(2000, 2^n × 5) for n = 1, 2, …: 10 ms first (py:25, 108).
        let got: [f64; 10] = sleeps(Model::AWS, Strategy::Exponential, 1);
        let want = [
            10.0, 20.0, 40.0, 80.0, 160.0, 320.0, 640.0, 1280.0, 2000.0, 2000.0,
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn a_cap_below_the_base_caps_every_sleep() {
        let model = Model {
            cap_ms: 3.0,
            ..Model::AWS
        };
        let got: [f64; 3] = sleeps(model, Strategy::Exponential, 1);
        assert_eq!(got, [3.0; 3]);
        for s in sleeps::<50>(model, Strategy::Decorrelated, 2) {
            assert_eq!(s, 3.0);
        }
    }

    #[test]
    fn jittered_sleeps_stay_in_their_ranges() {
        let nominal = |n: usize| 2000f64.min(5.0 * 2f64.powi(n as i32 + 1));
        for seed in 0..200 {
            let equal: [f64; 12] = sleeps(Model::AWS, Strategy::Equal, seed);
            let full: [f64; 12] = sleeps(Model::AWS, Strategy::Full, seed);
            for n in 0..12 {
                let v = nominal(n);
                assert!(
                    v / 2.0 <= equal[n] && equal[n] <= v,
                    "equal {n}: {}",
                    equal[n]
                );
                assert!(0.0 <= full[n] && full[n] <= v, "full {n}: {}", full[n]);
            }
            let decorrelated: [f64; 12] = sleeps(Model::AWS, Strategy::Decorrelated, seed);
            let mut previous = 5.0;
            for s in decorrelated {
                assert!(
                    5.0 <= s && s <= 2000f64.min(3.0 * previous),
                    "{s} after {previous}"
                );
                previous = s;
            }
        }
        assert_eq!(sleeps::<3>(Model::AWS, Strategy::None, 1), [0.0; 3]);
    }

    #[test]
    fn jitter_uses_the_whole_range() {
        // The first equal-jitter sleep is uniform on [5, 10]: over many
        // clients both halves of the range occur.
        let (mut low, mut high) = (0, 0);
        for seed in 0..1000 {
            let [s]: [f64; 1] = sleeps(Model::AWS, Strategy::Equal, seed);
            if s < 7.5 {
                low += 1;
            } else {
                high += 1;
            }
        }
        assert!(low > 400 && high > 400, "{low} {high}");
    }

    #[test]
    fn the_heap_pops_in_time_order() {
        let mut rng = Xoshiro256::new(5);
        let mut heap = [Slot::EMPTY; 37];
        for (i, s) in heap.iter_mut().enumerate() {
            s.time = rng.next_unit();
            s.client = i as u32;
        }
        heapify(&mut heap);
        let mut len = heap.len();
        let mut last = f64::NEG_INFINITY;
        while len > 0 {
            assert!(heap[0].time >= last);
            last = heap[0].time;
            len -= 1;
            heap[0] = heap[len];
            sift_down(&mut heap[..len], 0);
        }
    }
}
