//! One retry's random delay, and the delays of a whole exponential policy.
//!
//! Every jitter kind except decorrelated makes retry `k`'s delay an
//! independent `min(U[lo_k, hi_k], cap_k)`: uniform on an interval, possibly
//! cut at a cap after the draw. That one shape covers no jitter (`lo = hi`),
//! full, equal and proportional jitter, and proportional jitter capped after
//! the draw, whose delay is a *mixed* distribution: a density on
//! `[lo, cap)` and an atom at `cap`.

use super::error::DistError;
use crate::{Jitter, Method, Policy};

/// Retry `k`'s delay: `min(X, cap)` with `X` uniform on `[lo, hi]`.
///
/// `lo == hi` is a fixed delay; `cap >= hi` means no cut. A cap below `lo`
/// makes the delay exactly `cap`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Delay {
    pub lo: f64,
    pub hi: f64,
    pub cap: f64,
}

/// A [`Delay`] in the form the computations use: a density `1 / width` on
/// `[lo, top)` and an atom of mass `atom` at `top`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Shape {
    pub lo: f64,
    pub top: f64,
    /// `hi − lo` of the uncut uniform; zero for a fixed delay.
    pub width: f64,
    /// The probability of exactly `top`: `(hi − top) / width`, or 1 when
    /// the delay is fixed.
    pub atom: f64,
}

impl Delay {
    /// A delay uniform on `[lo, hi]`.
    pub const fn uniform(lo: f64, hi: f64) -> Delay {
        Delay { lo, hi, cap: hi }
    }

    /// A delay of exactly `d`.
    pub const fn fixed(d: f64) -> Delay {
        Delay {
            lo: d,
            hi: d,
            cap: d,
        }
    }

    /// Checks the bounds and returns the normalized shape.
    pub(crate) fn shape(self, retry: u32) -> Result<Shape, DistError> {
        let Delay { lo, hi, cap } = self;
        let finite = lo.is_finite() && hi.is_finite() && cap.is_finite();
        if !(finite && lo >= 0.0 && lo <= hi && cap >= 0.0) {
            return Err(DistError::Delay { retry });
        }
        let top = if cap < hi { cap } else { hi };
        if top <= lo {
            // A fixed delay, or a cap at or below the whole interval.
            return Ok(Shape {
                lo: top,
                top,
                width: 0.0,
                atom: 1.0,
            });
        }
        let width = hi - lo;
        Ok(Shape {
            lo,
            top,
            width,
            atom: (hi - top) / width,
        })
    }

    /// The shortest possible delay.
    pub fn min(self) -> f64 {
        self.shape(0).map_or(0.0, |s| s.lo)
    }

    /// The longest possible delay.
    pub fn max(self) -> f64 {
        self.shape(0).map_or(0.0, |s| s.top)
    }

    /// The exact mean delay.
    pub fn mean(self) -> f64 {
        self.shape(0).map_or(0.0, Shape::mean)
    }
}

impl Shape {
    pub(crate) fn is_fixed(&self) -> bool {
        self.width == 0.0
    }

    /// `P(continuous part) × its midpoint + P(atom) × top`; both weights are
    /// in `[0, 1]` and sum to one, so the mean stays within `[lo, top]`.
    pub(crate) fn mean(self) -> f64 {
        if self.is_fixed() {
            return self.top;
        }
        let spread = (self.top - self.lo) / self.width;
        let mean = spread * (self.lo + 0.5 * (self.top - self.lo)) + self.atom * self.top;
        mean.clamp(self.lo, self.top)
    }

    /// The exact standard deviation, computed on `X − lo` in units of the
    /// range so that neither a large offset nor a huge range loses it.
    pub(crate) fn sd(self) -> f64 {
        if self.is_fixed() {
            return 0.0;
        }
        let range = self.top - self.lo;
        let spread = range / self.width;
        let first = 0.5 * spread + self.atom;
        let second = spread / 3.0 + self.atom;
        let var = second - first * first;
        if var > 0.0 {
            range * crate::math::sqrt(var)
        } else {
            0.0
        }
    }
}

/// Where a library applies its cap relative to proportional jitter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapOrder {
    /// The nominal delay is capped, then jittered: the delay is uniform on
    /// `[c(1 − f), c(1 + f)]` with `c = min(cap, d)`, so it may exceed the
    /// cap by the factor. gRPC's connection backoff and cenkalti/backoff do
    /// this.
    BeforeJitter,
    /// The nominal delay is jittered, then capped: `min(cap, U[d(1 − f),
    /// d(1 + f)])`, a mixed distribution with an atom at the cap.
    AfterJitter,
}

/// Past this multiple of the cap, an uncapped nominal delay stops growing:
/// with cap-after-jitter the chance of a delay below the cap is then under
/// `1 / (f × 2^60)`, far below what the figures can show, and growth
/// without bound would overflow.
const GROWTH_STOP: f64 = 1_152_921_504_606_846_976.0; // 2^60

/// Writes each retry's delay under `policy` into `out` (one per retry,
/// retry 1 first) and returns the written part. `order` says where the cap
/// applies to proportional jitter: [`CapOrder::BeforeJitter`] is the core's
/// rule (its schedules' rows), [`CapOrder::AfterJitter`] that of libraries
/// which cap the jittered delay. A kind whose delays are not independent
/// (not of [`Method::Grid`]: decorrelated jitter) is refused
/// ([`DistError::Jitter`]).
///
/// The nominal delay grows by one multiplication per retry, as in the core.
/// It stops growing at the cap, except that with cap-after-jitter it keeps
/// growing (the jittered interval still moves) until its lower end passes
/// the cap or it reaches 2^60 times the cap.
pub fn delays<'o>(
    policy: &Policy,
    order: CapOrder,
    out: &'o mut [Delay],
) -> Result<&'o [Delay], DistError> {
    policy.validate()?;
    if policy.jitter.method() != Method::Grid {
        return Err(DistError::Jitter);
    }
    let n = policy.retries as usize;
    if out.len() < n {
        return Err(DistError::Output);
    }
    let cap_after =
        matches!(policy.jitter, Jitter::Proportional { .. }) && order == CapOrder::AfterJitter;
    let mut d = policy.base;
    let mut growing = true;
    for (i, slot) in out[..n].iter_mut().enumerate() {
        let retry = i as u32 + 1;
        if i > 0 && growing {
            d *= policy.multiplier;
        }
        // As in the core, a cap clamps even a product that overflowed: a
        // huge multiplier with a cap stays finite. Capped after the jitter,
        // growth stops at `cap × 2^60` anyway, so that is where it clamps.
        if let Some(cap) = policy.max_delay {
            let limit = if cap_after { cap * GROWTH_STOP } else { cap };
            if d > limit && limit.is_finite() {
                d = limit;
            }
        }
        if !d.is_finite() {
            return Err(DistError::DelayOverflow { retry });
        }
        let delay = match (policy.max_delay, cap_after) {
            (None, _) => spread(policy.jitter, d),
            (Some(cap), false) => {
                if d >= cap {
                    d = cap;
                    growing = false;
                }
                spread(policy.jitter, d)
            }
            (Some(cap), true) => {
                let mut jittered = spread(policy.jitter, d);
                if jittered.lo >= cap || d >= cap * GROWTH_STOP {
                    growing = false;
                }
                jittered.cap = cap;
                jittered
            }
        };
        if !delay.hi.is_finite() {
            return Err(DistError::DelayOverflow { retry });
        }
        *slot = delay;
    }
    Ok(&out[..n])
}

/// The uncut interval of a nominal delay `d` under `jitter`.
fn spread(jitter: Jitter, d: f64) -> Delay {
    match jitter {
        Jitter::Full => Delay::uniform(0.0, d),
        Jitter::Equal => Delay::uniform(d * 0.5, d),
        Jitter::Proportional { factor } => Delay::uniform(d - d * factor, d + d * factor),
        // No jitter; `delays` refused the kinds of the Monte Carlo method
        // before the first call.
        _ => Delay::fixed(d),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(jitter: Jitter, max_delay: Option<f64>) -> Policy {
        Policy {
            base: 1.0,
            multiplier: 2.0,
            max_delay,
            retries: 5,
            jitter,
        }
    }

    #[test]
    fn kinds_give_their_intervals_and_cap_before_jitter_may_exceed_the_cap() {
        let mut buf = [Delay::fixed(0.0); 5];
        let before = CapOrder::BeforeJitter;
        let got = delays(&policy(Jitter::Equal, Some(4.0)), before, &mut buf).unwrap();
        assert_eq!(got[2], Delay::uniform(2.0, 4.0));
        assert_eq!(got[4], Delay::uniform(2.0, 4.0));
        let grpc = Jitter::Proportional { factor: 0.2 };
        let got = delays(&policy(grpc, Some(4.0)), before, &mut buf).unwrap();
        assert_eq!(got[0], Delay::uniform(0.8, 1.2));
        assert_eq!(got[4], Delay::uniform(3.2, 4.8));
        assert_eq!(got[4].max(), 4.8);
    }

    #[test]
    fn cap_after_jitter_is_a_mixed_distribution_with_its_atom_at_the_cap() {
        let mut buf = [Delay::fixed(0.0); 5];
        let kind = Jitter::Proportional { factor: 0.5 };
        let got = delays(&policy(kind, Some(5.0)), CapOrder::AfterJitter, &mut buf).unwrap();
        // Nominal 4: uniform on [2, 6] cut at 5: a quarter of the mass at 5.
        let shape = got[2].shape(3).unwrap();
        assert_eq!((shape.lo, shape.top, shape.atom), (2.0, 5.0, 0.25));
        // Mean: 3/4 × 3.5 + 1/4 × 5.
        assert_eq!(got[2].mean(), 3.875);
        // Nominal 16: [8, 24] lies above the cap: exactly 5.
        assert_eq!(got[4].min(), 5.0);
        assert_eq!(got[4].max(), 5.0);
    }

    #[test]
    fn each_rule_has_its_error() {
        let ok = policy(Jitter::None, Some(10.0));
        let mut buf = [Delay::fixed(0.0); 5];
        let bad_factor = |factor| Policy {
            jitter: Jitter::Proportional { factor },
            ..ok
        };
        let cases = [
            (Policy { base: 0.0, ..ok }, DistError::Base),
            (
                Policy {
                    base: f64::NAN,
                    ..ok
                },
                DistError::Base,
            ),
            (
                Policy {
                    multiplier: 0.5,
                    ..ok
                },
                DistError::Multiplier,
            ),
            (
                Policy {
                    max_delay: Some(-1.0),
                    ..ok
                },
                DistError::MaxDelay,
            ),
            (Policy { retries: 0, ..ok }, DistError::Retries),
            (
                Policy {
                    retries: 1001,
                    ..ok
                },
                DistError::Retries,
            ),
            (bad_factor(0.0), DistError::Factor),
            (bad_factor(1.5), DistError::Factor),
            (bad_factor(f64::NAN), DistError::Factor),
        ];
        let before = CapOrder::BeforeJitter;
        for (p, want) in cases {
            assert_eq!(delays(&p, before, &mut buf).map(|_| ()), Err(want), "{p:?}");
        }
        assert!(delays(&bad_factor(1.0), before, &mut buf).is_ok());
        let mut short = [Delay::fixed(0.0); 2];
        let got = delays(&ok, before, &mut short).map(|_| ());
        assert_eq!(got, Err(DistError::Output));
        // Decorrelated delays depend on one another: not computed here.
        let dependent = policy(Jitter::Decorrelated, None);
        let got = delays(&dependent, before, &mut buf).map(|_| ());
        assert_eq!(got, Err(DistError::Jitter));
    }

    #[test]
    fn uncapped_growth_overflow_names_the_retry() {
        let p = Policy {
            base: 1e300,
            multiplier: 1e10,
            max_delay: None,
            retries: 3,
            jitter: Jitter::None,
        };
        let mut buf = [Delay::fixed(0.0); 3];
        assert_eq!(
            delays(&p, CapOrder::BeforeJitter, &mut buf).map(|_| ()),
            Err(DistError::DelayOverflow { retry: 2 })
        );
    }

    #[test]
    fn a_cap_clamps_a_product_that_overflowed() {
        // The core accepts this policy: its second delay is the cap.
        let mut p = Policy {
            base: 1.0,
            multiplier: f64::MAX,
            max_delay: Some(1e299),
            retries: 3,
            jitter: Jitter::Full,
        };
        let mut buf = [Delay::fixed(0.0); 3];
        let got = delays(&p, CapOrder::BeforeJitter, &mut buf).unwrap();
        assert_eq!(got[2], Delay::uniform(0.0, 1e299));
        // Capped after the jitter, the clamp is at `cap × 2^60`.
        p.jitter = Jitter::Proportional { factor: 0.5 };
        p.max_delay = Some(1e200);
        let got = delays(&p, CapOrder::AfterJitter, &mut buf).unwrap();
        assert_eq!((got[2].min(), got[2].max()), (1e200, 1e200));
    }

    #[test]
    fn bad_intervals_are_refused() {
        for d in [
            Delay::uniform(2.0, 1.0),
            Delay::uniform(-1.0, 1.0),
            Delay::uniform(0.0, f64::INFINITY),
            Delay {
                lo: 0.0,
                hi: 1.0,
                cap: f64::NAN,
            },
        ] {
            assert_eq!(d.shape(4), Err(DistError::Delay { retry: 4 }));
        }
    }
}
