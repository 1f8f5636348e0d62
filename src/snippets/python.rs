//! Python: tenacity and urllib3. Durations in seconds.

use super::difference::DifferenceCode::{ImmediateFirstRetry, MultiplierFixed};
use super::template::{
    Check, Expr, Jitters, Recipe, always, capped, concat, is, jitter_is, n, not, null, op, s, v,
    when,
};

/// Milliseconds (an expression) in seconds.
fn seconds(ms: Expr) -> Expr {
    op("/", [ms, n(1000.0)])
}

/// tenacity 9.1.4 (`tenacity/wait.py` at d4e868d, lines 177–239):
/// `wait_exponential` is `max(min, min(multiplier × exp_base^(n − 1), max))`
/// with n the attempt number (1 before the first retry), and
/// `wait_random_exponential` is `uniform(min, that)`; strategies add up
/// (`wait_base.__add__`). So full jitter is `wait_random_exponential`, and
/// a uniform range [d(1 − f), d(1 + f)] of the capped delay d is a fixed
/// part d(1 − f) plus a random part up to 2f·d, each capped in proportion.
/// Decorrelated jitter has no such sum: the snippet has no jitter.
pub(super) fn tenacity() -> Recipe {
    let proportional = || jitter_is("proportional");
    // Each part's share of the delay, 0 where the sum has no such part: no
    // fixed part for full jitter and for a proportional factor of 1 (the
    // largest the core takes), no random part without jitter and for
    // decorrelated jitter.
    let fixed_share = when(
        jitter_is("equal"),
        n(0.5),
        when(
            jitter_is("full"),
            n(0.0),
            when(
                proportional(),
                op("-", [n(1.0), v("jitter_factor")]),
                n(1.0),
            ),
        ),
    );
    let random_share = when(
        jitter_is("equal"),
        n(0.5),
        when(
            proportional(),
            op("*", [n(2.0), v("jitter_factor")]),
            when(jitter_is("full"), n(1.0), n(0.0)),
        ),
    );
    // The shares, as the recipe's lets; whether the sum has a fixed part
    // and a random part: a share not 0.
    let fixed = || v("fixed");
    let random = || v("random");
    let multiplier = |share: Expr| op("*", [seconds(v("base")), share]);
    let max = |share: Expr| op("*", [seconds(v("max_delay")), share]);
    let part = |name: &'static str, share: &dyn Fn() -> Expr| {
        concat([
            s(name),
            op("n", [multiplier(share())]),
            s(", exp_base="),
            op("n", [v("multiplier")]),
            when(
                capped(),
                concat([s(", max="), op("n", [max(share())])]),
                s(""),
            ),
            s(")"),
        ])
    };

    let setting = |present: Expr, value: Expr| when(present, value, null());
    Recipe {
        template: "from tenacity import Retrying, stop_after_attempt$0\n\n\
                   retrying = Retrying(\n    stop=stop_after_attempt($1),\n    wait=$2,\n)\n",
        lets: vec![("fixed", fixed_share), ("random", random_share)],
        holes: vec![
            op(
                "c",
                [
                    when(fixed(), s(", wait_exponential"), s("")),
                    when(random(), s(", wait_random_exponential"), s("")),
                ],
            ),
            op("n", [op("+", [v("retries"), n(1.0)])]),
            op(
                "c",
                [
                    when(fixed(), part("wait_exponential(multiplier=", &fixed), s("")),
                    when(op("&", [fixed(), random()]), s("\n    + "), s("")),
                    when(
                        random(),
                        part("wait_random_exponential(multiplier=", &random),
                        s(""),
                    ),
                ],
            ),
        ],
        checks: vec![],
        jitters: Jitters::kinds(&["none", "full", "equal", "proportional"]),
        settings: vec![
            ("stop_after_attempt", op("+", [v("retries"), n(1.0)])),
            ("exp_base", v("multiplier")),
            (
                "wait_exponential.multiplier",
                setting(fixed(), multiplier(fixed())),
            ),
            (
                "wait_exponential.max",
                setting(op("&", [fixed(), capped()]), max(fixed())),
            ),
            (
                "wait_random_exponential.multiplier",
                setting(random(), multiplier(random())),
            ),
            (
                "wait_random_exponential.max",
                setting(op("&", [random(), capped()]), max(random())),
            ),
        ],
    }
}

/// urllib3 2.7.0 (`src/urllib3/util/retry.py` at 9a950b9, lines 309–326):
/// after the k-th consecutive error the sleep is 0 for k ≤ 1, else
/// `min(backoff_max, backoff_factor × 2^(k − 1))` (plus `backoff_jitter`
/// times a uniform draw, added before the cap). With `backoff_factor` equal
/// to the first delay, retry k ≥ 2 waits the core's delay for k when the
/// multiplier is 2; the first retry is always immediate. `Retry` caps at
/// 120 s unless told otherwise, so no cap is written as infinity.
pub(super) fn urllib3() -> Recipe {
    Recipe {
        template: "from urllib3.util import Retry\n\n\
                   retry = Retry(total=$0, backoff_factor=$1, backoff_max=$2)\n",
        lets: vec![],
        holes: vec![
            op("n", [v("retries")]),
            op("n", [seconds(v("base"))]),
            when(
                capped(),
                op("n", [seconds(v("max_delay"))]),
                s("float(\"inf\")"),
            ),
        ],
        checks: vec![
            Check {
                code: ImmediateFirstRetry,
                when: always(),
                vars: vec![("delay", v("base"))],
            },
            Check {
                code: MultiplierFixed,
                when: not(is("multiplier", n(2.0))),
                vars: vec![("multiplier", n(2.0))],
            },
        ],
        jitters: Jitters::kinds(&["none"]),
        settings: vec![
            ("total", v("retries")),
            ("backoff_factor", seconds(v("base"))),
            (
                "backoff_max",
                when(capped(), seconds(v("max_delay")), n(f64::INFINITY)),
            ),
        ],
    }
}
