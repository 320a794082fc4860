#!/usr/bin/env bash
# Builds, once, the pieces of a real Temporal cluster from the Go module proxy into a per-user cache, at the versions the
# Temporal CLI v1.5.1 pins (so they share its module downloads): the server (frontend, history, matching, worker
# services), its SQL schema tool with the server's PostgreSQL schema files, and the Web UI server (UI assets embedded).
# Prints four lines, KEY=path:
#   TEMPORAL_SERVER_PATH=…  TEMPORAL_SQL_TOOL_PATH=…  TEMPORAL_SCHEMA_DIR=…  TEMPORAL_UI_SERVER_PATH=…
set -euo pipefail
server_version=v1.29.1 ui_version=v2.42.1 cli_version=v1.5.1
cache="${XDG_CACHE_HOME:-$HOME/.cache}/bursar"
server_dir="$cache/temporal-server-$server_version" ui_dir="$cache/temporal-ui-server-$ui_version"
server="$server_dir/temporal-server" sql_tool="$server_dir/temporal-sql-tool" ui="$ui_dir/ui-server"
schema="$server_dir/schema/postgresql/v12"  # temporal/versioned and visibility/versioned

if [ ! -x "$server" ] || [ ! -x "$sql_tool" ] || [ ! -x "$ui" ] || [ ! -d "$schema" ]; then
  command -v go >/dev/null || PATH="$PATH:/usr/local/go/bin"
  command -v go >/dev/null || { echo "Go is needed to build the Temporal server (go not found)" >&2; exit 1; }
  echo "Building Temporal server $server_version, temporal-sql-tool and UI server $ui_version with $(go version) (once, several minutes)…" >&2
  # A scratch module that requires what the CLI requires, so the build resolves the same dependency versions.
  src="$cache/temporal-cluster-build"
  mkdir -p "$src" "$server_dir" "$ui_dir"
  cli_mod="$(go env GOMODCACHE)/cache/download/github.com/temporalio/cli/@v/$cli_version.mod"
  if [ ! -f "$cli_mod" ]; then (cd "$src" && GOFLAGS=-mod=mod go mod download -json "github.com/temporalio/cli@$cli_version" >/dev/null); fi
  sed "1s|.*|module bursar.local/temporal-cluster-build|" "$cli_mod" >"$src/go.mod"
  grep -q "go.temporal.io/server $server_version" "$src/go.mod" || { echo "the CLI $cli_version no longer pins server $server_version" >&2; exit 1; }
  grep -q "github.com/temporalio/ui-server/v2 $ui_version" "$src/go.mod" || { echo "the CLI $cli_version no longer pins UI $ui_version" >&2; exit 1; }
  printf 'package main\n\nimport (\n\t_ "github.com/temporalio/ui-server/v2/cmd/server"\n\t_ "go.temporal.io/server/cmd/server"\n\t_ "go.temporal.io/server/cmd/tools/sql"\n)\n' >"$src/tools.go"
  sed -i '1s|^|//go:build tools\n\n|' "$src/tools.go"
  cd "$src"
  export CGO_ENABLED=0 GOFLAGS=-mod=mod
  [ -x "$server" ] || go build -o "$server" go.temporal.io/server/cmd/server >&2
  [ -x "$sql_tool" ] || go build -o "$sql_tool" go.temporal.io/server/cmd/tools/sql >&2
  [ -x "$ui" ] || go build -o "$ui" github.com/temporalio/ui-server/v2/cmd/server >&2
  if [ ! -d "$schema" ]; then
    module_dir="$(go list -m -f '{{.Dir}}' "go.temporal.io/server")"
    mkdir -p "$(dirname "$schema")" && cp -R "$module_dir/schema/postgresql/v12" "$schema" && chmod -R u+w "$schema"
  fi
fi
echo "TEMPORAL_SERVER_PATH=$server"
echo "TEMPORAL_SQL_TOOL_PATH=$sql_tool"
echo "TEMPORAL_SCHEMA_DIR=$schema"
echo "TEMPORAL_UI_SERVER_PATH=$ui"
