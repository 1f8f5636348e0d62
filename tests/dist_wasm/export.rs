//! The distribution export (`contract::distribution`) in the calculator's
//! distribution module as shipped (`wasm_module::DISTRIBUTION_WASM`, built
//! with `--cfg backoff_distribution`): the module against the native
//! contract, bit for bit, every buffer after every call (refusals included); the native
//! contract against the command line's figures (`report::Distribution`),
//! figure by figure; the module's size and the time of the longest
//! schedules, in wasmi and in Node, printed.

use std::time::Instant;

use backoff_core::contract::distribution::{
    self as dc, ATTEMPT, ATTEMPTS, CUMULATIVE, FIT, FITS, GRID_LEN, METHOD, METHODS, PATHS_LEN,
    TOTAL, TOTALS,
};
use backoff_core::contract::{ROW, SCHEDULE_LEN, TOTALS as SCHEDULE_TOTALS};
use backoff_core::dist::decorrelated::Row;
use backoff_core::dist::{Delay, Limits, Summary};
use backoff_core::{Jitter, MAX_RETRIES, Policy, Schedule};
use backoff_site::report::{Distribution, Method};
use backoff_site::wasm_module::DISTRIBUTION_WASM;
use wasmi::TypedFunc;

use super::Pick;
use super::instance::Instance;

type Slots = [f64; dc::INPUTS.len()];

/// The distribution module exactly as the site ships it: freshly compiled
/// by the build, or the kept copy while its record matches the sources.
pub(crate) fn module() -> &'static [u8] {
    DISTRIBUTION_WASM
}

/// Both buffers and the answer of one call.
#[derive(PartialEq)]
pub(crate) struct Answer {
    pub(crate) code: u32,
    pub(crate) retry: u32,
    pub(crate) schedule: Vec<u64>,
    pub(crate) out: Vec<u64>,
}

pub(crate) fn bits(values: &[f64]) -> Vec<u64> {
    values.iter().map(|x| x.to_bits()).collect()
}

pub(crate) struct Wasm {
    wasm: Instance,
    input_buffer: TypedFunc<(), u32>,
    distribution: TypedFunc<(), u32>,
    error_retry: TypedFunc<(), u32>,
    schedule_buffer: TypedFunc<(), u32>,
    distribution_buffer: TypedFunc<(), u32>,
}

impl Wasm {
    pub(crate) fn new(bytes: &[u8]) -> Wasm {
        let wasm = Instance::new(bytes);
        Wasm {
            input_buffer: wasm.func("input_buffer"),
            distribution: wasm.func("distribution"),
            error_retry: wasm.func("error_retry"),
            schedule_buffer: wasm.func("schedule_buffer"),
            distribution_buffer: wasm.func("distribution_buffer"),
            wasm,
        }
    }

    pub(crate) fn call(&mut self, slots: &Slots) -> Answer {
        let address = self.input_buffer.call(&mut self.wasm.store, ()).unwrap();
        self.wasm.write_f64s(address, slots);
        let code = self
            .distribution
            .call(&mut self.wasm.store, ())
            .unwrap_or_else(|trap| panic!("{slots:?} trapped: {trap}"));
        let retry = self.error_retry.call(&mut self.wasm.store, ()).unwrap();
        Answer {
            code,
            retry,
            schedule: self.wasm.f64_bits(self.schedule_buffer, SCHEDULE_LEN),
            out: self.wasm.f64_bits(self.distribution_buffer, dc::LEN),
        }
    }
}

/// The native contract with buffers that live as long as the module's, so
/// that both see the same calls and both buffers can be compared whole.
struct Native {
    schedule: Vec<f64>,
    out: Vec<f64>,
    delays: Vec<Delay>,
    grid: Vec<f64>,
    sums: Vec<Summary>,
    paths: Vec<f64>,
    rows: Vec<Row>,
}

const RETRIES: usize = MAX_RETRIES as usize;

impl Native {
    fn new() -> Native {
        Native {
            schedule: vec![0.0; SCHEDULE_LEN],
            out: vec![0.0; dc::LEN],
            delays: vec![Delay::fixed(0.0); RETRIES],
            grid: vec![0.0; GRID_LEN],
            sums: vec![Summary::default(); RETRIES],
            paths: vec![0.0; PATHS_LEN],
            rows: vec![Row::default(); RETRIES],
        }
    }

    fn call(&mut self, slots: &Slots) -> Answer {
        let work = dc::Work {
            delays: &mut self.delays,
            grid: &mut self.grid,
            sums: &mut self.sums,
            paths: &mut self.paths,
            rows: &mut self.rows,
        };
        let result = dc::distribution(
            slots,
            (&mut self.schedule[..]).try_into().unwrap(),
            (&mut self.out[..]).try_into().unwrap(),
            work,
        );
        let (code, retry) = result.map_or_else(|r| (r.code, r.retry), |()| (0, 0));
        Answer {
            code,
            retry,
            schedule: bits(&self.schedule),
            out: bits(&self.out),
        }
    }
}

pub(crate) fn slots(policy: &Policy, limits: Limits) -> Slots {
    let code = dc::JITTERS
        .iter()
        .position(|k| *k == policy.jitter.name())
        .unwrap();
    [
        policy.base,
        policy.multiplier,
        policy.max_delay.unwrap_or(f64::NAN),
        f64::from(policy.retries),
        code as f64,
        policy.jitter.factor().unwrap_or(f64::NAN),
        limits.timeout.unwrap_or(f64::NAN),
        limits.deadline.unwrap_or(f64::NAN),
    ]
}

const KINDS: [Jitter; 5] = [
    Jitter::None,
    Jitter::Full,
    Jitter::Equal,
    Jitter::Proportional { factor: 0.2 },
    Jitter::Decorrelated,
];

/// The policies and limits checked: the longest schedules of every kind
/// with and without a cap, timeout and deadline; hand-picked refusals; and
/// random policies of every kind, some limits refused.
fn cases() -> Vec<(Policy, Limits)> {
    let mut cases = Vec::new();
    let limits = [
        Limits::default(),
        Limits {
            timeout: Some(2000.0),
            deadline: Some(600_000.0),
        },
    ];
    for jitter in KINDS {
        for (max_delay, multiplier) in [(Some(30_000.0), 2.0), (None, 1.001)] {
            for l in limits {
                let p = Policy {
                    base: 100.0,
                    multiplier,
                    max_delay,
                    retries: MAX_RETRIES,
                    jitter,
                };
                cases.push((p, l));
            }
        }
    }
    let p = Policy {
        base: 100.0,
        multiplier: 2.0,
        max_delay: Some(5000.0),
        retries: 8,
        jitter: Jitter::Full,
    };
    for (timeout, deadline) in [
        (Some(-1.0), None),
        (Some(f64::INFINITY), None),
        (None, Some(0.0)),
        (None, Some(-5.0)),
        (Some(50.0), Some(40.0)),
        (Some(0.0), Some(1e-9)),
        (Some(1e308), None),
    ] {
        for jitter in KINDS {
            cases.push((Policy { jitter, ..p }, Limits { timeout, deadline }));
        }
    }
    for bad in [
        Policy { base: 0.0, ..p },
        Policy {
            multiplier: 0.5,
            ..p
        },
        Policy {
            jitter: Jitter::Proportional { factor: 1.5 },
            ..p
        },
        Policy {
            max_delay: None,
            multiplier: 1e300,
            retries: 5,
            ..p
        },
    ] {
        cases.push((bad, Limits::default()));
    }
    let mut pick = Pick(0x2015_0304);
    for _ in 0..60 {
        let jitter = match pick.next() % 5 {
            3 => Jitter::Proportional {
                factor: pick.unit().max(1e-3),
            },
            k => KINDS[k as usize],
        };
        let p = Policy {
            base: pick.log_uniform(1e-3, 1e6),
            multiplier: 1.0 + 3.0 * pick.unit(),
            max_delay: (!pick.next().is_multiple_of(4)).then(|| pick.log_uniform(1e-3, 1e7)),
            retries: 1 + (pick.next() % 40) as u32,
            jitter,
        };
        let l = Limits {
            timeout: pick
                .next()
                .is_multiple_of(2)
                .then(|| pick.log_uniform(1e-3, 1e4)),
            deadline: pick
                .next()
                .is_multiple_of(2)
                .then(|| pick.log_uniform(1e-2, 1e8)),
        };
        cases.push((p, l));
    }
    cases
}

#[test]
fn the_distribution_export_agrees_with_the_native_contract_bit_for_bit() {
    let bytes = module();
    println!(
        "the distribution module: {} bytes (its budget is {})",
        bytes.len(),
        14 * 1024
    );
    let mut wasm = Wasm::new(bytes);
    let mut native = Native::new();
    let mut computed = [0u32; 5];
    for (policy, limits) in cases() {
        let s = slots(&policy, limits);
        let start = Instant::now();
        let got = wasm.call(&s);
        if policy.retries == MAX_RETRIES {
            println!(
                "{} retries, {}, {:?}: {:.1} ms in wasmi (an interpreter, several times slower than a browser's compiled wasm)",
                policy.retries,
                policy.jitter.name(),
                limits,
                start.elapsed().as_secs_f64() * 1e3
            );
        }
        let want = native.call(&s);
        assert_eq!((got.code, got.retry), (want.code, want.retry), "{s:?}");
        if let Some(i) = (0..SCHEDULE_LEN).find(|&i| got.schedule[i] != want.schedule[i]) {
            panic!("{s:?}: schedule number {i} differs");
        }
        if let Some(i) = (0..dc::LEN).find(|&i| got.out[i] != want.out[i]) {
            panic!("{s:?}: distribution number {i} differs");
        }
        if got.code == 0 {
            let kind = dc::JITTERS.iter().position(|k| *k == policy.jitter.name());
            computed[kind.unwrap()] += 1;
            assert!(
                want.out.iter().all(|&b| f64::from_bits(b).is_finite()),
                "{s:?}: a figure is not finite"
            );
        }
    }
    assert!(computed.iter().all(|&n| n > 1), "{computed:?}");
}

fn figure(table: &[&str], key: &str) -> usize {
    table.iter().position(|k| *k == key).unwrap()
}

#[test]
fn the_native_contract_gives_the_command_lines_figures() {
    let mut native = Native::new();
    let mut refused = 0;
    for (policy, limits) in cases() {
        let s = slots(&policy, limits);
        let got = native.call(&s);
        let cli = Schedule::new(policy)
            .map_err(|e| e.field())
            .and_then(|sch| {
                Distribution::new(&sch, limits)
                    .map(|d| (sch, d))
                    .map_err(|e| e.field())
            });
        let (schedule, figures) = match cli {
            Err(field) => {
                assert_ne!(got.code, 0, "{s:?}");
                assert_eq!(dc::ERROR_INPUTS[got.code as usize - 1], field, "{s:?}");
                refused += 1;
                continue;
            }
            Ok(both) => both,
        };
        assert_eq!(got.code, 0, "{s:?}");
        let sched = |i: usize| f64::from_bits(got.schedule[i]);
        let out = |i: usize| f64::from_bits(got.out[i]);
        let same = |a: f64, b: f64, what: &str| {
            assert_eq!(a.to_bits(), b.to_bits(), "{s:?}: {what}: {a} vs {b}");
        };
        for (k, row) in figures.rows(&schedule).iter().enumerate() {
            let at = |key| sched(k * ROW.len() + figure(&ROW, key));
            same(at("mean"), row.mean, "mean");
            same(at("min"), row.min, "min");
            same(at("max"), row.max, "max");
            same(
                at("cumulative_mean"),
                row.cumulative_mean,
                "cumulative_mean",
            );
            let c = figures.cumulative[k];
            let p = |key| out(k * CUMULATIVE.len() + figure(&CUMULATIVE, key));
            same(p("p50"), c.p50, "p50");
            same(p("p90"), c.p90, "p90");
            same(p("p99"), c.p99, "p99");
        }
        let t = figures.total;
        for (i, want) in [t.min, t.mean, t.max].into_iter().enumerate() {
            same(sched(SCHEDULE_TOTALS + i), want, "schedule total");
        }
        for (key, want) in TOTAL
            .iter()
            .zip([t.min, t.mean, t.max, t.p50, t.p90, t.p99])
        {
            same(out(TOTALS + figure(&TOTAL, key)), want, key);
        }
        let method = |key| out(METHODS + figure(&METHOD, key));
        match figures.method {
            Method::Grid { step } => same(method("grid_step"), step, "grid_step"),
            Method::MonteCarlo {
                samples,
                exact_mean_retries,
                mean_error,
                total_p99_low,
                total_p99_high,
                ..
            } => {
                same(method("samples"), f64::from(samples), "samples");
                same(
                    method("exact_mean_retries"),
                    f64::from(exact_mean_retries),
                    "exact_mean_retries",
                );
                same(method("mean_error"), mean_error, "mean_error");
                same(method("total_p99_low"), total_p99_low, "low");
                same(method("total_p99_high"), total_p99_high, "high");
            }
        }
        if let Some(attempts) = &figures.attempts {
            for (k, a) in attempts.iter().enumerate() {
                let at = |key| out(ATTEMPTS + k * ATTEMPT.len() + figure(&ATTEMPT, key));
                same(at("attempt"), f64::from(a.attempt), "attempt");
                same(at("min"), a.min, "start min");
                same(at("p50"), a.p50, "start p50");
                same(at("max"), a.max, "start max");
            }
        }
        if let Some(f) = figures.deadline {
            let at = |key| out(FITS + figure(&FIT, key));
            same(at("retries_worst"), f64::from(f.retries_worst), "worst");
            same(at("retries_p50"), f64::from(f.retries_p50), "p50");
            same(at("retries_best"), f64::from(f.retries_best), "best");
            same(
                at("last_retry_probability"),
                f.last_retry_probability,
                "last",
            );
        }
    }
    assert!(refused >= 20, "{refused}");
}

/// Node's V8 (close to the browser's) running the module's distribution
/// export on the longest schedules, every kind, with a timeout and a
/// deadline: the first call (compile and first run) and the fastest of
/// ten, printed for the 16 ms frame a live update has. Without `node` the
/// test says so and passes.
#[test]
fn the_longest_schedules_time_in_node() {
    let bytes = module();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("backoff.wasm");
    std::fs::write(&path, bytes).unwrap();
    let inputs: Vec<String> = KINDS
        .iter()
        .map(|&jitter| {
            let policy = Policy {
                base: 100.0,
                multiplier: 2.0,
                max_delay: Some(30_000.0),
                retries: MAX_RETRIES,
                jitter,
            };
            let limits = Limits {
                timeout: Some(500.0),
                deadline: Some(3_600_000.0),
            };
            let s = slots(&policy, limits).map(|x| {
                if x.is_nan() {
                    "NaN".into()
                } else {
                    x.to_string()
                }
            });
            format!("[\"{}\", [{}]]", jitter.name(), s.join(","))
        })
        .collect();
    let script = format!(
        r#"
const fs = require("fs");
const e = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(process.argv[1])), {{}}).exports;
for (const [kind, slots] of [{cases}]) {{
  new Float64Array(e.memory.buffer, e.input_buffer(), slots.length).set(slots);
  let t = performance.now();
  const code = e.distribution();
  const first = performance.now() - t;
  let best = Infinity;
  for (let i = 0; i < 10; i++) {{
    t = performance.now();
    e.distribution();
    best = Math.min(best, performance.now() - t);
  }}
  console.log(`${{kind}}: code ${{code}}, first call ${{first.toFixed(1)}} ms, fastest of 10 ${{best.toFixed(1)}} ms`);
}}
"#,
        cases = inputs.join(",")
    );
    let run = std::process::Command::new("node")
        .arg("-e")
        .arg(&script)
        .arg(&path)
        .output();
    let Ok(run) = run else {
        eprintln!("not timed: this machine has no node");
        return;
    };
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    println!(
        "{} retries, timeout 500, deadline 3,600,000, in Node {}:\n{}",
        MAX_RETRIES,
        String::from_utf8_lossy(
            &std::process::Command::new("node")
                .arg("--version")
                .output()
                .unwrap()
                .stdout
        )
        .trim(),
        String::from_utf8_lossy(&run.stdout)
    );
    // Every call computed its figures.
    assert_eq!(
        String::from_utf8_lossy(&run.stdout)
            .matches("code 0,")
            .count(),
        KINDS.len()
    );
}
