#!/usr/bin/env bash
# A newcomer's first try: this repository's committed HEAD cloned into a temporary folder, an empty n8n
# cache (XDG_CACHE_HOME) and none of npm's exported settings, then README.md's "Try it locally" commands
# as written (scripts/readme-commands.sh): the system packages, `npm install && npm run demo` until the
# demo is up, and `npm install && npm test -- test/e2e/waits.test.ts`. Each command's time is printed.
# Run it before a stop that touches set-up: package.json's scripts or allowScripts, the installers in
# scripts/, .ci/run. The demo takes the README's default ports (5678, 8787, 2525, 8790): stop any demo first.
#
#   scripts/fresh-machine.sh [--empty-npm-cache] [--keep]
#     --empty-npm-cache  npm's own download cache empty too (every package fetched from the registry)
#     --keep             keep the temporary folder (its path is printed)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
empty_npm_cache=0
keep=0
for arg in "$@"; do
	case "$arg" in
	--empty-npm-cache) empty_npm_cache=1 ;;
	--keep) keep=1 ;;
	*) echo "usage: scripts/fresh-machine.sh [--empty-npm-cache] [--keep]" >&2; exit 2 ;;
	esac
done

work="$(mktemp -d "${TMPDIR:-/tmp}/pm-fresh-machine.XXXXXX")"
cleanup() { if [[ $keep -eq 0 ]]; then rm -rf "$work"; else echo "kept $work" >&2; fi; }
trap cleanup EXIT

# a newcomer's shell has none of npm's exports (this script may itself run under npm)
while IFS='=' read -r name _; do unset "$name"; done < <(env | grep -iE '^npm_' || true)
export XDG_CACHE_HOME="$work/cache"
mkdir -p "$XDG_CACHE_HOME"
if [[ $empty_npm_cache -eq 1 ]]; then export npm_config_cache="$work/npm-cache"; fi

git clone --quiet "$repo" "$work/repo"
echo "fresh clone of $(git -C "$work/repo" rev-parse --short HEAD) in $work/repo; n8n cache $XDG_CACHE_HOME (empty)"
started=$(date +%s)
"$work/repo/scripts/readme-commands.sh" --test-args test/e2e/waits.test.ts --logs "$work/logs"
echo "fresh machine: passed in $(($(date +%s) - started)) s"
