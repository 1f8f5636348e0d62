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

# Label of the jitter selector.
calc-jitter-label = Jitter

# Jitter option: no randomness, every delay is exactly the computed one.
jitter-none = None

# Jitter option: random delay between zero and the computed delay.
jitter-full = Full

# Jitter option: half of the computed delay is kept, the other half is random.
jitter-equal = Equal

# Jitter option: the delay varies evenly by up to a share of itself either way (the share is the jitter factor).
jitter-proportional = Proportional

# Label of the jitter factor field (proportional jitter only).
calc-factor-label = Jitter factor

# Hint under the jitter factor field.
calc-factor-hint = How far each delay may vary either way, as a share of it; greater than zero and at most one. The maximum delay applies before the jitter.

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
footer-privacy = Everything runs in your browser; nothing you type is sent anywhere.

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
        [one] At most { $peak } retry starts in the same { $width }, at { $at }.
       *[other] At most { $peak } retries start in the same { $width }, at { $at }.
    }
