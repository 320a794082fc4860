#!/usr/bin/env bash
# Shows the golden grid can fail: three mutations of src/ (a rounding direction flipped, a proration day count off by
# one, a tax base without the discount), each applied to a scratch worktree of HEAD and run against a seeded sample
# that passes unmutated: each must make cells fail.
# Usage: bash test/golden/mutants.sh [seed] [cells]   (about 2 minutes a run on 2 cores; 4 runs)
set -euo pipefail
cd "$(dirname "$0")/../.."
seed="${1:-1}"; cells="${2:-150}"
tree="$(mktemp -d /tmp/bursar-mutants.XXXXXX)"
git worktree add -q --detach "$tree" HEAD
trap 'git worktree remove --force "$tree"' EXIT
cp -al node_modules "$tree/"

mutate() {  # file, the exact text, its mutation: fails when the text is gone (the mutation needs updating)
  grep -qF -- "$2" "$tree/$1" || { echo "mutants: '$2' not found in $1" >&2; exit 2; }
  python3 - "$tree/$1" "$2" "$3" <<'PY'
import sys
path, old, new = sys.argv[1:]
text = open(path).read()
open(path, 'w').write(text.replace(old, new, 1))
PY
}

sample() {  # runs the sample in the scratch tree into $1; prints how many cells failed
  (cd "$tree" && GOLDEN_SEED="$seed" GOLDEN_CELLS="$cells" npx jest test/golden/grid.test.ts >"$1" 2>&1) || true
  { grep -o 'GOLDEN_CELL=[^)]*' "$1" || true; } | sort -u | wc -l
}

baseline="$(sample /tmp/bursar-mutant-baseline.log)"
grep -q 'Tests:.*passed' /tmp/bursar-mutant-baseline.log && ! grep -q 'Tests:.*failed' /tmp/bursar-mutant-baseline.log ||
  { echo "mutants: the unmutated sample does not pass ($baseline cells failing; /tmp/bursar-mutant-baseline.log)" >&2; exit 2; }
echo "baseline (no mutation): the sample passes"

survived=0
run() {  # name, then the mutation: caught when cells fail (not merely when jest does)
  local name="$1"; shift
  (cd "$tree" && git checkout -q -- src)
  mutate "$@"
  local log="/tmp/bursar-mutant-${name}.log" failing
  failing="$(sample "$log")"
  if [ "$failing" -gt 0 ]; then echo "mutant ${name}: caught, ${failing} cells failing (log $log)"
  else echo "mutant ${name}: SURVIVED, no cell failed (log $log)"; survived=$((survived + 1)); fi
}

run rounding src/kernel/money.ts \
  'const rounded = (2n * magnitude + BigInt(whole)) / (2n * BigInt(whole));' \
  'const rounded = magnitude / BigInt(whole);'
run proration-day src/kernel/money.ts \
  'const unused = period.end.getTime() - at.getTime();' \
  'const unused = period.end.getTime() - at.getTime() - 86_400_000;'
run tax-base src/domains/subscription/subscription-order.ts \
  'subscriptionTax(seller, s, taxable, bill.taxAt ?? bill.at)' \
  'subscriptionTax(seller, s, taxable + bill.discountAmount, bill.taxAt ?? bill.at)'
exit "$survived"
