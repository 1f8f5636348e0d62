//! The storm export's contract (`backoff_core::contract::storm`): the
//! slots make the scenario the model runs, figure by figure; each bad slot
//! gives its own error code and leaves the output as it was; its tables
//! agree with the model's errors and the cost export's budgets.
use backoff_core::budget::NAMED;
use backoff_core::contract::storm::*;
use backoff_core::storm::{
    Buffers, ClientState, Event, Guard, Request, Retry, Second, StormError, run as run_scenario,
};
use backoff_core::{Jitter, Policy};

/// Brooker's spike with its backoff, as slots.
fn spike() -> [f64; INPUTS.len()] {
    let mut slots = [f64::NAN; INPUTS.len()];
    for (key, x) in [
        ("duration", 40.0),
        ("system", 0.0),
        ("workload", 2.0),
        ("rate", 40.0),
        ("peak", 80.0),
        ("at", 20.0),
        ("length", 5.0),
        ("clients", 1.0),
        ("server_time", 1.0),
        ("server_slope", 0.01),
        ("queue", 0.0),
        ("server_failure_rate", 0.0),
        ("network", 0.1),
        ("timeout", 3.0),
        ("retries", 2.0),
        ("backoff_base", 20.0),
        ("backoff_multiplier", 2.0),
        ("backoff_jitter", 1.0),
        ("seed", 7.0),
    ] {
        slots[input(key)] = x;
    }
    slots
}

/// Runs `slots` on buffers of the given event slots.
fn run_slots(slots: &[f64; INPUTS.len()], out: &mut [f64; LEN]) -> Result<usize, u32> {
    let mut events = [Event::EMPTY; 1 << 12];
    let mut requests = [Request::EMPTY; 4096];
    let mut clients = [ClientState::EMPTY; 4];
    let mut delays = [backoff_core::dist::Delay::fixed(0.0); 4];
    let mut seconds = [Second::default(); MAX_SECONDS];
    run(
        slots,
        Buffers {
            events: &mut events,
            requests: &mut requests,
            clients: &mut clients,
            waiting: &mut [],
            delays: &mut delays,
            seconds: &mut seconds,
        },
        out,
    )
}

#[test]
fn the_slots_make_the_scenario_and_its_rows() {
    let (scenario, seed) = scenario(&spike()).unwrap();
    assert_eq!(seed, 7);
    assert_eq!(scenario.arrivals.until, 40.0);
    assert_eq!(scenario.client.guard, Guard::None);
    assert_eq!(
        scenario.client.retry,
        Retry::Backoff(Policy {
            base: 20.0,
            multiplier: 2.0,
            max_delay: None,
            retries: 2,
            jitter: Jitter::Full,
        })
    );
    let mut out = [f64::NAN; LEN];
    assert_eq!(run_slots(&spike(), &mut out), Ok(40));
    // The rows are the model's own, figure by figure.
    let mut events = [Event::EMPTY; 1 << 12];
    let mut requests = [Request::EMPTY; 4096];
    let mut clients = [ClientState::EMPTY; 1];
    let mut delays = [backoff_core::dist::Delay::fixed(0.0); 4];
    let mut seconds = [Second::default(); 40];
    let buffers = Buffers {
        events: &mut events,
        requests: &mut requests,
        clients: &mut clients,
        waiting: &mut [],
        delays: &mut delays,
        seconds: &mut seconds,
    };
    run_scenario(&scenario, 7, buffers).unwrap();
    for (t, s) in seconds.iter().enumerate() {
        let row = &out[t * FIGURES.len()..(t + 1) * FIGURES.len()];
        let at = |name: &str| FIGURES.iter().position(|f| *f == name).unwrap();
        assert_eq!(row[at("starts")], f64::from(s.starts));
        assert_eq!(row[at("offered")], f64::from(s.offered));
        assert_eq!(row[at("successes")], f64::from(s.successes));
        assert_eq!(row[at("concurrency")], f64::from(s.concurrency));
    }
    assert!(out[40 * FIGURES.len()].is_nan(), "nothing past the run");
}

#[test]
fn each_bad_slot_names_its_error() {
    let guard = |c: f64| {
        let mut s = spike();
        s[input("guard")] = c;
        s
    };
    let breaker = NAMED.len() as f64;
    for (key, x, error) in [
        ("duration", 0.0, "duration"),
        ("duration", 601.0, "duration"),
        ("system", 2.0, "arrivals"),
        ("workload", 1.5, "arrivals"),
        ("rate", -1.0, "rate"),
        ("peak", 0.0, "peak"),
        ("at", -1.0, "at"),
        ("length", f64::NAN, "length"),
        ("until", 1e9, "until"),
        ("clients", 0.0, "clients"),
        ("clients", 1.5, "clients"),
        ("limit", 0.0, "server"),
        ("server_time", f64::NAN, "server"),
        ("queue", -1.0, "queue"),
        ("server_failure_rate", 2.0, "server_failure_rate"),
        ("network", -1.0, "network"),
        ("timeout", 0.0, "timeout"),
        ("retries", 2.5, "retry"),
        ("backoff_jitter", 99.0, "retry"),
        ("backoff_base", 0.0, "retry"),
        ("guard", breaker + 2.0, "guard"),
        ("layers", 11.0, "layers"),
        ("layers", 0.0, "layers"),
        ("seed", -1.0, "seed"),
        ("seed", 0.5, "seed"),
    ] {
        let mut slots = spike();
        slots[input(key)] = x;
        let mut out = [7.0; LEN];
        let code = run_slots(&slots, &mut out).unwrap_err();
        assert_eq!(ERRORS[code as usize - 1], error, "{key} {x}");
        assert_eq!(out, [7.0; LEN], "{key}: the output is left as it was");
    }
    let mut bad_breaker = guard(breaker);
    bad_breaker[input("guard_a")] = 2.0;
    assert_eq!(scenario(&bad_breaker).unwrap_err(), code(StormError::Guard));
    assert_eq!(
        scenario(&guard(0.0)).unwrap().0.client.guard,
        Guard::Budget(NAMED[0].1)
    );
}

#[test]
fn the_tables_agree() {
    // Every error has its key; the budgets' codes are the cost export's.
    for err in [
        StormError::Duration,
        StormError::Arrivals,
        StormError::Rate,
        StormError::Peak,
        StormError::At,
        StormError::Length,
        StormError::Slope,
        StormError::Until,
        StormError::Clients,
        StormError::Server,
        StormError::FailureRate,
        StormError::Queue,
        StormError::Network,
        StormError::Timeout,
        StormError::Retry,
        StormError::Guard,
        StormError::Layers,
        StormError::Requests,
        StormError::Events,
    ] {
        assert!((1..SEED_ERROR).contains(&code(err)), "{err:?}");
    }
    assert_eq!(GUARDS[..NAMED.len()], backoff_core::contract::cost::BUDGETS);
    assert_eq!(FIGURES.len() * MAX_SECONDS, LEN);
}
