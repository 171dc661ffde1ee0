#!/usr/bin/env bash
# The GitHub Action's step (action.yml): check, then on a pull request diff against its base, then
# verify when a server is given. Each prints workflow commands (annotations) and its Markdown report
# goes to $GITHUB_STEP_SUMMARY; diff's report also goes to one pull-request comment, and a pull
# request that carries the review label passes with the changes diff would fail on
# (action/pull-request.mjs). Each result (passed, failed, skipped; diff also reviewed) goes to
# $GITHUB_OUTPUT. Exits 1 when any of them failed.
#
# The mcp-gen that runs: the project's own (a devDependency the job's npm ci installed), which wrote
# the committed code; without one, or with `mcp-gen: action`, the one of this action's ref, from
# the action's checkout ($GITHUB_ACTION_PATH), built there first when it is not (npm ci runs its
# prepare script). Never a package name from the registry.
set -uo pipefail

action=${GITHUB_ACTION_PATH:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
workspace=${GITHUB_WORKSPACE:-$(pwd)}

# The project's mcp-gen command, as npm links it: node_modules/.bin here or in a folder above (a
# workspace root), up to the repository's root. (npx would ask the registry for a missing one.)
project_bin() {
  local dir=$PWD
  while :; do
    if [ -x "$dir/node_modules/.bin/mcp-gen" ]; then
      echo "$dir/node_modules/.bin/mcp-gen"
      return 0
    fi
    if [ "$dir" = "$workspace" ] || [ "$dir" = / ]; then return 1; fi
    dir=$(dirname "$dir")
  done
}

case "${MCP_GEN_FROM:-auto}" in
  project | auto)
    if bin=$(project_bin); then
      mcp_gen() { "$bin" "$@"; }
      echo "mcp-gen $(mcp_gen --version) (the project's own, $bin)"
    elif [ "${MCP_GEN_FROM:-auto}" = project ]; then
      echo "::error title=mcp-gen::mcp-gen is not installed in $(pwd): add it to the project's devDependencies (see docs/install.md) and run npm ci before this step, or set the input mcp-gen: auto."
      exit 2
    fi
    ;;
  action) ;;
  *)
    echo "::error title=mcp-gen::The input mcp-gen must be auto, project or action; got \"${MCP_GEN_FROM}\"."
    exit 2
    ;;
esac
if ! declare -F mcp_gen >/dev/null; then
  if [ ! -f "$action/dist/bundle/main.js" ]; then
    echo "Building mcp-gen from the action's checkout ($action)..."
    if ! (cd "$action" && npm ci --no-audit --no-fund >&2); then
      echo "::error title=mcp-gen::Could not build mcp-gen in $action (npm ci failed; its log is above)."
      exit 2
    fi
  fi
  mcp_gen() { node "$action/bin/mcp-gen.js" "$@"; }
  echo "mcp-gen $(mcp_gen --version) (the action's own, from $action)"
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

check=(--fail-on "${MCP_GEN_CHECK_FAIL_ON:-error}")
[ "${MCP_GEN_FULL:-true}" = "true" ] && check+=(--full)
if [ -n "${MCP_GEN_SARIF_FILE:-}" ]; then
  # Relative to the repository's root, where the upload step looks for it, in a monorepo too.
  case "$MCP_GEN_SARIF_FILE" in
    /*) sarif=$MCP_GEN_SARIF_FILE ;;
    *) sarif=$workspace/$MCP_GEN_SARIF_FILE ;;
  esac
  mkdir -p "$(dirname "$sarif")"
  check+=(--report "sarif=$sarif")
  output sarif-file "$MCP_GEN_SARIF_FILE"
fi
run check ${check[@]+"${check[@]}"} || status=1

base=${MCP_GEN_BASE:-}
[ -z "$base" ] && base=$(node "$action/action/pull-request.mjs" base)
if [ "${MCP_GEN_DIFF:-true}" = "true" ] && [ -n "$base" ]; then
  # actions/checkout fetches one commit by default: fetch the base too when it is missing.
  if ! git cat-file -e "$base^{commit}" 2>/dev/null; then
    git fetch --no-tags --depth=1 origin "$base" || echo "::warning title=mcp-gen::Could not fetch the base commit $base; diff compares with what is there."
  fi
  markdown=$(mktemp)
  json=$(mktemp)
  mcp_gen diff --base-rev "$base" --fail-on "${MCP_GEN_DIFF_FAIL_ON:-warning}" --format github --report "markdown=$markdown" --report "json=$json"
  code=$?
  # The verdict (passed, reviewed or failed) goes to the output `diff`; the summary and the comment.
  node "$action/action/pull-request.mjs" diff "$code" "$markdown" "$json" || status=1
  rm -f "$markdown" "$json"
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
