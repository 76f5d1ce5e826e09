# Rackup file of the Rails benchmark lanes: the app's own config.ru (require config/environment, run,
# load_server) with three bench-only additions, so the fixture app itself stays untouched:
# - the cache store is :memory_store (the fragment cache the issue asks for; config/environments/production.rb
#   of a generated app leaves Rails' default, a file store under tmp/cache);
# - GET /__rails2ts_bench/probe reads the SQLite pragmas back from a pooled connection (bench_probe.rb);
# - with RAILS2TS_SQL_LOG set (the counting lane only, never a timed one), the conformance SQL counter.
require_relative "bench_probe"
require File.expand_path("config/application", Dir.pwd)
Rails.application.config.cache_store = :memory_store
require File.expand_path("config/environment", Dir.pwd)

if ENV["RAILS2TS_SQL_LOG"]
  require_relative "../rails2ts/sql_count"
  Rails2tsSqlCount.subscribe
  use Rails2tsSqlCount::Middleware, ENV.fetch("RAILS2TS_SQL_LOG")
end
use Rails2tsBenchProbe
run Rails.application
Rails.application.load_server
