#!/usr/bin/env bash
# Assembles the copy of ONCE Campfire (df76a22) that real Rails 7.2.4 serves for the Campfire lane's recording,
# OUTSIDE this repository (neither Campfire's nor any gem's code is ever committed here):
#   setup-rails.sh CAMPFIRE_CHECKOUT WORKDIR
#   setup-rails.sh --databases-only ENV WORKDIR [--empty]   (rebuilds one database, for the recorder; --empty: the
#                                                            schema only, for the first-run scenario)
# - WORKDIR/gems/<gem>: the gems Debian lacks, at the revisions Campfire's Gemfile.lock names, from the bare
#   mirrors in /work/.mirror (git sources at their commit, rubygems releases at their tag); sentry-ruby is a no-op
#   stub (Campfire calls it only in production and in two rescue blocks).
# - WORKDIR/app: Campfire's source, with a Gemfile that keeps its gem list but points those gems at the checkouts
#   with path:, drops what only jobs, images, deploys or its own test suite need, and resolves offline against
#   Debian's gems (`bundle lock --local`).
# - Both databases (test, development): db/structure.sql, then test/fixtures under faketime at 12:00:00 UTC,
#   then every non-null users.bot_token set to campreFbotTok.
# Needs the chroot with: EXTRA_PACKAGES="ruby-rqrcode ruby-useragent ruby-addressable ruby-jwt
#   ruby-net-http-persistent" /work/shared/rails/chroot.sh setup
set -euo pipefail
CHROOT=${CHROOT_SH:-/work/shared/rails/chroot.sh}
MIRRORS=${MIRRORS:-/work/.mirror}
SECRET=$(printf campref | sha512sum | cut -c1-128)
FAKETIME_ENV='LD_PRELOAD=$(ls /usr/lib/*/faketime/libfaketimeMT.so.1) FAKETIME_DONT_FAKE_MONOTONIC=1'

load_database() { # env [--empty]
  rm -f "$WORK/app/storage/db/$1.sqlite3"*
  if [ "${2:-}" = --empty ]; then
    "$CHROOT" run "$WORK" bash -c "cd app && RAILS_ENV=$1 SECRET_KEY_BASE=$SECRET bin/rails db:schema:load >/dev/null"
    return
  fi
  "$CHROOT" run "$WORK" bash -c "cd app && export $FAKETIME_ENV FAKETIME='2024-02-15 12:00:00' RAILS_ENV=$1 SECRET_KEY_BASE=$SECRET;
    bin/rails db:schema:load >/dev/null && bin/rails db:fixtures:load 2>&1 | grep -v -e DEPRECATION -e 'in Rails 8.0' -e '^enum ' -e '(called from' -e '^$' -e mutex_m;
    sqlite3 storage/db/$1.sqlite3 \"UPDATE users SET bot_token = 'campreFbotTok' WHERE bot_token IS NOT NULL\""
}

if [ "$1" = --databases-only ]; then
  WORK=$(cd "$3" && pwd)
  # development's db tasks touch the test database too: rebuilding development means rebuilding test after it.
  [ "$2" = development ] && { load_database development "${4:-}"; load_database test "${4:-}"; } || load_database "$2" "${4:-}"
  exit 0
fi
CAMPFIRE=$(cd "$1" && pwd)
WORK=$(mkdir -p "$2" && cd "$2" && pwd)

gem_at() { # name mirror revision
  rm -rf "$WORK/gems/$1"; mkdir -p "$WORK/gems/$1"
  git --git-dir="$MIRRORS/$2/repo" archive "$3" | tar -x -C "$WORK/gems/$1"
}
gem_at turbo-rails hotwired+turbo-rails d7155dd51d8aeaa7128ab50a62b5cd3cb91b84f1
gem_at importmap-rails rails+importmap-rails be74dead314957833f5d09e05a8daaa3526a964b
gem_at propshaft rails+propshaft e7cdbcd4aa9c9a390dade263bbd7c7cedc0c6442
gem_at rails_autolink tenderlove+rails_autolink v1.1.8
gem_at platform_agent basecamp+platform_agent v1.0.1
gem_at geared_pagination basecamp+geared_pagination v1.2.0
gem_at web-push pushpad+web-push v3.0.1
gem_at kredis rails+kredis v1.7.0
# Debian has jwt 3.3 and redis 6.0: the gemspecs' upper bounds (jwt ~> 2.0, redis < 6) would refuse them.
# Only web-push's signing (push delivery, a background job) and Kredis (unused by Campfire's code) touch them.
sed -i "s/'jwt', '~> 2.0'/'jwt', '>= 2.0'/" "$WORK/gems/web-push/web-push.gemspec"
sed -i 's/"redis", ">= 4.2", "< 6"/"redis", ">= 4.2"/' "$WORK/gems/kredis/kredis.gemspec"
# The chroot has no git: gemspecs that list their files with `git ls-files` list the checkout's files instead.
sed -i -e 's/`git ls-files -- test\/\*`/Dir["test\/**\/*"].join("\\n")/' -e 's/`git ls-files -z`/Dir["**\/*"].join("\\x0")/' \
  -e 's/`git ls-files`/Dir["**\/*"].join("\\n")/' "$WORK"/gems/*/*.gemspec
mkdir -p "$WORK/gems/sentry-ruby/lib"
cat >"$WORK/gems/sentry-ruby/sentry-ruby.gemspec" <<'RUBY'
Gem::Specification.new do |s|
  s.name = "sentry-ruby"; s.version = "0.0.0"; s.summary = "no-op stand-in"; s.authors = ["rails2ts"]
  s.files = ["lib/sentry-ruby.rb"]
end
RUBY
cat >"$WORK/gems/sentry-ruby/lib/sentry-ruby.rb" <<'RUBY'
module Sentry
  def self.init(*) = nil
  def self.capture_exception(*, **) = nil
end
RUBY

mkdir -p "$WORK/app"; find "$WORK/app" -mindepth 1 -delete # (the directory itself may be a mount point)
(cd "$CAMPFIRE" && git archive HEAD 2>/dev/null || tar --exclude=.git --exclude=./tmp --exclude=./log --exclude=./storage -c .) | tar -x -C "$WORK/app"
# A copy made without git (files extracted without their modes) has bin/rails not executable; git's modes say it is.
chmod +x "$WORK"/app/bin/*
cat >"$WORK/app/Gemfile" <<'RUBY'
source "https://rubygems.org"
gem "rails"
gem "sqlite3"
gem "redis"
gem "puma"
gem "propshaft", path: "../gems/propshaft"
gem "importmap-rails", path: "../gems/importmap-rails"
gem "turbo-rails", path: "../gems/turbo-rails"
gem "stimulus-rails"
gem "sentry-ruby", path: "../gems/sentry-ruby"
gem "bcrypt"
gem "web-push", path: "../gems/web-push"
gem "rqrcode"
gem "rails_autolink", path: "../gems/rails_autolink"
gem "geared_pagination", path: "../gems/geared_pagination"
gem "jbuilder"
gem "net-http-persistent"
gem "kredis", path: "../gems/kredis"
gem "platform_agent", path: "../gems/platform_agent"
# Ruby 3.3's bundled minitest 5.20: Debian sid's minitest 6 breaks the test environment's require "minitest/unit".
gem "minitest", "< 6"
RUBY
rm -f "$WORK/app/Gemfile.lock"
mkdir -p "$WORK/app/tmp" "$WORK/app/log" "$WORK/app/storage/db"
printf '%s' "$SECRET" >"$WORK/app/tmp/local_secret.txt"
"$CHROOT" run "$WORK" bash -c 'cd app && bundle lock --local >/dev/null && echo "bundle: $(grep -c "^    [a-z]" Gemfile.lock) gems"'

load_database development
load_database test
echo "ready: $WORK/app"
