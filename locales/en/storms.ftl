### The "storms" page, English (the reference language).
### What retries do to a server that is already struggling: the core's
### retry-storm model, run by the build. Every figure is a variable: the
### build runs the scenarios of content/storms.toml and formats their
### results in the page's notation. The sections "layers", "collapse",
### "systems", "budgets" and "libraries", and every message whose id starts
### with one of those names, receive the same variables (listed in
### TRANSLATING.md). Messages are Markdown unless noted otherwise. A figure
### and its unit are joined by a no-break space.

# The page's H1 and <title>.
title = Retry storms: when retries take a service down

# Meta description: plain text, one sentence.
description = What retries do to a server that is already failing, simulated at build time: amplification, metastable failure, retry budgets, and breakers.

# Short label for links to this page.
nav-label = Retry storms

# Introduction (Markdown).
intro =
    The other pages of this site answer the client’s question: how long will I wait? This one answers the server’s. A retry is one more request to a service that has just failed one, and a service usually fails because it has more work than it can do. Retries can turn a short overload into an outage that outlasts its cause. Bronson and colleagues named this a *metastable failure*: a trigger puts the system in a bad state that persists when the trigger is gone, kept up by a feedback loop such as retries.

    Every chart below is a simulation the build runs with the same core as the calculator: clients, a server whose latency grows with its load, timeouts, and retries by any policy, with or without a retry budget. The models are Marc Brooker’s published simulators; `backoff-site storm` runs any scenario of your own.

# Heading of the layers section (plain text).
layers-heading = Retries multiply through layers

# Retries through layers (Markdown).
# $layers: services in a row; $layer-attempts: attempts each makes;
# $bottom-attempts: attempts that reached the server per request, simulated
layers =
    A request rarely goes straight to the service that fails. It passes through a few services, and each of them may retry its call to the one below. Those retries multiply: with { $layers } services in a row, each making { $layer-attempts } attempts, every layer multiplies the attempts below it by { $layer-attempts }, so one request that fails everywhere reaches the bottom as { $layer-attempts } to the power of { $layers } attempts. The simulation, where the server fails every attempt, counted { $bottom-attempts } attempts at the server for each request.

    That is why the AWS Builders’ Library advises retrying at a single point in the stack: a retry in every layer multiplies the load on the deepest service exactly when it is least able to take it.

# Heading of the collapse section (plain text).
collapse-heading = The spike a system does not recover from

# The collapse scenario and what the chart shows (Markdown).
# $spike-rate, $spike-peak: requests a second before and during the spike;
# $spike-at, $spike-length: when the spike starts and how long it lasts, s;
# $server-time, $server-slope: the server's time for an attempt alone and
# what each attempt in progress adds, s; $server-most: 1 / $server-slope;
# $network: mean network delay each way, s; $timeout, s; $attempts;
# $backoff-base: the first retry's longest wait, s; $runs;
# $spike-within: time after the spike a run has to recover in, s;
# $recovered, $recovered-backoff: runs (of $runs) that recovered;
# $share-before, $share-after, $share-after-backoff: successes per new
# request before the spike and from $spike-within after it, % (the backlog
# can take it over 100);
# $amplification, $amplification-backoff: attempts per request
collapse =
    This is Brooker’s congestive-collapse simulator (`simple_collapse_sim` in `mbrooker/simulator_example`). The server takes { $server-time } s for an attempt alone, and { $server-slope } s more for every attempt in progress: by Little’s law it can keep up with fewer than { $server-most } requests a second, and its latency grows steeply on the way. Clients send { $spike-rate } requests a second, give up on an attempt after { $timeout } s, and make at most { $attempts } attempts. From { $spike-at } s, for { $spike-length } s, they send { $spike-peak } requests a second.

    Without backoff, the spike pushes latency past the timeout. Every attempt that times out is retried at once, the server keeps working on the attempts its clients have given up on, and the retries keep it as loaded as the spike did. The trigger ends; the overload does not. Of { $runs } runs, { $recovered } came back within { $spike-within } s of the spike’s end. Over all runs, successes from then on came to { $share-after }% of new requests, against { $share-before }% before the spike. The runs that stay down are a metastable failure. In Brooker’s simulator itself, run a hundred times as published, successes from then on came to { $published-share-after }% of new requests.

    With the simulator’s backoff and jitter (the first retry after a random wait of up to { $backoff-base } s), { $recovered-backoff } runs of { $runs } recovered: successes after the spike came to { $share-after-backoff }% of new requests, the backlog included. Backoff did not spare the spike’s timed-out attempts their retries; it moved those retries to after the spike, when the server had room for them.

# The chart's accessible name (plain text).
collapse-chart-label = New requests, successes, retries, and timeouts per second over time: without backoff, then with it

# Title of a panel's value axis (plain text, short).
collapse-axis = per second

# The chart's text alternative (Markdown, inline).
collapse-chart-summary = Two panels, the means of { $runs } runs, the spike shaded. Without backoff, successes fall during the spike and stay low while retries and timeouts stay high; { $recovered } of { $runs } runs recovered. With backoff, successes return to the rate of new requests after the spike; { $recovered-backoff } of { $runs } runs recovered.

# Caption of the chart's data table (plain text).
collapse-table-caption = Mean per second over { $runs } runs

# Heading of the systems section (plain text).
systems-heading = Backoff helps clients that wait, not clients that don’t

# Open and closed clients over failure rates (Markdown).
# $clients, $rate: clients and their requests a second in all; $retries;
# $failure-high: the highest failure rate, %; $healthy: attempts a second
# with no failure; $open, $open-backoff, $closed, $closed-backoff: attempts
# a second at $failure-high
systems =
    Most services are *open* systems: new requests arrive at their own pace, whatever happened to the earlier ones. Here { $clients } clients send { $rate } requests a second in all, to a server that fails a share of attempts at once, and retry up to { $retries } times. A retry that waits still arrives: backoff delays each client’s retries but not the load. At a failure rate of { $failure-high }%, the server received { $open } attempts a second without backoff and { $open-backoff } with it, where a healthy server received { $healthy }.

    Clients in a *closed* system are different: each waits for its request to end before it sends the next, as a batch job or a user waiting for a page does. Their backoff slows their own next request, so it reduces the load: at { $failure-high }%, the same clients, closed, sent { $closed } attempts a second without backoff and { $closed-backoff } with it. As Brooker puts it in [“What is Backoff For?”](https://brooker.co.za/blog/2022/08/11/backoff.html), the only way to deal with long-term overload is to reduce load; deferring it does not work.

# The chart's accessible name (plain text).
systems-chart-label = Attempts a second at the server against the failure rate: open or closed clients, each with or without backoff

# Title of the chart's value axis (plain text, short).
systems-axis = Attempts a second at the server

# The chart's text alternative (Markdown, inline).
systems-chart-summary = At { $failure-high }% failures: open clients { $open } attempts a second without backoff and { $open-backoff } with it; closed clients { $closed } without and { $closed-backoff } with it; { $healthy } with no failures.

# Caption of the chart's data table (plain text).
systems-table-caption = Attempts a second at the server, mean over { $sweep-runs } runs

# Heading of the budgets section (plain text).
budgets-heading = Retry budgets and circuit breakers

# Brooker's retry strategies over failure rates (Markdown).
# $bucket-fill, $bucket-size: the adaptive bucket's refill per request and
# size; $breaker-ratio: the breaker's failure ratio;
# $load-…: attempts per request at $failure-high; $success-…: requests
# answered at $failure-high, %; $success-…-low: at $failure-low, %
budgets =
    What limits the load is a rule about *how many* retries a client makes, not *when*. Brooker compared three rules in “Fixing retries with token buckets and circuit breakers”, on the same { $clients } clients:

    - **{ $retries } retries**, each request on its own. At { $failure-high }% failures requests make { $load-three-retries } attempts on average, and { $success-three-retries }% of them succeed.
    - **An adaptive token bucket**: each request adds { $bucket-fill } of a token, up to { $bucket-size }, and a retry takes one. It behaves like plain retries while failures are rare, and like a small share of retries when they are not: { $load-bucket } attempts per request at { $failure-high }%.
    - **A circuit breaker**: no retry while the client’s failed attempts per request are above { $breaker-ratio }. At { $failure-high }% it adds no load at all (attempts per request: { $load-breaker }), but it switches between all and nothing, and trips early.

    The price of a lower load is fewer answers: at { $failure-high }% failures, { $success-three-retries }% of requests succeeded with plain retries, { $success-bucket }% with the bucket, { $success-breaker }% with the breaker, and { $success-no-retries }% with no retry at all. At { $failure-low }%, the breaker answered { $success-breaker-low }% and plain retries { $success-three-retries-low }%. Against `retry_sim`’s own output (the mean of its ten runs), the attempts per request here differ by at most { $published-difference } at every failure rate.

# The chart's accessible name (plain text).
budgets-chart-label = Attempts per request against the failure rate, one line per retry strategy

# Title of the chart's value axis (plain text, short).
budgets-axis = Attempts per request

# The chart's text alternative (Markdown, inline).
budgets-chart-summary = Attempts per request at { $failure-high }% failures: no retries { $load-no-retries }, { $retries } retries { $load-three-retries }, the adaptive bucket { $load-bucket }, the breaker { $load-breaker }.

# Caption of the chart's data table (plain text).
budgets-table-caption = Attempts per request, mean over { $sweep-runs } runs

# Heading of the libraries section (plain text).
libraries-heading = The budgets libraries ship

# The libraries' budgets and what to configure (Markdown).
# $grpc-tokens, $grpc-ratio, $grpc-from-full, $grpc-edge (%);
# $aws-capacity, $aws-cost, $aws-timeout-cost, $aws-cost-2026, $aws-from-full,
# $aws-switch (the switch of the newer behaviour); $grpc-spec (the proposal);
# $envoy-percent (%), $envoy-min; $finagle-percent (%), $finagle-floor
# (retries a second), $finagle-ttl (s); $load-…: attempts per request at
# $failure-high, each client its own budget
libraries =
    Several libraries ship a retry budget of their own. Each is modelled here by its source’s rules, and each of the { $clients } clients has its own:

    - **gRPC** retry throttling ({ $grpc-spec }) is off unless the service config sets it. With the proposal’s example, { $grpc-tokens } tokens and a ratio of { $grpc-ratio }, a failure takes a token, a success gives back { $grpc-ratio }, and retries stop while half the tokens or fewer are left. From a full bucket, { $grpc-from-full } retries get through; after that, none while more than { $grpc-edge }% of attempts fail. At { $failure-high }%, attempts per request: { $load-grpc }.
    - **The AWS SDKs’** standard mode has a retry quota of { $aws-capacity } per client: a retry costs { $aws-cost } ({ $aws-timeout-cost } after a timeout; { $aws-cost-2026 } with `{ $aws-switch }` set), a success gives it back. That is { $aws-from-full } retries from full: a large reserve for a client with little traffic, so over these { $failure-high }% failures attempts per request stayed at { $load-aws }.
    - **Envoy’s** retry budget allows retries up to { $envoy-percent }% of the requests in flight, but never fewer than { $envoy-min } at once. A client with few requests in flight stays under that floor; attempts per request: { $load-envoy }.
    - **Finagle** lets { $finagle-percent }% of requests retry, plus a reserve of { $finagle-floor } retries a second, counted over { $finagle-ttl } s. For a client of a few requests a second, the reserve is the budget; attempts per request: { $load-finagle }.

    A budget counts one client’s traffic, so it protects a server only when each client sees enough requests to fill and drain it. Many small clients with their own budgets retry almost as freely as with none: set the budget where traffic is pooled (a proxy, a shared client), keep retries to one layer, and give each retry a backoff with jitter so that what the budget lets through arrives spread out.

# The chart's accessible name (plain text).
libraries-chart-label = Attempts per request against the failure rate, three retries alone and under each library’s budget

# Title of the chart's value axis (plain text, short).
libraries-axis = Attempts per request

# The chart's text alternative (Markdown, inline).
libraries-chart-summary = Attempts per request at { $failure-high }% failures: { $retries } retries alone { $load-three-retries }; under gRPC’s throttling { $load-grpc }, the AWS quota { $load-aws }, Envoy’s budget { $load-envoy }, Finagle’s budget { $load-finagle }.

# Caption of the chart's data table (plain text).
libraries-table-caption = Attempts per request, mean over { $sweep-runs } runs

# Heading of the lab section (plain text).
lab-heading = Try your own storm

# What the lab does (Markdown).
lab =
    The lab runs the same model in your browser, on a scenario of your own: your workload, your server, your client’s timeout, retries, and backoff, with a retry budget or breaker if you like. It starts from the spike above, without backoff. Every edit runs the scenario again; the address keeps your inputs, so a link to it shows the same storm. Times are in seconds, rates in requests a second; leave a field empty where its label allows it.

# What a reader without JavaScript reads in place of the lab (Markdown, inline).
lab-notice = The lab needs JavaScript. Without it, the charts above show the scenarios the site was built with, and `backoff-site storm` runs any other.

# The form's groups (plain text).
lab-group-workload = Workload
lab-group-server = Server
lab-group-client = Client
lab-group-runs = Runs

# The form's fields (plain text). A time is in seconds, a rate in
# requests a second; "empty" says what leaving the field empty means.
lab-field-workload = Workload
lab-field-rate = Rate, or the rate outside the spike (a second)
lab-field-peak = Peak rate (a second)
lab-field-at = Spike starts, or ramp peaks at (s)
lab-field-length = Spike lasts (s)
lab-field-slope = Ramp’s climb (a second, each second)
lab-field-duration = Time simulated (s)
lab-field-until = Last new request at (s; empty: the end)
lab-field-system = Clients
lab-field-clients = Number of clients
lab-field-server-time = Server time alone (s)
lab-field-server-slope = Added per attempt in progress (s)
lab-field-limit = Attempts served at once (empty: no limit)
lab-field-queue = Queue places
lab-field-server-failure-rate = Share of attempts that fail at once (zero to one)
lab-field-network = Network delay each way, mean (s)
lab-field-timeout = Timeout per attempt (s)
lab-field-retries = Retries at most
lab-field-backoff-base = First delay (s; empty: retry at once)
lab-field-backoff-multiplier = Multiplier
lab-field-backoff-max = Maximum delay (s; empty: no limit)
lab-field-backoff-jitter = Jitter
lab-field-backoff-jitter-factor = Jitter factor (empty where the jitter takes none)
lab-field-guard = Retry budget or breaker
lab-field-guard-a = Breaker’s ratio, or the bucket’s refill per request
lab-field-guard-b = Bucket’s size
lab-field-layers = Layers that retry (empty: one)
lab-field-runs = Runs, averaged
lab-field-seed = Seed of the first run

# The workloads, the kinds of clients and the guards (plain text).
lab-workload-constant = Constant
lab-workload-ramp = Ramp up and down
lab-workload-spike = Spike
lab-system-open = Open: new requests whatever happens
lab-system-closed = Closed: each waits for its request
lab-guard-none = None
lab-guard-grpc-throttling-example = gRPC’s retry throttling ({ $spec }’s example)
lab-guard-aws-retry-quota = The AWS SDKs’ retry quota
lab-guard-aws-retry-quota-2026 = The AWS SDKs’ retry quota under { $switch }
lab-guard-envoy-retry-budget = Envoy’s retry budget
lab-guard-finagle-retry-budget = Finagle’s retry budget
lab-guard-breaker = Circuit breaker (Brooker’s)
lab-guard-bucket = Adaptive token bucket (Brooker’s)

# The errors, each shown at the field it concerns (plain text).
# $max: the largest value allowed, in the page's notation
lab-error-duration = Enter a time above zero, at most { $max } s.
lab-error-arrivals = Choose a workload and a kind of clients.
lab-error-rate = Enter a rate above zero, at most { $max } requests a second.
lab-error-peak = Enter a peak rate of at most { $max } requests a second (above zero for a spike).
lab-error-at = Enter a time from zero to { $max } s.
lab-error-length = Enter a length from zero to { $max } s.
lab-error-slope = Enter a climb from zero to { $max } requests a second, each second.
lab-error-until = Enter a time from zero to { $max } s, or leave the field empty.
lab-error-clients = Enter a whole number of clients from one to { $max }.
lab-error-server = Enter server times from zero to { $max } s, and a whole limit above zero (or none).
lab-error-server-failure-rate = Enter a share from zero to one.
lab-error-queue = Enter a whole number of places; a queue needs a limit.
lab-error-network = Enter a delay from zero to { $max } s.
lab-error-timeout = Enter a timeout above zero, at most { $max } s.
lab-error-retry = The retry policy is refused: enter a whole number of retries up to { $max }, a first delay above zero, a multiplier of at least one, and a factor where the jitter takes one.
lab-error-guard = The budget’s or breaker’s figures are out of range: a ratio from zero to one, a refill above zero, and a size of at least one.
lab-error-layers = Enter a whole number of layers from one to { $max }, or leave the field empty.
lab-error-requests = The run needs more than { $max } requests at once in your browser: lower the rate, the time, the retries or the layers.
lab-error-events = The run needs more than { $max } pending events in your browser: lower the rate, or shorten the timeout or the time simulated.
lab-error-seed = Enter a whole seed from zero to { $max }.

# An error of the runs field (plain text). $max: the most runs.
lab-runs-error = Enter a whole number of runs from one to { $max }.

# The verdict after a spike, in words (plain text). $runs: runs averaged;
# $before, $after: successes per new request before the spike and from
# 25 s after its end, % (the backlog can take it over 100);
# $recovered: runs that came back
lab-verdict-recovered = After the spike, successes came back to { $after }% of new requests, against { $before }% before it: recovered, in all runs ({ $runs } of { $runs }).
lab-verdict-collapsed = After the spike, successes stayed at { $after }% of new requests, against { $before }% before it: collapsed, in all runs ({ $runs } of { $runs }).
lab-verdict-mixed = After the spike, runs that recovered: { $recovered } of { $runs }. Over all runs, successes came to { $after }% of new requests, against { $before }% before it.

# The verdict without a spike (plain text). $success: requests that
# succeeded, %; $amplification: attempts per request; $runs: runs averaged
lab-verdict-steady = { $success }% of requests succeeded. Attempts per request, on average: { $amplification }. Runs averaged: { $runs }.

# The totals under the verdict (plain text). $goodput: successes a second
lab-summary = Attempts per request: { $amplification }. Requests that succeeded: { $success }%. Successes a second: { $goodput }.

# While the runs go on, and when the inputs have an error (plain text).
lab-running = Running…
lab-stale = Not updated: correct the field marked below.
lab-failed = The lab could not load its module. Reload the page to try again.

# The chart's axes and accessible name (plain text, short).
lab-axis-seconds = Time, s
lab-axis-count = per second, mean over the runs
lab-chart-label = New requests, successes, retries, and timeouts per second over time, the mean over the runs

# Heading of the sources section (plain text).
sources-heading = Sources

# The works this page draws on (Markdown: a bulleted list of links).
sources =
    - Marc Brooker, [“Metastability and Distributed Systems”](https://brooker.co.za/blog/2021/05/24/metastable.html); [“Fixing retries with token buckets and circuit breakers”](https://brooker.co.za/blog/2022/02/28/retries.html); [“What is Backoff For?”](https://brooker.co.za/blog/2022/08/11/backoff.html).
    - Marc Brooker, [`mbrooker/simulator_example`](https://github.com/mbrooker/simulator_example): `simple_collapse_sim` and `retry_sim`, which the collapse and the strategies reproduce. The site’s tests compare the model with their own output.
    - Nathan Bronson, Abutalib Aghayev, Aleksey Charapko, and Timothy Zhu, [“Metastable Failures in Distributed Systems”](https://sigops.org/s/conferences/hotos/2021/papers/hotos21-s11-bronson.pdf), HotOS.
    - Lexiang Huang and colleagues, [“Metastable Failures in the Wild”](https://www.usenix.org/conference/osdi22/presentation/huang-lexiang), OSDI: a study of metastable failures at several organizations, many of them kept up by retries.
    - Noah Eisen and Eric Gribkoff, [“gRPC Retry Design”](https://github.com/grpc/proposal/blob/master/A6-client-retries.md).
    - The AWS SDKs and Tools Reference Guide: [Retry behavior](https://docs.aws.amazon.com/sdkref/latest/guide/feature-retry-behavior.html).
    - Marc Brooker, [“Timeouts, retries, and backoff with jitter”](https://aws.amazon.com/builders-library/timeouts-retries-and-backoff-with-jitter/), Amazon Builders’ Library.

# Names of the scenarios in the legends, labels and tables (plain text).
scenario-spike = Without backoff
scenario-spike-backoff = With backoff
scenario-open = Open
scenario-open-backoff = Open, backoff
scenario-closed = Closed
scenario-closed-backoff = Closed, backoff
scenario-no-retries = No retries
scenario-three-retries = Three retries
scenario-bucket = Adaptive bucket
scenario-breaker = Breaker
scenario-grpc = gRPC
scenario-aws = AWS SDKs
scenario-envoy = Envoy
scenario-finagle = Finagle

# The per-second figures the collapse chart draws (plain text).
figure-starts = New requests
figure-successes = Successes
figure-retries = Retries
figure-timeouts = Timeouts

# A collapse panel's title: the scenario and what its axis counts (plain text).
# $scenario: the scenario's name; $figure: the axis's unit (collapse-axis)
panel-title = { $scenario }, { $figure }

# A header of the collapse table: a scenario's figure (plain text).
# $scenario: the scenario's name; $figure: the figure's name
table-column = { $scenario }: { $figure }

# Title of the collapse chart's time axis (plain text, short).
axis-seconds = Time, s

# Title of the sweeps' failure-rate axis (plain text, short).
axis-failure-rate = Failure rate, %

# Label of the control that opens a chart's data table (plain text).
table-show = The chart’s figures as a table
