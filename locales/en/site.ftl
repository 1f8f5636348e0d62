### Site-wide strings of backoff-site, English (the reference language).
### Shared by every page: site chrome, the calculator widget, the schedule
### table, humanized durations, error messages and the 404 page.
### Numbers always arrive as variables, already formatted by the build:
### never type a computed figure into a message.

## Site chrome

# The site's name, shown in the header and in every <title>.
site-name = Backoff planner

# A page's <title>: the page's own title, then the site's name, with the
# separator your language uses there (a spaced dash, not a hyphen).
# $title - the page's title; $site - the site's name
page-title = { $title } — { $site }

# What the calculator needs, for search engines' structured data (plain text).
calculator-requirements = Requires JavaScript and WebAssembly

# The name of this language in this language, shown in the language switcher.
language-name = English

# Text of the "skip to main content" link for keyboard users.
skip-to-content = Skip to content

# Link to this language's home page.
nav-home = Home

# Accessible label (aria-label) of the language switcher navigation.
language-switcher-label = Language

# Accessible label of the in-page table of contents.
section-contents = On this page

## Home page

# The home page's H1 and <title>.
home-title = Exponential backoff, explained and calculated

# Meta description of the home page: plain text, one sentence.
home-description = Explainer pages about exponential backoff with a calculator that shows the delay before each retry and the total wait.

# Introduction on the home page (Markdown).
home-intro =
    Exponential backoff spaces out retries: each wait before a new attempt is longer than the one before, up to a maximum. A struggling service gets room to recover, and your clients do not flood it with retries.

    The pages below explain the formula and let you compute a retry schedule right in your browser, with or without jitter.

# Heading above the list of pages on the home page.
home-pages-heading = Pages

# The dash between a page's name and its description in a list (the home page, the language chooser), with its spaces as the language sets them; the quotes keep the spaces.
list-dash = —

## Schedule table (worked example and calculator)

# Caption of the schedule table.
# $retries (number) - how many retries the table lists.
table-caption =
    { $retries ->
        [one] Schedule for { $retries } retry
       *[other] Schedule for { $retries } retries
    }

# Column header: the number of the retry.
table-retry = Retry

# Column header: the delay before that retry.
table-delay = Delay

# Column header: whether the maximum delay limited this delay (cells: capped-yes / capped-no).
table-capped = Capped?

# Column header: the total wait from the original request up to this retry.
table-cumulative = Cumulative wait

# Column header: the mean delay before this retry when jitter is on.
table-mean = Mean delay

# Column header: the shortest to longest delay before this retry when jitter is on.
table-range = Range

# Cell text in the "Capped?" column: the maximum limited this delay.
capped-yes = yes

# Cell text in the "Capped?" column: the delay is below the maximum.
capped-no = no

## Units

# Abbreviation shown after a figure in milliseconds.
unit-ms = ms

# Abbreviation shown after a figure in seconds.
unit-s = s

# Word shown after a figure that has no time unit (the "units" choice).
unit-units = units

# Option label in the unit selector: milliseconds.
unit-ms-name = Milliseconds

# Option label in the unit selector: seconds.
unit-s-name = Seconds

# Option label in the unit selector: figures without a unit.
unit-units-name = No unit

## Humanized durations
## All variables are numbers already formatted by the build. Keep the
## abbreviations short; no plural forms are needed.

# A duration under one minute.
# $seconds (number, may be fractional) - e.g. 45.75
duration-seconds = { $seconds } s

# A duration from one minute to under one hour.
# $minutes (number), $seconds (number) - e.g. 1 and 32
duration-minutes-seconds = { $minutes } min { $seconds } s

# A duration from one hour to under one day.
# $hours (number), $minutes (number) - e.g. 2 and 5
duration-hours-minutes = { $hours } h { $minutes } min

# A duration of one day or more.
# $days (number), $hours (number), $minutes (number) - e.g. 3, 0 and 7
duration-days-hours-minutes = { $days } d { $hours } h { $minutes } min

# A duration whose other parts are zero (they are left out). $minutes (number) - e.g. 2
duration-minutes = { $minutes } min

# A duration whose other parts are zero (they are left out). $hours (number) - e.g. 19
duration-hours = { $hours } h

# A duration whose other parts are zero (they are left out). $days (number) - e.g. 3
duration-days = { $days } d

# A duration whose other parts are zero (they are left out). $days (number), $hours (number) - e.g. 3 and 4
duration-days-hours = { $days } d { $hours } h

# A duration whose other parts are zero (they are left out). $days (number), $minutes (number) - e.g. 3 and 7
duration-days-minutes = { $days } d { $minutes } min

## Calculator widget

# Heading of the calculator section.
calculator-heading = Calculator

# Shown instead of the calculator when JavaScript or WebAssembly is unavailable.
calculator-needs-js = The calculator needs JavaScript and WebAssembly; without them, the table below shows the schedule of its default inputs.

# Field label: the delay before the first retry.
calc-base-label = First delay

# Hint under the first-delay field.
calc-base-hint = The wait before the first retry; greater than zero.

# Field label: the growth factor between consecutive delays.
calc-multiplier-label = Multiplier

# Hint under the multiplier field.
calc-multiplier-hint = At least one; two doubles each delay.

# Field label: the largest delay allowed.
calc-max-label = Maximum delay

# Hint under the maximum-delay field on pages where zero means "no limit".
calc-max-hint-unlimited = Zero means no limit.

# Hint under the maximum-delay field on pages where the maximum is required.
calc-max-hint-positive = Must be greater than zero.

# Field label: the number of retries after the original request.
calc-retries-label = Retries

# Hint under the retries field.
calc-retries-hint = Retries after the original request: a whole number from one to one thousand.

# Label of the switch after the retries field: whether its number counts the retries or all attempts.
calc-count-label = Count

# Option of that switch: retries after the original request.
calc-count-retries = Retries after the original request

# Option of that switch: attempts, the original request included (one more than the retries).
calc-count-attempts = Attempts, the original request included

# Label of the retries field when the switch counts attempts.
calc-attempts-label = Attempts

# Hint under the field when the switch counts attempts.
calc-attempts-hint = Attempts in all, the original request included: a whole number from two to one thousand and one.

# Shown when the number of attempts is not a whole number in range.
# $min, $max (numbers) - the fewest and the most attempts
error-attempts = Enter a whole number of attempts from { $min } to { $max }.

# Label of the jitter selector.
calc-jitter-label = Jitter

# Jitter option: no randomness, every delay is exactly the computed one.
jitter-none = None
# The same kind in a table cell of the defaults page (plain text).
jitter-none-cell = none
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-none-inline = no jitter

# Jitter option: random delay between zero and the computed delay.
jitter-full = Full
# The same kind in a table cell of the defaults page (plain text).
jitter-full-cell = full
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-full-inline = full jitter

# Jitter option: half of the computed delay is kept, the other half is random.
jitter-equal = Equal
# The same kind in a table cell of the defaults page (plain text).
jitter-equal-cell = equal
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-equal-inline = equal jitter

# Jitter option: the delay varies evenly by up to a share of itself either way (the share is the jitter factor).
jitter-proportional = Proportional
# The same kind in a table cell of the defaults page (plain text); $percent is the factor as a percentage, such as 20.
jitter-proportional-cell = ±{ $percent }% of the delay
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-proportional-inline = proportional jitter

# Label of the jitter factor field (proportional jitter only).
calc-factor-label = Jitter factor

# Hint under the jitter factor field.
calc-factor-hint = How far each delay may vary either way, as a fraction of the delay; greater than zero and at most one. The maximum delay applies before the jitter.

# Label of the unit selector.
calc-unit-label = Unit

# Result label: the shortest possible total wait.
calc-total-min = Shortest total wait

# Result label: the mean total wait.
calc-total-mean = Mean total wait

# Result label: the longest possible total wait.
calc-total-max = Longest total wait

# Button: copy the schedule as JSON to the clipboard.
calc-copy-json = Copy JSON

# Button: download the schedule as a JSON file.
calc-download-json = Download JSON

# Short confirmation after the JSON was copied.
calc-copied = Copied

# Shown over the result while an input is invalid.
calc-stale = This result is out of date because an input is invalid. Correct it to update the result.

# Shown beside a field when its figure, valid in this page’s notation, means another figure in the notation of another language of the site (“30.000” is 30 in English, 30,000 in German).
# $value - the figure as this page read it, in its notation
calc-read-as = Read as { $value }, in this page’s notation.

# Shown under a field, which is then disabled, while the kind of jitter chosen does not use it (the multiplier under decorrelated jitter and Polly's jitter, whose delays grow by formulas of their own).
calc-field-unused = This kind of jitter does not use this field: its delays grow by a formula of their own.

# Shown over the result while the module that computes the chosen kind of jitter is still loading (every input is valid).
calc-stale-loading = This result is for the last inputs computed: the part of the calculator that computes this kind of jitter is still loading.

# Shown over the result when the module that computes the chosen kind of jitter could not be loaded (every input is valid).
calc-stale-load-failed = This result is for the last inputs computed: the part of the calculator that computes this kind of jitter could not be loaded. Reload the page to try again.

# Accessible name of the chart of delays.
calc-chart-label = Chart of the delay before each retry

## Calculator errors, shown next to the field concerned

# The field does not contain a number.
error-not-a-number = Enter a number.

# The first delay is zero or negative.
error-base = The first delay must be greater than zero.

# The multiplier is below one.
error-multiplier = The multiplier must be at least one.

# The jitter factor is not greater than zero and at most one.
error-jitter-factor = The jitter factor must be greater than zero and at most one.

# The maximum delay is not positive, on pages where it is required.
error-max-delay = The maximum delay must be greater than zero.

# The maximum delay is negative, on pages where zero means "no limit".
error-max-delay-unlimited = The maximum delay must be zero or greater; zero means no limit.

# The number of retries is out of range or not whole.
# $min (number) - the fewest retries allowed; $max (number) - the most.
error-retries = Enter a whole number from { $min } to { $max }.

# Without a maximum, a delay grew too large to compute.
# $retry (number) - the retry at which it happened.
error-delay-overflow = The delay before retry { $retry } grows beyond what can be computed. Set a maximum delay.

# The total wait grew too large to compute.
# $retry (number) - the retry at which it happened.
error-total-overflow = The total wait up to retry { $retry } is too large to compute. Lower the maximum delay.

## Footer

# Privacy promise in the footer.
footer-privacy = No cookies, no tracking: nothing you type leaves your browser.

# One sentence in the footer (Markdown, inline code allowed).
footer-json = The same schedule is available as JSON from the command line: `backoff-site schedule`.

## Not-found page

# Title of the 404 page.
not-found-title = Page not found

# Text of the 404 page (Markdown). The template adds a link to the home page; do not write URLs.
not-found-text = There is no page at this address. It may have been moved, or the address may be mistyped.

## Calculator: reading numbers as typed

# A figure written in another notation than the page's, or ambiguously (a comma or point where this language does not put one).
# $example - a figure in this page's notation, with digit groups and decimals.
error-notation = Write the number as on this page: a point before the decimals and, if you like, commas between thousands, as in { $example }.

# A figure too large to compute with.
# $max - the largest figure accepted.
error-too-large = This number is too large: enter at most { $max }.

# A delay smaller than the smallest figure the table can show.
# $min - the smallest delay accepted (other than zero where zero means no limit).
error-too-small = This number is too small: the table shows delays from { $min }.

# Name of the region in which the calculator's table scrolls sideways on narrow screens (plain text).
calc-table-label = Retry schedule table

# A duration of one year (365 days) or more, under a thousand years.
# $years (number), $days (number) - e.g. 2 and 45
duration-years-days = { $years } y { $days } d

# A duration of a thousand years or more.
# $years (number) - e.g. 3170
duration-years = { $years } y

## Calculator chart

# Legend: the shaded band from the shortest to the longest delay under jitter.
calc-chart-band = Range of the delay with jitter

# Legend: the line of the mean delay under jitter.
calc-chart-mean = Mean delay

# Said after the chart's summary when its vertical scale is logarithmic (one sentence).
calc-chart-log = The vertical scale is logarithmic, so that growth and plateau both show.

# The chart in words, when no delay reaches the maximum.
# $first - the first delay with its unit; $last - the last delay with its unit.
calc-chart-summary = Delays grow from { $first } to { $last }.

# The chart in words, when the maximum cuts the delays.
# $first, $last - the first and last delays with their unit; $retry - the first retry whose delay is cut.
calc-chart-summary-capped = Delays grow from { $first } to { $last }, capped from retry { $retry } on.

# The chart in words, when every delay is the same (a multiplier of 1, or a first delay at the maximum).
# $first - that delay with its unit.
calc-chart-summary-constant = Every delay is { $first }.

## Calculator presets

# Label of the selector that fills the form with a library’s defaults (plain text).
calc-preset-label = Start from a library’s defaults
# The selector’s first option: the reader’s own values.
calc-preset-own = Your own policy
# Status beside the selector once a field no longer holds the chosen library’s value (plain text, one word or two).
calc-preset-modified = modified
# The selector’s groups (plain text).
# The label of each preset of content/presets.toml (plain text): the library
# and the part of it, in the selector and the defaults table. $name is the
# library's own name from that file; names of classes and options stay as
# they are.
preset-aws-standard = AWS SDK for Python ({ $name }), standard retry mode
preset-aws-standard-2026 = AWS SDK for Python ({ $name }), standard retry mode, newer behavior
preset-grpc-connection = gRPC connection backoff ({ $name })
preset-grpc-retry-policy = gRPC retry policy ({ $name })
preset-google-api-core = Google API client for Python ({ $name })
preset-gax-go = Google API client for Go ({ $name } Backoff)
preset-polly = { $name }, retry strategy
preset-polly-jitter = { $name }, exponential backoff with jitter
preset-resilience4j = { $name } Retry
preset-spring-retry = { $name }, ExponentialBackOffPolicy
preset-spring-retryable = { $name }, @Retryable
preset-finagle = { $name } MethodBuilder retries
preset-tenacity = { $name }, wait_exponential()
preset-urllib3 = { $name } Retry
preset-celery = { $name } task retry
preset-celery-backoff = { $name } autoretry with retry_backoff=True
preset-sidekiq = { $name } job retry
preset-cenkalti-backoff = { $name } ExponentialBackOff
preset-backon = { $name } ExponentialBuilder
preset-client-go-workqueue = Kubernetes { $name } workqueue, default controller rate limiter
preset-envoy = { $name } route retry policy
preset-kafka = { $name } clients, retry.backoff
preset-stripe-python = Stripe SDK for Python ({ $name })
preset-stripe-node = Stripe SDK for Node.js ({ $name })
preset-go-retryablehttp = HashiCorp { $name }

calc-preset-group-python = Python
calc-preset-group-java = Java and Scala
calc-preset-group-dotnet = .NET
calc-preset-group-go = Go
calc-preset-group-rust = Rust
calc-preset-group-ruby = Ruby
calc-preset-group-javascript = JavaScript
calc-preset-group-protocol = Protocols and proxies
# What the chosen library counts (plain text). $count is the library’s number, $retries the calculator’s.
calc-preset-attempts = { $count ->
    [one] { $count } attempt
   *[other] { $count } attempts
}, the first call included: { $retries ->
    [one] { $retries } retry.
   *[other] { $retries } retries.
}
calc-preset-retries = { $retries ->
    [one] { $retries } retry after the first call.
   *[other] { $retries } retries after the first call.
}
calc-preset-unlimited = No limit on the number of retries; the calculator shows { $retries }.
calc-preset-time = It stops at a time limit, not a count; the calculator shows { $retries } retries.
# What the calculator cannot express of the chosen library (plain text, one sentence each);
# the defaults page shows them too, but for `preset-differs-polynomial` in defaults.ftl.
calc-preset-differs-unlimited = It never stops by count; the table shows the first retries only.
calc-preset-differs-time-limit = It stops at an elapsed-time limit, not after a number of retries.
calc-preset-differs-retry-quota = A retry quota or rate limiter can refuse or delay retries.
calc-preset-differs-first-delay-unjittered = The first delay is exact; only later delays are jittered.
calc-preset-differs-immediate-first-retry = The first retry is immediate; later ones wait the delays shown.
calc-preset-differs-whole-units = Delays are drawn in whole units (seconds or milliseconds).
calc-preset-differs-polynomial = Delays grow as a polynomial; the schedule is a geometric fit.
calc-preset-differs-additive-jitter = The jitter is added to the delay, in a range that grows with each retry.
calc-preset-differs-cap-after-jitter = The cap also applies after the jitter, so no delay exceeds it; the schedule here draws capped delays above it.
calc-preset-differs-floor-at-first-delay = No delay is shorter than the first one.
calc-preset-differs-floor-at-twice-first-delay = No delay is shorter than twice the first delay, so the first two retries both wait exactly that long.
calc-preset-differs-floor-at-previous-delay = No delay is shorter than the one before it.
calc-preset-differs-retry-after-header = A retry-after header from the server can lengthen a delay, within a bound.
calc-preset-differs-throttling-longer = Throttling errors start from a longer first delay.

## Calculator: the policy as code

# Summary of the collapsible part that shows the policy as library configuration (plain text).
calc-code-heading = As code
# Plain text, above the snippets.
calc-code-intro = The calculator’s policy as configuration for common retry libraries (delays in milliseconds); the code follows the form as you change it. The code is the same in every language version of this site; only its comments are translated.
# A comment at the top of each snippet (plain text; becomes a code comment).
calc-code-comment = Retry policy from the backoff calculator.
# A second comment when the library cannot reproduce the schedule exactly (plain text; becomes a code comment).
calc-code-differs = Not exactly the calculator’s schedule: see the notes above the code.
# Shown above a snippet that reproduces the schedule (plain text).
calc-code-exact = Reproduces the calculator’s schedule.
# How a library’s schedule differs from the calculator’s (plain text, one sentence each).
# $multiplier, $percent - numbers; $jitter - a jitter kind as a sentence names it (jitter-<kind>-inline); $delay, $library, $core, $max - durations with their unit; $retry, $retries, $max_attempts - counts.
calc-code-differs-multiplier-fixed = The library’s multiplier is fixed at { $multiplier }; the code uses it.
calc-code-differs-jitter-unsupported = The library does not offer { $jitter }; the code leaves it out.
calc-code-differs-jitter-fixed = The library’s only jitter is { $jitter }, ±{ $percent }% of each delay; the code uses it.
calc-code-differs-immediate-first-retry = The first retry is immediate instead of waiting { $delay }; later retries wait the calculator’s delays.
calc-code-differs-whole-milliseconds = Delays are whole milliseconds, truncated: from retry { $retry } on, the library waits { $library } where the calculator waits { $core }.
calc-code-differs-whole-millisecond-draws = Each random delay is truncated to whole milliseconds.
calc-code-differs-cap-after-jitter = The library caps after the jitter, so no delay exceeds { $max }; the calculator’s jittered delays may.
calc-code-differs-attempts-limited = The library treats more than { $max_attempts } attempts as { $max_attempts }, so it makes { $retries } retries at most.
calc-code-differs-single-precision = Delays are computed in single precision, with a relative error of about one in ten million.
calc-code-differs-longest-setting = The library takes no duration longer than { $longest }; the code writes { $longest } in place of longer ones.
calc-code-differs-longest-delay = Without a cap, the library’s delays stop growing at { $longest }, the longest duration it holds; the calculator’s grow on.
calc-code-differs-largest-multiplier = The library’s multiplier is at most { $multiplier }; the code writes that.
# The button that copies one snippet’s code (plain text).
calc-code-copy = Copy code
# Shown in the “as code” part while a field of the form holds a bad value (plain text).
calc-code-stale = The snippets below are for the last valid values, not for the values in the form.
## Calculator: decorrelated jitter, percentiles and the attempt timeline

# Jitter option ("decorrelated jitter", after the AWS Architecture Blog): each delay is drawn between the first delay and three times the previous delay.
jitter-decorrelated = Decorrelated
# The same kind in a table cell of the defaults page (plain text).
jitter-decorrelated-cell = decorrelated
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-decorrelated-inline = decorrelated jitter

# Jitter option ("decorrelated jitter backoff V2" of the .NET library Polly, its exponential backoff with jitter): each delay is the growth of 2^t · tanh(√(4t)) from the previous draw of t to this one, t drawn between the retry’s number minus one and its number.
jitter-polly = Polly’s jitter
# The same kind in a table cell of the defaults page (plain text).
jitter-polly-cell = Polly’s jitter
# The kind as a sentence names it (plain text, nominative), in the code's notes.
jitter-polly-inline = Polly’s jitter

# Label of the optional timeout field: how long one attempt may run before it counts as failed.
calc-timeout-label = Timeout per attempt

# Hint under the timeout field.
calc-timeout-hint = Optional: how long each attempt may run before it counts as failed; zero or more. Leave it empty to count attempts as instant.

# Label of the optional deadline field: the time limit for all attempts and waits together.
calc-deadline-label = Deadline

# Hint under the deadline field.
calc-deadline-hint = Optional: the time from the first attempt by which every retry should have started; greater than zero and not shorter than the timeout.

# Error under the timeout field.
error-timeout = The timeout must be zero or more.

# Error under the deadline field: not above zero, or shorter than the timeout of the first attempt.
error-deadline = The deadline must be greater than zero and not shorter than the timeout.

# Result label: a percentile of the total wait (P50 is the median: half of the runs wait less).
# $percentile (number) - the percentile, e.g. 99: that share of runs, in percent, stays under the figure
calc-total-percentile = Total wait, P{ $percentile }

# Caption of the attempt timeline table.
calc-timeline-caption = When each attempt starts

# Timeline column: the attempt's number (1 is the original request).
calc-timeline-attempt = Attempt

# Timeline column: the earliest start of the attempt.
calc-timeline-earliest = Earliest start

# Timeline column and chart legend: the median start of the attempt.
calc-timeline-median = Median start

# Timeline column: the latest start of the attempt.
calc-timeline-latest = Latest start

# Caption and name of the timeline chart.
calc-timeline-chart-label = Chart of when each attempt starts

# Caption and name of the timeline chart when it draws only the first attempts (the table lists them all).
# $drawn (number) - the attempts drawn, the first ones; $attempts (number) - all attempts, more than $drawn
calc-timeline-chart-label-first = Chart of when the first { $drawn } of { $attempts } attempts start (the table lists them all)

# Chart legend: the bar from the earliest to the latest start.
calc-timeline-range = From the earliest to the latest start

# Chart label of the deadline line (followed by a colon and the deadline).
calc-timeline-deadline = Deadline

# The verdict with a timeout and no deadline.
# $percentile (number) - the percentile of the figures, 99; $p99 - the total wait at that percentile, with its unit; $timeout - the timeout per attempt, with its unit; $last - when the last retry starts at that percentile, with its unit
calc-verdict-timeout = { $spread ->
        [certain] Total wait { $p99 }; with a { $timeout } timeout per attempt, the last retry starts at { $last }.
       *[random] P{ $percentile } total wait { $p99 }; with a { $timeout } timeout per attempt, the last retry starts by { $last }.
    }

# The verdict with a timeout and a deadline.
# $percentile, $p99, $timeout, $last - as above; $deadline - the deadline, with its unit; $late - the percentage of runs in which the last retry starts after the deadline, in the page’s notation: whole, to a tenth where a whole number would read 0 or 100, or “< 0.1” or “> 99.9” (an outcome that is not certain never reads 0 % or 100 %); $odds - always: it starts after the deadline on every run, never: on none (a schedule without jitter is one or the other), some: on $late percent of them; $spread - certain: a schedule without jitter, whose total wait is the same on every run ($p99 is that total), random: any other
calc-verdict-deadline = { $spread ->
        [certain] Total wait { $p99 }; with a { $timeout } timeout per attempt, the last retry starts at { $last }, { $odds ->
            [always] after your { $deadline } deadline.
           *[never] before your { $deadline } deadline.
        }
       *[random] P{ $percentile } total wait { $p99 }; with a { $timeout } timeout per attempt, the last retry starts by { $last }, { $odds ->
            [always] always after your { $deadline } deadline.
            [never] always before your { $deadline } deadline.
           *[some] after your { $deadline } deadline in { $late }% of cases.
        }
    }

# The verdict with a deadline and no timeout (attempts count as instant).
# $percentile, $p99, $last, $deadline, $late, $odds - as above
calc-verdict-deadline-untimed = { $spread ->
        [certain] Total wait { $p99 }; counting each attempt as instant, the last retry starts at { $last }, { $odds ->
            [always] after your { $deadline } deadline.
           *[never] before your { $deadline } deadline.
        }
       *[random] P{ $percentile } total wait { $p99 }; counting each attempt as instant, the last retry starts by { $last }, { $odds ->
            [always] always after your { $deadline } deadline.
            [never] always before your { $deadline } deadline.
           *[some] after your { $deadline } deadline in { $late }% of cases.
        }
    }
## Calculator: many clients

# Label of the field: how many clients lose the service at the same moment and then retry on the schedule above (plain text).
calc-clients-label = Clients that fail together

# Hint under that field (plain text).
calc-clients-hint = How many clients fail at the same moment and retry on this schedule: a whole number from one to ten thousand.

# Shown when the number of clients is not a whole number in range.
# $min, $max (numbers) - the least and the most clients
error-clients = Enter a whole number of clients from { $min } to { $max }.

# Caption and accessible name of the chart of retry starts per interval of time (plain text).
calc-herd-label = Retries that start in each interval of time, when all clients fail together and every attempt fails

# Title of the chart's time axis (plain text).
calc-herd-time = Time since the failure

# The chart in words: the busiest interval.
# $peak (number) - the most retries that start in one interval; $width - the interval's length with its unit; $at - when that interval begins, with its unit
calc-herd-summary =
    { $peak ->
        [one] The busiest { $width } begins at { $at }, with { $peak } retry.
       *[other] The busiest { $width } begins at { $at }, with { $peak } retries.
    }

## Calculator: what the retries cost the server

# Label of the optional field: the probability that one attempt fails (plain text).
calc-failure-rate-label = Failure rate per attempt

# Hint under that field (plain text).
calc-failure-rate-hint = The probability that an attempt fails, from zero (no attempt fails) to one (every attempt does). Attempts are taken to fail independently of one another.

# Shown when the failure rate is not a number in range.
# $min, $max (numbers) - the least and the greatest rate
error-failure-rate = Enter a failure rate from { $min } to { $max }.

# Label of the optional field: how many layers of services, each calling the next, retry with this policy (plain text).
calc-layers-label = Layers that retry

# Hint under that field (plain text).
calc-layers-hint = Services that call one another, each retrying with this policy; leave empty for one. Retries multiply from layer to layer.

# Shown when the layers are not a whole number in range.
# $min, $max (numbers) - the fewest and the most layers
error-layers = Enter a whole number of layers from { $min } to { $max }.

# Shown at the layers field when it is filled in but the failure rate is empty.
error-layers-without-failure-rate = Enter a failure rate as well: the layers multiply failed attempts.

# Label of the expected number of attempts per request, the first one included (plain text).
calc-cost-attempts = Attempts per request, on average

# Label of the share of requests that finally succeed (plain text).
calc-cost-success = Requests that succeed

# Label of the expected attempts that reach the failing service at the bottom, per request at the top of the layers.
# $layers (number) - the number of layers
calc-cost-bottom = { $layers ->
        [one] Attempts at the bottom of { $layers } layer, on average
       *[other] Attempts at the bottom of { $layers } layers, on average
    }

# Label of the attempts at the bottom when every attempt fails (plain text).
calc-cost-bottom-worst = Attempts at the bottom when every attempt fails

# Label of the share of requests at the top of the layers that finally succeed (plain text).
calc-cost-top-success = Requests at the top that succeed

# A share in percent.
# $percent - the percentage in the page’s notation, to two decimals; “< 0.01” or “> 99.99” where rounding would make an uncertain outcome read 0 or 100
calc-cost-percent = { $percent }%

# The name of gRPC’s retry throttling with gRFC A6’s example figures (it is off unless a service config sets it), as it stands in the labels below.
# $spec - the specification’s name, gRFC A6
calc-budget-grpc-throttling-example = gRPC’s retry throttling ({ $spec }’s example figures)

# The name of botocore’s retry quota in its standard mode, as it stands in the labels below.
calc-budget-aws-retry-quota = botocore’s retry quota

# The name of the same quota under the variable AWS_NEW_RETRIES_2026, as it stands in the labels below.
# $switch - the environment variable’s name, AWS_NEW_RETRIES_2026
calc-budget-aws-retry-quota-2026 = botocore’s retry quota under { $switch }

# The name of Envoy’s retry budget with the defaults it takes once a cluster sets retry_budget (it is off unless set), as it stands in the labels below.
calc-budget-envoy-retry-budget = Envoy’s retry budget (once set)

# The name of Finagle’s default retry budget (on for every client), as it stands in the labels below: its figures hold for a client that was idle before (nothing deposited or withdrawn within its window) and sends many requests a second.
calc-budget-finagle-retry-budget = Finagle’s retry budget (from an idle client, at many requests a second)

# Label: how many retries the chosen preset’s retry budget lets through, starting full, when every attempt fails.
# $budget - the budget’s name (one of the messages above)
calc-budget-from-full = Retries let through when every attempt fails and the budget starts full, under { $budget }

# Label, for a budget that limits the retries in flight at once (Envoy’s) instead of counting failures: when it stops retrying failing requests sent one after another.
# $budget - the budget’s name
calc-budget-in-a-row = When { $budget } stops retrying failing requests in a row

# The figure of that label: never; under load it holds retries to a share of the requests in flight, the figure below.
calc-budget-never = Never: it limits only the retries in flight at once, to a share of the requests in flight when there are many (below)

# The figure of that label.
# $retries (number) - the retries let through; $calls (number) - the requests in a row that get all their retries
calc-budget-from-full-figure = { $calls ->
        [one] { $retries } ({ $calls } failing request in a row gets all its retries)
       *[other] { $retries } ({ $calls } failing requests in a row get all their retries)
    }

# Label: the attempts per request the budget allows in the long run at the failure rate given.
# $budget - the budget’s name
calc-budget-held = Attempts per request in the long run at this failure rate, under { $budget }

# Label: the failure rate above which the budget stops retries in the long run (gRPC’s throttling has one).
# $budget - the budget’s name
calc-budget-edge = Failure rate above which { $budget } stops retries in the long run

# Shown under the figures (plain text).
calc-cost-note = Computed exactly, on the assumption that attempts fail independently at the rate given. Real failures come together when a service is overloaded, and then every retry adds to its load.

# A link under the cost's figures to the page of retry storms (plain text).
calc-cost-storms = What retries do to a service that is already overloaded: retry storms, simulated

## Calculator: the distribution of the total wait

# Name and caption of the chart of the total wait's distribution: how many runs (in percent) wait less than each total.
calc-curve-label = Share of runs whose total wait is below the value on the axis

# Title of the chart's time axis, and the heading of the table's figure column.
calc-curve-total = Total wait

# Heading of the table's first column.
calc-curve-head-percentile = Percentile

# A percentile's name on the chart and in the table.
# $percentile - the percentile, 0 to 100
calc-curve-percentile = P{ $percentile }

# The line on the chart at the longest total with which the last retry still starts before the deadline.
# $room - that total, with its unit
calc-curve-room = Deadline less the timeouts: { $room }

# Under the chart (plain text).
# $min - the shortest total wait
# $max - the longest total wait
# $p50 - the median
# $p90 - the 90th percentile
# $p99 - the 99th percentile
# $share90 - 90 % in the page's notation
# $share99 - 99 % in the page's notation
calc-curve-summary = The total wait runs from { $min } to { $max }. Half the runs wait less than { $p50 }, { $share90 } less than { $p90 }, and { $share99 } less than { $p99 }.

# The title of the part that opens the chart's figures as a table, and that table's caption.
calc-curve-caption = The total wait at every tenth percentile

## Calculator: one sample run

# The button under the chart of delays that draws one seeded run of the policy over the chart's bands.
calc-sample-draw = Draw a sample run

# The same button once a run is drawn.
calc-sample-another = Draw another sample run

# The chart legend's words for the run's points.
calc-sample-legend = One sample run

# Under the chart once a run is drawn.
# $seed - the seed that names the run (digits only, as in the address)
# $total - the run's total wait, with its unit
calc-sample-summary = A sample run (seed { $seed }) waits { $total } in all. The same seed draws the same run again, here and on the command line.

# Caption of the table of the run's delays (also the name of its scroll region).
calc-sample-table = Delays of the sample run

## Calculator: what fits the deadline

# Heading of the answers under the timeline, shown once a deadline is given.
calc-fit-heading = What fits this deadline

# Label of the most retries whose start is before the deadline (the count switch counts retries).
calc-fit-most-retries = Most retries that start before the deadline

# The same when the count switch counts attempts (the original request included).
calc-fit-most-attempts = Most attempts that start before the deadline

# The three counts of the label above.
# $worst - the count when every delay is at its longest
# $p99 - the count at that percentile
# $percentile - the percentile, 99
# $p50 - the count at the median
calc-fit-most-figure = { $worst } if every delay is at its longest, { $p99 } at P{ $percentile }, { $p50 } at the median

# Label of the largest first delay with which the policy’s last retry still starts before the deadline at that percentile.
# $percentile - the percentile, 99
calc-fit-base = Largest first delay for the last retry to start in time at P{ $percentile }

# Label of the largest maximum delay with which it does.
# $percentile - the percentile, 99
calc-fit-max-delay = Largest maximum delay for the last retry to start in time at P{ $percentile }

# Answer when every value fits (a maximum delay holds every first delay low enough).
calc-fit-any = Any

# Answer for the maximum delay when the policy fits without one.
calc-fit-any-max-delay = Any: no maximum delay is needed

# Answer when no value fits: the timeouts alone reach the deadline, or not even the shortest delay fits.
calc-fit-none = No value fits

# Shown while the answers are being worked out.
calc-fit-working = Working out what fits…

# Shown when the part of the calculator that works out the answers could not run.
calc-fit-failed = What fits could not be worked out in this browser.

# Shown under the answers (plain text).
calc-fit-note = These answers come from a search over the calculator’s own figures, so they are as exact as the percentiles above; each delay is rounded down, so the figure shown fits.

## Calculator: the optional fields

# Legend of the group of optional fields: the timeout per attempt, the deadline, the failure rate, the layers and the clients that fail together (plain text).
calc-optional-legend = Optional fields

## Calculator: how the percentiles are computed

# Shown under the percentiles of the total wait: how they were computed and what they are rounded to, so that no digit finer than the method's error is shown.
# $method - grid: each retry's delay distribution added on a grid of small steps (for none, full, equal and proportional jitter); sample: a seeded simulation of many runs (decorrelated jitter); exact: nothing needs rounding
# $percentile (number) - the percentile whose interval is given, 99; $error - the method's error, with its unit: one grid step, or the width of the 99 % confidence interval of that percentile; $place - the step the figures are rounded to, with its unit (a power of ten, e.g. 10 ms)
calc-percentiles-method =
    { $method ->
        [grid] The percentiles are computed on a grid and lie within one grid step ({ $error }) of the exact figures, and they are shown rounded to { $place }, the power of ten at or below that error.
        [sample] The percentiles come from a seeded simulation of many runs; the P{ $percentile } is known to within { $error }, and they are shown rounded to { $place }, the power of ten at or below that error.
       *[exact] The percentiles are shown as computed: for this schedule the method leaves no error to round away.
    }
