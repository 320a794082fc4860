#!/usr/bin/env bash
# Builds a Go command once from the Go module proxy into a per-user cache and prints its path; later calls reuse it.
#   scripts/go-tool.sh NAME MODULE/cmd/path VERSION
set -euo pipefail
name="$1" module="$2" version="$3"
dir="${XDG_CACHE_HOME:-$HOME/.cache}/bursar/$name-$version"
bin="$dir/$(basename "$module")"
if [ ! -x "$bin" ]; then
  command -v go >/dev/null || { echo "Go is needed to build $name (go not found)" >&2; exit 1; }
  echo "Building $name $version with $(go version) (once)…" >&2
  CGO_ENABLED=0 GOBIN="$dir" GOFLAGS=-mod=mod go install "$module@$version" >&2
fi
echo "$bin"
