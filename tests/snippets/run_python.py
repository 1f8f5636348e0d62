"""Runs generated tenacity and urllib3 snippets and compares the delays the
libraries compute with the core's.

Called by tests/suite/snippets.rs with a JSON file of cases: {library, code,
retries, expect}, where expect[k - 1] is the core's [min, max] in
milliseconds of retry k, or null where the snippet says it differs. The
random draws of tenacity are pinned to the ends of their ranges
(random.uniform returns its low, then its high end), so each retry gives
its shortest and its longest delay. Prints "checked N delays"; exits 1 on
any mismatch.
"""

import json
import math
import random
import sys

from tenacity import RetryCallState
from urllib3.util.retry import RequestHistory


def tenacity_delays(namespace, retries):
    retrying = namespace["retrying"]
    state = RetryCallState(retrying, None, (), {})
    # stop_after_attempt(retries + 1): the last retry is attempt retries + 1.
    state.attempt_number = retries
    assert not retrying.stop(state), "stops too early"
    state.attempt_number = retries + 1
    assert retrying.stop(state), "does not stop after the last retry"

    def delay(k):
        state.attempt_number = k
        ends = []
        uniform = random.uniform
        for end in (0, 1):
            random.uniform = lambda low, high: (low, high)[end]
            try:
                ends.append(retrying.wait(state) * 1000)
            finally:
                random.uniform = uniform
        return ends

    return delay


def urllib3_delays(namespace, retries):
    retry = namespace["retry"]
    assert retry.total == retries, f"total {retry.total}"

    def delay(k):
        # After the k-th consecutive error, history holds k entries.
        history = tuple(RequestHistory("GET", "/", None, None, None) for _ in range(k))
        wait = retry.new(history=history).get_backoff_time() * 1000
        return [wait, wait]

    return delay


def close(a, b):
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def main(path):
    with open(path, encoding="utf-8") as file:
        cases = json.load(file)
    failures = []
    checked = 0
    for case in cases:
        namespace = {}
        exec(case["code"], namespace)
        make = {"tenacity": tenacity_delays, "urllib3": urllib3_delays}[case["library"]]
        delay = make(namespace, case["retries"])
        for k, expect in enumerate(case["expect"], start=1):
            if expect is None:
                continue
            got = delay(k)
            checked += 1
            if not (close(got[0], expect[0]) and close(got[1], expect[1])):
                failures.append(f"{case['library']} retry {k}: got {got}, core {expect}\n{case['code']}")
    print(f"checked {checked} delays")
    for failure in failures:
        print(failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main(sys.argv[1])
