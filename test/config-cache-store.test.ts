// (And config.active_job.queue_adapter, reported the same way when jobs would run elsewhere.)
// config.cache_store in config/environments/production.rb: :memory_store is the emitted app's in-process store;
// :null_store turns the fragment cache off (it never hits, so every fragment renders, as with caching off); any
// other store (:redis_cache_store, Campfire's) is reported at its line and column and the memory store kept.
import { describe, expect, it } from "vitest";
import { analyzeConfig } from "../src/analyze/config.js";
import { parseRuby } from "../src/parse/ruby.js";

function production(lines: string): { performCaching: boolean; reported: string[] } {
  const reported: string[] = [];
  const diagnostics = {
    report: (code: string, span: { line: number; column: number }, message: string) => reported.push(`${span.line}:${span.column} ${code}: ${message}`),
  };
  const source = `Rails.application.configure do\n  config.action_controller.perform_caching = true\n${lines}end\n`;
  const parsed = parseRuby(source, "config/environments/production.rb");
  const facts = analyzeConfig([{ path: "config/environments/production.rb", body: parsed.body } as never], diagnostics as never);
  return { performCaching: facts.performCaching, reported };
}

describe("config.cache_store", () => {
  it("no setting, and :memory_store (with options too): the in-process store, nothing reported", () => {
    expect(production("")).toEqual({ performCaching: true, reported: [] });
    expect(production("  config.cache_store = :memory_store\n")).toEqual({ performCaching: true, reported: [] });
  });

  it(":null_store: fragments always render (caching off), nothing reported", () => {
    expect(production("  config.cache_store = :null_store\n")).toEqual({ performCaching: false, reported: [] });
  });

  it(":redis_cache_store and a store with options: reported where they are, the memory store kept", () => {
    const message = (what: string) =>
      `unsupported_option: config.cache_store ${what} is not reproduced: fragments are cached in each process's memory (as :memory_store), not shared between workers or kept across restarts`;
    expect(production("  config.cache_store = :redis_cache_store\n")).toEqual({ performCaching: true, reported: [`3:24 ${message(":redis_cache_store")}`] });
    expect(production("  config.cache_store = :mem_cache_store, \"cache.example.com\"\n").reported).toEqual([`3:24 ${message("this cache store")}`]);
  });

  it("another environment's store is not production's", () => {
    const reported: string[] = [];
    const parsed = parseRuby("Rails.application.configure do\n  config.cache_store = :redis_cache_store\nend\n", "config/environments/development.rb");
    analyzeConfig([{ path: "config/environments/development.rb", body: parsed.body } as never], { report: () => reported.push("x") } as never);
    expect(reported).toEqual([]);
  });
});

describe("config.active_job.queue_adapter", () => {
  it(":async and :inline run as the runtime runs jobs: nothing reported", () => {
    expect(production("  config.active_job.queue_adapter = :async\n").reported).toEqual([]);
    expect(production("  config.active_job.queue_adapter = :inline\n").reported).toEqual([]);
  });

  it("an environment's adapter is kept for the runtime (:test, :inline); one set nowhere is left to Rails' default", () => {
    const adapters = (file: string, lines: string) => {
      const parsed = parseRuby(`Rails.application.configure do\n${lines}end\n`, file);
      const facts = analyzeConfig([{ path: file, body: parsed.body } as never], { report: () => {} } as never);
      return Object.fromEntries(Object.entries(facts.environments).map(([env, s]) => [env, s.queueAdapter]));
    };
    expect(adapters("config/environments/test.rb", "  config.active_job.queue_adapter = :inline\n")).toEqual({ test: "inline" });
    expect(adapters("config/environments/development.rb", "  config.active_job.queue_adapter = :test\n")).toEqual({ development: "test" });
    expect(adapters("config/environments/test.rb", "  config.cache_store = :null_store\n")).toEqual({ test: undefined });
  });

  it("another adapter (Campfire's :resque) is reported where it is: jobs run in this process", () => {
    expect(production("  config.active_job.queue_adapter = :resque\n").reported).toEqual([
      "3:37 unsupported_option: config.active_job.queue_adapter :resque is not reproduced: jobs run in this process after the request's work (as :async), not in a queue another process reads, nor kept across restarts",
    ]);
  });
});
