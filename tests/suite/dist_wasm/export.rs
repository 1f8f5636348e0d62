//! The distribution export (`contract::distribution`) in the calculator's
//! two method modules as shipped (`wasm_module::GRID_WASM`, built with
//! `--cfg backoff_grid`, and `wasm_module::MONTE_CARLO_WASM`, `--cfg
//! backoff_monte_carlo`), driven with the base module as the script drives
//! them: the modules against the native contract, bit for bit, every
//! buffer after every call (refusals included); the native contract against
//! the command line's figures (`report::Distribution`), figure by figure;
//! the modules' sizes and the time of the longest schedules, in wasmi and
//! in Node, printed.
//! Over 500 lines: one comparison per figure of the export, read the same way.

use std::time::Instant;

use backoff_core::contract::distribution::{
    self as dc, ATTEMPT, ATTEMPTS, CUMULATIVE, CURVE, FIT, FITS, METHOD, METHODS, TOTAL, TOTALS,
};
use backoff_core::contract::{self, ROW, SCHEDULE_LEN, TOTALS as SCHEDULE_TOTALS};
use backoff_core::dist::Limits;
use backoff_core::{Jitter, MAX_RETRIES, Policy, Schedule};
use backoff_core_testing::work::WorkBuffers;
use backoff_site::report::{Distribution, Method};
use backoff_site::wasm_module::{CALCULATOR_WASM, GRID_WASM, MONTE_CARLO_WASM};
use wasmi::TypedFunc;

use super::Pick;
use crate::common::wasm::Instance;

type Slots = [f64; dc::INPUTS.len()];

/// The method modules exactly as the site ships them (freshly compiled by
/// the build, or the kept copies while their records match the sources),
/// by name.
pub(crate) const MODULES: [(&str, &[u8]); 2] =
    [("grid", GRID_WASM), ("Monte Carlo", MONTE_CARLO_WASM)];

/// Whether the slots' jitter kind is one of the base module's, whose
/// figures the grid module computes; else decorrelated jitter's, the Monte
/// Carlo module's.
fn grid_kind(slots: &Slots) -> bool {
    slots[contract::input("jitter")] < contract::JITTERS.len() as f64
}

/// The base module's slots as the script writes them: decorrelated jitter
/// is no kind of its contract (`indexOf` gives -1).
pub(crate) fn base_slots(slots: &Slots) -> [f64; contract::INPUTS.len()] {
    let mut base: [f64; contract::INPUTS.len()] = std::array::from_fn(|i| slots[i]);
    if !grid_kind(slots) {
        base[contract::input("jitter")] = -1.0;
    }
    base
}

/// The schedule buffer, the distribution buffer of the method that
/// answered, and the answer of one call.
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

fn values(bits: &[u64]) -> Vec<f64> {
    bits.iter().map(|b| f64::from_bits(*b)).collect()
}

/// One module instance and the accessors every module of the calculator
/// has.
pub(crate) struct Module {
    pub(crate) wasm: Instance,
    input_buffer: TypedFunc<(), u32>,
    error_retry: TypedFunc<(), u32>,
    schedule_buffer: TypedFunc<(), u32>,
    /// `schedule` for the base module, `distribution` for a method module.
    compute: TypedFunc<(), u32>,
}

impl Module {
    fn new(bytes: &[u8], compute: &str) -> Module {
        let wasm = Instance::new(bytes);
        Module {
            input_buffer: wasm.func("input_buffer"),
            error_retry: wasm.func("error_retry"),
            schedule_buffer: wasm.func("schedule_buffer"),
            compute: wasm.func(compute),
            wasm,
        }
    }

    fn write_inputs(&mut self, slots: &[f64]) {
        let address = self.input_buffer.call(&mut self.wasm.store, ()).unwrap();
        self.wasm.write_f64s(address, slots);
    }

    fn schedule(&mut self) -> Vec<u64> {
        self.wasm.f64_bits(self.schedule_buffer, SCHEDULE_LEN)
    }

    fn write_schedule(&mut self, bits: &[u64]) {
        let address = self.schedule_buffer.call(&mut self.wasm.store, ()).unwrap();
        self.wasm.write_f64s(address, &values(bits));
    }

    /// The export's code and `error_retry`.
    fn compute(&mut self, slots: &[f64]) -> (u32, u32) {
        let code = self
            .compute
            .call(&mut self.wasm.store, ())
            .unwrap_or_else(|trap| panic!("{slots:?} trapped: {trap}"));
        (
            code,
            self.error_retry.call(&mut self.wasm.store, ()).unwrap(),
        )
    }

    fn out(&mut self) -> Vec<u64> {
        let buffer = self.wasm.func("distribution_buffer");
        self.wasm.f64_bits(buffer, dc::LEN)
    }
}

/// The base module and the two method modules, called as the script's
/// `run` (`static/calculator/wasm.js`) calls them.
pub(crate) struct Wasm {
    pub(crate) base: Module,
    grid: Module,
    monte_carlo: Module,
}

impl Wasm {
    pub(crate) fn new() -> Wasm {
        Wasm {
            base: Module::new(CALCULATOR_WASM, "schedule"),
            grid: Module::new(GRID_WASM, "distribution"),
            monte_carlo: Module::new(MONTE_CARLO_WASM, "distribution"),
        }
    }

    /// The base module's `schedule` first (for decorrelated jitter it
    /// refuses the kind); for the independent kinds, its refusal is the
    /// answer, else its rows are copied into the grid module; the method
    /// module's `distribution`, whose refusal restores the base module's
    /// schedule buffer; the Monte Carlo module's schedule copied into the
    /// base module's buffer. The answer's schedule is the base module's
    /// buffer, the script's.
    pub(crate) fn call(&mut self, slots: &Slots) -> Answer {
        let grid = grid_kind(slots);
        self.base.write_inputs(&base_slots(slots));
        let kept = self.base.schedule();
        let (code, retry) = self.base.compute(slots);
        let method = if grid {
            &mut self.grid
        } else {
            &mut self.monte_carlo
        };
        if grid && code != 0 {
            return Answer {
                code,
                retry,
                schedule: self.base.schedule(),
                out: method.out(),
            };
        }
        method.write_inputs(slots);
        if grid {
            method.write_schedule(&self.base.schedule());
        }
        let (code, retry) = method.compute(slots);
        if code != 0 {
            self.base.write_schedule(&kept);
        } else {
            self.base.write_schedule(&method.schedule());
        }
        Answer {
            code,
            retry,
            schedule: self.base.schedule(),
            out: method.out(),
        }
    }
}

/// The native contract with buffers that live as long as the modules', so
/// that both see the same calls and every buffer can be compared whole: the
/// base module's schedule buffer and the Monte Carlo module's (copied whole
/// into the base module's, as the script does), and one distribution buffer
/// per method module.
struct Native {
    schedule: Vec<f64>,
    monte_carlo_schedule: Vec<f64>,
    grid_out: Vec<f64>,
    monte_carlo_out: Vec<f64>,
    buffers: WorkBuffers,
}

const RETRIES: usize = MAX_RETRIES as usize;

impl Native {
    fn new() -> Native {
        Native {
            schedule: vec![0.0; SCHEDULE_LEN],
            monte_carlo_schedule: vec![0.0; SCHEDULE_LEN],
            grid_out: vec![0.0; dc::LEN],
            monte_carlo_out: vec![0.0; dc::LEN],
            buffers: WorkBuffers::new(RETRIES),
        }
    }

    fn call(&mut self, slots: &Slots) -> Answer {
        let work = self.buffers.work();
        let grid = grid_kind(slots);
        let (schedule, out) = if grid {
            (&mut self.schedule, &mut self.grid_out)
        } else {
            (&mut self.monte_carlo_schedule, &mut self.monte_carlo_out)
        };
        let result = dc::distribution(
            slots,
            (&mut schedule[..]).try_into().unwrap(),
            (&mut out[..]).try_into().unwrap(),
            work,
        );
        if !grid && result.is_ok() {
            self.schedule.clone_from(&self.monte_carlo_schedule);
        }
        let (code, retry) = result.map_or_else(|r| (r.code, r.retry), |()| (0, 0));
        Answer {
            code,
            retry,
            schedule: bits(&self.schedule),
            out: bits(out),
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

/// Every kind of the core, proportional jitter with gRPC's factor.
const KINDS: [Jitter; Jitter::KINDS.len()] = {
    let mut kinds = [Jitter::None; Jitter::KINDS.len()];
    let mut code = 0;
    while code < kinds.len() {
        kinds[code] = Jitter::at_code(code, 0.2);
        code += 1;
    }
    kinds
};

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
        let code = (pick.next() % KINDS.len() as u64) as usize;
        let jitter = Jitter::at_code(code, pick.unit().max(1e-3));
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
fn the_method_modules_agree_with_the_native_contract_bit_for_bit() {
    for (name, bytes) in MODULES {
        println!(
            "the {name} module: {} bytes (its budget is {})",
            bytes.len(),
            6 * 1024
        );
    }
    let mut wasm = Wasm::new();
    let mut native = Native::new();
    let mut computed = [0u32; Jitter::KINDS.len()];
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
            computed[policy.jitter.code()] += 1;
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
                Distribution::new_with_curve(&sch, limits)
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
        // The schedule buffer's totals: those of the Monte Carlo kinds are
        // their run's, the JSON's `total`; the independent kinds' the
        // schedule's own, which the page shows (the JSON's distribution
        // totals are in the distribution buffer, below).
        let t = figures.total;
        let totals = schedule.totals();
        let totals = if policy.jitter.method() == backoff_core::Method::MonteCarlo {
            [t.min, t.mean, t.max]
        } else {
            [totals.min, totals.mean, totals.max]
        };
        for (i, want) in totals.into_iter().enumerate() {
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
        // The curve of `schedule --curve`, point for point.
        for (i, want) in figures.curve.as_ref().unwrap().iter().enumerate() {
            same(out(CURVE + i), *want, "curve");
        }
    }
    assert!(refused >= 20, "{refused}");
}

/// Node's V8 (close to the browser's) running the method modules'
/// distribution export on the longest schedules, every kind, with a
/// timeout and a deadline, after the base module's schedule as the script
/// runs it: the first call (compile and first run) and the fastest of ten,
/// printed for the 16 ms frame a live update has. Without `node` the test
/// says so and passes.
#[test]
fn the_longest_schedules_time_in_node() {
    let dir = tempfile::tempdir().unwrap();
    let paths = [
        ("base", CALCULATOR_WASM),
        ("grid", GRID_WASM),
        ("monte_carlo", MONTE_CARLO_WASM),
    ]
    .map(|(name, bytes)| {
        let path = dir.path().join(format!("{name}.wasm"));
        std::fs::write(&path, bytes).unwrap();
        path
    });
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
            let s = slots(&policy, limits);
            let s = s.map(|x| {
                if x.is_nan() {
                    "NaN".into()
                } else {
                    x.to_string()
                }
            });
            let grid = grid_kind(&slots(&policy, limits));
            format!("[\"{}\", {grid}, [{}]]", jitter.name(), s.join(","))
        })
        .collect();
    let script = format!(
        r#"
const fs = require("fs");
const load = (i) => new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(process.argv[i])), {{}}).exports;
const [base, grid, mc] = [1, 2, 3].map(load);
const f64 = (e, at, n) => new Float64Array(e.memory.buffer, at, n);
for (const [kind, isGrid, slots] of [{cases}]) {{
  f64(base, base.input_buffer(), {base_inputs}).set(slots.slice(0, {base_inputs}));
  base.schedule();
  const e = isGrid ? grid : mc;
  f64(e, e.input_buffer(), slots.length).set(slots);
  if (isGrid) f64(e, e.schedule_buffer(), {schedule_len}).set(f64(base, base.schedule_buffer(), {schedule_len}));
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
        cases = inputs.join(","),
        base_inputs = contract::INPUTS.len(),
        schedule_len = SCHEDULE_LEN,
    );
    let run = std::process::Command::new("node")
        .arg("-e")
        .arg(&script)
        .args(&paths)
        .output();
    let Ok(run) = run else {
        backoff_core_testing::tools::skip("not timed: node is not on PATH");
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
