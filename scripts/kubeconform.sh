#!/usr/bin/env bash
# Validates Kubernetes manifests offline: kubeconform, built once from the Go module proxy, against strict JSON schemas
# of Kubernetes v$k8s_version made once (scripts/k8s-json-schemas.js) from the OpenAPI document in the k8s.io/kubernetes
# module (api/openapi-spec/swagger.json), both cached in ~/.cache/bursar. Arguments go to kubeconform:
#   scripts/kubeconform.sh [-summary] [-ignore-filename-pattern RE] FILE|DIR…
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
k8s_version=1.35.4 kubeconform_version=v0.8.0
cache="${XDG_CACHE_HOME:-$HOME/.cache}/bursar"
schemas="$cache/kubernetes-json-schema"
command -v go >/dev/null || PATH="$PATH:/usr/local/go/bin"
kubeconform="$("$here/go-tool.sh" kubeconform github.com/yannh/kubeconform/cmd/kubeconform "$kubeconform_version")"

# Made anew when the converter changes: the marker names its checksum.
done_marker="$schemas/v$k8s_version-$(sha256sum "$here/k8s-json-schemas.js" | cut -c1-16).done"
if [ ! -f "$done_marker" ]; then
  echo "Making the Kubernetes v$k8s_version JSON schemas (once)…" >&2
  module_dir="$(cd "$cache" && go mod download -json "k8s.io/kubernetes@v$k8s_version" |
    node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).Dir))')"
  node "$here/k8s-json-schemas.js" "$module_dir/api/openapi-spec/swagger.json" "$schemas" "v$k8s_version"
  touch "$done_marker"
fi
exec "$kubeconform" -kubernetes-version "$k8s_version" -schema-location "$schemas" -strict "$@"
