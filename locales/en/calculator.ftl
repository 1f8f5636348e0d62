### The "calculator" page, English (the reference language).
### Source: the Russian page "Калькулятор экспоненциальной задержки (backoff)".
### The calculator on this page works in milliseconds, and a maximum delay
### of zero means "no limit". Messages are Markdown unless noted otherwise;
### figures always come from variables formatted by the build.

# The page's H1 and <title>.
title = Exponential backoff calculator

# Meta description: plain text, one sentence.
description = See the delay before each retry, the total wait, and the effect of jitter: an exponential backoff calculator that runs in your browser.

# Short label for links to this page.
nav-label = Backoff calculator

# Introduction (Markdown).
intro =
    Set the first delay, the multiplier, the maximum delay, and the number of retries to see the schedule your retry loop will follow, how long a request can wait in total, and how jitter changes that.

    The figures change as you type.

# Heading of the "how to use" section.
how-to-heading = How to use it

# How to use the calculator (Markdown bulleted list).
how-to =
    - Enter the first delay in milliseconds and the multiplier (two doubles the delay each time).
    - Set the maximum delay (zero means no limit) and the number of retries.
    - Choose the kind of jitter, then read the table and the totals.

# This page's rule for the maximum delay, shown by the calculator (one sentence).
max-delay-rule = On this page, a maximum delay of zero means no limit.

# Heading of the formula section.
formula-heading = Formula

# Formula section (Markdown).
# { $delay-formula }, { $decorrelated-formula } and { $timeline-formula } are display formulas provided by the build; keep each on a line of its own.
# Inline math must not contain braces: $d(n)$ is the delay before retry $n$.
formula =
    { $delay-formula }

    With full jitter the actual delay is random within $[0, d(n)]$, with equal jitter within $[d(n)/2, d(n)]$, where $d(n)$ is the delay before retry $n$ from the formula above. A maximum delay of zero means no limit: the delay is then never cut, however large it grows.

    The totals add up the shortest, mean, and longest delay of each retry.

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

# Heading of the worked example section.
example-heading = Worked example

# The worked example (Markdown). All delays are in seconds ("s").
# $base - first delay; $multiplier; $max - maximum delay; $retries (number) - how many retries
# $uncapped-delays - list of the delays the maximum did not limit; $uncapped-count (number)
# $capped-retries - list of the retry numbers whose delay was cut to the maximum; $capped-count (number)
# $capped-nominal-delays - list of what the formula gives for those retries before the cap
# $first-capped-retry (number) - the first of them
# $sum - the delays written out as a sum; $total - the longest total wait
# $total-human - that total, rounded and humanized in this language
# $mean-total-full - the mean total wait with full jitter
example-main =
    With a first delay of { $base } s, a multiplier of { $multiplier }, a maximum of { $max } s, and { $retries ->
        [one] { $retries } retry
       *[other] { $retries } retries
    }, { $uncapped-count ->
        [one] the first delay is
       *[other] the delays are
    } { $uncapped-delays } s, and { $capped-count ->
        [one] the { $capped-nominal-delays } s before retry { $capped-retries } is
       *[other] the { $capped-nominal-delays } s before retries { $capped-retries } are
    } cut to { $max } s.

    The longest total wait is { $sum } = { $total } s; it is shown rounded as { $total-human }. With full jitter the mean total wait is half of that: { $mean-total-full } s.

# Heading of the tips section.
tips-heading = Tips

# Tips (Markdown bulleted list).
tips =
    - If the server sent a `Retry-After` header, never retry earlier than it asks, but cap what you accept (see the practice page).
    - Bound the retry loop not only by the number of retries but also by an overall deadline.
    - Log the attempt number, so that you can see in production how often retries happen.

# Heading of the FAQ section.
faq-heading = Frequently asked questions

# FAQ question; .answer is the answer (Markdown).
faq-what-is-backoff = What is exponential backoff?
    .answer =
        A retry policy in which each delay is longer than the one before, usually twice as long. A failing service gets time to recover, and clients do not bury it under retries.

        The delay before retry $n$ is the first delay times the multiplier to the power $n - 1$, but no more than the maximum.

# FAQ question; .answer is the answer (Markdown).
faq-why-jitter = Why add jitter?
    .answer =
        If many clients get an error at the same moment, an identical schedule makes them retry at the same moment too. Jitter (a random spread) pulls them apart in time.

        Full jitter picks a random delay between zero and the computed one; equal jitter keeps half of the computed delay and makes the other half random.

# FAQ question; .answer is the answer (Markdown).
faq-which-max-delay = Which maximum delay should I choose?
    .answer = It depends on how long the caller can wait. For interactive requests the maximum is usually a few seconds, and clients give up after a few retries; background jobs can wait for minutes. Compare the total wait with your deadline, or enter the deadline and the timeout per attempt in the form: the calculator then says how often the last retry would start after the deadline.

# FAQ question; .answer is the answer (Markdown). The HTTP status codes stay as digits.
faq-retry-every-error = Should a request be retried after every error?
    .answer =
        No. Retry on timeouts, connection errors, and responses such as 429 or 503 that signal a temporary problem. Errors such as 400 or 404 will simply happen again.

        Retry only operations that are safe to run again, or make them idempotent first.

# Word for a pause of decorrelated jitter in the display formula (plain text).
formula-sleep = pause

# Word for the start of an attempt in the display formula (plain text).
formula-start = start

# Word for the timeout per attempt in the display formula (plain text).
formula-timeout = timeout

# Percentiles example (Markdown): the schedule of the first example with full jitter. All delays are in seconds ("s").
# $total - the longest total wait; $mean-total-full - the mean total wait with full jitter
# $p50, $p90, $p99 (numbers) - the percentiles named: 50, 90 and 99; $total-p50, $total-p90, $total-p99 - the total wait at each
example-percentiles =
    The totals say how long a run can take, not how long it usually takes. With full jitter, the same schedule waits between nothing and { $total } s in total, { $mean-total-full } s on average. Its percentiles say more: half of the runs wait at most { $total-p50 } s (the median, P{ $p50 }), nine runs in ten at most { $total-p90 } s (P{ $p90 }), and all but one run in a hundred at most { $total-p99 } s (P{ $p99 }). Size your time budget against P{ $p99 }: the longest total, { $total } s, is a bound that hardly any run reaches.
