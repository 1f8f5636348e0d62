### The "practice" page, English (the reference language).
### What a retry loop meets besides its schedule: Retry-After, which errors
### to retry, amplification and retry budgets, attempts against retries, and
### a retry loop as code. Messages are Markdown unless noted otherwise;
### figures always come from variables formatted by the build (their
### sources are cited in content/practice.toml). HTTP status codes stay as
### digits; header, setting and status names stay in inline code.

# The page's H1 and <title>.
title = Retries in practice: Retry-After, idempotency, budgets

# Meta description: plain text, one sentence.
description = Which errors to retry, how to honor Retry-After, why retries multiply across layers, and a retry loop with jitter and a deadline.

# Short label for links to this page.
nav-label = Retries in practice

# Introduction (Markdown).
intro =
    A backoff schedule answers one question: how long to wait before the next attempt. A client in production has to answer a few more. Has the server already said how long to wait? Is the error worth retrying at all? Is the request safe to send twice? How many attempts are the layers above it making on top of its own?

    This page takes these questions in turn and ends with a short retry loop that puts the answers together.

# Heading of the Retry-After section.
retry-after-heading = When the server names the wait: Retry-After

# The Retry-After section (Markdown).
# $urllib3-retry-after-max-hours (number) - `urllib3`'s default cap on Retry-After, in hours
retry-after =
    A server that is overloaded or limiting its rate can tell clients when to come back. The `Retry-After` header, defined in [HTTP Semantics](https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3), takes one of two forms: a number of seconds, as in `Retry-After: 120`, or an HTTP date, as in `Retry-After: Fri, 31 Dec 1999 23:59:59 GMT`. Accept both. For a date, the wait is that moment minus the current time; a date in the past means the client may retry at once.

    It comes with these responses:

    - 503 (Service Unavailable): how long the service expects to be unavailable;
    - a redirect: the minimum wait before following it;
    - 413 (Content Too Large), when the condition is [temporary](https://www.rfc-editor.org/rfc/rfc9110#section-15.5.14): after what time the client may try again;
    - 429 (Too Many Requests), from [Additional HTTP Status Codes](https://www.rfc-editor.org/rfc/rfc6585#section-4): how long to wait before making a new request.

    Nothing bounds the value, and a server can ask for hours. Set a limit of your own: if the wait does not fit into the time your caller has left, fail now and pass the wait on rather than sleep through it. `urllib3`, for one, caps the header at `retry_after_max`, { $urllib3-retry-after-max-hours ->
        [one] { $urllib3-retry-after-max-hours } hour
       *[other] { $urllib3-retry-after-max-hours } hours
    } by default.

    When the header and your backoff disagree, never retry earlier than the server asked: wait for the longer of the two. `urllib3` simply uses the header instead of its backoff whenever it is present, by default on 413, 429, and 503 responses ([`retry.py`](https://github.com/urllib3/urllib3/blob/9a950b92d999f906b6020bb2d1076ee56cddd5d2/src/urllib3/util/retry.py#L196-L202)). Either way, a retry after `Retry-After` is still a retry and counts against your retry limit.

# Heading of the section on which errors to retry.
retryable-heading = Which errors to retry, and when a retry is safe

# The section on retryable errors and idempotency (Markdown).
retryable =
    Retry what is likely to succeed a moment later:

    - connection errors, and timeouts before any response arrived;
    - 429 (Too Many Requests), after the wait the server asked for;
    - 502 (Bad Gateway), 503 (Service Unavailable), and 504 (Gateway Timeout): an overloaded instance or a proxy that lost its upstream, often fine on the next attempt.

    Most other client errors say that the request itself is wrong: 400, 401, 403, 404, and 422 come back the same however often you send them, so retrying them only adds load. 500 (Internal Server Error) may be a passing fault or a bug that repeats: retry it only if the request is safe to repeat, and not for long.

    A retry is safe only if running the operation twice does no harm. GET, HEAD, OPTIONS, TRACE, PUT, and DELETE are [idempotent](https://www.rfc-editor.org/rfc/rfc9110#section-9.2.2) by definition, and they are the methods `urllib3` retries by default; POST is not, and a timeout does not tell you whether the server acted. Give each logical operation a unique key and send the same key with every retry. With Stripe’s [`Idempotency-Key` header](https://docs.stripe.com/api/idempotent_requests), a retry gets the saved result of the first request instead of a second charge; the IETF draft [The Idempotency-Key HTTP Header Field](https://datatracker.ietf.org/doc/draft-ietf-httpapi-idempotency-key-header/) proposes the same header for any HTTP API.

    gRPC draws the same line between its [status codes](https://github.com/grpc/grpc/blob/master/doc/statuscodes.md). `UNAVAILABLE` means the service is out of reach, most likely only briefly: it is the code to retry with backoff, although a call that is not idempotent may already have run. `DEADLINE_EXCEEDED` means the deadline ran out, possibly after the operation completed; a retry under the same deadline has no time left. Extend the deadline where it is set, or give up, but do not retry the call in a loop.

# Heading of the section on retry amplification and retry budgets.
amplification-heading = Retries multiply across layers

# The section on retry amplification and budgets (Markdown).
# $amplification-layers (number) - layers that retry, one above the other
# $amplification-attempts (number) - attempts each layer makes
# $amplification-calls (number) - the calls the layer below them gets: attempts to the power of layers
# $aws-quota, $aws-retry-cost, $aws-timeout-cost, $aws-success-refund (numbers) - tokens of the AWS retry quota; $aws-retry-cost-new, $aws-throttling-cost-new (numbers) - its costs under the opt-in behavior
# $grpc-max-tokens, $grpc-token-ratio (numbers) - gRPC's example throttling settings
# $envoy-budget-percent, $envoy-min-retry-concurrency (numbers) - Envoy's retry budget defaults
amplification =
    Retries at every layer multiply. Take { $amplification-layers ->
        [one] { $amplification-layers } layer
       *[other] { $amplification-layers } layers
    }, say a client, a gateway, and a service, each making up to { $amplification-attempts ->
        [one] { $amplification-attempts } attempt
       *[other] { $amplification-attempts } attempts
    }: when the database under them fails, one request from the client becomes { $amplification-calls ->
        [one] { $amplification-calls } call
       *[other] { $amplification-calls } calls
    } to it, and they arrive exactly when it is least able to take them.

    Retry at one layer only, usually the one closest to the failing dependency, and let the others fail fast. Where several layers must retry, limit retries by a budget shared by all requests rather than by a count per request:

    - AWS SDKs in standard retry mode keep a quota of { $aws-quota } tokens per client. A retry takes { $aws-retry-cost } tokens, or { $aws-timeout-cost } after a timeout; a request that succeeds at once returns { $aws-success-refund }, and one that succeeds after retrying returns what its retry took. When the quota runs out, the client stops retrying until successes refill it. These are botocore’s figures at `1.43.67` ([`quota.py`](https://github.com/boto/botocore/blob/0e6e2404b85dc336dd2889814e089bde7d1a4c55/botocore/retries/quota.py#L7), [`standard.py`](https://github.com/boto/botocore/blob/0e6e2404b85dc336dd2889814e089bde7d1a4c55/botocore/retries/standard.py#L669-L699)). A newer behavior, opt-in for now through the environment variable `AWS_NEW_RETRIES_2026=true` (from botocore `1.43.3`), charges { $aws-retry-cost-new } tokens for every retry, timeouts included, but { $aws-throttling-cost-new } for a throttled one; its delays appear as a separate preset on the [library defaults](../defaults/) page.
    - gRPC’s retry throttling keeps a token count per server: each failed call takes one token, each successful call adds `tokenRatio`, and while the count is at or below half of `maxTokens`, no call is retried. The design’s example sets `maxTokens` to { $grpc-max-tokens } and `tokenRatio` to { $grpc-token-ratio } ([gRPC retry design](https://github.com/grpc/proposal/blob/master/A6-client-retries.md)).
    - Envoy’s retry budget limits concurrent retries to a share of the active requests: { $envoy-budget-percent }% by default, but never fewer than { $envoy-min-retry-concurrency } ([`circuit_breaker.proto`](https://github.com/envoyproxy/envoy/blob/01c2c1fadbc61d572c7e02568c98ff001c0bfe8f/api/envoy/config/cluster/v3/circuit_breaker.proto)).

# Heading of the section on attempts and retries.
attempts-heading = Attempts or retries: read the setting twice

# The section on how libraries count (Markdown).
# $resilience4j-max-attempts, $grpc-max-attempts-limit, $polly-max-retry-attempts, $urllib3-total, $urllib3-default-total (numbers)
attempts =
    The same number means different things in different libraries. Some count attempts, the first call included; others count only the retries after it, so a setting of $n$ makes $n$ calls in one library and $n + 1$ in another:

    - `resilience4j`: `maxAttempts` counts the first call; the default is { $resilience4j-max-attempts } ([`RetryConfig.java`](https://github.com/resilience4j/resilience4j/blob/0124df713de675b6f88e8176bd71eaf6b15d9db5/resilience4j-retry/src/main/java/io/github/resilience4j/retry/RetryConfig.java)).
    - gRPC: `maxAttempts` in a retry policy counts the original request, and clients treat any value above { $grpc-max-attempts-limit } as { $grpc-max-attempts-limit } ([gRPC retry design](https://github.com/grpc/proposal/blob/master/A6-client-retries.md)).
    - Polly: `MaxRetryAttempts` counts retries in addition to the original call; the default is { $polly-max-retry-attempts } ([Polly’s documentation](https://github.com/App-vNext/Polly/blob/027c73215cec1e89e2ec67214523fde154175a38/docs/strategies/retry.md)).
    - `urllib3`: `total` counts retries. A `Retry()` made without arguments allows { $urllib3-total }, but a pool given no `Retry` uses `Retry.DEFAULT`, which allows { $urllib3-default-total }.
    - This site counts retries too: the calculators’ “retries” are the requests sent after the original one, each after its delay.

    When you move a policy from one library to another, convert the count: $n$ attempts are $n - 1$ retries.

# Heading of the code section.
code-heading = A retry loop with jitter and a deadline

# The code section (Markdown).
# { $retry-loop } is a code listing provided by the build; keep it on a line of its own.
# Its comments are the listing-* messages below.
code =
    The loop below puts this page together, in Python. It retries only errors it knows to be temporary, draws each wait with full jitter below a capped exponential delay, never retries earlier than `Retry-After` asks, and checks the deadline before it sleeps: a wait that would end after the deadline is never started.

    { $retry-loop }

    `send` makes one attempt of your operation, for example `get` at the end of the listing, which uses Python’s built-in `http.client`: `call(lambda: get("api.example.com", "/v1/items"))`. Its errors are the built-in ones the loop catches: a refused or dropped connection is a `ConnectionError`, a timeout a `TimeoutError`. With another client, map its errors to these (for `requests`, its `ConnectionError` and `Timeout`), and read `status_code` in `check`. Every error other than `Retryable`, `ConnectionError`, and `TimeoutError` goes straight to the caller. The calculator below shows the waits of the same policy in milliseconds.

# Comments of the code listing: plain text, one line each, no Markdown.
listing-statuses = Statuses worth another attempt; any other status is final.
listing-retryable = A failure that another attempt may fix, with the wait the server asked for, if any.
listing-retry-after-forms = Retry-After holds seconds or an HTTP date; anything else is ignored.
listing-check = Turns a retryable status into the exception the loop retries.
listing-deadline = One deadline for all attempts and waits together.
listing-out-of-attempts = Out of attempts: pass the last error on.
listing-full-jitter = Full jitter: a random wait below the capped exponential delay.
listing-honor-retry-after = Never retry earlier than the server asked.
listing-check-deadline = Check the deadline before sleeping: give up now rather than wake up too late.
listing-one-attempt = One attempt: a GET over HTTPS, its status checked, the connection closed whatever happens.

# This page's rule for the maximum delay, shown by the calculator (one sentence).
max-delay-rule = On this page the maximum delay must be greater than zero.

# Heading of the FAQ section.
faq-heading = Frequently asked questions

# FAQ question; .answer is the answer (Markdown).
faq-retry-after-too-long = What if Retry-After asks for longer than I can wait?
    .answer = Do not retry early: a request sent before the time the server named will most likely be refused again. Fail now and give your caller the wait the server asked for, or put the work in a queue that runs it later.

# FAQ question; .answer is the answer (Markdown).
faq-retry-post = Can I retry a POST request?
    .answer = Only if the server can recognize the retry. Send an idempotency key that stays the same for every attempt of one operation, such as Stripe’s `Idempotency-Key` header, so that the server returns the first result instead of acting twice. Without one, retry a POST only when you know it never reached the server, as with a refused connection.

# FAQ question; .answer is the answer (Markdown).
faq-which-layer = At which layer should retries happen?
    .answer = At one layer, usually the one next to the dependency that fails: it knows the error best and its retries are cheapest. The layers above should fail fast, or share a retry budget, so that the attempts of each layer do not multiply.
