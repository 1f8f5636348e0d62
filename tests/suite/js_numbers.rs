//! `report::js_number` against the ECMAScript engine the browser tests run
//! (node's `String(x)`): the figures of the JSON that `schedule` prints and
//! the calculator copies must be written alike, digit for digit, including
//! the doubles that lie exactly halfway between two shortest candidates.

use std::io::Write as _;
use std::process::{Command, Stdio};

use backoff_site::backoff::rng::SplitMix64;
use backoff_site::report::js_number;

/// Doubles of the shapes the schedules make, and random ones.
#[allow(clippy::excessive_precision)] // the ties' exact values are the point
fn cases() -> Vec<f64> {
    let mut cases = vec![
        // Ties: exactly halfway between two 17-digit numbers (the totals of
        // base 0.5, ×1.5, 40 retries, equal jitter).
        145.214_630_126_953_125,
        145.464_630_126_953_125,
        145.964_630_126_953_125,
        0.1 + 0.2,
        5e-324,
        f64::MAX,
        1e21,
        1e-7,
    ];
    // Sums and products as the core makes them: powers of 1.5 and 1.1 from
    // 0.5 and 0.1, their running sums, halves and three quarters.
    for (base, multiplier) in [(0.5, 1.5), (0.1, 1.1), (3.0, 1.7), (0.25, 2.5)] {
        let (mut delay, mut sum) = (base, 0.0);
        for _ in 0..200 {
            for x in [delay, delay / 2.0, delay * 0.75, sum] {
                cases.push(x);
            }
            sum += delay * 0.75;
            delay *= multiplier;
        }
    }
    // Dyadic numbers with long decimal expansions, and random doubles.
    let mut rng = SplitMix64::new(27);
    for _ in 0..20_000 {
        let bits = rng.next_u64();
        cases.push((bits >> 11) as f64 / f64::from(1u32 << 20).powi(2));
        let x = f64::from_bits(bits);
        if x.is_finite() && x != 0.0 {
            cases.push(x.abs());
        }
    }
    cases
}

#[test]
fn numbers_are_written_as_the_browsers_engine_writes_them() {
    let cases = cases();
    let mut node = Command::new("node")
        .arg("-e")
        .arg(
            "let s = ''; process.stdin.on('data', (d) => s += d).on('end', () => \
             process.stdout.write(s.trim().split('\\n').map((h) => \
             String(new Float64Array(new BigUint64Array([BigInt('0x' + h)]).buffer)[0])).join('\\n')))",
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node runs (the browser tests need it too)");
    let input: String = cases
        .iter()
        .map(|x| format!("{:016x}\n", x.to_bits()))
        .collect();
    node.stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .expect("node reads the cases");
    let out = node.wait_with_output().expect("node runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = String::from_utf8(out.stdout).expect("UTF-8");
    let written: Vec<&str> = written.split('\n').collect();
    assert_eq!(written.len(), cases.len());
    let wrong: Vec<String> = cases
        .iter()
        .zip(&written)
        .filter(|(x, js)| js_number(**x) != **js)
        .map(|(x, js)| format!("{x:e}: ECMAScript {js}, ours {}", js_number(*x)))
        .collect();
    assert!(
        wrong.is_empty(),
        "{} of {}:\n{}",
        wrong.len(),
        cases.len(),
        wrong[..wrong.len().min(20)].join("\n")
    );
}
