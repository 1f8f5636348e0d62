//! One run of a scenario: a discrete-event simulation of the clients, the
//! network and the server, counted per second.
//!
//! The events, each at its time (ties in the order they were made):
//!
//! - **Arrival**: a new request starts and sends its first attempt; the
//!   next arrival is drawn with the rate at this one's time.
//! - **Sending** an attempt (at once, or after its retry's delay) makes two
//!   events: its timeout at the client, `timeout` after it is sent, and its
//!   arrival at the server, an exponential network delay after it is sent.
//! - **At the server**: with a limit and that many in progress, the
//!   attempt waits in the queue, or is refused at once when the queue is
//!   full; else it starts: with probability `failure_rate` it fails at
//!   once, without load; else it is in progress for `base + slope × c`, `c`
//!   counting it, and its end lets the queue's first start.
//! - **The answer** reaches the client a network delay after the server
//!   sent it. It counts only if it answers the request's current attempt:
//!   a success ends the request; a failure is retried as a timeout is.
//! - **Timeout**: if the attempt is still the request's current one, it
//!   is given up: retried while the request has retries left, else the
//!   request ends unanswered. An answer that comes later is ignored.
//!
//! This is the model of Marc Brooker's `simple_collapse_sim/sim.py`
//! (mbrooker/simulator_example@bbfe3946), widened by a server limit and
//! queue, failures, and any policy's delays; `core/tests/suite/storm.rs`
//! compares it with that simulator's own output.
//!
//! Bounded work and no allocation: the caller passes the event slots, the
//! request slots (one per arrival), the retry delays' slots and the
//! per-second rows; a run that needs more slots than given stops with
//! [`StormError::Events`] or [`StormError::Requests`].

use super::model::{Arrivals, Retry, Scenario, StormError};
use crate::dist::{CapOrder, Delay, correlated, delays};
use crate::math::ln;
use crate::rng::Xoshiro256;
use crate::{Method, Policy};

/// What happened in one second of a run, `[s, s + 1)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Second {
    /// New requests.
    pub starts: u32,
    /// Attempts sent: first attempts and retries.
    pub attempts: u32,
    /// Retries sent (each counted when it is decided, before its delay).
    pub retries: u32,
    /// Requests answered with a success.
    pub successes: u32,
    /// Attempts given up on at their timeout.
    pub timeouts: u32,
    /// Attempts answered with a failure (refused by a full queue, or
    /// failed at the server), while still current.
    pub failures: u32,
    /// Requests that ended without a success.
    pub gave_up: u32,
    /// Attempts in progress at the server at the end of the second.
    pub concurrency: u32,
    /// Attempts waiting in its queue at the end of the second.
    pub queued: u32,
}

/// A pending event. Callers only allocate them, as `[Event::EMPTY; N]`.
#[derive(Clone, Copy, Debug)]
pub struct Event {
    time: f64,
    /// The order of making: ties go first made, first run.
    seq: u64,
    kind: Kind,
    request: u32,
    attempt: u32,
}

impl Event {
    pub const EMPTY: Event = Event {
        time: 0.0,
        seq: 0,
        kind: Kind::Arrival,
        request: 0,
        attempt: 0,
    };

    fn before(&self, other: &Event) -> bool {
        self.time < other.time || (self.time == other.time && self.seq < other.seq)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Arrival,
    /// The attempt reaches the server.
    AtServer,
    /// The server has done the attempt.
    Done,
    /// The answer reaches the client.
    Answer {
        ok: bool,
    },
    Timeout,
}

/// One request: its current attempt (0 the first, `k` its `k`-th retry)
/// and the state of its correlated jitter's path.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    attempt: u32,
    ended: bool,
    path: f64,
}

impl Request {
    pub const EMPTY: Request = Request {
        attempt: 0,
        ended: false,
        path: 0.0,
    };
}

/// A binary min-heap of events on a caller's slice.
struct Queue<'a> {
    slots: &'a mut [Event],
    len: usize,
    made: u64,
}

impl Queue<'_> {
    fn push(
        &mut self,
        time: f64,
        kind: Kind,
        request: u32,
        attempt: u32,
    ) -> Result<(), StormError> {
        if self.len == self.slots.len() {
            return Err(StormError::Events);
        }
        let event = Event {
            time,
            seq: self.made,
            kind,
            request,
            attempt,
        };
        self.made += 1;
        let mut i = self.len;
        self.len += 1;
        while i > 0 {
            let parent = (i - 1) / 2;
            if !event.before(&self.slots[parent]) {
                break;
            }
            self.slots[i] = self.slots[parent];
            i = parent;
        }
        self.slots[i] = event;
        Ok(())
    }

    fn peek(&self) -> Option<&Event> {
        self.slots[..self.len].first()
    }

    fn pop(&mut self) -> Option<Event> {
        if self.len == 0 {
            return None;
        }
        let top = self.slots[0];
        self.len -= 1;
        let last = self.slots[self.len];
        let mut i = 0;
        loop {
            let left = 2 * i + 1;
            if left >= self.len {
                break;
            }
            let right = left + 1;
            let child = if right < self.len && self.slots[right].before(&self.slots[left]) {
                right
            } else {
                left
            };
            if !self.slots[child].before(&last) {
                break;
            }
            self.slots[i] = self.slots[child];
            i = child;
        }
        self.slots[i] = last;
        Some(top)
    }
}

/// A first-in, first-out ring of waiting attempts on a caller's slice.
struct Waiting<'a> {
    slots: &'a mut [(u32, u32)],
    head: usize,
    len: usize,
}

impl Waiting<'_> {
    fn push(&mut self, item: (u32, u32)) -> bool {
        if self.len == self.slots.len() {
            return false;
        }
        let at = (self.head + self.len) % self.slots.len();
        self.slots[at] = item;
        self.len += 1;
        true
    }

    fn pop(&mut self) -> Option<(u32, u32)> {
        if self.len == 0 {
            return None;
        }
        let item = self.slots[self.head];
        self.head = (self.head + 1) % self.slots.len();
        self.len -= 1;
        Some(item)
    }
}

/// The caller's slots for one run.
pub struct Buffers<'a> {
    pub events: &'a mut [Event],
    /// One per request that arrives.
    pub requests: &'a mut [Request],
    /// The server's queue: at least its `queue` places.
    pub waiting: &'a mut [(u32, u32)],
    /// The retry delays of a policy of [`Method::Grid`]: its `retries`.
    pub delays: &'a mut [Delay],
    /// One row per second begun ([`Scenario::seconds`]).
    pub seconds: &'a mut [Second],
}

/// Runs `scenario` from `seed`, writing its per-second rows into
/// `buffers.seconds` (the rest of the slots is scratch). Returns the
/// number of requests that arrived.
pub fn run(scenario: &Scenario, seed: u64, buffers: Buffers) -> Result<u32, StormError> {
    scenario.validate()?;
    let Buffers {
        events,
        requests,
        waiting,
        delays: delay_slots,
        seconds,
    } = buffers;
    let rows = scenario.seconds();
    if seconds.len() < rows {
        return Err(StormError::Output);
    }
    let seconds = &mut seconds[..rows];
    seconds.fill(Second::default());
    let server = scenario.server;
    let queue_places = server.limit.map_or(0, |_| server.queue as usize);
    if waiting.len() < queue_places {
        return Err(StormError::Queue);
    }
    let mut waiting = Waiting {
        slots: &mut waiting[..queue_places],
        head: 0,
        len: 0,
    };
    // The policy's delays, for the kinds drawn from fixed bounds.
    let grid: &[Delay] = match scenario.client.retry {
        Retry::Backoff(policy) if policy.jitter.method() == Method::Grid => {
            delays(&policy, CapOrder::BeforeJitter, delay_slots).map_err(|_| StormError::Retry)?
        }
        _ => &[],
    };
    let mut rng = Xoshiro256::new(seed);
    let mut queue = Queue {
        slots: events,
        len: 0,
        made: 0,
    };
    let Arrivals::Open { rate, first } = scenario.arrivals;
    queue.push(first, Kind::Arrival, 0, 0)?;
    let network = scenario.network;
    let timeout = scenario.client.timeout;
    let max_retries = scenario.client.retry.retries();
    let mut arrived = 0u32;
    let mut in_progress = 0u32;
    // Seconds whose end-of-second figures are written.
    let mut closed = 0usize;
    let exponential = |rng: &mut Xoshiro256, mean: f64| -mean * ln(1.0 - rng.next_unit());
    while let Some(&Event { time: t, .. }) = queue.peek() {
        if t >= scenario.duration {
            break;
        }
        let event = queue.pop().expect("peeked");
        // Times never go back; `as` saturates and the run ends before the
        // last row's end.
        let second = t as usize;
        while closed < second {
            seconds[closed].concurrency = in_progress;
            seconds[closed].queued = waiting.len as u32;
            closed += 1;
        }
        let row = &mut seconds[second];
        let (id, attempt) = (event.request, event.attempt);
        // The retry decided for the request `id` after its current attempt
        // failed, or its end.
        let retry_or_end = |row: &mut Second,
                            rng: &mut Xoshiro256,
                            queue: &mut Queue,
                            request: &mut Request|
         -> Result<(), StormError> {
            if request.attempt < max_retries {
                row.retries += 1;
                row.attempts += 1;
                request.attempt += 1;
                let wait = match scenario.client.retry {
                    Retry::Immediately { .. } => 0.0,
                    Retry::Backoff(policy) => retry_delay(&policy, grid, request, rng.next_unit()),
                };
                send(queue, rng, t + wait, id, request.attempt, timeout, network)
            } else {
                row.gave_up += 1;
                request.ended = true;
                Ok(())
            }
        };
        match event.kind {
            Kind::Arrival => {
                let slot = requests
                    .get_mut(arrived as usize)
                    .ok_or(StormError::Requests)?;
                *slot = Request::EMPTY;
                if let Retry::Backoff(policy) = scenario.client.retry {
                    slot.path = correlated::start(&policy);
                }
                row.starts += 1;
                row.attempts += 1;
                send(&mut queue, &mut rng, t, arrived, 0, timeout, network)?;
                arrived += 1;
                let r = rate.at(t);
                if r > 0.0 {
                    let gap = exponential(&mut rng, 1.0 / r);
                    queue.push(t + gap, Kind::Arrival, 0, 0)?;
                }
            }
            Kind::AtServer => {
                if server.limit.is_some_and(|limit| in_progress >= limit) {
                    if !waiting.push((id, attempt)) {
                        let back = t + exponential(&mut rng, network);
                        queue.push(back, Kind::Answer { ok: false }, id, attempt)?;
                    }
                } else {
                    start(
                        &mut queue,
                        &mut rng,
                        scenario,
                        t,
                        id,
                        attempt,
                        &mut in_progress,
                    )?;
                }
            }
            Kind::Done => {
                in_progress -= 1;
                let back = t + exponential(&mut rng, network);
                queue.push(back, Kind::Answer { ok: true }, id, attempt)?;
                if let Some((next, next_attempt)) = waiting.pop() {
                    start(
                        &mut queue,
                        &mut rng,
                        scenario,
                        t,
                        next,
                        next_attempt,
                        &mut in_progress,
                    )?;
                }
            }
            Kind::Answer { ok } => {
                let request = &mut requests[id as usize];
                if !request.ended && request.attempt == attempt {
                    if ok {
                        row.successes += 1;
                        request.ended = true;
                    } else {
                        row.failures += 1;
                        retry_or_end(row, &mut rng, &mut queue, request)?;
                    }
                }
            }
            Kind::Timeout => {
                let request = &mut requests[id as usize];
                if !request.ended && request.attempt == attempt {
                    row.timeouts += 1;
                    retry_or_end(row, &mut rng, &mut queue, request)?;
                }
            }
        }
    }
    for row in &mut seconds[closed..] {
        row.concurrency = in_progress;
        row.queued = waiting.len as u32;
    }
    Ok(arrived)
}

/// Sends attempt `attempt` of request `id` at time `at`: its timeout and
/// its arrival at the server.
fn send(
    queue: &mut Queue,
    rng: &mut Xoshiro256,
    at: f64,
    id: u32,
    attempt: u32,
    timeout: f64,
    network: f64,
) -> Result<(), StormError> {
    queue.push(at + timeout, Kind::Timeout, id, attempt)?;
    let there = at - network * ln(1.0 - rng.next_unit());
    queue.push(there, Kind::AtServer, id, attempt)
}

/// The server starts attempt `attempt` of request `id` at time `t`.
fn start(
    queue: &mut Queue,
    rng: &mut Xoshiro256,
    scenario: &Scenario,
    t: f64,
    id: u32,
    attempt: u32,
    in_progress: &mut u32,
) -> Result<(), StormError> {
    let server = scenario.server;
    if server.failure_rate > 0.0 && rng.next_unit() < server.failure_rate {
        let back = t - scenario.network * ln(1.0 - rng.next_unit());
        return queue.push(back, Kind::Answer { ok: false }, id, attempt);
    }
    *in_progress += 1;
    let took = server.base + server.slope * f64::from(*in_progress);
    queue.push(t + took, Kind::Done, id, attempt)
}

/// The delay before the request's current retry (its `attempt`-th), drawn
/// from `u` as the core's sample run draws it: within the retry's bounds
/// for the kinds of [`Method::Grid`] (`grid`), along the request's path for
/// the others.
fn retry_delay(policy: &Policy, grid: &[Delay], request: &mut Request, u: f64) -> f64 {
    let k = request.attempt as usize;
    match grid.get(k - 1) {
        Some(d) => {
            let drawn = d.lo + (d.hi - d.lo) * u;
            if drawn > d.cap { d.cap } else { drawn }
        }
        None => {
            let ceiling = policy.max_delay.unwrap_or(f64::MAX);
            correlated::draw(policy, (k - 1) as f64, &mut request.path, u, ceiling)
        }
    }
}
