//! The retry-storm lab's WebAssembly module (`wasm/src/storm.rs`) against
//! the native core, bit for bit: the same scenario slots give the same
//! seconds, figure by figure, and the same refusals leave its output as it
//! was; it exports the storm functions and none of the calculator's, and
//! fits its size budget.

use crate::common::wasm::Instance;

use backoff_site::backoff::budget::NAMED;
use backoff_site::backoff::contract::storm::{self as contract, ERRORS, INPUTS, LEN, input};
use backoff_site::backoff::dist::Delay;
use backoff_site::backoff::storm::{Buffers, ClientState, Event, Request, Second};
use backoff_site::wasm_module::STORM_WASM;

/// The module's size budget: the model, every jitter kind's draw and every
/// guard.
const BUDGET: usize = 16 * 1024;

/// Brooker's spike, as slots, with `changes`.
fn slots(changes: &[(&str, f64)]) -> [f64; INPUTS.len()] {
    let mut s = [f64::NAN; INPUTS.len()];
    for (key, x) in [
        ("duration", 60.0),
        ("system", 0.0),
        ("workload", 2.0),
        ("rate", 40.0),
        ("peak", 80.0),
        ("at", 20.0),
        ("length", 5.0),
        ("slope", 1.6),
        ("clients", 1.0),
        ("server_time", 1.0),
        ("server_slope", 0.01),
        ("queue", 0.0),
        ("server_failure_rate", 0.0),
        ("network", 0.1),
        ("timeout", 3.0),
        ("retries", 2.0),
        ("seed", 3.0),
    ]
    .iter()
    .chain(changes)
    {
        s[input(key)] = *x;
    }
    s
}

/// The native run of `inputs`: its code or seconds, its output, and its
/// verdict.
fn native(inputs: &[f64; INPUTS.len()]) -> (Result<usize, u32>, Vec<f64>, [f64; 3]) {
    let mut events = vec![Event::EMPTY; 1 << 17];
    let mut requests = vec![Request::EMPTY; 1 << 16];
    let mut clients = vec![ClientState::EMPTY; 1024];
    let mut waiting = vec![(0, 0); 1 << 16];
    let mut delays = vec![Delay::fixed(0.0); 1000];
    let mut seconds = vec![Second::ZERO; contract::MAX_SECONDS];
    let mut out = Box::new([0.0; LEN]);
    let result = contract::run(
        inputs,
        Buffers {
            events: &mut events,
            requests: &mut requests,
            clients: &mut clients,
            waiting: &mut waiting,
            delays: &mut delays,
            seconds: &mut seconds,
        },
        &mut out,
    );
    let rows = *result.as_ref().unwrap_or(&0);
    let verdict = contract::verdict(inputs, &seconds[..rows]);
    (result, out.to_vec(), verdict)
}

#[test]
fn the_module_runs_the_native_model_bit_for_bit() {
    let mut wasm = Instance::new(STORM_WASM);
    let (input_buffer, run, seconds, output) = (
        wasm.func::<(), u32>("storm_input_buffer"),
        wasm.func::<(), u32>("storm"),
        wasm.func::<(), u32>("storm_seconds"),
        wasm.func::<(), u32>("storm_buffer"),
    );
    let verdict = wasm.func::<(), u32>("storm_verdict");
    let mut verdicts = 0;
    let breaker = NAMED.len() as f64;
    let cases = [
        slots(&[]),
        // Backoff of every jitter kind, closed clients, a limit and queue,
        // failures, a ramp, each guard.
        slots(&[
            ("backoff_base", 20.0),
            ("backoff_multiplier", 2.0),
            ("backoff_jitter", 1.0),
        ]),
        slots(&[
            ("backoff_base", 0.5),
            ("backoff_multiplier", 3.0),
            ("backoff_jitter", 4.0),
            ("retries", 5.0),
        ]),
        slots(&[
            ("backoff_base", 0.5),
            ("backoff_multiplier", 2.0),
            ("backoff_jitter", 5.0),
            ("retries", 4.0),
        ]),
        slots(&[
            ("backoff_base", 0.1),
            ("backoff_multiplier", 2.0),
            ("backoff_max", 1.0),
            ("backoff_jitter", 3.0),
            ("backoff_jitter_factor", 0.2),
        ]),
        slots(&[("system", 1.0), ("clients", 50.0)]),
        slots(&[
            ("limit", 60.0),
            ("queue", 100.0),
            ("server_failure_rate", 0.1),
        ]),
        slots(&[("workload", 1.0), ("peak", 80.0), ("at", 25.0)]),
        slots(&[("guard", 0.0), ("clients", 10.0)]),
        slots(&[("guard", 1.0), ("clients", 10.0)]),
        slots(&[("guard", 3.0), ("clients", 10.0)]),
        slots(&[("guard", 4.0), ("clients", 10.0)]),
        slots(&[("guard", breaker), ("guard_a", 0.1), ("clients", 10.0)]),
        slots(&[
            ("guard", breaker + 1.0),
            ("guard_a", 0.1),
            ("guard_b", 5.0),
            ("retries", 20.0),
        ]),
        // Three layers.
        slots(&[("layers", 3.0), ("rate", 10.0), ("peak", 20.0)]),
    ];
    for (i, case) in cases.iter().enumerate() {
        let at = input_buffer.call(&mut wasm.store, ()).unwrap();
        wasm.write_f64s(at, case);
        let code = run.call(&mut wasm.store, ()).unwrap();
        let (want, out, want_verdict) = native(case);
        let rows = want
            .unwrap_or_else(|c| panic!("case {i}: native code {c} ({})", ERRORS[c as usize - 1]));
        assert_eq!(code, 0, "case {i}");
        assert_eq!(
            seconds.call(&mut wasm.store, ()).unwrap() as usize,
            rows,
            "case {i}"
        );
        let n = rows * contract::FIGURES.len();
        let got = wasm.f64_bits(output, LEN);
        assert_eq!(got[..n], bits_of(&out[..n])[..], "case {i}");
        // The verdict after the spike (NaN for a ramp), bit for bit.
        assert_eq!(
            wasm.f64_bits(verdict, 3),
            bits_of(&want_verdict),
            "case {i}"
        );
        verdicts += usize::from(!want_verdict[0].is_nan());
        // Something happened: requests came and were answered.
        assert!(
            out[..n]
                .iter()
                .step_by(contract::FIGURES.len())
                .sum::<f64>()
                > 100.0,
            "case {i}"
        );
    }
    // Every spike case had its verdict.
    assert_eq!(verdicts, cases.len() - 1);
    // A refusal: the same code, and the output as it was.
    let before = wasm.f64_bits(output, LEN);
    for (key, x) in [
        ("timeout", 0.0),
        ("duration", 601.0),
        ("guard", breaker + 2.0),
        ("seed", -1.0),
    ] {
        let case = slots(&[(key, x)]);
        let at = input_buffer.call(&mut wasm.store, ()).unwrap();
        wasm.write_f64s(at, &case);
        let code = run.call(&mut wasm.store, ()).unwrap();
        assert_eq!(Err(code), native(&case).0, "{key}");
        assert_eq!(wasm.f64_bits(output, LEN), before, "{key}");
    }
}

fn bits_of(values: &[f64]) -> Vec<u64> {
    values.iter().map(|x| x.to_bits()).collect()
}

#[test]
fn the_module_exports_the_storm_alone_within_its_budget() {
    let wasm = Instance::new(STORM_WASM);
    // Besides the linker's own `__data_end` and `__heap_base`.
    let mut exports: Vec<&str> = wasm
        .exports
        .iter()
        .map(String::as_str)
        .filter(|e| !e.starts_with("__"))
        .collect();
    exports.sort();
    assert_eq!(
        exports,
        [
            "memory",
            "storm",
            "storm_buffer",
            "storm_input_buffer",
            "storm_seconds",
            "storm_verdict"
        ]
    );
    println!("storm module: {} bytes (budget {BUDGET})", STORM_WASM.len());
    assert!(STORM_WASM.len() <= BUDGET, "{} bytes", STORM_WASM.len());
}

/// The lab's update, timed in Node on the module as the browser gets it: a
/// one-minute scenario of 100 requests a second (the issue's yardstick,
/// within 100 ms), then Brooker's spike at its 80 s. Printed, not
/// asserted: machines here are shared (`-- --nocapture` shows it).
#[test]
fn a_minute_at_100_a_second_is_timed_in_node() {
    let dir = tempfile::tempdir().unwrap();
    let module = dir.path().join("backoff-storm.wasm");
    std::fs::write(&module, STORM_WASM).unwrap();
    let minute = slots(&[("workload", 0.0), ("rate", 100.0), ("duration", 60.0)]);
    let spike = slots(&[("duration", 80.0)]);
    let js = |s: &[f64; INPUTS.len()]| {
        let values: Vec<String> = s
            .iter()
            .map(|x| {
                if x.is_nan() {
                    "NaN".into()
                } else {
                    x.to_string()
                }
            })
            .collect();
        format!("[{}]", values.join(","))
    };
    let script = format!(
        r#"
const fs = require("fs");
const e = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(process.argv[1])), {{}}).exports;
for (const [name, slots] of [["one minute at 100 a second", {minute}], ["Brooker's spike, 80 s", {spike}]]) {{
  new Float64Array(e.memory.buffer, e.storm_input_buffer(), slots.length).set(slots);
  const times = [];
  let code;
  for (let i = 0; i < 21; i++) {{
    const t = performance.now();
    code = e.storm();
    times.push(performance.now() - t);
  }}
  times.sort((a, b) => a - b);
  console.log(`${{name}}: code ${{code}}, ${{e.storm_seconds()}} s, median of 21 runs ${{times[10].toFixed(2)}} ms (fastest ${{times[0].toFixed(2)}})`);
}}
"#,
        minute = js(&minute),
        spike = js(&spike),
    );
    let run = std::process::Command::new("node")
        .arg("-e")
        .arg(&script)
        .arg(&module)
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
    let out = String::from_utf8_lossy(&run.stdout);
    println!("the storm module in Node:\n{out}");
    assert_eq!(out.matches("code 0,").count(), 2, "{out}");
}
