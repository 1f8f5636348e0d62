//! The calculator's WebAssembly module against the native core, bit for bit,
//! and the kept copy of the module against its sources.
//!
//! The module embedded as `wasm_module::CALCULATOR_WASM` runs in the wasmi
//! interpreter; for thousands of random policies and the edge cases of
//! `core/tests/suite/props.rs`, every field it writes (each row, the totals, the
//! error code and the overflow retry, the duration parts) must have the same
//! bits as the native core's. The kept module (`wasm/backoff.wasm`, which
//! machines without the wasm32 target embed) goes through the same checks
//! whenever its bytes differ from the embedded ones. The method modules
//! (`wasm_module::GRID_WASM`, `wasm_module::MONTE_CARLO_WASM`) have none of
//! these exports (the script keeps the base module for them);
//! `tests/suite/dist_wasm_parity.rs` checks them.
//! The exports are
//! documented at the top of `wasm/src/lib.rs`; their inputs, codes and
//! buffers are the contract's (`backoff_core::contract`), which these tests
//! hold to the module: its exports are the contract's, and each figure is
//! read where the contract places it and compared, by name, with the native
//! core's field of that name.
//! Over 500 lines: one comparison per export and figure, read the same way.

use std::path::Path;

use backoff_core_testing::{EDGES, pick_jitter};
use backoff_site::backoff::contract::{
    self, EXPORTS, INPUTS, JITTER_ERROR, JITTERS, PARTS, ROW, SCHEDULE_LEN, TOTAL, TOTALS,
};
use backoff_site::backoff::{Jitter, MAX_RETRIES, Policy, Schedule, duration_parts};
use backoff_site::wasm_module::CALCULATOR_WASM;
use backoff_wasm_build::{CompileError, Compiler, KEEP_COMMAND};
use wasmi::TypedFunc;

use crate::common::wasm::{Instance, bits};

/// The size budget of the module, in bytes.
const BUDGET: usize = 6656;

/// The module kept in the repository for machines without the wasm32 target.
const KEPT_WASM: &[u8] = include_bytes!("../../wasm/backoff.wasm");

/// f64 values per row of the schedule buffer.
const ROW_FIELDS: usize = ROW.len();

/// The input slots, in the order of `contract::INPUTS`.
type Slots = [f64; INPUTS.len()];

/// One instance of the module, with its exports.
struct Calculator {
    /// Which module this is, for failure messages.
    name: &'static str,
    wasm: Instance,
    input_buffer: TypedFunc<(), u32>,
    schedule: TypedFunc<(), u32>,
    error_retry: TypedFunc<(), u32>,
    schedule_buffer: TypedFunc<(), u32>,
    duration_parts: TypedFunc<f64, u32>,
    /// The schedule buffer's bytes after the last successful call: a failed
    /// call must leave them as they are.
    last: Vec<u8>,
}

/// What the module gave for one policy.
#[derive(Debug, PartialEq)]
enum Outcome {
    Rows {
        rows: Vec<[u64; ROW_FIELDS]>,
        totals: [u64; 3],
    },
    Error {
        code: u32,
        retry: u32,
    },
}

/// The modules to check: the embedded one, and the kept one when its bytes
/// differ (when they are equal, checking one checks both).
fn modules() -> Vec<(&'static str, &'static [u8])> {
    let mut modules = vec![("the embedded module", CALCULATOR_WASM)];
    if KEPT_WASM != CALCULATOR_WASM {
        modules.push(("the kept module", KEPT_WASM));
    }
    modules
}

/// One calculator per module of [`modules`].
fn calculators() -> impl Iterator<Item = Calculator> {
    modules()
        .into_iter()
        .map(|(name, bytes)| Calculator::new(name, bytes))
}

impl Calculator {
    fn new(name: &'static str, bytes: &[u8]) -> Calculator {
        let wasm = Instance::new(bytes);
        let mut calc = Calculator {
            name,
            input_buffer: wasm.func("input_buffer"),
            schedule: wasm.func("schedule"),
            error_retry: wasm.func("error_retry"),
            schedule_buffer: wasm.func("schedule_buffer"),
            duration_parts: wasm.func("duration_parts"),
            wasm,
            last: Vec::new(),
        };
        calc.last = calc.buffer();
        calc
    }

    /// The schedule buffer, as raw bytes (compared with `memcmp`, which
    /// keeps the test quick in debug builds).
    fn buffer(&mut self) -> Vec<u8> {
        let address = self.schedule_buffer.call(&mut self.wasm.store, ()).unwrap();
        self.wasm.read(address, SCHEDULE_LEN * 8)
    }

    /// Writes `slots` into the input buffer and runs `schedule`.
    fn call_schedule(&mut self, slots: Slots) -> u32 {
        let address = self.input_buffer.call(&mut self.wasm.store, ()).unwrap();
        self.wasm.write_f64s(address, &slots);
        self.schedule
            .call(&mut self.wasm.store, ())
            .unwrap_or_else(|trap| panic!("{}: schedule({slots:?}) trapped: {trap}", self.name))
    }

    /// Runs `schedule` for `p`; on success reads its `p.retries` rows. On
    /// failure also checks that the buffer was left as it was.
    fn schedule(&mut self, p: &Policy) -> Outcome {
        let args = slots(p);
        let code = self.call_schedule(args);
        let retry = self.error_retry.call(&mut self.wasm.store, ()).unwrap();
        let after = self.buffer();
        if code != 0 {
            assert!(after == self.last, "schedule{args:?} failed but wrote");
            return Outcome::Error { code, retry };
        }
        assert_eq!(
            retry, 0,
            "schedule{args:?} succeeded with an overflow retry"
        );
        let rows = bits(&after[..p.retries as usize * ROW_FIELDS * 8])
            .chunks_exact(ROW_FIELDS)
            .map(|row| row.try_into().unwrap())
            .collect();
        let totals = bits(&after[TOTALS * 8..]).try_into().unwrap();
        self.last = after;
        Outcome::Rows { rows, totals }
    }

    fn duration_parts(&mut self, ms: f64) -> [u64; PARTS.len()] {
        let address = self
            .duration_parts
            .call(&mut self.wasm.store, ms)
            .unwrap_or_else(|trap| panic!("duration_parts({ms}) trapped: {trap}"));
        bits(&self.wasm.read(address, PARTS.len() * 8))
            .try_into()
            .unwrap()
    }
}

/// The input slots of `p`, written here by key rather than by the
/// contract's own `inputs`, so that a slot out of place shows.
fn slots(p: &Policy) -> Slots {
    let mut slots = [f64::NAN; INPUTS.len()];
    for (slot, key) in slots.iter_mut().zip(INPUTS) {
        *slot = match key {
            "base" => p.base,
            "multiplier" => p.multiplier,
            // Not given is NaN.
            "max_delay" => p.max_delay.unwrap_or(f64::NAN),
            "retries" => f64::from(p.retries),
            "jitter" => JITTERS
                .iter()
                .position(|k| *k == p.jitter.name())
                .unwrap_or_else(|| panic!("the module does not offer {p:?}"))
                as f64,
            // Not given for the kinds without a factor.
            "jitter_factor" => p.jitter.factor().unwrap_or(f64::NAN),
            other => panic!("an input this test does not know: {other}"),
        };
    }
    slots
}

/// A native figure by the contract's name for it.
fn field(r: &backoff_site::backoff::Retry, key: &str) -> f64 {
    match key {
        "retry" => f64::from(r.retry),
        "delay" => r.delay,
        "capped" => f64::from(u8::from(r.capped)),
        "min" => r.min,
        "mean" => r.mean,
        "max" => r.max,
        "cumulative_min" => r.cumulative_min,
        "cumulative_mean" => r.cumulative_mean,
        "cumulative_max" => r.cumulative_max,
        other => panic!("a row figure this test does not know: {other}"),
    }
}

/// What the native core gives for `p`, laid out as the contract says.
fn native(p: &Policy) -> Outcome {
    // A NaN maximum is "not given" in its slot; the script never sends
    // NaN as a value.
    let p = Policy {
        max_delay: p.max_delay.filter(|x| !x.is_nan()),
        ..*p
    };
    match Schedule::new(p) {
        Ok(schedule) => Outcome::Rows {
            rows: schedule
                .rows()
                .map(|r| ROW.map(|key| field(&r, key).to_bits()))
                .collect(),
            totals: {
                let t = schedule.totals();
                TOTAL.map(|key| {
                    match key {
                        "min" => t.min,
                        "mean" => t.mean,
                        "max" => t.max,
                        other => panic!("a total this test does not know: {other}"),
                    }
                    .to_bits()
                })
            },
        },
        Err(err) => Outcome::Error {
            code: err.code(),
            retry: err.retry(),
        },
    }
}

fn native_parts(ms: f64) -> [u64; PARTS.len()] {
    let p = duration_parts(ms);
    PARTS.map(|key| {
        match key {
            "days" => p.days,
            "hours" => f64::from(p.hours),
            "minutes" => f64::from(p.minutes),
            "seconds" => f64::from(p.seconds),
            "milliseconds" => f64::from(p.milliseconds),
            other => panic!("a part this test does not know: {other}"),
        }
        .to_bits()
    })
}

fn check_policy(calc: &mut Calculator, p: &Policy) -> bool {
    let got = calc.schedule(p);
    let want = native(p);
    if got != want {
        // Name the first differing field rather than dumping both outcomes.
        if let (Outcome::Rows { rows: g, .. }, Outcome::Rows { rows: w, .. }) = (&got, &want) {
            for (i, (g, w)) in g.iter().zip(w).enumerate() {
                for field in 0..ROW_FIELDS {
                    assert_eq!(
                        f64::from_bits(g[field]),
                        f64::from_bits(w[field]),
                        "{}: row {i}, field {field} for {p:?}",
                        calc.name
                    );
                }
            }
        }
        assert_eq!(got, want, "{}: {p:?}", calc.name);
    }
    matches!(got, Outcome::Rows { .. })
}

/// SplitMix64: a tiny seeded generator, so that every run checks the same
/// policies and a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// Uniform on `[lo, hi)`.
    fn uniform(&mut self, lo: f64, hi: f64) -> f64 {
        let unit = (self.next() >> 11) as f64 / (1u64 << 53) as f64;
        lo + (hi - lo) * unit
    }

    /// Log-uniform on `[lo, hi)`, both positive.
    fn log_uniform(&mut self, lo: f64, hi: f64) -> f64 {
        (lo.ln() + (hi.ln() - lo.ln()) * self.uniform(0.0, 1.0)).exp()
    }

    fn pick<T: Copy>(&mut self, values: &[T]) -> T {
        values[self.below(values.len() as u64) as usize]
    }

    fn edge_or(&mut self, ordinary: impl FnOnce(&mut Rng) -> f64) -> f64 {
        match self.below(8) {
            0 => self.pick(EDGES),
            1 => f64::from_bits(self.next()),
            _ => ordinary(self),
        }
    }

    /// A kind the module offers (every one of `JITTERS`), with a factor in
    /// (0, 1] where the kind takes one.
    fn jitter(&mut self) -> Jitter {
        pick_jitter(&JITTERS, self.next(), 1.0 - self.uniform(0.0, 1.0))
    }

    fn policy(&mut self) -> Policy {
        let base = self.edge_or(|r| {
            if r.below(4) == 0 {
                r.log_uniform(1e-300, 1e300)
            } else {
                r.uniform(1e-3, 1e6)
            }
        });
        let multiplier = self.edge_or(|r| match r.below(4) {
            0 => 1.0,
            1 => r.log_uniform(1.0, 1e10),
            _ => r.uniform(1.0, 4.0),
        });
        let max_delay = match self.below(3) {
            0 => None,
            _ => Some(self.edge_or(|r| {
                if r.below(4) == 0 {
                    r.log_uniform(1e-300, 1e300)
                } else {
                    r.uniform(1e-3, 1e6)
                }
            })),
        };
        // Mostly short schedules, which keeps the test quick; long ones are
        // also covered by `long_schedules_agree_bit_for_bit`.
        let retries = match self.below(100) {
            0..3 => self.pick(&[
                0,
                1,
                2,
                MAX_RETRIES - 1,
                MAX_RETRIES,
                MAX_RETRIES + 1,
                u32::MAX,
            ]),
            3..5 => self.below(u64::from(MAX_RETRIES) + 2) as u32,
            5..8 => self.next() as u32,
            _ => 1 + self.below(40) as u32,
        };
        let jitter = self.jitter();
        Policy {
            base,
            multiplier,
            max_delay,
            retries,
            jitter,
        }
    }
}

#[test]
fn module_fits_the_budget_and_needs_no_imports() {
    for (name, bytes) in [("embedded", CALCULATOR_WASM), ("kept", KEPT_WASM)] {
        let size = bytes.len();
        println!("calculator wasm ({name}): {size} bytes (budget {BUDGET})");
        assert!(
            size <= BUDGET,
            "the {name} module is {size} bytes, over {BUDGET}"
        );
        // Instantiated with no imports, as the browser does.
        let wasm = Instance::new(bytes);
        let mut exports: Vec<&str> = wasm.exports.iter().map(String::as_str).collect();
        exports.sort_unstable();
        // The contract's, and the linker's two markers.
        let mut want: Vec<&str> = EXPORTS
            .into_iter()
            .chain(contract::SPREAD_EXPORTS)
            .chain(contract::cost::EXPORTS)
            .chain(["__data_end", "__heap_base"])
            .collect();
        want.sort_unstable();
        assert_eq!(exports, want, "{name}");
    }
}

/// The workspace root, where the kept module and its sources are.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_kept_modules_match_the_records_of_the_current_sources() {
    // Every one: the base module and the method modules the script fetches
    // on the first edit.
    for kind in backoff_wasm_build::KINDS {
        let sources = backoff_wasm_build::current_sources_of(root(), kind).unwrap();
        let record = std::fs::read_to_string(root().join(kind.record)).unwrap();
        let kept = std::fs::read(root().join(kind.kept)).unwrap();
        if let Some(why) = backoff_wasm_build::kept_mismatch_of(kind, &sources, &record, &kept) {
            panic!("{} is stale ({why}); refresh it: {KEEP_COMMAND}", kind.kept);
        }
    }
}

#[test]
fn a_fresh_compile_gives_the_kept_bytes() {
    let rustc = Path::new("rustc");
    let compiler = Compiler {
        rustc: rustc.to_path_buf(),
        sysroot: None,
    };
    for kind in backoff_wasm_build::KINDS {
        let out = tempfile::tempdir().unwrap();
        let fresh = match backoff_wasm_build::compile_with(root(), &compiler, out.path(), kind.cfg)
        {
            Ok(compiled) => compiled.bytes,
            Err(CompileError::TargetMissing) => {
                backoff_core_testing::tools::skip(
                    "not compared: no wasm32-unknown-unknown target (rustup target add wasm32-unknown-unknown)",
                );
                return;
            }
            Err(err) => panic!("{err:?}"),
        };
        let record = std::fs::read_to_string(root().join(kind.record)).unwrap();
        let kept = std::fs::read(root().join(kind.kept)).unwrap();
        let now = backoff_wasm_build::rustc_version(rustc).unwrap();
        // Another compiler may lay the same code out differently; the kept
        // copy still stands for the sources (the test above) and passes the
        // parity tests, so only the same compiler must reproduce it byte for
        // byte.
        match backoff_wasm_build::recorded_rustc(&record) {
            Some(recorded) if recorded == now => assert!(
                fresh == kept,
                "{now} compiles the sources to other bytes than {}; refresh it: {KEEP_COMMAND}",
                kind.kept
            ),
            recorded => {
                eprintln!(
                    "not compared: {} was compiled by {recorded:?}, this is {now}",
                    kind.kept
                )
            }
        }
    }
}

#[test]
fn random_policies_agree_bit_for_bit() {
    for mut calc in calculators() {
        let mut rng = Rng(0x5eed_0fba_c0ff);
        let mut accepted = 0;
        const POLICIES: usize = 10_000;
        for _ in 0..POLICIES {
            let p = rng.policy();
            if check_policy(&mut calc, &p) {
                accepted += 1;
            }
        }
        // The generator must reach both outcomes often, or the test says little.
        assert!(accepted > POLICIES / 4, "only {accepted} accepted");
        assert!(accepted < POLICIES * 9 / 10, "{accepted} accepted");
    }
}

#[test]
fn edge_policies_agree_bit_for_bit() {
    for mut calc in calculators() {
        let bases = [
            5e-324,
            f64::MIN_POSITIVE,
            1e-300,
            1.0,
            250.0,
            1e300,
            f64::MAX,
            0.0,
            -1.0,
            f64::NAN,
            f64::INFINITY,
        ];
        let multipliers = [1.0, 1.0 + f64::EPSILON, 2.0, 1e10, f64::MAX, 0.5, f64::NAN];
        let caps = [
            None,
            Some(5e-324),
            Some(1.0),
            Some(2000.0),
            Some(1e300),
            Some(f64::MAX),
            Some(0.0),
            Some(-1.0),
            Some(f64::INFINITY),
        ];
        let mut checked = 0;
        for base in bases {
            for multiplier in multipliers {
                for max_delay in caps {
                    for (retries, jitter) in [
                        (0, Jitter::None),
                        (1, Jitter::Full),
                        (5, Jitter::Equal),
                        (60, Jitter::Full),
                        (MAX_RETRIES, Jitter::Equal),
                        (MAX_RETRIES + 1, Jitter::None),
                    ] {
                        let p = Policy {
                            base,
                            multiplier,
                            max_delay,
                            retries,
                            jitter,
                        };
                        check_policy(&mut calc, &p);
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 11 * 7 * 9 * 6);
    }
}

#[test]
fn long_schedules_agree_bit_for_bit() {
    for mut calc in calculators() {
        let cases = [
            (5e-324, 2.0, None),
            (5e-324, 1.0, None),
            (f64::MIN_POSITIVE, 1.0 + f64::EPSILON, None),
            (1e-300, 2.0, Some(1e300)),
            (1.0, 1.5, Some(f64::MAX / 2000.0)),
            (f64::MAX / 2000.0, 1.0, None),
            (f64::MAX / 999.0, 1.0, None),
            (250.0, 2.0, Some(30_000.0)),
            (0.1, 1.1, None),
            (3.0, 1e10, Some(5e-324)),
            (1e300, f64::MAX, Some(1.0)),
            (10.0, 1.0, Some(3.0)),
        ];
        for (base, multiplier, max_delay) in cases {
            for name in JITTERS {
                let p = Policy {
                    base,
                    multiplier,
                    max_delay,
                    retries: MAX_RETRIES,
                    jitter: Jitter::from_name(name, Some(0.5)).expect("a core kind"),
                };
                check_policy(&mut calc, &p);
            }
        }
    }
}

#[test]
fn overflows_report_the_same_retry() {
    for mut calc in calculators() {
        let cases = [
            (1e300, 1e10, None, 5, 5, 2),
            (1.0, f64::MAX, None, 3, 5, 3),
            (f64::MAX, 1.0, None, 2, 6, 2),
            (f64::MAX, 2.0, Some(f64::MAX), 2, 6, 2),
            (1e306, 1.0, None, 1000, 6, 180),
        ];
        for (base, multiplier, max_delay, retries, code, retry) in cases {
            let p = Policy {
                base,
                multiplier,
                max_delay,
                retries,
                jitter: Jitter::Equal,
            };
            assert_eq!(native(&p), Outcome::Error { code, retry }, "{p:?}");
            check_policy(&mut calc, &p);
        }
        // A success after an overflow clears the overflow retry.
        check_policy(
            &mut calc,
            &Policy {
                retries: 1,
                ..Policy {
                    base: 1.0,
                    multiplier: 2.0,
                    max_delay: None,
                    retries: 1,
                    jitter: Jitter::None,
                }
            },
        );
    }
}

/// Slots of a policy the core accepts: 1, 2, no maximum, 3 retries, no
/// jitter.
fn ordinary() -> Slots {
    slots(&Policy {
        base: 1.0,
        multiplier: 2.0,
        max_delay: None,
        retries: 3,
        jitter: Jitter::None,
    })
}

#[test]
fn nan_in_an_optional_slot_means_not_given() {
    for mut calc in calculators() {
        let mut slots = ordinary();
        assert_eq!(calc.call_schedule(slots), 0);
        let unlimited = calc.buffer();
        slots[contract::input("max_delay")] = -1.0;
        assert_eq!(calc.call_schedule(slots), 3);
        slots[contract::input("max_delay")] = f64::INFINITY;
        assert_eq!(calc.call_schedule(slots), 3);
        slots[contract::input("max_delay")] = f64::NAN;
        assert_eq!(calc.call_schedule(slots), 0);
        assert!(calc.buffer() == unlimited);
    }
}

#[test]
fn retries_that_are_not_whole_are_refused() {
    for mut calc in calculators() {
        for retries in [2.5, -1.0, f64::NAN, 1e10, f64::INFINITY] {
            let mut slots = ordinary();
            slots[contract::input("retries")] = retries;
            assert_eq!(calc.call_schedule(slots), 4, "{retries}");
        }
    }
}

#[test]
fn unknown_jitter_is_refused() {
    for mut calc in calculators() {
        for jitter in [JITTERS.len() as f64, -1.0, 0.5, f64::NAN, 1e10] {
            let mut slots = ordinary();
            slots[contract::input("jitter")] = jitter;
            let before = calc.buffer();
            assert_eq!(calc.call_schedule(slots), JITTER_ERROR);
            assert_eq!(calc.error_retry.call(&mut calc.wasm.store, ()).unwrap(), 0);
            assert!(calc.buffer() == before);
        }
        // The jitter is checked first: a policy that would overflow still
        // reports the jitter.
        let mut slots = slots(&Policy {
            base: 1e300,
            multiplier: 1e10,
            max_delay: None,
            retries: 5,
            jitter: Jitter::None,
        });
        slots[contract::input("jitter")] = JITTERS.len() as f64;
        assert_eq!(calc.call_schedule(slots), JITTER_ERROR);
        assert_eq!(calc.error_retry.call(&mut calc.wasm.store, ()).unwrap(), 0);
    }
}

#[test]
fn duration_parts_agree_bit_for_bit() {
    for mut calc in calculators() {
        let mut rng = Rng(0xd07a_710a);
        let specials = [
            0.0,
            -0.0,
            0.4999,
            0.5,
            59_999.4,
            59_999.5,
            60_000.0,
            91_500.0,
            3_599_499.0,
            3_599_500.0,
            86_400_000.0,
            4_503_599_627_370_496.0,
            1e300,
            f64::MAX,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            -f64::NAN,
            5e-324,
        ];
        let randoms = (0..20_000).map(|i| match i % 4 {
            0 => rng.uniform(0.0, 120_000.0),
            1 => rng.uniform(0.0, 1e12),
            2 => rng.log_uniform(1e-3, 1e300),
            _ => f64::from_bits(rng.next()),
        });
        for ms in specials
            .into_iter()
            .chain(EDGES.iter().copied())
            .chain(randoms)
        {
            let got = calc.duration_parts(ms);
            let want = native_parts(ms);
            assert_eq!(
                got.map(f64::from_bits),
                want.map(f64::from_bits),
                "duration_parts({ms:e})"
            );
            assert_eq!(got, want, "duration_parts({ms:e})");
        }
    }
}

/// The many-clients view in the module: `spread(clients)` after a
/// successful `schedule`, its figures and counts read where the contract
/// places them, bit for bit against `contract::spread` run natively on the
/// native schedule; a refused count leaves the figures as they were.
#[test]
fn the_many_clients_view_agrees_bit_for_bit() {
    use contract::{CLIENTS_ERROR, SPREAD_BUCKETS, SPREAD_LEN};
    for (name, bytes) in modules() {
        let mut wasm = Instance::new(bytes);
        let (input, schedule, buffer, counts) = (
            wasm.func::<(), u32>("input_buffer"),
            wasm.func::<(), u32>("schedule"),
            wasm.func::<(), u32>("spread_buffer"),
            wasm.func::<(), u32>("spread_counts"),
        );
        let spread = wasm.func::<f64, u32>("spread");
        let mut rng = Rng(0x5_9ead);
        let mut cases = vec![
            (Jitter::None, 8, 100.0),
            (Jitter::Full, 20, 1000.0),
            (Jitter::Equal, 1000, 10_000.0),
        ];
        for _ in 0..40 {
            let p = rng.policy();
            cases.push((
                p.jitter,
                1 + rng.below(60) as u32,
                1.0 + rng.below(3000) as f64,
            ));
        }
        for (jitter, retries, clients) in cases {
            let p = Policy {
                base: 100.0,
                multiplier: 1.5,
                max_delay: Some(20_000.0),
                retries,
                jitter,
            };
            if !JITTERS.contains(&p.jitter.name()) {
                continue;
            }
            let args = slots(&p);
            let at = input.call(&mut wasm.store, ()).unwrap();
            wasm.write_f64s(at, &args);
            assert_eq!(
                schedule.call(&mut wasm.store, ()).unwrap(),
                0,
                "{name}: {p:?}"
            );
            let code = spread.call(&mut wasm.store, clients).unwrap();
            let mut native_schedule = [0.0; SCHEDULE_LEN];
            contract::run(&args, &mut native_schedule).unwrap();
            let (mut out, mut native_counts) = ([0.0; SPREAD_LEN], [0u32; SPREAD_BUCKETS]);
            contract::spread(
                &args,
                &native_schedule,
                clients,
                &mut out,
                &mut native_counts,
            )
            .unwrap();
            assert_eq!(code, 0, "{name}: {p:?}, {clients} clients");
            let got = wasm.f64_bits(buffer, SPREAD_LEN);
            assert_eq!(
                got,
                out.map(f64::to_bits),
                "{name}: {p:?}, {clients} clients"
            );
            let at = counts.call(&mut wasm.store, ()).unwrap();
            let got: Vec<u32> = wasm
                .read(at, SPREAD_BUCKETS * 4)
                .chunks_exact(4)
                .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
                .collect();
            assert_eq!(got, native_counts, "{name}: {p:?}, {clients} clients");
        }
        let before = wasm.f64_bits(buffer, SPREAD_LEN);
        for clients in [0.0, 10_001.0, 2.5, f64::NAN] {
            assert_eq!(
                spread.call(&mut wasm.store, clients).unwrap(),
                CLIENTS_ERROR,
                "{name}"
            );
            assert_eq!(wasm.f64_bits(buffer, SPREAD_LEN), before, "{name}");
        }
    }
}

/// What the retries cost the server, in the module: `cost(retries, p,
/// layers, budget)`, its figures read where `contract::cost` places them,
/// bit for bit against the native export's function and, by name, against
/// `backoff::cost::cost` and `backoff::budget::effect` themselves; a
/// refused rate, layer count or budget leaves the figures as they were.
#[test]
fn the_cost_at_a_failure_rate_agrees_bit_for_bit() {
    use backoff_site::backoff::cost;
    use contract::cost::{BUDGET_ERROR, COST, FAILURE_RATE_ERROR, LAYERS_ERROR, LEN};
    for (name, bytes) in modules() {
        let mut wasm = Instance::new(bytes);
        let buffer = wasm.func::<(), u32>("cost_buffer");
        let run = wasm.func::<(f64, f64, f64, f64), u32>("cost");
        let mut rng = Rng(0xc0_57);
        let mut cases = vec![
            (2, 1.0, 3.0),
            (2, 0.5, f64::NAN),
            (MAX_RETRIES, 1.0, 10.0),
            (MAX_RETRIES, 0.999_999, 10.0),
            (1, 0.0, 1.0),
        ];
        for _ in 0..200 {
            let retries = 1 + rng.below(u64::from(MAX_RETRIES)) as u32;
            let layers = 1 + rng.below(10);
            cases.push((retries, rng.uniform(0.0, 1.0), layers as f64));
        }
        // No budget, then each named one in turn.
        let named = backoff_site::backoff::budget::NAMED.len();
        let budgets: Vec<f64> = std::iter::once(f64::NAN)
            .chain((0..named).map(|c| c as f64))
            .collect();
        for (i, (retries, p, layers)) in cases.into_iter().enumerate() {
            let budget = budgets[i % budgets.len()];
            let case =
                format!("{name}: {retries} retries, p {p}, {layers} layers, budget {budget}");
            let args = (f64::from(retries), p, layers, budget);
            assert_eq!(run.call(&mut wasm.store, args).unwrap(), 0, "{case}");
            let mut native = [0.0; LEN];
            contract::cost::cost(f64::from(retries), p, layers, budget, &mut native).unwrap();
            let got = wasm.f64_bits(buffer, LEN);
            assert_eq!(got, native.map(f64::to_bits), "{case}");
            let c =
                cost::cost(retries, p, if layers.is_nan() { 1 } else { layers as u32 }).unwrap();
            let by_name = |key: &str| match key {
                "attempts" => c.attempts,
                "success" => c.success,
                "bottom_attempts" => c.bottom_attempts,
                "bottom_attempts_worst" => c.bottom_attempts_worst,
                "top_success" => c.top_success,
                _ => panic!("{key} is no figure of the cost"),
            };
            if !budget.is_nan() {
                let (_, rule) = backoff_site::backoff::budget::NAMED[budget as usize];
                let e = backoff_site::backoff::budget::effect(rule, retries, p).unwrap();
                let count = |n: Option<u32>| n.map_or(f64::INFINITY, f64::from);
                let want = [
                    count(e.retries_from_full),
                    count(e.calls_from_full),
                    e.held_attempts,
                    e.edge.unwrap_or(f64::NAN),
                ];
                assert_eq!(
                    got[contract::cost::BUDGET_AT..],
                    want.map(f64::to_bits),
                    "{case}"
                );
            }
            for (key, bits) in COST.iter().zip(&got) {
                assert_eq!(*bits, by_name(key).to_bits(), "{case}: {key}");
            }
        }
        let before = wasm.f64_bits(buffer, LEN);
        let retries_error = backoff_site::backoff::PolicyError::Retries.code();
        for (retries, p, layers, budget, code) in [
            (0.0, 0.5, 1.0, f64::NAN, retries_error),
            (2.5, 0.5, 1.0, f64::NAN, retries_error),
            (1001.0, 0.5, 1.0, f64::NAN, retries_error),
            (2.0, -0.5, 1.0, f64::NAN, FAILURE_RATE_ERROR),
            (2.0, f64::NAN, 1.0, f64::NAN, FAILURE_RATE_ERROR),
            (2.0, 0.5, 0.0, f64::NAN, LAYERS_ERROR),
            (2.0, 0.5, 2.5, f64::NAN, LAYERS_ERROR),
            (2.0, 0.5, 11.0, f64::NAN, LAYERS_ERROR),
            (
                2.0,
                0.5,
                1.0,
                backoff_site::backoff::budget::NAMED.len() as f64,
                BUDGET_ERROR,
            ),
            (2.0, 0.5, 1.0, 0.5, BUDGET_ERROR),
        ] {
            assert_eq!(
                run.call(&mut wasm.store, (retries, p, layers, budget))
                    .unwrap(),
                code,
                "{name}: {retries} {p} {layers} {budget}"
            );
            assert_eq!(wasm.f64_bits(buffer, LEN), before, "{name}");
        }
    }
}
