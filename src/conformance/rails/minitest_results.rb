# Required (RUBYOPT=-r<this file>) by `bin/rails test` in the reference chroot: a Minitest reporter that writes
# every test's result to $RAILS2TS_TEST_RESULTS as one JSON array (file relative to the app, line, class, test
# name, and pass / fail / error / skip), the oracle `rails2ts test` is compared with. It joins Minitest's
# extensions as Minitest initializes them (init_plugins), not as it discovers plugins: minitest 5 discovers
# none once the list is not empty, and minitest 6 discovers none unless asked, so Rails' own plugin is unaffected.
require "bundler/setup"
require "minitest"
require "json"

module Minitest
  class Rails2tsResultsReporter < AbstractReporter
    def initialize(path)
      super()
      @path = path
      @results = []
    end

    def record(result)
      file, line = result.source_location
      outcome = if result.skipped? then "skip" elsif result.passed? then "pass" elsif result.error? then "error" else "fail" end
      @results << { "file" => file.delete_prefix("#{Dir.pwd}/"), "line" => line, "class" => result.klass, "name" => result.name, "result" => outcome }
    end

    def report
      File.write(@path, JSON.pretty_generate(@results.sort_by { |r| [r["file"], r["line"]] }) + "\n")
    end
  end

  def self.plugin_rails2ts_results_init(_options)
    reporter << Rails2tsResultsReporter.new(ENV["RAILS2TS_TEST_RESULTS"]) if ENV["RAILS2TS_TEST_RESULTS"]
  end

  module Rails2tsResultsPlugin
    def init_plugins(options)
      extensions << "rails2ts_results" unless extensions.include?("rails2ts_results")
      super
    end
  end
  singleton_class.prepend(Rails2tsResultsPlugin)
end
