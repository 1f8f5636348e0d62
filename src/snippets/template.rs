//! The snippets' templates as data, and the one rule that fills them.
//!
//! Each library writes a [`Recipe`]: its code as a template whose holes
//! (`$0`, `$1`, ...) are [`Expr`]essions of the policy, the values they
//! share named once (its lets), and the checks of what differs, each a
//! condition with its variables. [`fill`] evaluates them here for the build
//! and the tests; the calculator's script fills the same recipes, sent as
//! JSON ([`Recipe::json`]), with `fillSnippets` in `static/calculator/as_code.js`,
//! which implements the operators below one for one.
//! `tests/suite/snippets_parity.rs` runs that script against [`fill`] over a grid
//! of policies.
//!
//! Every page carries the recipes, so they are kept small: a value used
//! twice is a let, conditions are read by truthiness (a cap, a share of 0),
//! and the builders fold what they can (`!!x`, empty texts).
//!
//! Numbers are written in the code's literal syntax, never the page's
//! notation: [`plain`] is Rust's `Display` for `f64` (the shortest decimal
//! that reads back as the same double, never in exponent notation); the
//! literals of each target language are built of it in `literals.rs`.
//!
//! This module knows no library: the recipes come from the library modules.

use serde_json::{Value, json};

use crate::backoff::{Jitter, Policy, Schedule};

/// An expression over the policy. As JSON: a number, a string, or an
/// array `[operator, arguments...]` (`["v", name]` reads a variable).
#[derive(Clone, Debug)]
pub enum Expr {
    /// No value (JSON `null`): an absent cap, a setting not written.
    Null,
    Num(f64),
    Str(&'static str),
    Op(&'static str, Vec<Expr>),
}

/// What an [`Expr`] evaluates to.
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    Num(f64),
    Str(String),
    Bool(bool),
    /// No cap, or a setting the variant does not write.
    Null,
}

impl Val {
    /// Whether a condition holds, as JavaScript reads a value: a number
    /// other than 0 and NaN, a text other than "", true.
    pub fn truthy(&self) -> bool {
        match self {
            Val::Num(x) => *x != 0.0 && !x.is_nan(),
            Val::Str(text) => !text.is_empty(),
            Val::Bool(b) => *b,
            Val::Null => false,
        }
    }
}

/// A check of what differs: when `when` holds, the snippet differs by
/// `code`, with the variables evaluated.
#[derive(Clone, Debug)]
pub struct Check {
    pub code: super::difference::DifferenceCode,
    pub when: Expr,
    pub vars: Vec<(&'static str, Expr)>,
}

/// One library's snippet as data.
#[derive(Clone, Debug)]
pub struct Recipe {
    /// The code, `$N` standing for `holes[N]`, which evaluate to strings.
    pub template: &'static str,
    /// Named values the holes, checks and settings read as variables (a
    /// share, a scaled delay), each written once: `v(name)` reads it. Each
    /// reads the policy and the lets before it only (the script evaluates
    /// them in this order), under a name no variable of [`Env`] has.
    pub lets: Vec<(&'static str, Expr)>,
    pub holes: Vec<Expr>,
    pub checks: Vec<Check>,
    /// The jitter kinds the code reproduces; [`Recipe::with_jitter_check`]
    /// adds the check that flags every other kind.
    pub jitters: Jitters,
    /// The settings written, under the library's names (`Null`: not
    /// written). Read by the tests only, so not sent to the script.
    pub settings: Vec<(&'static str, Expr)>,
}

/// Which jitter kinds a recipe's code reproduces. Every other kind of the
/// core is flagged (`jitter-unsupported`), so that a kind the recipe does
/// not know, a new one included, is never silently written as no jitter.
#[derive(Clone, Debug)]
pub enum Jitters {
    /// These kinds, each under the condition it needs (`always()` for
    /// none).
    Kinds(Vec<(&'static str, Expr)>),
    /// The library has one jitter of its own, whatever the kind, and a
    /// check of the recipe names it.
    Own,
}

impl Jitters {
    /// These kinds, each under no condition.
    pub fn kinds(names: &[&'static str]) -> Jitters {
        Jitters::Kinds(names.iter().map(|name| (*name, always())).collect())
    }
}

impl Recipe {
    /// The recipe with its last check: `jitter-unsupported` for every kind
    /// its [`Jitters`] do not list.
    pub fn with_jitter_check(mut self) -> Recipe {
        if let Jitters::Kinds(kinds) = &self.jitters {
            let supported: Vec<Expr> = kinds
                .iter()
                .map(|(kind, condition)| match condition {
                    Expr::Op("&", args) if args.is_empty() => jitter_is(kind),
                    condition => op("&", [jitter_is(kind), condition.clone()]),
                })
                .collect();
            self.checks.push(Check {
                code: super::difference::DifferenceCode::JitterUnsupported,
                when: not(any_of(supported)),
                vars: vec![("jitter", v("jitter"))],
            });
        }
        self
    }

    /// The recipe as the script reads it (without the settings): `body`
    /// (the template), `let` (`[name, expression]` pairs), `holes`,
    /// `checks`.
    pub fn json(&self) -> Value {
        json!({
            "body": self.template,
            "let": self.lets.iter().map(|(n, e)| json!([n, e.json()])).collect::<Vec<_>>(),
            "holes": self.holes.iter().map(Expr::json).collect::<Vec<_>>(),
            "checks": self.checks.iter().map(|c| json!([
                c.code.name(),
                c.when.json(),
                c.vars.iter().map(|(n, e)| json!([n, e.json()])).collect::<Vec<_>>(),
            ])).collect::<Vec<_>>(),
        })
    }
}

impl Expr {
    pub fn json(&self) -> Value {
        match self {
            Expr::Null => Value::Null,
            // A whole number without its `.0`: JSON has one kind of number.
            Expr::Num(x) if x.fract() == 0.0 && x.abs() <= MAX_EXACT => json!(*x as i64),
            Expr::Num(x) => json!(x),
            Expr::Str(s) => json!(s),
            Expr::Op(op, args) => {
                let mut a = vec![json!(op)];
                a.extend(args.iter().map(Expr::json));
                Value::Array(a)
            }
        }
    }
}

/// 2^53: up to here every whole double is an exact `i64`.
const MAX_EXACT: f64 = 9_007_199_254_740_992.0;

// Builders, so that recipes read as formulas. Each writes the shortest
// expression that evaluates to the same value (conditions are read by
// truthiness, as JavaScript reads them, so `!!x` is `x`), since every node
// is sent to the script.
pub fn v(name: &'static str) -> Expr {
    Expr::Op("v", vec![Expr::Str(name)])
}
pub fn n(x: f64) -> Expr {
    Expr::Num(x)
}
pub fn s(text: &'static str) -> Expr {
    Expr::Str(text)
}
pub fn op<const N: usize>(name: &'static str, args: [Expr; N]) -> Expr {
    Expr::Op(name, args.into())
}
/// `if c { a } else { b }`.
pub fn when(c: Expr, a: Expr, b: Expr) -> Expr {
    op("?", [c, a, b])
}
pub fn is(name: &'static str, value: Expr) -> Expr {
    op("=", [v(name), value])
}
pub fn jitter_is(kind: &'static str) -> Expr {
    is("jitter", s(kind))
}
pub fn not(e: Expr) -> Expr {
    match e {
        Expr::Op("!", mut args) if args.len() == 1 => args.remove(0),
        e => op("!", [e]),
    }
}
/// Whether the policy has a cap: a cap is a number above zero (the core
/// refuses any other), so it is true exactly when given.
pub fn capped() -> Expr {
    v("max_delay")
}
pub fn null() -> Expr {
    Expr::Null
}
/// Whether any of `args` holds: `a ? 1 : b ? 1 : c`.
pub fn any<const N: usize>(args: [Expr; N]) -> Expr {
    any_of(Vec::from(args))
}
/// [`any`] of a list.
pub fn any_of(mut args: Vec<Expr>) -> Expr {
    let last = args.pop().expect("any of at least one condition");
    args.into_iter()
        .rev()
        .fold(last, |rest, a| when(a, n(1.0), rest))
}
/// Whether `x` is a whole number.
pub(super) fn whole(x: Expr) -> Expr {
    op("=", [op("trunc", [x.clone()]), x])
}
/// Texts joined, without the empty ones.
pub fn concat<const N: usize>(parts: [Expr; N]) -> Expr {
    Expr::Op(
        "c",
        parts
            .into_iter()
            .filter(|p| !matches!(p, Expr::Str("")))
            .collect(),
    )
}
/// Whether `x` is `limit` or more: past the range of a type whose first
/// value out of range is `limit`.
pub fn reaches(x: Expr, limit: f64) -> Expr {
    not(op("<", [x, n(limit)]))
}
/// Whether a cap is given and `cap` (the let that holds it as written)
/// reaches `limit`.
pub fn cap_reaches(cap: Expr, limit: f64) -> Expr {
    op("&", [capped(), reaches(cap, limit)])
}

/// True (an empty "all of").
pub fn always() -> Expr {
    op("&", [])
}

/// The variables an expression reads: the policy in milliseconds, and
/// figures of the core's schedule the checks compare with.
#[derive(Clone, Debug)]
pub struct Env {
    vars: Vec<(&'static str, Val)>,
    /// A recipe's lets, evaluated where read (the script evaluates each
    /// once, in order, before the holes: the same values, since no
    /// expression has an effect).
    lets: Vec<(&'static str, Expr)>,
}

impl Env {
    /// `policy` in milliseconds; `delays` the core's delay of each retry.
    /// The names are the calculator's inputs (`contract::INPUTS`), as the
    /// script's form gives them; what is not given is `Null`.
    pub fn new(policy: &Policy, delays: &[f64]) -> Env {
        let factor = match policy.jitter {
            Jitter::Proportional { factor } => Val::Num(factor),
            _ => Val::Null,
        };
        let max = policy.max_delay.map_or(Val::Null, Val::Num);
        let (retry, library, core) =
            match whole_ms(policy.base, policy.max_delay, policy.multiplier, delays) {
                Some((retry, library, core)) => (retry, Val::Num(library), Val::Num(core)),
                None => (0.0, Val::Null, Val::Null),
            };
        let top = delays
            .iter()
            .copied()
            .reduce(f64::max)
            .unwrap_or(policy.base);
        Env {
            vars: vec![
                ("base", Val::Num(policy.base)),
                ("max_delay", max),
                ("multiplier", Val::Num(policy.multiplier)),
                ("retries", Val::Num(f64::from(policy.retries))),
                ("jitter", Val::Str(policy.jitter.name().to_string())),
                ("jitter_factor", factor),
                ("top", Val::Num(top)),
                ("ms_retry", Val::Num(retry)),
                ("ms_library", library),
                ("ms_core", core),
            ],
            lets: Vec::new(),
        }
    }

    /// The environment with `recipe`'s lets.
    pub fn with(&self, recipe: &Recipe) -> Env {
        Env {
            lets: recipe.lets.clone(),
            ..self.clone()
        }
    }

    /// Whether `name` is a variable of the policy or of the schedule.
    pub fn has(&self, name: &str) -> bool {
        self.vars.iter().any(|(n, _)| *n == name)
    }

    /// The core's delays of `policy` (none when the core refuses it).
    pub fn of(policy: &Policy) -> Env {
        let delays: Vec<f64> = Schedule::new(*policy)
            .map(|s| s.rows().map(|r| r.delay).collect())
            .unwrap_or_default();
        Env::new(policy, &delays)
    }

    fn get(&self, name: &str) -> Val {
        if let Some((_, value)) = self.vars.iter().find(|(n, _)| *n == name) {
            return value.clone();
        }
        let (_, e) = self
            .lets
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("no variable {name}"));
        eval(e, self)
    }
}

/// Whole milliseconds the way Java computes them: the first delay and the
/// cap rounded (at least 1), each next delay `(long) (previous ×
/// multiplier)`, each wait the smaller of it and the cap. Returns the first
/// retry whose wait is not the core's, the library's wait and the core's
/// there. A difference below 1e-9 of the delay is the core's own rounding,
/// none.
fn whole_ms(
    base: f64,
    max: Option<f64>,
    multiplier: f64,
    delays: &[f64],
) -> Option<(f64, f64, f64)> {
    let cap = max.map(|m| m.round().max(1.0));
    let mut interval = base.round().max(1.0);
    for (i, &core) in delays.iter().enumerate() {
        let library = cap.map_or(interval, |c| interval.min(c));
        if (library - core).abs() > 1e-9 * core {
            return Some(((i + 1) as f64, library, core));
        }
        interval = (interval * multiplier).trunc();
    }
    None
}

/// The value of `e` in `env`. Operators: `v` (variable), `+ - * /`,
/// `< =`, `! &` (of truthiness, as JavaScript's), `?` (if: only the branch
/// taken is evaluated), `c` (concatenate texts), `abs round trunc max min`
/// (as JavaScript's `Math`), and
/// `n`, a number as [`plain`] writes it. Every format of a library's
/// literals is built of these (`literals.rs`), so that the script's
/// evaluator stays small.
pub fn eval(e: &Expr, env: &Env) -> Val {
    let (name, args) = match e {
        Expr::Null => return Val::Null,
        Expr::Num(x) => return Val::Num(*x),
        Expr::Str(s) => return Val::Str((*s).to_string()),
        Expr::Op(name, args) => (*name, args),
    };
    let arg = |i: usize| eval(&args[i], env);
    let num = |i: usize| match arg(i) {
        Val::Num(x) => x,
        other => panic!("{name}: {other:?} is no number"),
    };
    let truth = |i: usize| arg(i).truthy();
    match name {
        "v" => match &args[0] {
            Expr::Str(var) => env.get(var),
            other => panic!("v: {other:?}"),
        },
        "+" => Val::Num(num(0) + num(1)),
        "-" => Val::Num(num(0) - num(1)),
        "*" => Val::Num(num(0) * num(1)),
        "/" => Val::Num(num(0) / num(1)),
        "<" => Val::Bool(num(0) < num(1)),
        "=" => Val::Bool(arg(0) == arg(1)),
        "!" => Val::Bool(!truth(0)),
        "&" => Val::Bool((0..args.len()).all(truth)),
        "?" => {
            if truth(0) {
                arg(1)
            } else {
                arg(2)
            }
        }
        "c" => Val::Str(
            (0..args.len())
                .map(|i| match arg(i) {
                    Val::Str(text) => text,
                    other => panic!("c: {other:?} is no text"),
                })
                .collect(),
        ),
        "abs" => Val::Num(num(0).abs()),
        "round" => Val::Num(num(0).round()),
        "trunc" => Val::Num(num(0).trunc()),
        "max" => Val::Num(num(0).max(num(1))),
        "min" => Val::Num(num(0).min(num(1))),
        "n" => Val::Str(plain(num(0))),
        other => panic!("unknown operator {other}"),
    }
}

/// A check that holds: its code and its variables' values.
pub type Found = (super::difference::DifferenceCode, Vec<(&'static str, Val)>);

/// The recipe's code for `env` (with the recipe's lets: [`Env::with`]),
/// and the checks that hold, with their variables.
pub fn fill(recipe: &Recipe, env: &Env) -> (String, Vec<Found>) {
    let mut code = String::new();
    let mut rest = recipe.template;
    while let Some(at) = rest.find('$') {
        code.push_str(&rest[..at]);
        let digits = rest[at + 1..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len() - at - 1, |k| k);
        let index: usize = rest[at + 1..at + 1 + digits]
            .parse()
            .expect("a hole's number after $");
        match eval(&recipe.holes[index], env) {
            Val::Str(text) => code.push_str(&text),
            other => panic!("hole {index} is {other:?}, no text"),
        }
        rest = &rest[at + 1 + digits..];
    }
    code.push_str(rest);
    let checks = recipe
        .checks
        .iter()
        .filter(|c| eval(&c.when, env).truthy())
        .map(|c| {
            let vars = c.vars.iter().map(|(n, e)| (*n, eval(e, env))).collect();
            (c.code, vars)
        })
        .collect();
    (code, checks)
}

/// A number as the shortest decimal that reads back as the same double,
/// never in exponent notation (Rust's `Display` for `f64`).
pub fn plain(x: f64) -> String {
    format!("{x}")
}
