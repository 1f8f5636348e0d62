//! The `polly` kind against Polly: what Polly's own function returned for
//! fixed draws (`core/tests/data/polly-v2.txt`, its header says how), the
//! line-by-line port of it in
//! `backoff_core_testing::polly`, the exact bounds and means of the formula
//! (Simpson's rule on a fine grid), and paths of the port for the Monte
//! Carlo run's percentiles.

use backoff_core::dist::correlated;
use backoff_core::dist::monte_carlo::{self, MonteCarlo, Row};
use backoff_core::dist::{DistError, Limits};
use backoff_core::{Jitter, Policy, Schedule};
use backoff_core_testing::polly::{self, TICKS_PER_MS};

/// One line of Polly's output and the line of input above it.
struct Case {
    base_ticks: i64,
    cap_ticks: Option<i64>,
    draws: Vec<f64>,
    ticks: Vec<i64>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../data/polly-v2.txt");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(
        lines.len() >= 40 && lines.len().is_multiple_of(2),
        "{} lines",
        lines.len()
    );
    lines
        .chunks(2)
        .map(|pair| {
            let input: Vec<&str> = pair[0].split(' ').collect();
            let output = pair[1].strip_prefix("=> ").expect("an output line");
            let cap: i64 = input[1].parse().unwrap();
            let case = Case {
                base_ticks: input[0].parse().unwrap(),
                cap_ticks: (cap >= 0).then_some(cap),
                draws: input[2..].iter().map(|u| u.parse().unwrap()).collect(),
                ticks: output.split(' ').map(|t| t.parse().unwrap()).collect(),
            };
            assert_eq!(case.draws.len(), case.ticks.len(), "{}", pair[0]);
            case
        })
        .collect()
}

fn policy(base: f64, cap: Option<f64>, retries: u32) -> Policy {
    Policy {
        base,
        multiplier: 2.0,
        max_delay: cap,
        retries,
        jitter: Jitter::Polly,
    }
}

#[test]
fn the_port_returns_what_pollys_function_returned() {
    for case in cases() {
        let port = polly::delays_ticks(case.base_ticks, case.cap_ticks, &case.draws);
        for (i, (got, want)) in port.iter().zip(&case.ticks).enumerate() {
            assert!(
                (got - want).abs() <= 1,
                "delay {i} of base {} ticks: port {got}, Polly {want}",
                case.base_ticks
            );
        }
    }
}

/// The core draws in the policy's unit, Polly in whole ticks (truncated), so
/// each core delay lies in `[ticks, ticks + 1)` up to rounding.
#[test]
fn each_core_path_is_pollys_to_the_tick() {
    let mut compared = 0;
    for case in cases() {
        let to_ms = |ticks: i64| ticks as f64 / TICKS_PER_MS;
        let p = policy(
            to_ms(case.base_ticks),
            case.cap_ticks.map(to_ms),
            case.draws.len() as u32,
        );
        let ceiling = p.max_delay.unwrap_or(f64::MAX);
        let mut state = correlated::start(&p);
        for (k, (&u, &want)) in case.draws.iter().zip(&case.ticks).enumerate() {
            let delay = correlated::draw(&p, k as f64, &mut state, u, ceiling);
            let ticks = delay * TICKS_PER_MS;
            let slack = 1e-9 * ticks.max(1.0);
            assert!(
                ticks >= want as f64 - slack && ticks < want as f64 + 1.0 + slack,
                "retry {} of {p:?} with u = {u}: core {ticks} ticks, Polly {want}",
                k + 1
            );
            compared += 1;
        }
    }
    assert!(compared > 400, "{compared} delays compared");
}

/// Polly's documented example: base 2 s and every draw 0.5 give 1,794.8098,
/// 2,186.007, 4,071.4959, 8,091.9588, 16,167.2632 and 32,327.3256 ms (the
/// fixture's line of six draws of 0.5, from Polly's own function).
#[test]
fn the_median_draws_give_pollys_delays() {
    let case = cases()
        .into_iter()
        .find(|c| c.cap_ticks.is_none() && c.draws == [0.5; 6])
        .expect("the line of six draws of 0.5");
    assert_eq!(
        case.ticks,
        [17948098, 21860070, 40714959, 80919588, 161672632, 323273256]
    );
}

fn close(a: f64, b: f64, relative: f64) -> bool {
    (a - b).abs() <= relative * a.abs().max(b.abs()) + f64::MIN_POSITIVE
}

#[test]
fn the_schedule_states_the_formulas_bounds_and_means() {
    for base in [0.25, 1.0, 250.0, 2000.0] {
        for cap in [None, Some(100.0), Some(5000.0), Some(30_000.0), Some(1e9)] {
            let p = policy(base, cap, 40);
            let schedule = Schedule::new(p).unwrap();
            let want = polly::figures(base, cap, 40);
            let mut exact = true;
            for (row, w) in schedule.rows().zip(&want) {
                let at = format!("retry {} of {p:?}", row.retry);
                assert_eq!(row.min, 0.0, "{at}");
                assert!(
                    close(row.max, w.hi, 1e-12),
                    "{at}: max {} want {}",
                    row.max,
                    w.hi
                );
                assert_eq!(row.delay, row.max, "{at}");
                let tie = cap.is_some_and(|c| close(w.hi, c, 1e-9));
                assert!(tie || row.capped == w.capped, "{at}: capped");
                exact = exact && !w.capped;
                if exact {
                    assert!(
                        close(row.mean, w.uncapped_mean, 1e-12),
                        "{at}: mean {} want {}",
                        row.mean,
                        w.uncapped_mean
                    );
                } else {
                    // `E[min(cap, d)] <= min(cap, E[d])`.
                    assert!(
                        row.mean <= w.uncapped_mean.min(w.hi) * (1.0 + 1e-10),
                        "{at}"
                    );
                }
                assert!(
                    close(row.cumulative_min, w.cumulative_lo, 1e-12),
                    "{at}: cumulative min"
                );
                assert!(
                    close(row.cumulative_max, w.cumulative_hi, 1e-12),
                    "{at}: cumulative max"
                );
            }
        }
    }
}

#[test]
fn the_longest_schedules_stay_finite_or_overflow_where_the_formula_does() {
    // 2^999 · 2000 / 1.4 is finite: 1,000 retries walk without a cap.
    let rows: Vec<_> = Schedule::new(policy(2000.0, None, 1000))
        .unwrap()
        .rows()
        .collect();
    let last = rows[999];
    let want = polly::formula(1000.0) * (1.0 / 1.4) * 2000.0;
    assert!(close(last.cumulative_max, want, 1e-12), "{last:?}");
    // A base near the largest number overflows without a cap where the
    // formula's greatest delay does, at retry 2 (f(1)/1.4 · 10^308 is
    // finite, f(2)/1.4 · 10^308 is not), and the cap holds it with one.
    let err = Schedule::new(policy(1e308, None, 3)).unwrap_err();
    assert!((polly::formula(1.0) / 1.4 * 1e308).is_finite());
    assert!((polly::formula(2.0) / 1.4 * 1e308).is_infinite());
    assert_eq!(err.retry(), 2, "{err:?}");
    let capped = Schedule::new(policy(1e308, Some(1e300), 1000)).unwrap();
    assert!(
        capped
            .rows()
            .all(|r| r.max <= 1e300 && r.cumulative_max.is_finite())
    );
}

/// Paths of the port drawn with an independent generator (SplitMix64).
fn port_paths(base: f64, cap: Option<f64>, retries: u32, paths: usize) -> Vec<Vec<f64>> {
    let mut state = 0x005e_ed0f_9011_u64;
    let mut unit = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    };
    (0..paths)
        .map(|_| {
            let draws: Vec<f64> = (0..retries).map(|_| unit()).collect();
            let mut sum = 0.0;
            polly::delays(base, cap, &draws)
                .into_iter()
                .map(|d| {
                    sum += d;
                    sum
                })
                .collect()
        })
        .collect()
}

#[test]
fn the_monte_carlo_run_agrees_with_paths_of_the_port() {
    const REFERENCE: usize = 100_000;
    for cap in [None, Some(5000.0)] {
        let retries = 8;
        let p = policy(2000.0, cap, retries);
        let mc = MonteCarlo {
            seed: monte_carlo::DEFAULT_SEED,
            samples: 16_384,
        };
        let mut work = vec![0.0; monte_carlo::work_len(mc.samples)];
        let mut rows = vec![Row::default(); retries as usize];
        let report = monte_carlo::run(&p, mc, Limits::default(), &mut work, &mut rows).unwrap();
        let paths = port_paths(2000.0, cap, retries, REFERENCE);
        let bounds = polly::figures(2000.0, cap, retries);
        for (k, row) in rows.iter().enumerate() {
            let mut column: Vec<f64> = paths.iter().map(|path| path[k]).collect();
            column.sort_by(f64::total_cmp);
            let (lo, hi) = (bounds[k].cumulative_lo, bounds[k].cumulative_hi);
            assert!(
                column[0] >= lo * (1.0 - 1e-12) && column[REFERENCE - 1] <= hi * (1.0 + 1e-12),
                "retry {}: the port's paths leave [{lo}, {hi}]",
                k + 1
            );
            let sum = &row.cumulative;
            for (p_share, got) in [(0.5f64, sum.p50), (0.9, sum.p90), (0.99, sum.p99)] {
                // Four standard errors of the core's sample share and of
                // the reference's.
                let spread: f64 = p_share * (1.0 - p_share);
                let width = 4.0 * ((spread / 16_384.0).sqrt() + (spread / REFERENCE as f64).sqrt());
                let at = |share: f64| {
                    column[((share.clamp(0.0, 1.0) * REFERENCE as f64) as usize).min(REFERENCE - 1)]
                };
                assert!(
                    got >= at(p_share - width) && got <= at(p_share + width),
                    "retry {} P{}: core {got}, port [{}, {}] ({cap:?})",
                    k + 1,
                    p_share * 100.0,
                    at(p_share - width),
                    at(p_share + width)
                );
            }
            let mean = column.iter().sum::<f64>() / REFERENCE as f64;
            let slack = if row.mean_exact {
                0.0
            } else {
                report.mean_error
            };
            assert!(
                (sum.mean - mean).abs() <= slack + 0.01 * mean,
                "retry {}: mean {} against the port's {mean}",
                k + 1,
                sum.mean
            );
        }
        // Without a cap every mean is exact; with the cap of 5 s, only
        // those before the first delay that may reach it.
        let want_exact = bounds.iter().take_while(|b| !b.capped).count() as u32;
        assert_eq!(report.exact_mean_retries, want_exact, "{cap:?}");
    }
}

#[test]
fn other_kinds_are_not_polly() {
    // The run refuses kinds of the grid method, as for decorrelated jitter.
    let mut p = policy(1.0, None, 3);
    p.jitter = Jitter::Full;
    let mc = MonteCarlo::default();
    let mut work = vec![0.0; monte_carlo::work_len(mc.samples)];
    let mut rows = vec![Row::default(); 3];
    assert_eq!(
        monte_carlo::run(&p, mc, Limits::default(), &mut work, &mut rows),
        Err(DistError::Jitter)
    );
}
