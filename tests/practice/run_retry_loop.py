"""Runs the practice page's retry loop, as the page prints it, against a
local HTTP server (tests/suite/practice_page.rs passes the listing's file).

The listing's `get` speaks HTTPS to a named host; here it reaches a plain
HTTP server on 127.0.0.1, its only change being the connection class. Each
case scripts the server's answers and checks what the loop does with them:
how many requests reached the server, what `call` returned or raised, and
how long it waited. Prints one line per case and "passed N cases"; any
failure exits non-zero with what differed.
"""

import email.utils
import http.client
import http.server
import importlib.util
import socket
import sys
import threading
import time


def load(path):
    spec = importlib.util.spec_from_file_location("retry_loop", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Script:
    """The server's answers, one per request: (status, headers, delay)."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.requests = 0
        self.lock = threading.Lock()

    def next(self):
        with self.lock:
            self.requests += 1
            if self.answers:
                return self.answers.pop(0)
            return (200, {}, 0.0)


def serve(script):
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            status, headers, delay = script.next()
            if delay:
                time.sleep(delay)
            body = b"ok" if status == 200 else b"no"
            try:
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def closed_port():
    """A port nothing listens on: bound, then released."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main(path):
    loop = load(path)
    # Plain HTTP to the local server; everything else is the listing's.
    loop.http.client.HTTPSConnection = http.client.HTTPConnection
    failures = []
    passed = 0

    def case(name, answers, expect, attempts=5, base=0.01, budget=30.0,
             timeout=5.0, requests=None, at_least=0.0, at_most=None, port=None):
        nonlocal passed
        script = Script(answers)
        server = None if port else serve(script)
        host = f"127.0.0.1:{port or server.server_address[1]}"
        start = time.monotonic()
        try:
            outcome = loop.call(lambda: loop.get(host, "/items", timeout=timeout),
                                base=base, attempts=attempts, budget=budget)
        except Exception as error:  # the loop's own errors are the outcome
            outcome = type(error)
        took = time.monotonic() - start
        if server:
            server.shutdown()
            server.server_close()
        problems = []
        if outcome != expect:
            problems.append(f"outcome {outcome!r}, expected {expect!r}")
        if requests is not None and script.requests != requests:
            problems.append(f"{script.requests} requests, expected {requests}")
        if took < at_least:
            problems.append(f"took {took:.3f} s, expected at least {at_least}")
        if at_most is not None and took > at_most:
            problems.append(f"took {took:.3f} s, expected at most {at_most}")
        status = "ok" if not problems else "FAILED: " + "; ".join(problems)
        print(f"{name}: {status}")
        if problems:
            failures.append(name)
        else:
            passed += 1

    # Transient statuses are retried until the server answers.
    case("503 then 502 then 200", [(503, {}, 0), (502, {}, 0)],
         (200, b"ok"), requests=3)
    # A final status is the caller's after one request.
    case("404 is not retried", [(404, {}, 0)], (404, b"no"), requests=1)
    case("500 is not retried", [(500, {}, 0)], (500, b"no"), requests=1)
    # Out of attempts, the last error goes to the caller.
    case("always 503", [(503, {}, 0)] * 10, loop.Retryable, attempts=3,
         requests=3)
    # Retry-After in seconds is waited for, however short the backoff.
    case("Retry-After: 1", [(429, {"Retry-After": "1"}, 0)], (200, b"ok"),
         requests=2, at_least=1.0)
    # Retry-After as an HTTP date (two seconds ahead: whole seconds only).
    when = email.utils.formatdate(time.time() + 2, usegmt=True)
    case("Retry-After as a date", [(503, {"Retry-After": when}, 0)],
         (200, b"ok"), requests=2, at_least=0.9)
    # A wait that would end after the deadline is never started.
    case("Retry-After past the deadline", [(503, {"Retry-After": "3600"}, 0)],
         loop.Retryable, budget=2.0, requests=1, at_most=1.0)
    # An unusable header falls back to the backoff.
    case("Retry-After garbage", [(503, {"Retry-After": "soon"}, 0)],
         (200, b"ok"), requests=2, at_most=1.0)
    # A refused connection is a ConnectionError: retried, then raised.
    case("connection refused", [], ConnectionRefusedError, attempts=3,
         port=closed_port(), requests=0)
    # A server slower than the timeout is a TimeoutError: retried.
    case("timeout then 200", [(200, {}, 1.5)], (200, b"ok"), timeout=0.5,
         requests=2)

    print(f"passed {passed} cases")
    if failures:
        sys.exit(f"failed: {', '.join(failures)}")


if __name__ == "__main__":
    main(sys.argv[1])
