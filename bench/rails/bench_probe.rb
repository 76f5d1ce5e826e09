# Rack middleware of the Rails benchmark lanes: GET /__rails2ts_bench/probe answers, as JSON, what this worker
# really runs with (pragmas read back from a pooled Active Record connection, the adapter's DEFAULT_PRAGMAS
# constant, SQLite/Ruby/Rails/Puma versions, YJIT, cache store), so the report states evidence, not intentions.
# Every other request passes straight through: one string comparison per request.
require "json"

class Rails2tsBenchProbe
  PATH = "/__rails2ts_bench/probe"
  PRAGMAS = %w[foreign_keys journal_mode synchronous mmap_size journal_size_limit cache_size busy_timeout
               wal_autocheckpoint temp_store locking_mode page_size].freeze

  def initialize(app)
    @app = app
  end

  def call(env)
    return @app.call(env) unless env["PATH_INFO"] == PATH
    [200, { "content-type" => "application/json" }, [JSON.generate(report)]]
  end

  private

  def report
    ActiveRecord::Base.connection_pool.with_connection do |c|
      {
        pid: Process.pid,
        pragmas: PRAGMAS.to_h { |name| [name, c.select_value("PRAGMA #{name}")] },
        databases: c.select_rows("PRAGMA database_list").map { |_seq, name, file| { name => file } },
        sqlite_version: c.select_value("SELECT sqlite_version()"),
        default_pragmas: ActiveRecord::ConnectionAdapters::SQLite3Adapter::DEFAULT_PRAGMAS,
        pool_size: ActiveRecord::Base.connection_pool.size,
        runtime: runtime,
      }
    end
  end

  def runtime
    {
      ruby: RUBY_DESCRIPTION,
      yjit: defined?(RubyVM::YJIT) ? RubyVM::YJIT.enabled? : "not built in",
      rails: Rails.version,
      puma: defined?(Puma::Const::PUMA_VERSION) ? Puma::Const::PUMA_VERSION : nil,
      sqlite3_gem: defined?(SQLite3::VERSION) ? SQLite3::VERSION : nil,
      cache_store: Rails.cache.class.name,
      perform_caching: ActionController::Base.perform_caching,
      log_level: Rails.logger.level,
    }
  end
end
