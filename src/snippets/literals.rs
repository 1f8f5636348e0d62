//! The literals of the snippets' languages as [`Expr`]essions: a double
//! as a C-like float literal, milliseconds as a Go `time.Duration`, a Rust
//! `Duration` and a protobuf JSON duration, each within its type's range.
//! Built of the operators `template.rs` evaluates (and the script mirrors),
//! so that every format needs no operator of its own.

use super::template::{Expr, concat, n, op, reaches, s, when, whole};

/// 2^63, the first whole number past a signed 64-bit integer (Java's
/// `long`, Go's `time.Duration`).
pub const TWO_POW_63: f64 = 9_223_372_036_854_775_808.0;
/// 2^64, the first whole number past an unsigned 64-bit integer (Rust's
/// `u64`).
pub const TWO_POW_64: f64 = 18_446_744_073_709_551_616.0;

/// A number as a floating-point literal of C-like languages (`2.0`, not
/// `2`, so that it is a double wherever it stands).
pub fn float_literal(x: Expr) -> Expr {
    concat([op("n", [x.clone()]), when(whole(x), s(".0"), s(""))])
}
/// Milliseconds as a duration: `{ms_before}N{ms_after}` when whole, else
/// `{ns_before}N)` in whole nanoseconds.
fn duration(
    x: Expr,
    ms_before: &'static str,
    ms_after: &'static str,
    ns_before: &'static str,
) -> Expr {
    when(
        whole(x.clone()),
        concat([s(ms_before), op("n", [x.clone()]), s(ms_after)]),
        concat([s(ns_before), op("n", [nanoseconds(x)]), s(")")]),
    )
}
fn nanoseconds(ms: Expr) -> Expr {
    op("round", [op("*", [ms, n(1e6)])])
}
/// Milliseconds as a Go duration: `250 * time.Millisecond` when whole,
/// else whole nanoseconds; past `time.Duration`'s range (2^63 − 1 ns, 292
/// years), its largest value, which needs `math`.
pub fn go_duration(ms: Expr) -> Expr {
    when(
        reaches(op("*", [ms.clone(), n(1e6)]), TWO_POW_63),
        s("time.Duration(math.MaxInt64)"),
        duration(ms, "", " * time.Millisecond", "time.Duration("),
    )
}
/// Milliseconds as a Rust `Duration`: `from_millis` when whole, else
/// `from_nanos`; past their `u64` (from 2^64 ns, 584 years),
/// `from_secs_f64`, which rounds to the nanosecond; from 2^64 s on,
/// `Duration::MAX`.
pub fn rust_duration(ms: Expr) -> Expr {
    let seconds = || op("/", [ms.clone(), n(1000.0)]);
    when(
        reaches(seconds(), TWO_POW_64),
        s("Duration::MAX"),
        when(
            op(
                "&",
                [whole(ms.clone()), op("<", [ms.clone(), n(TWO_POW_64)])],
            ),
            concat([s("Duration::from_millis("), op("n", [ms.clone()]), s(")")]),
            when(
                op("<", [op("*", [ms.clone(), n(1e6)]), n(TWO_POW_64)]),
                concat([
                    s("Duration::from_nanos("),
                    op("n", [nanoseconds(ms.clone())]),
                    s(")"),
                ]),
                concat([
                    s("Duration::from_secs_f64("),
                    float_literal(seconds()),
                    s(")"),
                ]),
            ),
        ),
    )
}
/// Milliseconds as a protobuf JSON duration: seconds of whole nanoseconds,
/// and an `s` (`"1.5s"`). Past 2^53 nanoseconds (104 days) a double holds
/// no whole nanoseconds: whole milliseconds, then (at most three decimals;
/// the format takes nine).
pub fn json_seconds(ms: Expr) -> Expr {
    let seconds = when(
        op(
            "<",
            [op("*", [ms.clone(), n(1e6)]), n(9_007_199_254_740_992.0)],
        ),
        op("/", [nanoseconds(ms.clone()), n(1e9)]),
        op("/", [op("round", [ms]), n(1000.0)]),
    );
    op("c", [op("n", [seconds]), s("s")])
}
