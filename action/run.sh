#!/usr/bin/env bash
# The GitHub Action's step (action.yml): runs the project's own mcp-gen (never downloads one) for
# check, then diff against the pull request's base, then verify when a server is given. Each prints
# workflow commands (annotations) and appends its Markdown report to $GITHUB_STEP_SUMMARY, and its
# result (passed, failed, skipped) goes to $GITHUB_OUTPUT. Exits 1 when any of them failed.
set -uo pipefail

mcp_gen() { npx --no -- mcp-gen "$@"; }

if ! mcp_gen --version >/dev/null 2>&1; then
  echo "::error title=mcp-gen::mcp-gen is not installed in $(pwd): add it to the project (npm install --save-dev mcp-gen) and run npm ci before this step."
  exit 2
fi

output() { echo "$1=$2" >> "${GITHUB_OUTPUT:-/dev/null}"; }

# run COMMAND ARGS...: one mcp-gen command, its annotations on stdout, its report in the job
# summary, passed or failed in the output named after it.
run() {
  local name=$1 report code
  shift
  report=$(mktemp)
  mcp_gen "$name" "$@" --format github --report "markdown=$report"
  code=$?
  if [ -s "$report" ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
    { cat "$report"; echo; } >> "$GITHUB_STEP_SUMMARY"
  fi
  rm -f "$report"
  if [ "$code" -eq 0 ]; then output "$name" passed; else output "$name" failed; fi
  return "$code"
}

status=0

check=()
[ "${MCP_GEN_FULL:-true}" = "true" ] && check+=(--full)
if [ -n "${MCP_GEN_SARIF_FILE:-}" ]; then
  check+=(--report "sarif=$MCP_GEN_SARIF_FILE")
  output sarif-file "$MCP_GEN_SARIF_FILE"
fi
run check ${check[@]+"${check[@]}"} || status=1

base=${MCP_GEN_BASE:-}
if [ -z "$base" ] && [ -n "${GITHUB_EVENT_PATH:-}" ] && [ -f "$GITHUB_EVENT_PATH" ]; then
  base=$(node -e 'const e = JSON.parse(require("fs").readFileSync(process.env.GITHUB_EVENT_PATH, "utf8")); process.stdout.write(String(e.pull_request?.base?.sha ?? ""))')
fi
if [ "${MCP_GEN_DIFF:-true}" = "true" ] && [ -n "$base" ]; then
  # actions/checkout fetches one commit by default: fetch the base too when it is missing.
  if ! git cat-file -e "$base^{commit}" 2>/dev/null; then
    git fetch --no-tags --depth=1 origin "$base" || echo "::warning title=mcp-gen::Could not fetch the base commit $base; diff compares with what is there."
  fi
  run diff --base-rev "$base" --fail-on "${MCP_GEN_DIFF_FAIL_ON:-warning}" || status=1
else
  output diff skipped
fi

if [ -n "${MCP_GEN_VERIFY_URL:-}" ]; then
  run verify --url "$MCP_GEN_VERIFY_URL" || status=1
elif [ -n "${MCP_GEN_VERIFY_COMMAND:-}" ]; then
  run verify --command "$MCP_GEN_VERIFY_COMMAND" || status=1
else
  output verify skipped
fi

exit "$status"
