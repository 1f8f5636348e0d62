### The "schedule" page, English (the reference language).
### Source: the German page "Exponentiellen Backoff-Zeitplan für Wiederholungen berechnen".
### The schedule is unit-agnostic (milliseconds, seconds or plain units), and
### the maximum delay must be greater than zero: zero is refused on this page.
### Messages are Markdown unless noted otherwise; figures always come from
### variables formatted by the build.

# The page's H1 and <title>.
title = Compute an exponential backoff retry schedule

# Meta description: plain text, one sentence.
description = Compute a deterministic exponential backoff schedule in any unit of time: the wait before each retry, limited by a maximum delay.

# Short label for links to this page.
nav-label = Retry schedule

# Introduction (Markdown).
intro =
    Enter the wait before the first retry, the growth multiplier, the maximum delay, and the number of retries. The result shows the wait before each retry, in the unit you entered.

    Use it to check configurations, document client behavior, compare policies, and spot overly long recovery windows before they reach production.

# Heading of the "how to use" section (the source's "define the policy in one unit").
how-to-heading = Define the policy in one unit

# How to use the schedule calculator (Markdown bulleted list, then one short paragraph).
how-to =
    - Pick one unit that suits the system you configure, such as milliseconds or seconds, and use it for every delay. No unit is prescribed: exponential backoff follows the same arithmetic in any unit.
    - Enter the first delay, the wait before the first retry. It must be greater than zero.
    - Enter the multiplier, at least one. It sets how fast the uncapped delay grows: two doubles each following wait, one keeps the interval constant.
    - Enter the maximum delay in the same unit. It must be greater than zero.
    - Enter the number of retries, a whole number from one to one thousand. It counts retries only, not the original request: five gives five entries, numbered one to five.
    - When you copy results, note the unit, so that milliseconds are not later read as seconds.

    These rules keep the schedule meaningful and the output bounded.

# This page's rule for the maximum delay, shown by the calculator (one sentence).
max-delay-rule = On this page the maximum delay must be greater than zero; zero is refused.

# Heading of the formula section (the source's "understand growth and the cap").
formula-heading = Growth and the cap

# Formula section (Markdown).
# { $delay-formula }, { $decorrelated-formula } and { $timeline-formula } are display formulas provided by the build; keep each on a line of its own.
# Inline math must not contain braces: $d(n)$ is the delay before retry $n$.
formula =
    { $delay-formula }

    For retry $n$, the uncapped delay is the first delay times the multiplier to the power $n - 1$. The schedule gives the smaller of this value and the maximum delay. The cap applies even when it is below the first delay: it is a hard upper bound, and the schedule shows such an unusual setting instead of silently rewriting it.

    The computation proceeds step by step: it never raises the multiplier to an unbounded power, and it stops the growth once the cap is reached. Even very large multipliers therefore give a deterministic result, and no infinite value ever ends up in the JSON result.

    The schedule itself is deterministic: it is the underlying policy, and each kind of jitter relates to it in its own way. Full jitter draws the delay before retry $n$ at random within $[0, d(n)]$ and equal jitter within $[d(n)/2, d(n)]$: both stay at or below the schedule, which is then the upper bound of every wait. Proportional jitter with a factor $f$ draws within $[(1 - f) d(n), (1 + f) d(n)]$, around the schedule, so a wait can exceed it; Polly’s jitter follows a formula of its own. Whichever you choose, the table and totals give the shortest, mean, and longest values. Check which rule your library follows before you read the schedule as a bound.

    Decorrelated jitter, as the [AWS Architecture Blog](https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/) defines it, does not follow this formula. Each delay is drawn uniformly between the first delay and three times the previous delay, then capped at the maximum delay; the previous delay starts as the first delay, and the multiplier plays no part:

    { $decorrelated-formula }

    Here $U$ is a value drawn uniformly between the two bounds in its brackets. Because each delay depends on the one before it, the calculator finds the percentiles of decorrelated jitter not exactly but by a simulation with a fixed seed, which gives the same result on every computer.

    A timeout is how long one attempt may run before it counts as failed. Attempt $k + 1$ (retry $k$) starts once $k$ attempts have each timed out and $k$ delays have passed:

    { $timeline-formula }

    A deadline counts from the start of the first attempt. With a timeout or a deadline, the calculator lists the earliest, median, and latest start of every attempt, draws them against the deadline, and says how often the last retry starts after it.

# Word for the delay function in the display formula (plain text).
formula-delay = delay

# Word for the maximum delay in the display formula (plain text).
formula-max = maximum

# Word for the first delay in the display formula (plain text).
formula-base = first delay

# Word for the multiplier in the display formula (plain text).
formula-multiplier = multiplier

# Heading of the examples section.
example-heading = Examples

# First example (Markdown): how the delay grows and then stays at the maximum. No unit.
# $base - first delay; $multiplier; $max - maximum delay; $retries (number) - how many retries
# $delays - list of all the delays, joined with "and"
example-growth =
    For example, a first delay of { $base }, a multiplier of { $multiplier }, and a maximum of { $max } give, over { $retries ->
        [one] { $retries } retry
       *[other] { $retries } retries
    }, the delays { $delays }: once the maximum is reached, every further retry waits { $max } again.

# Second example (Markdown): a maximum below the first delay. No unit.
# $base - first delay; $max - maximum delay (smaller than $base); $retries (number) - how many retries
# $delays - list of all the delays (each equal to $max), joined with "and"
example-cap-below-base =
    With a first delay of { $base } and a maximum of { $max }, every delay is { $max }, from the very first retry on: { $retries ->
        [one] { $retries } retry gives
       *[other] { $retries } retries give
    } { $delays }.

# Heading of the tips section (the source's "use the schedule without setting off a retry wave").
tips-heading = Use the schedule without setting off a retry wave

# Tips (Markdown: a bulleted list, then a paragraph).
# Inline code shows real command lines; keep them as they are.
tips =
    - Before you roll out a policy, check how long the whole schedule takes. A short first delay may look harmless, but a high multiplier quickly takes later retries to the cap and can stretch the whole recovery considerably.
    - Compare each wait with request timeouts, queue visibility timeouts, rate-limit resets, and the longest wait your users will put up with.
    - The schedule covers the waits before retries only: the duration of the original request and the work done during each failed attempt are not included. Add them separately to estimate the full worst case.
    - In distributed systems, a deterministic schedule can make many clients retry at the same moment after a shared outage. Clients in production therefore often add bounded jitter, and keep the computed schedule as its upper bound (full or equal jitter) or its mean (proportional jitter).

    The calculator sends no requests, does not wait, contacts no service, and does not judge errors: it only computes the schedule, with no network access and no stored state. Automating it costs nothing, and there is no paid API: the “Copy JSON” and “Download JSON” buttons give the schedule as JSON, and `backoff-site`, the open-source command-line tool that builds this site, prints the same document, for example with `cargo run -- schedule --base 250 --multiplier 2 --max 2000 --retries 5` in its source folder.

# Heading of the FAQ section.
faq-heading = Frequently asked questions

# FAQ question; .answer is the answer (Markdown).
faq-counts-original = Does the number of retries include the original request?
    .answer =
        No. It counts retries only, and each entry is the wait before one of them. The original request comes first and has no wait before it.

        Keeping the two apart avoids a common counting mistake in runbooks and configuration reviews.

# FAQ question; .answer is the answer (Markdown).
faq-never-infinite = Why does the computation never produce an infinite value?
    .answer =
        It works step by step: each delay is the previous one times the multiplier, and once a delay reaches the maximum, the growth stops. No unbounded power is ever computed, so even a very large multiplier gives a deterministic, finite schedule.

        Because the maximum must be greater than zero on this page, every delay has a finite upper bound. Should a total wait still grow too large to compute, the calculator says so at the field instead of showing an infinite value.

# Word for a pause of decorrelated jitter in the display formula (plain text).
formula-sleep = pause

# Word for the start of an attempt in the display formula (plain text).
formula-start = start

# Word for the timeout per attempt in the display formula (plain text).
formula-timeout = timeout

# Percentiles example (Markdown): the schedule of the first example with full jitter. No unit.
# $total - the longest total wait; $mean-total-full - the mean total wait with full jitter
# $p50, $p90, $p99 (numbers) - the percentiles named: 50, 90 and 99; $total-p50, $total-p90, $total-p99 - the total wait at each
example-percentiles =
    The totals say how long a run can take, not how long it usually takes. With full jitter, the same schedule waits between nothing and { $total } in total, { $mean-total-full } on average. Its percentiles say more: half of the runs wait at most { $total-p50 } (the median, P{ $p50 }), nine runs in ten at most { $total-p90 } (P{ $p90 }), and all but one run in a hundred at most { $total-p99 } (P{ $p99 }). Size your time budget against P{ $p99 }: the longest total, { $total }, is a bound that hardly any run reaches.
