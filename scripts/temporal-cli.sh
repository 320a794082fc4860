#!/usr/bin/env bash
# Builds the Temporal CLI (dev server + Web UI) once from the Go module proxy into a per-user cache, then reuses it.
# Prints the binary's path. Falls back to the nearest older tag if the pinned one cannot be built.
set -euo pipefail

cache="${XDG_CACHE_HOME:-$HOME/.cache}/bursar"
for tag in v1.5.1 v1.5.0; do
  bin="$cache/temporal-$tag/temporal"
  if [ -x "$bin" ]; then echo "$bin"; exit 0; fi
done

command -v go >/dev/null || { echo "Go >= 1.25 is needed to build the Temporal CLI (go not found)" >&2; exit 1; }
for tag in v1.5.1 v1.5.0; do
  bin="$cache/temporal-$tag/temporal"
  echo "Building the Temporal CLI $tag with $(go version) — a few minutes, once…" >&2
  if CGO_ENABLED=0 GOBIN="$cache/temporal-$tag" GOFLAGS=-mod=mod go install "github.com/temporalio/cli/cmd/temporal@$tag" >&2; then
    echo "$bin"
    exit 0
  fi
  echo "Building the Temporal CLI $tag failed; trying an older tag." >&2
done
exit 1
