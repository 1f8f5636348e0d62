//! What a run comes to: its per-second rows ([`Second`]), its totals, and
//! whether it recovered from a trigger (a spike of load, say) or
//! collapsed, read off those rows.
//!
//! A run recovered when, from `within` seconds after the trigger ended to
//! the run's end, it answers at least [`RECOVERED_SHARE`] of the share of
//! requests it answered before the trigger (from its second second on: the
//! first holds requests still in flight). A metastable failure is a run
//! that does not: the trigger is gone, the load is back to what the server
//! handled before, and yet the retries keep it down.

/// What happened in one second of a run, `[s, s + 1)`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Second {
    /// New requests.
    pub starts: u32,
    /// Attempts sent: first attempts and retries.
    pub attempts: u32,
    /// Attempts that reached the server (at the bottom of the layers):
    /// taken, queued or refused.
    pub offered: u32,
    /// Retries sent (each counted when it is decided, before its delay).
    pub retries: u32,
    /// Requests answered with a success.
    pub successes: u32,
    /// Attempts given up on at their timeout.
    pub timeouts: u32,
    /// Attempts answered with a failure (refused by a full queue, or
    /// failed at the server), while still current.
    pub failures: u32,
    /// Requests that ended without a success.
    pub gave_up: u32,
    /// Attempts in progress at the server at the end of the second.
    pub concurrency: u32,
    /// Attempts waiting in its queue at the end of the second.
    pub queued: u32,
    /// The clients' guards' balance at the end of the second, the mean
    /// over the clients (`Guard::balance`: gRPC's tokens, the AWS quota's
    /// capacity, Brooker's bucket, Finagle's retries); NaN for a guard
    /// without one.
    pub tokens: f64,
}

impl Second {
    /// The second's figures in the order of the storm contract's
    /// `FIGURES` (`crate::contract::storm`): counts as `f64`, exact.
    pub fn figures(&self) -> [f64; 11] {
        let count = f64::from;
        [
            count(self.starts),
            count(self.attempts),
            count(self.offered),
            count(self.retries),
            count(self.successes),
            count(self.timeouts),
            count(self.failures),
            count(self.gave_up),
            count(self.concurrency),
            count(self.queued),
            self.tokens,
        ]
    }

    /// A second with nothing in it, for static slots.
    pub const ZERO: Second = Second {
        starts: 0,
        attempts: 0,
        offered: 0,
        retries: 0,
        successes: 0,
        timeouts: 0,
        failures: 0,
        gave_up: 0,
        concurrency: 0,
        queued: 0,
        tokens: 0.0,
    };
}

/// The share of its goodput before the trigger a recovered run answers
/// after it.
pub const RECOVERED_SHARE: f64 = 0.9;

/// The time after a trigger's end that a run has to come back in, s:
/// Brooker's spike ends at 25 s, and a run that has not recovered by 50 s
/// does not.
pub const RECOVERY_TIME: f64 = 25.0;

/// A run's totals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    pub starts: u64,
    pub attempts: u64,
    pub successes: u64,
    /// Attempts per new request (1 without retries); 0 without requests.
    pub amplification: f64,
    /// Successes per new request; 0 without requests.
    pub success_share: f64,
    /// Successes per second.
    pub goodput: f64,
}

/// The totals of `rows`.
pub fn summarize(rows: &[Second]) -> Summary {
    let sum = |f: fn(&Second) -> u32| rows.iter().map(|s| u64::from(f(s))).sum::<u64>();
    let (starts, attempts, successes) =
        (sum(|s| s.starts), sum(|s| s.attempts), sum(|s| s.successes));
    let per_start = |x: u64| {
        if starts == 0 {
            0.0
        } else {
            x as f64 / starts as f64
        }
    };
    Summary {
        starts,
        attempts,
        successes,
        amplification: per_start(attempts),
        success_share: per_start(successes),
        goodput: if rows.is_empty() {
            0.0
        } else {
            successes as f64 / rows.len() as f64
        },
    }
}

/// Before and after a trigger.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Recovery {
    /// Successes per new request before the trigger.
    pub before: f64,
    /// Successes per new request from `within` after it to the end.
    pub after: f64,
    pub recovered: bool,
}

/// Whether the run of `rows` recovered from a trigger from `start` to
/// `end` (seconds) within `within` seconds; `None` when either window holds
/// no new request.
pub fn recovery(rows: &[Second], start: f64, end: f64, within: f64) -> Option<Recovery> {
    // Whole seconds: the window before ends where the trigger's second
    // begins, the one after starts at the first whole second past it.
    let second = |t: f64| {
        if t <= 0.0 {
            0
        } else {
            // Bounded by the rows' length below; `as` saturates.
            let whole = crate::floor(t) as usize;
            if (whole as f64) < t { whole + 1 } else { whole }
        }
    };
    let before_end = (crate::floor(start.max(0.0)) as usize).min(rows.len());
    let after_start = second(end + within).min(rows.len());
    let share = |window: &[Second]| {
        let s = summarize(window);
        (s.starts > 0).then_some(s.success_share)
    };
    let before = share(rows.get(1..before_end)?)?;
    let after = share(&rows[after_start..])?;
    Some(Recovery {
        before,
        after,
        recovered: after >= RECOVERED_SHARE * before,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn second(starts: u32, attempts: u32, successes: u32) -> Second {
        Second {
            starts,
            attempts,
            successes,
            ..Second::default()
        }
    }

    #[test]
    fn totals_are_sums_and_ratios() {
        let rows = [second(10, 12, 8), second(10, 18, 2)];
        let s = summarize(&rows);
        assert_eq!((s.starts, s.attempts, s.successes), (20, 30, 10));
        assert_eq!(
            (s.amplification, s.success_share, s.goodput),
            (1.5, 0.5, 5.0)
        );
        assert_eq!(summarize(&[]).amplification, 0.0);
    }

    #[test]
    fn a_run_recovers_when_it_answers_as_before() {
        // Seconds 1–4 answer all; the trigger is seconds 5–6; from 8 on
        // (1 s after it) the run answers 9 in 10, or 1 in 10.
        let mut rows = [second(10, 10, 10); 12];
        rows[5] = second(20, 40, 5);
        rows[6] = second(20, 40, 5);
        for (after, recovered) in [(9, true), (1, false)] {
            for row in &mut rows[8..] {
                *row = second(10, 20, after);
            }
            let r = recovery(&rows, 5.0, 7.0, 1.0).unwrap();
            assert_eq!((r.before, r.recovered), (1.0, recovered), "{r:?}");
            assert_eq!(r.after, f64::from(after) / 10.0);
        }
        // No second before the trigger, or none after it: no verdict.
        assert_eq!(recovery(&rows, 1.0, 7.0, 1.0), None);
        assert_eq!(recovery(&rows, 5.0, 11.5, 1.0), None);
    }
}
