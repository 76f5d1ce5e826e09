#!/usr/bin/env bash
# Assembles Freebooks (github.com/diegolinhares/freebooks, a library app by another team: namespaced controllers,
# explicit `render ..., locals:` everywhere, Action Policy, Pico CSS over Propshaft) as real Rails 7.2.4 serves it
# for the app2 lane's recording, and the checkout and gem directory the lane compiles, all OUTSIDE this repository
# (neither Freebooks' code nor any gem's is ever committed here):
#   setup-rails.sh WORKDIR                          WORKDIR/app, WORKDIR/gems, WORKDIR/compile-gems, both databases
#   setup-rails.sh --databases-only ENV WORKDIR     rebuilds one database (the recorder does, as actions change it)
# Freebooks' commit: 10ef20b (2024-06-22, "Fix layout typo"), the last before it took up litestack (whose oj is a
# C extension, and the chroot has no compiler).
# - WORKDIR/gems/<gem>: the gems Debian lacks, at the releases Freebooks' Gemfile.lock names, from the bare mirrors in
#   /work/.mirror (fetched from GitHub): action_policy 0.7.0 with ruby-next-core 1.0.3, turbo-rails 2.0.5,
#   importmap-rails 2.0.1, propshaft 0.9.0, stimulus-rails 1.3.3.
# - WORKDIR/app: Freebooks' source with a Gemfile that keeps its runtime gems, points those at the checkouts with
#   path:, drops what only its rspec suite, the console and bootsnap need, and resolves offline against Debian's gems.
#   Its database.yml is Rails' sqlite3 one already; its data is spec/fixtures (a librarian, a member, five books),
#   loaded by db:fixtures:load with FIXTURES_PATH=spec/fixtures as its db/seeds.rb does, under faketime.
# - WORKDIR/compile-gems/gems/<gem>-<version>: links to those checkouts, as --gem-path reads a gem directory.
# The lane compiles WORKDIR/app (RAILS2TS_APP2) with --gem-path WORKDIR/compile-gems (RAILS2TS_APP2_GEMS).
set -euo pipefail
CHROOT=${CHROOT_SH:-/work/shared/rails/chroot.sh}
MIRRORS=${MIRRORS:-/work/.mirror}
COMMIT=10ef20bbd8c3874331ab870549881050536ac41d
SECRET=$(printf app2ref | sha512sum | cut -c1-128)
FAKETIME_ENV='LD_PRELOAD=$(ls /usr/lib/*/faketime/libfaketimeMT.so.1) FAKETIME_DONT_FAKE_MONOTONIC=1'

load_database() { # env
  rm -f "$WORK/app/storage/$1.sqlite3"*
  "$CHROOT" run "$WORK" bash -c "cd app && export $FAKETIME_ENV FAKETIME='2024-06-22 12:00:00' RAILS_ENV=$1 SECRET_KEY_BASE=$SECRET;
    bin/rails db:schema:load >/dev/null && FIXTURES_PATH=spec/fixtures bin/rails db:fixtures:load 2>&1 | grep -v -e DEPRECATION -e 'in Rails 8.0' -e '^enum ' -e '(called from' -e '^$' -e mutex_m || true"
}

if [ "$1" = --databases-only ]; then
  WORK=$(cd "$3" && pwd)
  load_database "$2"
  exit 0
fi
WORK=$(mkdir -p "$1" && cd "$1" && pwd)

gem_at() { # name mirror revision version
  rm -rf "$WORK/gems/$1"; mkdir -p "$WORK/gems/$1" "$WORK/compile-gems/gems"
  git --git-dir="$MIRRORS/$2/repo" archive "$3" | tar -x -C "$WORK/gems/$1"
  ln -sfn "$WORK/gems/$1" "$WORK/compile-gems/gems/$1-$4"
}
gem_at action_policy palkan+action_policy v0.7.0 0.7.0
gem_at ruby-next-core ruby-next+ruby-next 063da06 1.0.3
gem_at turbo-rails hotwired+turbo-rails v2.0.5 2.0.5
gem_at importmap-rails rails+importmap-rails v2.0.1 2.0.1
gem_at propshaft rails+propshaft v0.9.0 0.9.0
gem_at stimulus-rails hotwired+stimulus-rails v1.3.3 1.3.3
# Installed from source, action_policy asks for the whole ruby-next (its transpiler, for Rubies older than its
# syntax); on Ruby 3.3 nothing needs transpiling, and ruby-next-core's load-path setup is all it uses.
sed -i -e '/add_runtime_dependency "ruby-next"/d' "$WORK/gems/action_policy/action_policy.gemspec"
sed -i -e "/setup_gem_load_path(transpile: true)/d" "$WORK/gems/action_policy/lib/action_policy.rb"
# The chroot has no git: gemspecs that list their files with `git ls-files` list the checkout's files instead.
sed -i -e 's/`git ls-files -- test\/\*`/Dir["test\/**\/*"].join("\\n")/' -e 's/`git ls-files -z`/Dir["**\/*"].join("\\x0")/' \
  -e 's/`git ls-files`/Dir["**\/*"].join("\\n")/' "$WORK"/gems/*/*.gemspec

mkdir -p "$WORK/app"; find "$WORK/app" -mindepth 1 -delete
git --git-dir="$MIRRORS/diegolinhares+freebooks/repo" archive "$COMMIT" | tar -x -C "$WORK/app"
chmod +x "$WORK"/app/bin/*
cat >"$WORK/app/Gemfile" <<'RUBY'
source "https://rubygems.org"
gem "rails"
gem "action_policy", path: "../gems/action_policy"
gem "ruby-next-core", path: "../gems/ruby-next-core"
gem "bcrypt"
gem "propshaft", path: "../gems/propshaft"
gem "sqlite3"
gem "puma"
gem "importmap-rails", path: "../gems/importmap-rails"
gem "turbo-rails", path: "../gems/turbo-rails"
gem "stimulus-rails", path: "../gems/stimulus-rails"
gem "redis"
# Ruby 3.3's bundled minitest 5.20: Debian sid's minitest 6 breaks the test environment's require "minitest/unit".
gem "minitest", "< 6"
RUBY
rm -f "$WORK/app/Gemfile.lock"
# config/boot.rb requires bootsnap, which the Gemfile above leaves out (as Debian has none).
sed -i '/bootsnap/d' "$WORK/app/config/boot.rb"
mkdir -p "$WORK/app/tmp" "$WORK/app/log" "$WORK/app/storage"
"$CHROOT" run "$WORK" bash -c 'cd app && bundle lock --local >/dev/null && echo "bundle: $(grep -c "^    [a-z]" Gemfile.lock) gems"'
load_database development
load_database test
echo "ready: $WORK/app"
