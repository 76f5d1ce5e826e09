# Per-request SQL statement counter for rails2ts conformance recording: the Rails side of the protocol the
# emitted Node app also speaks. After each request one line "<count>\n" is appended to $RAILS2TS_SQL_LOG.
# Counted: every sql.active_record event except schema introspection (name "SCHEMA") and query-cache hits
# (payload[:cached]); BEGIN/COMMIT ("TRANSACTION") count, since they are round trips like any other.
module Rails2tsSqlCount
  # A thread variable, not Thread.current[] (fiber-local): the count must see every query of the request's thread.
  # It holds a box (a one-element array), so a thread the request hands its work to can share it (below).
  KEY = :rails2ts_sql_count

  def self.subscribe
    ActiveSupport::Notifications.subscribe("sql.active_record") do |_name, _start, _finish, _id, payload|
      next if payload[:name] == "SCHEMA" || payload[:cached]
      box = Thread.current.thread_variable_get(KEY)
      box[0] += 1 if box
    end
    ActionController::Live.prepend(LiveThread) if defined?(ActionController::Live)
  end

  # ActionController::Live (ActiveStorage::Streaming, send_stream) runs the whole action, filters included, on a
  # thread of its own, and the request's thread only waits for the response to be committed: without this, that
  # action's queries would be counted nowhere and the request would log 0.
  module LiveThread
    private

    def new_controller_thread(&action)
      box = Thread.current.thread_variable_get(KEY)
      super() do
        Thread.current.thread_variable_set(KEY, box)
        action.call
      end
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
      Thread.current.thread_variable_set(KEY, [0])
      @app.call(env)
    ensure
      box = Thread.current.thread_variable_get(KEY)
      Thread.current.thread_variable_set(KEY, nil)
      File.open(@log_path, "a") { |f| f.write("#{box && box[0]}\n") }
    end
  end
end
