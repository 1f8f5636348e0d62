### The "defaults" page, English (the reference).
### The retry defaults of widely used libraries side by side: the table is
### built from content/presets.toml, its figures by the core; messages place
### them as variables. Messages are Markdown unless noted otherwise.

# The page’s H1 and <title>.
title = Retry defaults of popular libraries
# Meta description: plain text, one sentence.
description = What the AWS SDK for Python, gRPC, Polly, tenacity, and others do by default when a call fails, with the schedules computed.
# Short label for links to this page.
nav-label = Library defaults

intro =
    Few teams design a retry policy: they inherit one from a client library. This page lists the defaults of widely used libraries and protocols side by side, with the waits each one adds up to. Three differences bite most often: whether the number counts *attempts* (the first call included) or *retries*, whether the cap applies before or after the jitter, and whether a timeout limits each attempt or the whole operation.

presets-heading = The defaults side by side
presets =
    Each row shows a library’s default policy as this site computes it; where a library’s rule goes beyond what the site’s schedule expresses, the row is the nearest schedule and a note below says what differs. Two labels mark exceptions: *example values* is a library’s documented example, for one that has no defaults or whose defaults never wait; *opt-in* marks the defaults of a behavior that is off until you enable it. The totals are the sum of all waits, not counting the calls themselves; where the jitter is random, P{ $percentile } is the total that { $percentile }% of runs stay under. Unlimited and time-limited policies are shown with an illustrative number of retries.

# Plain text: the table’s caption.
defaults-caption = Retry defaults and their total waits
# Plain text: column headings.
defaults-column-library = Library
defaults-column-counting = Counting
defaults-column-policy = Delays
defaults-column-jitter = Jitter
defaults-column-min = Shortest total
defaults-column-mean = Mean total
defaults-column-max = Longest total
defaults-column-p99 = P{ $percentile } total
defaults-column-schedule = Schedule
defaults-column-source = Source
# Plain text: the link to the source lines.
defaults-source = source
# Plain text: $base and $cap are durations, $multiplier a number, $retries the core’s retries.
defaults-policy = from { $base }, × { $multiplier }, no cap, { $retries ->
    [one] { $retries } retry
   *[other] { $retries } retries
}
defaults-policy-capped = from { $base }, × { $multiplier }, up to { $cap }, { $retries ->
    [one] { $retries } retry
   *[other] { $retries } retries
}
# Plain text: the sparkline’s text alternative; $delays lists the mean delays.
defaults-sparkline = Mean delays: { $delays }
# Plain text: what the library’s number counts; $count is that number.
preset-counts-attempts = { $count ->
    [one] { $count } attempt
   *[other] { $count } attempts
}
preset-counts-retries = { $count ->
    [one] { $count } retry
   *[other] { $count } retries
}
preset-counts-unlimited = no limit
preset-counts-time = a time limit

# The version a preset was read in (plain text): a commit of the main
# branch after a release, a specification as of a date (YYYY-MM-DD), the
# main branch.
preset-version-main-after = main after { $release }
preset-version-as-of = as of { $date }
preset-version-main = main branch

# The mark of a row whose figures are not the library's plain defaults
# (plain text): its documented example, or defaults behind a switch.
defaults-values-example = example values
defaults-values-opt-in = opt-in

# What the core cannot express of a library’s rule: the notes are site.ftl’s
# `calc-preset-differs-…`, shown by the calculator too; this one is worded for
# this page’s table, whose rows are the geometric fit.
preset-differs-polynomial = Delays grow as a polynomial; the row is a geometric fit.

family-python-heading = Python
family-python =
    tenacity and `urllib3` count differently: tenacity retries without end unless given a stop (`stop_after_attempt` counts *attempts*), while `urllib3`’s `total` counts *retries*. botocore counts attempts and caps the delay before drawing the jitter, so a wait is never longer than the cap. Its newer behavior, on only with `AWS_NEW_RETRIES_2026=true`, uses a much shorter first delay for errors other than throttling and honors the server’s `x-amz-retry-after`. Of these libraries, only the Google API client stops at an overall deadline by default: for the others, pass one yourself.
family-java-heading = Java
family-java =
    `resilience4j`’s `maxAttempts` and Spring Retry’s `maxAttempts` both include the first call, so three attempts mean two retries. Neither adds jitter by default, and neither limits the time of one attempt: `resilience4j`’s [retry settings](https://github.com/resilience4j/resilience4j/blob/af9e7c979f17804f23cc1b76dd7cf268fb58b5c7/resilience4j-retry/src/main/java/io/github/resilience4j/retry/RetryConfig.java#L35-L70) have no time limit (that is a separate [`TimeLimiter`](https://github.com/resilience4j/resilience4j/blob/af9e7c979f17804f23cc1b76dd7cf268fb58b5c7/resilience4j-timelimiter/src/main/java/io/github/resilience4j/timelimiter/TimeLimiterConfig.java#L14)), and Spring Retry’s [`TimeoutRetryPolicy`](https://github.com/spring-projects/spring-retry/blob/c8977dda2d97c6d73719a5413761cee5e91de34b/src/main/java/org/springframework/retry/policy/TimeoutRetryPolicy.java#L94-L108) counts from the first attempt, so it limits the whole operation. Limit each attempt with the HTTP client’s timeout. Kafka clients apply the cap after the jitter and stop at `delivery.timeout.ms`, an overall limit, not a per-attempt one.
family-dotnet-heading = .NET
family-dotnet =
    Polly’s `MaxRetryAttempts` counts *retries*, in addition to the original call. Its timeout is a separate strategy, and [its place in the pipeline](https://github.com/App-vNext/Polly/blob/3e2164e50b7dcd2021c95470a6b80a0c032607c5/docs/pipelines/index.md#L294-L308) decides what it limits: added after the retry (inside it), it limits each attempt; added before (outside), one timeout covers every attempt.
family-go-heading = Go
family-go =
    cenkalti/backoff stops at an elapsed-time limit rather than a count and caps the delay before the jitter. Its later major versions keep these delays but move the elapsed-time limit from the policy to an option of `Retry`, `WithMaxElapsedTime`, with the same default, beside `WithMaxTries`, unlimited by default. client-go’s workqueue retries without end and also passes every item through a rate limiter.
family-rust-heading = Rust
family-rust =
    backon counts *retries* (the delays it yields) and adds no jitter unless asked to.
family-ruby-heading = Ruby
family-ruby =
    Sidekiq’s delays grow as a polynomial of the retry number, with jitter added on top: the row is the closest geometric schedule, and its long tail spans weeks.
family-javascript-heading = JavaScript
family-javascript =
    Stripe’s SDKs count *retries* and, even with the jitter, never wait less than a fixed floor: the first delay in Python, twice the first delay in Node.js, whose first two retries therefore wait the same.
family-protocol-heading = Protocols and proxies
family-protocol =
    gRPC’s retry policy counts *attempts* (`maxAttempts`, the first call included); its connection backoff never stops. Envoy draws whole milliseconds.
