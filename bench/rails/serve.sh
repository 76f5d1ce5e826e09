#!/bin/bash
# Starts Puma for a rails2ts benchmark lane inside the Rails chroot (a wrapper because chroot.sh's `run` starts
# from an empty environment). Unlike the conformance wrapper there is no faketime: the measured pages do not
# show the clock, and LD_PRELOADing every clock call would tax Rails for nothing.
# Usage: serve.sh PORT WORKERS THREADS DATABASE_FILE SQL_LOG|- SECRET_KEY_BASE
set -euo pipefail
port=$1 workers=$2 threads=$3 db=$4 sql_log=$5 secret=$6
here=$(cd "$(dirname "$0")" && pwd)
extra=()
[ "$sql_log" != "-" ] && extra=(RAILS2TS_SQL_LOG="$sql_log")
# RAILS_MAX_THREADS also sizes Active Record's pool (config/database.yml), so pool = threads as Rails intends.
exec env RAILS_ENV=production SECRET_KEY_BASE="$secret" RAILS_SERVE_STATIC_FILES=1 \
  RAILS_MAX_THREADS="$threads" PORT="$port" DATABASE_URL="sqlite3:$db" "${extra[@]}" \
  bundle exec puma -e production -b "tcp://127.0.0.1:$port" -t "$threads:$threads" -w "$workers" "$here/bench.ru"
