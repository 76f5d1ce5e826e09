#!/usr/bin/env bash
# Assembles a gem directory for an app's Gemfile.lock, laid out as Bundler installs gems:
#   <out>/gems/<name>-<version>             links to Debian's gems in the Rails chroot (../shared/rails)
#   <out>/bundler/gems/<repo>-<rev[0,12]>   the lock's git sources, checked out at their revisions
# Then `rails2ts --gem-path <out> ...` (or RAILS2TS_GEM_PATH=<out>) finds the engines' assets (turbo.js, ...).
#
#   test/support/gem-dir.sh <app> <out>
# Git sources come from GIT_MIRRORS/<owner>+<repo>/repo when that directory exists (bare mirrors), else
# are cloned from their remote. Rails' own git source is skipped (GEM_DIR_RAILS_FROM_GIT=1 keeps it): see below.
set -euo pipefail
app=$1
out=$2
chroot=${RAILS_CHROOT:-/opt/rails-chroot}
mkdir -p "$out/gems" "$out/bundler/gems"
system="$chroot/usr/share/rubygems-integration/all/gems"
if [ -d "$system" ]; then
  for gem in "$system"/*; do ln -sfn "$gem" "$out/gems/$(basename "$gem")"; done
fi
remote=""
awk '/^GIT$/{git=1; next} /^[A-Z]/{git=0} git && /^  remote:/{print "remote " $2} git && /^  revision:/{print "revision " $2}' "$app/Gemfile.lock" |
while read -r kind value; do
  if [ "$kind" = remote ]; then remote=$value; continue; fi
  rev=$value
  repo=$(basename "$remote" .git)
  owner=$(basename "$(dirname "$remote")")
  # Rails itself comes from Debian's packages (the chroot's 7.2.4), as the references were recorded: a lock that
  # takes Rails from git (Campfire's main@776626ff) would otherwise give the compiler that checkout's engine assets
  # (another trix.css, actioncable.esm.js: other digests than the recorded pages name).
  if [ "$owner/$repo" = rails/rails ] && [ -z "${GEM_DIR_RAILS_FROM_GIT:-}" ]; then continue; fi
  dest="$out/bundler/gems/$repo-${rev:0:12}"
  [ -d "$dest" ] && continue
  mirror="${GIT_MIRRORS:-/nonexistent}/$owner+$repo/repo"
  if [ -d "$mirror" ] && git --git-dir="$mirror" cat-file -e "$rev^{commit}" 2>/dev/null; then
    mkdir -p "$dest"
    git --git-dir="$mirror" archive "$rev" | tar -x -C "$dest"
  else
    tmp=$(mktemp -d)
    if git clone -q "$remote" "$tmp" 2>/dev/null && git -C "$tmp" cat-file -e "$rev^{commit}" 2>/dev/null; then
      mkdir -p "$dest"
      git -C "$tmp" archive "$rev" | tar -x -C "$dest"
    else
      echo "gem-dir: $remote at $rev is not available" >&2
    fi
    rm -rf "$tmp"
  fi
done
echo "$out"
