#!/bin/bash
# Starts Puma for a rails2ts recording inside the Rails chroot, with the wall clock frozen by faketime.
# A wrapper because chroot.sh's `run` starts from an empty environment (env -i) and the faketime library's
# path is only known inside the chroot. Usage: serve.sh PORT FROZEN_TIME SQL_LOG SECRET_KEY_BASE
# Debug logging: the recorder reads Rails' fragment cache lines ("Rendered collection ... cache hits") from it.
set -euo pipefail
port=$1 frozen=$2 sql_log=$3 secret=$4
here=$(cd "$(dirname "$0")" && pwd)
faketime_lib=$(ls /usr/lib/*/faketime/libfaketimeMT.so.1 | head -n1)
exec env RAILS_ENV=production SECRET_KEY_BASE="$secret" RAILS_SERVE_STATIC_FILES=1 RAILS_LOG_LEVEL=debug \
  RAILS_MAX_THREADS=1 WEB_CONCURRENCY=0 PORT="$port" RAILS2TS_SQL_LOG="$sql_log" \
  LD_PRELOAD="$faketime_lib" FAKETIME_DONT_FAKE_MONOTONIC=1 FAKETIME="$frozen" \
  bundle exec puma -e production -b "tcp://127.0.0.1:$port" -t 1:1 -w 0 "$here/conformance.ru"
