#!/usr/bin/env bash
# Runs the embedded backend's tests (server/, app/api/) against a real PostgreSQL.
# Idempotent: installs PostgreSQL if missing, starts a private cluster on 127.0.0.1 (its own data folder and
# port, so it never touches a system cluster), creates the role and database if missing, runs the tests, and
# stops the cluster again if this script started it. Each test file works in a fresh schema of that database.
#
#   server/test-pg.sh                 # all API tests
#   server/test-pg.sh server/db       # extra arguments go to vitest
#   server/test-pg.sh --run npm run soak   # any other command, with DATABASE_URL set to the cluster
#
# Settings (environment): PG_PORT (54329), PG_DATA (/tmp/encuesta-pg), PG_KEEP_RUNNING=1 to leave it up.
set -euo pipefail

cd "$(dirname "$0")/.."

PG_PORT="${PG_PORT:-54329}"
PG_DATA="${PG_DATA:-/tmp/encuesta-pg}"
PG_ROLE=encuesta
PG_PASSWORD=encuesta
PG_DATABASE=encuesta_test

find_pg_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

if [ -z "$(find_pg_bin)" ]; then
  echo "PostgreSQL is not installed; installing it." >&2
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
  else
    sudo apt-get update
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y postgresql
  fi
fi
PG_BIN="$(find_pg_bin)"

# PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

if [ ! -f "$PG_DATA/PG_VERSION" ]; then
  mkdir -p "$PG_DATA"
  if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$PG_DATA"; fi
  chmod 700 "$PG_DATA"
  # trust is acceptable here: the cluster listens on 127.0.0.1 only and holds throw-away test data.
  as_owner "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
fi

started_here=0
if ! as_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" status >/dev/null 2>&1; then
  as_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_DATA/server.log" -w \
    -o "-c listen_addresses=127.0.0.1 -p $PG_PORT -k $PG_DATA" start >/dev/null
  started_here=1
fi
stop_cluster() {
  if [ "$started_here" -eq 1 ] && [ "${PG_KEEP_RUNNING:-0}" != 1 ]; then
    as_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w stop >/dev/null
  fi
}
trap stop_cluster EXIT

psql_admin() {
  "$PG_BIN/psql" -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -tAq "$@"
}
if [ "$(psql_admin -c "select 1 from pg_roles where rolname = '$PG_ROLE'")" != 1 ]; then
  psql_admin -c "create role $PG_ROLE login password '$PG_PASSWORD'"
fi
if [ "$(psql_admin -c "select 1 from pg_database where datname = '$PG_DATABASE'")" != 1 ]; then
  psql_admin -c "create database $PG_DATABASE owner $PG_ROLE"
fi

export DATABASE_URL="postgres://$PG_ROLE:$PG_PASSWORD@127.0.0.1:$PG_PORT/$PG_DATABASE"
if [ "${1:-}" = "--run" ]; then
  shift
  "$@"
  exit
fi
if [ "$#" -eq 0 ]; then set -- server app/api; fi
npx vitest run "$@"
