#!/usr/bin/env bash
# Runs the whole test suite on a fresh machine: installs what the tests need
# (the wasm32 target; Debian's Chromium, a JDK, Mono's C# compiler, Go and
# Node where they are missing; the npm packages of the lock file; tenacity and urllib3 from
# PyPI in a virtual environment under target/),
# then formatting, lints, the Rust tests, and the browser tests against a
# fresh build. Safe to run again: every install step is skipped when done.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "toolchain: wasm32 target, rustfmt, clippy"
rustup target add wasm32-unknown-unknown >/dev/null
rustup component add rustfmt clippy >/dev/null 2>&1 || true

# From here on a test whose tool is missing fails instead of skipping
# (backoff_core_testing::tools; the browser tests have no skip at all).
export BACKOFF_SITE_REQUIRE_TOOLS=1

step "Debian packages: chromium (browser tests), a JDK (the Nu HTML Checker; javac, mcs and gofmt compile the snippets' comments), Node"
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v javac >/dev/null 2>&1 || missing+=(default-jdk-headless)
command -v mcs >/dev/null 2>&1 || missing+=(mono-mcs)
command -v gofmt >/dev/null 2>&1 || missing+=(golang-go)
command -v node >/dev/null 2>&1 || missing+=(nodejs npm)
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ -f package-lock.json ]; then
  step "npm packages from package-lock.json"
  npm ci --no-audit --no-fund --loglevel=error
fi

step "Python: pinned tenacity and urllib3 in target/py-venv (tests/suite/snippets.rs runs them)"
if [ ! -x target/py-venv/bin/python ]; then
  python3 -m venv target/py-venv
fi
target/py-venv/bin/pip install --quiet --disable-pip-version-check --no-deps \
  --require-hashes -r scripts/python-requirements.txt

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy"
cargo clippy --all-targets --quiet -- -D warnings

step "cargo test"
cargo test

if [ -d tests/e2e ]; then
  step "browser tests against a fresh build"
  # A folder left by an older build has no record of what it wrote, and the
  # build refuses folders it cannot prove it owns: start from nothing.
  rm -rf target/e2e-dist target/.e2e-dist.*
  cargo run --quiet -- build --out target/e2e-dist
  DIST=target/e2e-dist npm run --silent e2e
fi
