//! The contract of the retry-storm export (the lab's module): the
//! scenario's inputs by slot, the codes of its errors, and where each
//! second's figures lie in the output, so that the lab's script, the
//! module and the command line read one statement of them. A scenario's
//! times are in seconds, as [`crate::storm`] takes them; its policy's
//! jitter is a code of [`crate::Jitter::NAMES`], its guard a code of
//! [`GUARDS`]. Like `super`, this module never formats anything.

use crate::budget::NAMED;
use crate::storm::guard::Guard;
use crate::storm::model::{Arrivals, Client, Rate, Retry, Scenario, Server, StormError, System};
use crate::storm::sim::{Buffers, run as run_scenario};
use crate::storm::summary::{RECOVERY_TIME, Second, recovery};
use crate::{Jitter, Policy};

/// The inputs, by name: the export reads input `i` from slot `i`. An
/// optional input not given is NaN (`until`: the duration; `limit`: none;
/// `backoff_base`: retries at once; `backoff_max`: no cap; `guard`: none;
/// `layers`: 1).
pub const INPUTS: [&str; 28] = [
    "duration",
    "system",
    "workload",
    "rate",
    "peak",
    "at",
    "length",
    "slope",
    "until",
    "clients",
    "server_time",
    "server_slope",
    "limit",
    "queue",
    "server_failure_rate",
    "network",
    "timeout",
    "retries",
    "backoff_base",
    "backoff_multiplier",
    "backoff_max",
    "backoff_jitter",
    "backoff_jitter_factor",
    "guard",
    "guard_a",
    "guard_b",
    "layers",
    "seed",
];

/// Slot `key`'s index in [`INPUTS`].
pub const fn input(key: &str) -> usize {
    super::index_of(&INPUTS, key)
}

/// The systems by code.
pub const SYSTEMS: [&str; 2] = ["open", "closed"];

/// The workloads by code.
pub const WORKLOADS: [&str; 3] = ["constant", "ramp", "spike"];

/// The guards by code: the named budgets (`crate::budget::NAMED`), then
/// Brooker's breaker (`guard_a` its ratio) and adaptive bucket (`guard_a`
/// its fill, `guard_b` its size).
pub const GUARDS: [&str; NAMED.len() + 2] = {
    let mut names = [""; NAMED.len() + 2];
    let mut i = 0;
    while i < NAMED.len() {
        names[i] = NAMED[i].0;
        i += 1;
    }
    names[NAMED.len()] = "breaker";
    names[NAMED.len() + 1] = "bucket";
    names
};

/// The message key of each error code, code `c` at index `c - 1`.
pub const ERRORS: [&str; 20] = [
    "duration",
    "arrivals",
    "rate",
    "peak",
    "at",
    "length",
    "slope",
    "until",
    "clients",
    "server",
    "server_failure_rate",
    "queue",
    "network",
    "timeout",
    "retry",
    "guard",
    "layers",
    "requests",
    "events",
    "seed",
];

/// The input each error code concerns, code `c` at index `c - 1`: where a
/// form shows the error and a content file's diagnostic points.
pub const ERROR_INPUTS: [&str; ERRORS.len()] = [
    "duration",
    "workload",
    "rate",
    "peak",
    "at",
    "length",
    "slope",
    "until",
    "clients",
    "server_time",
    "server_failure_rate",
    "queue",
    "network",
    "timeout",
    "retries",
    "guard_a",
    "layers",
    "rate",
    "duration",
    "seed",
];

// Every error names an input of the contract (`input` fails to compile
// for a key it does not know).
const _: () = {
    let mut i = 0;
    while i < ERROR_INPUTS.len() {
        input(ERROR_INPUTS[i]);
        i += 1;
    }
};

/// The code of `err`.
pub const fn code(err: StormError) -> u32 {
    let index = match err {
        StormError::Duration | StormError::Output => 0,
        StormError::Arrivals => 1,
        StormError::Rate => 2,
        StormError::Peak => 3,
        StormError::At => 4,
        StormError::Length => 5,
        StormError::Slope => 6,
        StormError::Until => 7,
        StormError::Clients => 8,
        StormError::Server => 9,
        StormError::FailureRate => 10,
        StormError::Queue => 11,
        StormError::Network => 12,
        StormError::Timeout => 13,
        StormError::Retry => 14,
        StormError::Guard => 15,
        StormError::Layers => 16,
        StormError::Requests => 17,
        StormError::Events => 18,
    };
    index + 1
}

/// The code of a seed that is not a whole number from 0 to
/// [`super::sample::MAX_SEED`].
pub const SEED_ERROR: u32 = ERRORS.len() as u32;

/// The figures of each second in the output, in order ([`crate::storm::Second`]'s).
pub const FIGURES: [&str; 11] = [
    "starts",
    "attempts",
    "offered",
    "retries",
    "successes",
    "timeouts",
    "failures",
    "gave_up",
    "concurrency",
    "queued",
    "tokens",
];

/// Figure `key`'s index in [`FIGURES`].
pub const fn figure(key: &str) -> usize {
    super::index_of(&FIGURES, key)
}

/// A whole number of a slot, if it is one from 0 to `max`.
fn whole(x: f64, max: u32) -> Option<u32> {
    // `as` saturates and truncates: the round trip keeps whole numbers.
    let n = x as u32;
    (x >= 0.0 && f64::from(n) == x && n <= max).then_some(n)
}

/// The scenario and seed of the input slots, or the code of the first
/// input that is not one (the model's own checks come after, in
/// [`Scenario::validate`]).
pub fn scenario(inputs: &[f64; INPUTS.len()]) -> Result<(Scenario, u64), u32> {
    let at = |key: &str| inputs[input(key)];
    let refuse = |err| code(err);
    let system = match whole(at("system"), 1) {
        Some(0) => System::Open,
        Some(_) => System::Closed,
        None => return Err(refuse(StormError::Arrivals)),
    };
    let rate = match whole(at("workload"), 2) {
        Some(0) => Rate::Constant { rate: at("rate") },
        Some(1) => Rate::Ramp {
            peak: at("peak"),
            slope: at("slope"),
            at: at("at"),
        },
        Some(_) => Rate::Spike {
            base: at("rate"),
            peak: at("peak"),
            start: at("at"),
            width: at("length"),
        },
        None => return Err(refuse(StormError::Arrivals)),
    };
    let duration = at("duration");
    let until = if at("until").is_nan() {
        duration
    } else {
        at("until")
    };
    let clients = whole(at("clients"), u32::MAX).ok_or(refuse(StormError::Clients))?;
    let limit = if at("limit").is_nan() {
        None
    } else {
        Some(whole(at("limit"), u32::MAX).ok_or(refuse(StormError::Server))?)
    };
    let queue = whole(at("queue"), u32::MAX).ok_or(refuse(StormError::Queue))?;
    let retries = whole(at("retries"), u32::MAX).ok_or(refuse(StormError::Retry))?;
    let retry = if at("backoff_base").is_nan() {
        Retry::Immediately { retries }
    } else {
        let code = whole(at("backoff_jitter"), Jitter::NAMES.len() as u32 - 1)
            .ok_or(refuse(StormError::Retry))?;
        let jitter = Jitter::from_code(code as usize, at("backoff_jitter_factor"))
            .ok_or(refuse(StormError::Retry))?;
        Retry::Backoff(Policy {
            base: at("backoff_base"),
            multiplier: at("backoff_multiplier"),
            max_delay: (!at("backoff_max").is_nan()).then(|| at("backoff_max")),
            retries,
            jitter,
        })
    };
    let guard = if at("guard").is_nan() {
        Guard::None
    } else {
        let n = NAMED.len() as u32;
        match whole(at("guard"), n + 1) {
            Some(c) if c < n => Guard::Budget(NAMED[c as usize].1),
            Some(c) if c == n => Guard::Breaker {
                ratio: at("guard_a"),
            },
            Some(_) => Guard::Bucket {
                fill: at("guard_a"),
                size: at("guard_b"),
            },
            None => return Err(refuse(StormError::Guard)),
        }
    };
    let layers = if at("layers").is_nan() {
        1
    } else {
        whole(at("layers"), u32::MAX).ok_or(refuse(StormError::Layers))?
    };
    let seed = at("seed");
    let max = super::sample::MAX_SEED as f64;
    if !(seed >= 0.0 && seed <= max && (seed as u64) as f64 == seed) {
        return Err(SEED_ERROR);
    }
    let scenario = Scenario {
        duration,
        arrivals: Arrivals {
            system,
            rate,
            first: 0.0,
            until,
            clients,
        },
        server: Server {
            base: at("server_time"),
            slope: at("server_slope"),
            limit,
            queue,
            failure_rate: at("server_failure_rate"),
        },
        network: at("network"),
        client: Client {
            timeout: at("timeout"),
            retry,
            guard,
            layers,
        },
    };
    scenario.validate().map_err(refuse)?;
    Ok((scenario, seed as u64))
}

/// The verdict of a run of the input slots' scenario whose rows are
/// `seconds`: the share of requests answered before its trigger and after
/// it, and 1 if it recovered, else 0 ([`crate::storm::recovery`], with
/// [`crate::storm::RECOVERY_TIME`]); NaN in each for a scenario without a
/// trigger or a run without requests in a window.
pub fn verdict(inputs: &[f64; INPUTS.len()], seconds: &[Second]) -> [f64; 3] {
    let recovery = scenario(inputs).ok().and_then(|(scenario, _)| {
        let (start, end) = scenario.trigger()?;
        recovery(seconds, start, end, RECOVERY_TIME)
    });
    match recovery {
        Some(r) => [r.before, r.after, if r.recovered { 1.0 } else { 0.0 }],
        None => [f64::NAN; 3],
    }
}

/// The slots of the lab's module (`wasm/src/storm.rs`), static there: the
/// clients, the requests a run may hold (the layers' calls included) and
/// its pending events; beyond them a run stops with the `clients`,
/// `requests` or `events` code.
pub const MODULE_CLIENTS: usize = 1024;
pub const MODULE_REQUESTS: usize = 1 << 16;
pub const MODULE_EVENTS: usize = 1 << 17;

/// The most seconds a run of the export may have: ten minutes.
pub const MAX_SECONDS: usize = 600;

/// The output's length in f64 values: [`FIGURES`] for each second, second
/// 0 first.
pub const LEN: usize = MAX_SECONDS * FIGURES.len();

/// Runs the scenario of the input slots on `buffers` and writes each
/// second's figures into `out` as [`LEN`] lays them out; returns the
/// seconds written, or the error's code (a duration over [`MAX_SECONDS`]
/// is the duration's), `out` then as it was.
pub fn run(
    inputs: &[f64; INPUTS.len()],
    buffers: Buffers,
    out: &mut [f64; LEN],
) -> Result<usize, u32> {
    let (scenario, seed) = scenario(inputs)?;
    let rows = scenario.seconds();
    if rows > MAX_SECONDS {
        return Err(code(StormError::Duration));
    }
    let Buffers {
        events,
        requests,
        clients,
        waiting,
        delays,
        seconds,
    } = buffers;
    let borrowed = Buffers {
        events,
        requests,
        clients,
        waiting,
        delays,
        seconds: &mut *seconds,
    };
    run_scenario(&scenario, seed, borrowed).map_err(code)?;
    for (row, s) in out.chunks_exact_mut(FIGURES.len()).zip(&seconds[..rows]) {
        row.copy_from_slice(&s.figures());
    }
    Ok(rows)
}
