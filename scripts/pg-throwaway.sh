#!/usr/bin/env bash
# Starts a throwaway PostgreSQL (15 or newer binaries) on a free port in a temporary folder.
# Usage: eval "$(scripts/pg-throwaway.sh start)"  … then  scripts/pg-throwaway.sh stop "$PG_TMP"
set -euo pipefail
cmd=${1:-start}
pgbin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

if [ "$cmd" = stop ]; then
  dir=${2:?folder}
  bin=$(pgbin)
  as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
  exit 0
fi

bin=$(pgbin)
if [ -z "$bin" ]; then
  echo "PostgreSQL não encontrado; instalando o pacote postgresql…" >&2
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  bin=$(pgbin)
fi
dir=$(mktemp -d /tmp/saude-pg.XXXXXX)
chmod 755 "$dir"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
as_owner "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
echo "export PG_TMP=$dir TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
