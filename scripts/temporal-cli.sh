#!/usr/bin/env bash
# Builds the Temporal CLI (dev server + Web UI) once from the Go module proxy into a per-user cache, then reuses it.
# Prints the binary's path. Falls back to the nearest older tag if the pinned one cannot be built.
set -euo pipefail
here="$(dirname "$0")"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/bursar"
for tag in v1.5.1 v1.5.0; do
  if [ -x "$cache/temporal-$tag/temporal" ]; then echo "$cache/temporal-$tag/temporal"; exit 0; fi
done
for tag in v1.5.1 v1.5.0; do
  if "$here/go-tool.sh" temporal github.com/temporalio/cli/cmd/temporal "$tag"; then exit 0; fi
  echo "Building the Temporal CLI $tag failed; trying an older tag." >&2
done
exit 1
