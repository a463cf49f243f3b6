#!/usr/bin/env bash
# One command for duely and the peers side by side, on the same workloads and measures:
#   bench/run.sh                          # spike + steady + cron, 3 repetitions (about 1.5 h on 2 cores)
#   REPS=1 WORKLOADS=spike bench/run.sh   # a subset
# Copies ../shared/bench-peers to bench/peers (not committed), adds adapters/duely.mjs, builds
# duely, and runs the peers' run-all.sh with PEERS="bullmq pgboss duely", interleaved.
# Needs Debian's redis-server and postgresql for the peers (installed here if missing).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# PEERS_SRC: where the harness is when the checkout is not beside shared/ (a git worktree elsewhere).
peers_src="${PEERS_SRC:-$root/../shared/bench-peers}"
[ -d "$peers_src" ] || { echo "no $peers_src: the peer harness lives in shared/bench-peers" >&2; exit 2; }

# Each peer's server is checked on its own: `a || b && c` would group as `(a || b) && c` and skip
# installing redis-server whenever PostgreSQL is present.
has_pg() { command -v pg_ctl >/dev/null || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; }
if ! command -v redis-server >/dev/null || ! has_pg; then
  apt-get update && apt-get install -y redis-server postgresql
fi

rm -rf "$root/bench/peers"
cp -r "$peers_src" "$root/bench/peers"
chmod -R u+w "$root/bench/peers"
cp "$root"/bench/adapters/*.mjs "$root/bench/peers/adapters/"
(cd "$root" && npm run build --silent)
(cd "$root/bench/peers" && npm ci --no-audit --no-fund >/dev/null)

cd "$root/bench/peers"
export DUELY_ROOT="$root"
mkdir -p results
OUT="${OUT:-results/all-$(date -u +%Y%m%d-%H%M%S).jsonl}"
export OUT
PEERS="${PEERS:-bullmq pgboss duely}" ./run-all.sh || true
# run-all.sh lists its cron runs per peer by name, so duely's (minute resolution, 5-field cron) run here.
case " ${WORKLOADS:-spike steady cron} " in *" cron "*)
  for k in ${DUELY_CRON_K:-10000 100000}; do
    line="$(timeout 600 node workloads/cron.mjs --peer duely --rep 1 --k "$k" --cron '* * * * *' --slots 2 --max-late 120)" && echo "$line" >> "$OUT"
  done ;;
esac
node summarize.mjs "$OUT"
