#!/usr/bin/env bash
# The two runtimes `npm test` proves, each pass printing the `node --version` it runs on:
#   1. the whole suite on the Node that runs npm (the machine's: Node 20 on the development machine);
#   2. the Node 24 pass: every unit test plus two end-to-end chats on the production runtime, the
#      Node 24 that the `node` devDependency installs (node_modules/node/bin/node).
# That devDependency also links node_modules/.bin/node, which npm puts first on PATH in every script,
# so each pass puts its own node first on PATH: jest and any `node` a test starts use it.
#
#   run-tests.sh                  both passes (what CI runs)
#   run-tests.sh <jest args...>   pass 1 only, with those arguments (a targeted run)
#   run-tests.sh --node24-pass    pass 2 only
set -euo pipefail
cd "$(dirname "$0")/.."

NODE24=node_modules/node/bin/node
# The unit tier, one chat through every service in this process and one through each service's own
# process (services/<name>/dist/main.js, what the image runs).
NODE24_TESTS=(
  '\.unit\.spec\.ts$'
  'apps/system-tests/src/sentence-gate\.e2e\.spec\.ts$'
  'apps/system-tests/src/scale-out\.e2e\.spec\.ts$'
)

pinned_bins=$(mktemp -d)
trap 'rm -rf "$pinned_bins"' EXIT

# run_pass NAME NODE_BINARY JEST_ARGS...: jest on that node, with it first on PATH.
run_pass() {
  local name=$1 node_bin=$2 started=$SECONDS status=0
  shift 2
  mkdir -p "$pinned_bins/$name"
  ln -sf "$node_bin" "$pinned_bins/$name/node"
  echo "==> $name: node $("$node_bin" --version) ($node_bin)"
  # Suites run one at a time (they share the machine's Postgres) in a worker process that jest
  # replaces when it outgrows workerIdleMemoryLimit (jest.config.js); JEST_MAX_WORKERS=2 runs two
  # at once where suites share nothing (the unit tier).
  PATH="$pinned_bins/$name:$PATH" NODE="$node_bin" "$node_bin" --experimental-vm-modules \
    --no-warnings=ExperimentalWarning \
    node_modules/jest/bin/jest.js --maxWorkers="${JEST_MAX_WORKERS:-1}" "$@" || status=$?
  echo "==> $name: node $("$node_bin" --version), exit $status, $((SECONDS - started)) s"
  return "$status"
}

node24_pass() {
  if [[ ! -x $NODE24 || $("$NODE24" --version) != v24.* ]]; then
    echo "error: $NODE24 is not Node 24; run npm ci (with install scripts: the node package's preinstall fetches the binary)" >&2
    return 1
  fi
  run_pass node24-pass "$(realpath "$NODE24")" "${NODE24_TESTS[@]}"
}

if [[ ${1:-} == --node24-pass ]]; then
  node24_pass
  exit
fi

# npm_node_execpath is the node running npm, whatever node_modules/.bin holds.
machine_node=$(realpath "${npm_node_execpath:-$(command -v node)}")
status=0
run_pass main-suite "$machine_node" "$@" || status=$?
if (($# > 0)); then
  echo "==> node24-pass skipped: a targeted run (run-tests.sh --node24-pass runs it)"
else
  node24_pass || status=$?
fi
exit "$status"
