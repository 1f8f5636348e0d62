### The "contention" page, English (the reference language).
### The experiment of Marc Brooker's "Exponential Backoff And Jitter" (AWS
### Architecture Blog), run by the build. Every figure is a variable: the
### build runs the simulation and formats its results in the page's
### notation. The sections "model", "calls", "completion", "herd" and
### "findings", and every message whose id starts with one of those names,
### receive the same variables (listed in TRANSLATING.md). Messages are
### Markdown unless noted otherwise. A figure and its unit are joined by a
### no-break space.

# The page's H1 and <title>.
title = Jitter under contention: the AWS experiment

# Meta description: plain text, one sentence.
description = Many clients racing for one database row, simulated at build time: how jitter cuts the calls and the time of exponential backoff without it.

# Short label for links to this page.
nav-label = Jitter under contention

# Introduction (Markdown).
intro =
    When many clients fail at the same moment and retry on the same schedule, they collide again, and again. Exponential backoff alone spreads their retries over a longer time, but not apart from one another: that takes jitter, which draws each delay at random.

    Marc Brooker showed this on the AWS Architecture Blog in “Exponential Backoff And Jitter” with a small simulation. This page runs the same experiment each time the site is built, and draws its results.

# Heading of the model section (plain text).
model-heading = The experiment

# The model of the experiment (Markdown: a paragraph, a bulleted list, a paragraph).
# $clients-min, $clients-max: the smallest and largest numbers of clients
# $latency-mean, $latency-sd: the network delay's mean and standard deviation, in ms
# $base (ms), $cap-seconds (s), $multiplier, $factor: the strategies' parameters
# $runs: runs per case; $seed: the random generator's seed (a name, not a quantity)
model =
    The model is that of the post’s simulator on GitHub, `aws-samples/aws-arch-backoff-simulator` (file `src/backoff_simulator.py`, commit `66cb169`):

    - From { $clients-min } to { $clients-max } clients start together, and each wants to update the same database row once, with optimistic concurrency: it reads the row’s version, then writes on condition that the version is unchanged. If another client’s write got in first, the write fails; the client backs off, then starts over with a new read.
    - Every message, request or response, takes a random time: the absolute value of a normal deviate with a mean of { $latency-mean } ms and a standard deviation of { $latency-sd } ms.
    - The strategies are the post’s, with a first delay of { $base } ms and a cap of { $cap-seconds } s: no backoff at all; exponential backoff without jitter, whose sleep is multiplied by { $multiplier } after each failure, up to the cap; *equal jitter*, half that sleep plus a random share of the other half; *full jitter*, a random sleep between zero and that sleep; and *decorrelated jitter*, a random sleep between the first delay and { $factor } times the previous one, up to the cap.
    - A *call* is a write that reaches the row, whether it succeeds or not. The *completion time* is when the last client learns that its write went through.

    Each strategy runs { $runs } times for each number of clients, and the charts show the means. The core that computes the calculator’s figures runs the simulation from a seeded random generator: with the seed `{ $seed }`, every build on every machine draws the same figures.

# Heading of the calls section (plain text).
calls-heading = Work: calls against clients

# What the calls chart shows (Markdown).
calls =
    The more clients compete, the more writes fail and are repeated. With { $clients-max } clients, no backoff needed { $none-calls } calls on average, and exponential backoff without jitter hardly fewer: { $exponential-calls }. Backing off only postpones the collisions when everyone backs off alike. Full jitter did the same work with { $full-calls } calls: { $full-percent-of-none }% as many as with no backoff and { $full-percent-of-exponential }% as many as with exponential backoff without jitter.

# The chart's accessible name (plain text).
calls-chart-label = Mean calls against the number of clients, one line per strategy

# Title of the chart's value axis (plain text, short).
calls-axis = Mean calls

# The chart's text alternative (Markdown, inline).
calls-chart-summary = With { $clients-max } clients: no backoff { $none-calls } calls, exponential without jitter { $exponential-calls }, equal jitter { $equal-calls }, full jitter { $full-calls }, decorrelated jitter { $decorrelated-calls }. With every strategy, the calls grow faster than the clients.

# Caption of the chart's data table (plain text).
calls-table-caption = Mean calls over { $runs } runs

# Heading of the completion section (plain text).
completion-heading = Time: completion against clients

# What the completion chart shows (Markdown).
completion =
    Backing off costs time, and exponential backoff without jitter pays the most for the least: with { $clients-max } clients, its last client got through after { $exponential-seconds } s on average, where no backoff took { $none-seconds } s. The jittered strategies finished in between: decorrelated jitter after { $decorrelated-seconds } s, full jitter after { $full-seconds } s, and equal jitter after { $equal-seconds } s. The time axis is logarithmic: each step is ten times the one before.

# The chart's accessible name (plain text).
completion-chart-label = Mean completion time against the number of clients, one line per strategy, on a logarithmic scale

# Title of the chart's value axis (plain text, short).
completion-axis = Mean completion time, s

# The chart's text alternative (Markdown, inline).
completion-chart-summary = With { $clients-max } clients, on a logarithmic scale: no backoff { $none-seconds } s, exponential without jitter { $exponential-seconds } s, equal jitter { $equal-seconds } s, full jitter { $full-seconds } s, decorrelated jitter { $decorrelated-seconds } s.

# Caption of the chart's data table (plain text).
completion-table-caption = Mean completion time in seconds over { $runs } runs

# Heading of the herd section (plain text).
herd-heading = The thundering herd

# What the herd chart shows (Markdown).
# $herd-clients: clients of the run; $herd-bucket: a bar's width, ms;
# $herd-after: from when the peaks are counted, ms;
# $none-peak … $decorrelated-peak: the most writes in one bar from then on;
# $herd-window-seconds: the time the chart covers, s;
# $exponential-beyond: writes of exponential backoff after that time;
# $exponential-herd-seconds: when that run ended, s
herd =
    One run with { $herd-clients } clients shows where the work goes: each bar counts the writes that reached the row in { $herd-bucket } ms. At first every strategy looks alike: all clients start at once, and the first sleeps are as short as the network’s delays. Then they part.

    Exponential backoff without jitter keeps its herd together: the clients that failed together sleep alike and come back together, in bursts ever further apart, of up to { $exponential-peak } writes in { $herd-bucket } ms after the first { $herd-after } ms (the dashed line). After { $herd-window-seconds } s it was still retrying: { $exponential-beyond } more writes, until its last client got through after { $exponential-herd-seconds } s. Without backoff the clients never pause (up to { $none-peak } writes in { $herd-bucket } ms), and finish soon, at the cost of the most calls.

    With jitter the same clients spread out. After the first { $herd-after } ms, full jitter never saw more than { $full-peak } writes in { $herd-bucket } ms, equal jitter { $equal-peak }, and decorrelated jitter { $decorrelated-peak }.

# The chart's accessible name (plain text).
herd-chart-label = Writes per { $herd-bucket } ms over time, { $herd-clients } clients, one panel per strategy

# Title of the panels' time axis (plain text, short).
herd-axis-time = Time, s

# Title of the panels' value axis (plain text, short).
herd-axis-writes = Writes per { $herd-bucket } ms

# The chart's text alternative (Markdown, inline).
herd-chart-summary = Five panels, one per strategy, over the first { $herd-window-seconds } s. All start with the same burst; after the first { $herd-after } ms, the most writes in { $herd-bucket } ms were: no backoff { $none-peak }, exponential without jitter { $exponential-peak } (in bursts ever further apart), equal jitter { $equal-peak }, full jitter { $full-peak }, decorrelated jitter { $decorrelated-peak }.

# Caption of the chart's data table (plain text).
herd-table-caption = Writes per { $herd-bucket } ms, one run with { $herd-clients } clients

# Header of the herd table's first column (plain text).
herd-table-bucket = From, ms

# Heading of the findings section (plain text).
findings-heading = What it shows

# The findings, next to the post's conclusions (Markdown).
findings =
    The figures bear out the post’s conclusions:

    - The two strategies without jitter do the most work. Jitter cuts it by about half: full jitter needed { $full-calls } calls where no backoff needed { $none-calls }.
    - Exponential backoff without jitter is the clear loser: nearly as much work as no backoff, and by far the longest wait, { $exponential-times-full ->
        [one] as long
       *[other] { $exponential-times-full } times as long
    } as with full jitter.
    - Full and equal jitter do about the same work ({ $full-calls } and { $equal-calls } calls), but equal jitter takes longer ({ $equal-seconds } s against { $full-seconds } s). Decorrelated jitter needs more calls ({ $decorrelated-calls }) and less time ({ $decorrelated-seconds } s).
    - No strategy changes the nature of the problem: from { $clients-min } to { $clients-max } clients, { $clients-growth } times as many, the calls grew { $full-growth } times with full jitter and { $none-growth } times without backoff. Backoff softens contention for one row; it does not remove it.

    The figures do not match the post’s exactly, since the random numbers differ, but the orderings are the same, and so for the other seeds tried: `backoff-site simulate` runs the experiment with yours.

# Names of the strategies in the legends, labels and tables (plain text).
strategy-none = No backoff
strategy-exponential = Exponential
strategy-equal = Equal jitter
strategy-full = Full jitter
strategy-decorrelated = Decorrelated jitter

# Title of the line charts' client axis (plain text, short).
axis-clients = Clients

# Label of the control that opens a chart's data table (plain text).
table-show = The chart’s figures as a table

# Header of the first column of the line charts' tables (plain text).
table-clients = Clients
