#!/usr/bin/env bash
# Platform Advisor gate for merge requests: the one script the GitHub, GitLab and Jenkins examples call.
#
#   bash examples/ci/advisor-gate.sh BASE_REF        e.g. origin/main
#
# 1. `advisor check` on the configuration documents the change adds or modifies (under
#    ADVISOR_CONFIGS), writing SARIF, JUnit and Markdown into ADVISOR_OUT;
# 2. `advisor diff` on each planned change under ADVISOR_CHANGES that the change touches: a
#    directory holding before.json and after.json (see examples/changes/);
# 3. ADVISOR_OUT/summary.md: the Markdown to post on the merge request.
#
# Exit code: 2 if any run had wrong input (a document, the waivers file, the baseline), else 1 if
# any run failed the gate, else 0 -- the contract's codes.
#
# Environment (all optional):
#   ADVISOR          command to run (default: advisor)
#   ADVISOR_CONFIGS  directory of configuration documents (default: configs)
#   ADVISOR_CHANGES  directory of planned changes (default: examples/changes)
#   ADVISOR_OUT      output directory (default: advisor-out)
#   ADVISOR_FAIL_ON  severity that fails the gate (default: high)
#   ADVISOR_BASELINE baseline file from `advisor baseline create` (used when it exists)
#   ADVISOR_FORMAT   format of the log output of `advisor check` (default: text; github on Actions)
#   ADVISOR_FILES / ADVISOR_CHANGED  space-separated lists of changed documents / changed files
#                    under ADVISOR_CHANGES, instead of asking git
set -uo pipefail

base="${1:-origin/main}"
read -r -a advisor <<< "${ADVISOR:-advisor}"
configs="${ADVISOR_CONFIGS:-configs}"
changes="${ADVISOR_CHANGES:-examples/changes}"
out="${ADVISOR_OUT:-advisor-out}"
fail_on="${ADVISOR_FAIL_ON:-high}"
mkdir -p "$out"
rm -f "$out"/*.md "$out"/advisor.sarif "$out"/advisor-junit.xml

changed() {  # files under $1 that this change adds, copies, modifies or renames
  git diff --name-only --diff-filter=ACMR "$base"...HEAD -- "$1/*.json" "$1/*.yaml" "$1/*.yml"
}

if [[ -n "${ADVISOR_FILES+x}" ]]; then read -r -a docs <<< "$ADVISOR_FILES"; else mapfile -t docs < <(changed "$configs"); fi
if [[ -n "${ADVISOR_CHANGED+x}" ]]; then read -r -a touched <<< "$ADVISOR_CHANGED"; else mapfile -t touched < <(changed "$changes"); fi

worst=0
record() { if (( $1 == 2 )) || (( $1 == 1 && worst == 0 )); then worst=$1; fi; }

if (( ${#docs[@]} )); then
  baseline=()
  [[ -n "${ADVISOR_BASELINE:-}" && -f "${ADVISOR_BASELINE}" ]] && baseline=(--baseline "$ADVISOR_BASELINE")
  "${advisor[@]}" check "${docs[@]}" --fail-on "$fail_on" "${baseline[@]}" --format "${ADVISOR_FORMAT:-text}" \
    --output "sarif=$out/advisor.sarif" --output "junit=$out/advisor-junit.xml" --output "markdown=$out/check.md"
  record $?
else
  echo "Platform Advisor: no configuration document changed under $configs/"
fi

# Planned changes: each touched directory with a before.json and an after.json, once.
declare -A pairs=()
for file in "${touched[@]}"; do
  dir="$(dirname "$file")"
  [[ -f "$dir/before.json" && -f "$dir/after.json" ]] && pairs["$dir"]=1
done
n=0
while IFS= read -r stem; do
  [[ -n "$stem" ]] || continue  # no pair: printf printed one empty line
  n=$((n + 1))
  "${advisor[@]}" diff "$stem/before.json" "$stem/after.json" --fail-on "$fail_on" --format markdown > "$out/diff-$n.md"
  rc=$?
  cat "$out/diff-$n.md"
  record $rc
done < <(printf '%s\n' "${!pairs[@]}" | sort)

{
  [[ -f "$out/check.md" ]] && cat "$out/check.md"
  for md in "$out"/diff-*.md; do [[ -f "$md" ]] && { echo; cat "$md"; }; done
  [[ -f "$out/check.md" ]] || (( n )) || echo "Platform Advisor: no configuration document or planned change in this merge request."
} > "$out/summary.md"

if (( worst == 2 )); then
  echo "Platform Advisor: wrong input (see the messages above)" >&2
fi
exit "$worst"
