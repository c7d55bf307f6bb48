#!/usr/bin/env bash
# Runs the commands of README.md's "Try it locally" box as written, in this checkout, and nothing else:
# a step the README does not show is a step this run does not take, so a command that needs one fails
# here. Used by scripts/fresh-machine.sh (a clean clone, an empty n8n cache) and by .ci/run.
# - A line with `npm run demo` runs its `&&` prefix, then the demo until it is up: n8n answers, the
#   sandbox answers, the example workflows were activated (their nodes are the package's: activation
#   fails when n8n has not loaded it).
#   Then the demo is stopped (Ctrl-C, as a user stops it).
# - A line with `npm test` runs its prefix, then `npm test` with --test-args appended (`npm test -- ARGS`).
# - Any other line (the system packages) runs as it is; `sudo` is dropped when root has none.
# Each command's time is printed; the logs go to --logs (default .tmp/readme-commands).
#
#   scripts/readme-commands.sh [--test-args "test/e2e/waits.test.ts"] [--logs DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
test_args=""
logs="$PWD/.tmp/readme-commands"
while (($#)); do
	case "$1" in
	--test-args) test_args="$2"; shift 2 ;;
	--logs) logs="$2"; shift 2 ;;
	*) echo "usage: scripts/readme-commands.sh [--test-args ARGS] [--logs DIR]" >&2; exit 2 ;;
	esac
done
mkdir -p "$logs"

# the fenced block after "Try it locally", without the quote marks and the trailing comments
mapfile -t commands < <(awk '
	/Try it locally/ { found = 1 }
	found && /```bash/ { inside = 1; next }
	inside && /```/ { exit }
	inside { sub(/^> ?/, ""); sub(/[ \t]+#.*$/, ""); if ($0 ~ /[^ \t]/) print }
' README.md)
if ((${#commands[@]} == 0)); then echo "README.md has no \"Try it locally\" command block" >&2; exit 1; fi

demo_pid=""
stop_demo() {
	[[ -n "$demo_pid" ]] || return 0
	kill -INT -- "-$demo_pid" 2>/dev/null || true
	for _ in $(seq 1 30); do kill -0 "$demo_pid" 2>/dev/null || break; sleep 1; done
	kill -KILL -- "-$demo_pid" 2>/dev/null || true
	demo_pid=""
}
trap stop_demo EXIT

step=0
# runs one command of the README, logged; prints its time
run() {
	step=$((step + 1))
	local log="$logs/$step.log" started
	started=$(date +%s)
	echo "\$ $1"
	if ! bash -c "$1" >"$log" 2>&1; then
		tail -n 60 "$log"
		echo "FAILED: $1 (log: $log)"
		exit 1
	fi
	echo "  $(($(date +%s) - started)) s"
}

demo_up() {
	local command="$1" log="$logs/demo.log" started deadline problems=()
	started=$(date +%s)
	echo "\$ $command"
	set -m
	bash -c "$command" >"$log" 2>&1 &
	demo_pid=$!
	set +m
	# a first run installs n8n into the cache (4-9 minutes here) before it starts it
	deadline=$((started + 25 * 60))
	until grep -q '^Ready in' "$log"; do
		if ! kill -0 "$demo_pid" 2>/dev/null; then tail -n 40 "$log"; echo "FAILED: $command exited before it was ready"; exit 1; fi
		if (($(date +%s) > deadline)); then tail -n 40 "$log"; echo "FAILED: $command not ready within 25 minutes"; exit 1; fi
		sleep 5
	done
	local n8n sandbox
	n8n=$(grep -oE 'n8n +http://[^ ]+' "$log" | head -n 1 | awk '{print $2}')
	sandbox=$(grep -oE 'sandbox +http://[^ ]+' "$log" | head -n 1 | awk '{print $2}')
	if grep -q 'Could not activate' "$log"; then problems+=("$(grep 'Could not activate' "$log")"); fi
	curl -fsS "$n8n/healthz" >/dev/null || problems+=("n8n's /healthz at $n8n does not answer")
	# the demo's active triggers read with the same key at the service's one request a second (their
	# activations back to back): a 429 is the sandbox answering, so curl waits as it says and asks again
	curl -fsS --retry 8 --retry-max-time 90 -H 'X-API-Key: sandbox-key' "$sandbox/v1/me" >/dev/null || problems+=("the sandbox at $sandbox does not answer")
	if ((${#problems[@]})); then
		tail -n 40 "$log"
		printf 'FAILED: %s\n' "${problems[@]}"
		exit 1
	fi
	echo "  up in $(($(date +%s) - started)) s: n8n $n8n with the package, sandbox $sandbox, the examples active"
	stop_demo
}

for line in "${commands[@]}"; do
	if [[ "$line" == *"npm run demo"* || "$line" == *"npm test"* ]]; then
		mapfile -t parts < <(sed 's/[[:space:]]*&&[[:space:]]*/\n/g' <<<"$line")
		last=$((${#parts[@]} - 1))
		for ((i = 0; i < last; i++)); do run "$(echo "${parts[$i]}" | xargs)"; done
		final="$(echo "${parts[$last]}" | xargs)"
		if [[ "$final" == *"npm run demo"* ]]; then demo_up "$final"
		elif [[ -n "$test_args" ]]; then run "$final -- $test_args"
		else run "$final"; fi
	else
		if [[ "$line" == sudo\ * && $(id -u) -eq 0 ]] && ! command -v sudo >/dev/null; then line="${line//sudo /}"; fi
		run "$line"
	fi
done
echo "README commands: passed"
