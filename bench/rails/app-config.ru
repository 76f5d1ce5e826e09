# Rackup of a Rails lane for an app served through its own config.ru (ONCE Campfire: its config.ru adds
# Rack::Deflater) whose production config names services the bench does not run (a Redis cache store, Resque):
# the same three bench-only additions as bench.ru, and two store overrides made after config/environments/
# production.rb has run and before Rails builds the cache (an initializer before :initialize_cache):
# - the cache store is :memory_store, as in every other Rails lane (the emitted app's in-process store is the
#   same kind: it declines :redis_cache_store with a diagnostic and keeps a memory store);
# - Active Job's adapter is :async (in-process, as the emitted app runs jobs; the measured GETs enqueue none).
require_relative "bench_probe"
require "active_support"
ActiveSupport.on_load(:before_configuration) do
  initializer("rails2ts_bench.stores", before: :initialize_cache) do |app|
    app.config.cache_store = :memory_store
    app.config.active_job.queue_adapter = :async
  end
end

if ENV["RAILS2TS_SQL_LOG"]
  require_relative "../rails2ts/sql_count"
  use Rails2tsSqlCount::Middleware, ENV.fetch("RAILS2TS_SQL_LOG")
end
use Rails2tsBenchProbe
config_ru = File.expand_path("config.ru", Dir.pwd)
instance_eval(File.read(config_ru), config_ru)
Rails2tsSqlCount.subscribe if ENV["RAILS2TS_SQL_LOG"]
