#!/usr/bin/env sh
# tools/style-fix.sh — applies the formatter and Biome's safe lint fixes (biome.jsonc) to the tree, in
# place, then prints what is left for hand work, counted per rule. Never applies unsafe fixes: those
# change behaviour (`Math.max` for a ternary, `?.` for `&&`) and are judged by a person.
#   sh tools/style-fix.sh [DIR]     (DIR: the checkout to fix; default: this checkout)
# Run it on a clean tree and commit its result by itself ("style: biome check --write"), so that
# `git blame --ignore-rev` can skip it. `npm run lint` passes once the counts printed below are zero.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(cd "${1:-$root}" && pwd)
biome="$root/node_modules/.bin/biome"
[ -x "$biome" ] || { echo "style-fix: $biome not found: run npm ci first" >&2; exit 1; }
cd "$dir"
[ -f biome.jsonc ] || { echo "style-fix: no biome.jsonc in $dir" >&2; exit 1; }

over120() {
  git ls-files -co --exclude-standard -- ir passes engines src verifier tools test bench types '*.ts' \
    | grep -E '\.(ts|mts|cts|js|mjs|cjs)$' | grep -v '\.generated\.ts$' | tr '\n' '\0' \
    | xargs -0 cat | awk 'length > 120 { n++ } END { printf "%d of %d lines over 120 characters\n", n, NR }'
}

echo "before: $(over120)"
# formatter + safe fixes; exit status ignored here: what remains is reported below
"$biome" check --write --max-diagnostics=0 . >/dev/null 2>&1 || true
echo "after:  $(over120)"

report=$(mktemp)
trap 'rm -f "$report"' EXIT
"$biome" check --reporter=json --max-diagnostics=none . >"$report" 2>/dev/null || true
node -e '
  const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const by = new Map();
  for (const x of d.diagnostics) {
    const k = `${x.category} (${x.severity})`;
    by.set(k, (by.get(k) ?? 0) + 1);
  }
  const rows = [...by].sort((a, b) => b[1] - a[1]);
  console.log(`left for hand work: ${d.diagnostics.length} findings`);
  for (const [k, n] of rows) console.log(`  ${String(n).padStart(4)}  ${k}`);
' "$report"
