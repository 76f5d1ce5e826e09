#!/bin/bash
# Starts Puma for a rails2ts benchmark lane inside the Rails chroot (a wrapper because chroot.sh's `run` starts
# from an empty environment). Unlike the conformance wrapper there is no faketime: the measured pages do not
# show the clock, and LD_PRELOADing every clock call would tax Rails for nothing.
# Usage: serve.sh PORT WORKERS THREADS DATABASE_FILE SQL_LOG|- SECRET_KEY_BASE [OPTIONS]
#   --cd DIR        run from DIR (the app) instead of the bind-mounted directory itself
#   --rackup FILE   instead of bench.ru (app-config.ru: the app's own config.ru with the bench's additions)
#   --config FILE   Puma's -C (a real app's config/puma.rb may bind 0.0.0.0 or fork workers of its own)
#   --env K=V       one more environment variable for the app (repeatable), e.g. DISABLE_SSL=1
set -euo pipefail
port=$1 workers=$2 threads=$3 db=$4 sql_log=$5 secret=$6
shift 6
here=$(cd "$(dirname "$0")" && pwd)
rackup="$here/bench.ru"
extra=() puma=()
while [ $# -gt 0 ]; do
  case "$1" in
    --cd) cd "$2"; shift 2 ;;
    --rackup) rackup=$2; shift 2 ;;
    --config) puma=(-C "$2"); shift 2 ;;
    --env) extra+=("$2"); shift 2 ;;
    *) echo "serve.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ "$sql_log" != "-" ] && extra+=(RAILS2TS_SQL_LOG="$sql_log")
# RAILS_MAX_THREADS also sizes Active Record's pool (config/database.yml), so pool = threads as Rails intends.
exec env RAILS_ENV=production SECRET_KEY_BASE="$secret" RAILS_SERVE_STATIC_FILES=1 \
  RAILS_MAX_THREADS="$threads" PORT="$port" DATABASE_URL="sqlite3:$db" "${extra[@]}" \
  bundle exec puma "${puma[@]}" -e production -b "tcp://127.0.0.1:$port" -t "$threads:$threads" -w "$workers" "$rackup"
