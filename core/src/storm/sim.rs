//! One run of a scenario: a discrete-event simulation of the clients, the
//! network and the server, counted per second.
//!
//! The events, each at its time (ties in the order they were made):
//!
//! - **Arrival** at a client: a new request starts and sends its first
//!   attempt; the client's next arrival is drawn with its share of the
//!   rate at this one's time.
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
//!   is given up: retried while the request has retries left and its
//!   client's guard ([`super::guard`]) lets it, else the request ends
//!   unanswered. An answer that comes later is ignored.
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

use super::guard::{ClientState, Guard};
use super::model::{Arrivals, Rate, Retry, Scenario, StormError, System};
use super::queue::{Event, Kind, Queue, Waiting};
use super::summary::Second;
use crate::dist::{CapOrder, Delay, correlated, delays};
use crate::math::ln;
use crate::rng::Xoshiro256;
use crate::{Method, Policy};

/// One request: its client, its current attempt (0 the first, `k` its
/// `k`-th retry), the state of its correlated jitter's path, what its
/// last retry took from an AWS quota, and, below the top layer, the
/// attempt of the request above it that it serves.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    client: u32,
    attempt: u32,
    ended: bool,
    path: f64,
    acquired: f64,
    /// 0 at the top.
    layer: u32,
    parent: u32,
    parent_attempt: u32,
}

impl Request {
    pub const EMPTY: Request = Request {
        client: 0,
        attempt: 0,
        ended: false,
        path: 0.0,
        acquired: 0.0,
        layer: 0,
        parent: 0,
        parent_attempt: 0,
    };
}

/// The caller's slots for one run.
pub struct Buffers<'a> {
    pub events: &'a mut [Event],
    /// One per request that arrives.
    pub requests: &'a mut [Request],
    /// One per client.
    pub clients: &'a mut [ClientState],
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
        clients,
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
    let Arrivals {
        system,
        rate,
        first,
        until,
        clients: client_count,
    } = scenario.arrivals;
    let guard = scenario.client.guard;
    let clients = clients
        .get_mut(..client_count as usize)
        .ok_or(StormError::Clients)?;
    clients.fill(ClientState::new(guard));
    for client in 0..client_count {
        match system {
            System::Open => arrive(&mut queue, first, until, client)?,
            System::Closed => {
                let at = first + gap(&mut rng, rate, first, client_count);
                arrive(&mut queue, at, until, client)?;
            }
        }
    }
    let network = scenario.network;
    let timeout = scenario.client.timeout;
    let max_retries = scenario.client.retry.retries();
    let layers = scenario.client.layers;
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
            let end = (closed + 1) as f64;
            let row = &mut seconds[closed];
            row.concurrency = in_progress;
            row.queued = waiting.len as u32;
            row.tokens = balance(guard, clients, end);
            closed += 1;
        }
        let row = &mut seconds[second];
        let (id, attempt) = (event.request, event.attempt);
        // A closed system's client starts its next request a gap after its
        // last start, but not before now, when its request has ended.
        let next_closed = |queue: &mut Queue,
                           rng: &mut Xoshiro256,
                           client: &ClientState,
                           id: u32|
         -> Result<(), StormError> {
            if system == System::Open {
                return Ok(());
            }
            let after = client.last_start + gap(rng, rate, client.last_start, client_count);
            arrive(queue, if after > t { after } else { t }, until, id)
        };
        // After the request `id`'s current attempt failed (timed out when
        // `timeout`): its retry, or its end. Only the top layer's requests
        // are counted and guarded; one below that ends unanswered answers
        // the attempt above it with a failure.
        let retry_or_end = |row: &mut Second,
                            rng: &mut Xoshiro256,
                            queue: &mut Queue,
                            request: &mut Request,
                            client: &mut ClientState,
                            timeout_: bool|
         -> Result<(), StormError> {
            let top = request.layer == 0;
            if top {
                guard.ended(client, request.attempt > 0);
                guard.failed(client);
            }
            let allowed = match (request.attempt < max_retries, top) {
                (true, true) => guard.allow(client, t, timeout_),
                (true, false) => Some(0.0),
                (false, _) => None,
            };
            if let Some(acquired) = allowed {
                request.acquired = acquired;
                if top {
                    guard.sent(client, true);
                    row.retries += 1;
                    row.attempts += 1;
                }
                request.attempt += 1;
                let wait = match scenario.client.retry {
                    Retry::Immediately { .. } => 0.0,
                    Retry::Backoff(policy) => retry_delay(&policy, grid, request, rng.next_unit()),
                };
                send(queue, rng, t + wait, id, request.attempt, timeout, network)
            } else {
                request.ended = true;
                if top {
                    row.gave_up += 1;
                    next_closed(queue, rng, client, request.client)
                } else {
                    let back = t - network * ln(1.0 - rng.next_unit());
                    queue.push(back, Kind::Failed, request.parent, request.parent_attempt)
                }
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
                slot.client = id;
                let client = &mut clients[id as usize];
                client.last_start = t;
                guard.request(client, t);
                guard.sent(client, false);
                row.starts += 1;
                row.attempts += 1;
                send(&mut queue, &mut rng, t, arrived, 0, timeout, network)?;
                arrived += 1;
                if system == System::Open {
                    let next = t + gap(&mut rng, rate, t, client_count);
                    arrive(&mut queue, next, until, id)?;
                }
            }
            Kind::AtServer if requests[id as usize].layer + 1 < layers => {
                // A service in between: it calls the one below, as the
                // client does, whether or not the attempt is still awaited.
                let above = requests[id as usize];
                let slot = requests
                    .get_mut(arrived as usize)
                    .ok_or(StormError::Requests)?;
                *slot = Request {
                    client: above.client,
                    layer: above.layer + 1,
                    parent: id,
                    parent_attempt: attempt,
                    ..Request::EMPTY
                };
                if let Retry::Backoff(policy) = scenario.client.retry {
                    slot.path = correlated::start(&policy);
                }
                send(&mut queue, &mut rng, t, arrived, 0, timeout, network)?;
                arrived += 1;
            }
            Kind::AtServer => {
                row.offered += 1;
                if server.limit.is_some_and(|limit| in_progress >= limit) {
                    if !waiting.push((id, attempt)) {
                        let back = t + exponential(&mut rng, network);
                        queue.push(back, Kind::Failed, id, attempt)?;
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
                queue.push(back, Kind::Succeeded, id, attempt)?;
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
            Kind::Succeeded | Kind::Failed => {
                let ok = event.kind == Kind::Succeeded;
                let request = &mut requests[id as usize];
                if !request.ended && request.attempt == attempt {
                    let top = request.layer == 0;
                    let client = &mut clients[request.client as usize];
                    if ok && top {
                        row.successes += 1;
                        request.ended = true;
                        guard.ended(client, attempt > 0);
                        guard.succeeded(client, request.acquired);
                        next_closed(&mut queue, &mut rng, client, request.client)?;
                    } else if ok {
                        // The service above gets its answer.
                        request.ended = true;
                        let back = t + exponential(&mut rng, network);
                        queue.push(
                            back,
                            Kind::Succeeded,
                            request.parent,
                            request.parent_attempt,
                        )?;
                    } else {
                        row.failures += u32::from(top);
                        retry_or_end(row, &mut rng, &mut queue, request, client, false)?;
                    }
                }
            }
            Kind::Timeout => {
                let request = &mut requests[id as usize];
                if !request.ended && request.attempt == attempt {
                    row.timeouts += u32::from(request.layer == 0);
                    let client = &mut clients[request.client as usize];
                    retry_or_end(row, &mut rng, &mut queue, request, client, true)?;
                }
            }
        }
    }
    for (i, row) in seconds.iter_mut().enumerate().skip(closed) {
        row.concurrency = in_progress;
        row.queued = waiting.len as u32;
        row.tokens = balance(guard, clients, (i + 1) as f64);
    }
    Ok(arrived)
}

/// The mean of the clients' balances at `t`, or NaN for a guard without.
fn balance(guard: Guard, clients: &[ClientState], t: f64) -> f64 {
    let mut sum = 0.0;
    for client in clients {
        match guard.balance(client, t) {
            Some(b) => sum += b,
            None => return f64::NAN,
        }
    }
    sum / clients.len() as f64
}

/// A client's gap between two starts, drawn with the rate at `t`
/// (`clients` sharing it); infinite once the rate is not positive.
fn gap(rng: &mut Xoshiro256, rate: Rate, t: f64, clients: u32) -> f64 {
    let r = rate.at(t) / f64::from(clients);
    if r > 0.0 {
        -ln(1.0 - rng.next_unit()) / r
    } else {
        f64::INFINITY
    }
}

/// Client `client`'s next start at `at`, unless it is after `until`.
fn arrive(queue: &mut Queue, at: f64, until: f64, client: u32) -> Result<(), StormError> {
    if at <= until {
        queue.push(at, Kind::Arrival, client, 0)?;
    }
    Ok(())
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
        return queue.push(back, Kind::Failed, id, attempt);
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
