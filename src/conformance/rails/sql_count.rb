# Per-request SQL statement counter for rails2ts conformance recording: the Rails side of the protocol the
# emitted Node app also speaks. After each request one line "<count>\n" is appended to $RAILS2TS_SQL_LOG.
# Counted: every sql.active_record event except schema introspection (name "SCHEMA") and query-cache hits
# (payload[:cached]); BEGIN/COMMIT ("TRANSACTION") count, since they are round trips like any other.
module Rails2tsSqlCount
  # A thread variable, not Thread.current[] (fiber-local): the count must see every query of the request's thread.
  KEY = :rails2ts_sql_count

  def self.subscribe
    ActiveSupport::Notifications.subscribe("sql.active_record") do |_name, _start, _finish, _id, payload|
      next if payload[:name] == "SCHEMA" || payload[:cached]
      count = Thread.current.thread_variable_get(KEY)
      Thread.current.thread_variable_set(KEY, count + 1) if count
    end
  end

  # Outermost Rack middleware. The line is written when the app returns, before Puma sends the response, so a
  # client that has the response can already read the line.
  class Middleware
    def initialize(app, log_path)
      @app = app
      @log_path = log_path
    end

    def call(env)
      Thread.current.thread_variable_set(KEY, 0)
      @app.call(env)
    ensure
      count = Thread.current.thread_variable_get(KEY)
      Thread.current.thread_variable_set(KEY, nil)
      File.open(@log_path, "a") { |f| f.write("#{count}\n") }
    end
  end
end
