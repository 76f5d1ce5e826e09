# Rackup file Puma loads instead of the app's config.ru when rails2ts records reference responses: the app's
# own config.ru (require config/environment, run, load_server) plus the SQL counter around it, so the fixture
# app itself stays untouched. Puma runs it with the app directory as working directory.
require_relative "sql_count"
require File.expand_path("config/environment", Dir.pwd)

Rails2tsSqlCount.subscribe
use Rails2tsSqlCount::Middleware, ENV.fetch("RAILS2TS_SQL_LOG")
run Rails.application
Rails.application.load_server
