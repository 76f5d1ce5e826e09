// Active Job in the emitted app (test/fixtures/jobs-app): app/jobs is compiled with the app's other classes,
// ApplicationJob < ActiveJob::Base; perform_later runs the job in this process after the current work, its record
// arguments found again by id when it performs (it sees the row as it is then); perform_now answers the job's value.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { readFileSync, realpathSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { scratchDir } from "./support/scratch.js";

const app = join(import.meta.dirname, "fixtures/jobs-app");
const out = scratchDir("jobs");
const compiled = await compile(app, { out });
process.env.DATABASE_PATH = join(out, "jobs.sqlite3");
process.env.SECRET_KEY_BASE ??= "0".repeat(64);
await import(pathToFileURL(join(out, "dist/app.js")).href);
type Dyn = { [member: string]: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const load = async (file: string, name: string) => ((await import(pathToFileURL(join(out, `dist/models/${file}.js`)).href)) as Dyn)[name] as Dyn;
const runtime = (await import(pathToFileURL(join(realpathSync(join(out, "node_modules/rails2ts")), "dist/runtime/index.js")).href)) as Dyn;

describe("Active Job", () => {
  it("compiles app/jobs without a diagnostic", () => {
    expect(compiled.diagnostics.map((d) => `${d.code}: ${d.message}`)).toEqual([]);
  });

  it("perform_later runs after the current work, with the record as it is when the job performs", async () => {
    const Note = await load("note", "Note");
    const note = Note.createBang({ body: "hi" });
    const job = note.copyLater();
    // Not yet performed: the request's own work comes first.
    expect([job.arguments.length, Note.find(note.id).copies]).toEqual([2, 0]);
    Note.find(note.id).updateBang({ body: "edited" });
    await runtime.drainJobs();
    const after = Note.find(note.id);
    // The job read the row the edit left ("edited"); its hash is built before update! runs (copies still 0).
    expect([after.copies, after.body]).toEqual([2, "edited (seen 0)"]);
  });

  it("perform_now performs here and answers the job's value", async () => {
    const Note = await load("note", "Note");
    const CopyJob = await load("notes/copy_job", "Notes_CopyJob");
    const note = Note.createBang({ body: "now" });
    expect(CopyJob.performNow(note, 3)).toBe(3);
    expect(Note.find(note.id).copies).toBe(3);
  });

  it("under Rails' :test adapter (RAILS_ENV=test with no adapter named) perform_later enqueues and nothing performs it", async () => {
    const Note = await load("note", "Note");
    const note = Note.createBang({ body: "kept" });
    runtime.queueAdapterConfig.adapter = "test";
    try {
      const job = note.copyLater();
      await runtime.drainJobs();
      expect([Note.find(note.id).copies, runtime.queueAdapterConfig.enqueuedJobs.includes(job)]).toEqual([0, true]);
    } finally {
      runtime.queueAdapterConfig.adapter = "async";
      runtime.queueAdapterConfig.enqueuedJobs.length = 0;
    }
  });

  it("under :inline perform_later performs before it returns", async () => {
    const Note = await load("note", "Note");
    const note = Note.createBang({ body: "inline" });
    runtime.queueAdapterConfig.adapter = "inline";
    try {
      note.copyLater();
      expect(Note.find(note.id).copies).toBe(2);
    } finally {
      runtime.queueAdapterConfig.adapter = "async";
    }
  });
});

describe("retry_on, discard_on and rescue_from, as Active Job 7.2.4 runs them (test/fixtures/jobs-app/record-retries.rb)", () => {
  const recorded = JSON.parse(readFileSync(join(app, "retries.json"), "utf8")) as { trace: string[]; escaped: string[]; log: string[] };

  it("performs, retries, gives up, discards and rescues the same jobs the recorder ran, in the same order", async () => {
    const JobTrace = await load("job_trace", "JobTrace");
    const lines: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stderr.write;
    try {
      const runs: Array<[string, string, unknown[]]> = [
        ["retry_then_succeed_job", "RetryThenSucceedJob", ["three tries"]],
        ["retry_exhausted_job", "RetryExhaustedJob", []],
        ["retry_block_job", "RetryBlockJob", []],
        ["discard_job", "DiscardJob", ["other"]],
        ["discard_job", "DiscardJob", ["fatal"]],
        ["discard_job", "DiscardJob", ["unhandled"]],
        ["discard_job", "DiscardJob", ["fine"]],
        ["precedence_job", "PrecedenceJob", ["other"]],
        ["precedence_job", "PrecedenceJob", ["fatal"]],
        ["precedence_job", "PrecedenceJob", ["flaky"]],
        ["shared_count_job", "SharedCountJob", []],
      ];
      for (const [file, name, args] of runs) {
        (await load(file, name)).performLater(...args);
        await runtime.drainJobs();
      }
    } finally {
      process.stderr.write = write;
    }
    const jobId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
    expect(JobTrace.LINES).toEqual(recorded.trace);
    // The async adapter logs what escaped a job: "Error performing X (Job ID: ..) from Async(q) in ..ms: E (message)".
    const escaped = lines.flatMap((l) => {
      const m = /^Error performing (\S+) \(Job ID: [^)]+\) from Async\(\w+\) in [\d.]+ms: (\S+) \((.*)\)$/.exec(l);
      return m ? [`${m[1]}: ${m[2]}: ${m[3]}`] : [];
    });
    expect(escaped).toEqual(recorded.escaped);
    expect(lines.filter((l) => /^(Retrying|Stopped retrying|Discarded) /.test(l)).map((l) => l.replace(jobId, "JOB_ID"))).toEqual(recorded.log);
  });
});

describe("job error macros the compiler cannot run as Rails does are declined where they stand", () => {
  it("a rescue_from block (Rails runs it with the job as self) and an unknown retry_on option", async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const dir = mkdtempSync(join(tmpdir(), "rails2ts-jobs-declined-"));
    try {
      mkdirSync(join(dir, "app/jobs"), { recursive: true });
      mkdirSync(join(dir, "db"), { recursive: true });
      writeFileSync(join(dir, "db/schema.rb"), "ActiveRecord::Schema[7.2].define(version: 1) do\nend\n");
      writeFileSync(join(dir, "app/jobs/application_job.rb"), "class ApplicationJob < ActiveJob::Base\nend\n");
      writeFileSync(
        join(dir, "app/jobs/odd_job.rb"),
        "class OddJob < ApplicationJob\n  rescue_from ArgumentError do |error|\n    @seen = error\n  end\n  retry_on ArgumentError, bogus: 1\n\n  def perform = nil\nend\n",
      );
      const result = await compile(dir);
      expect(result.diagnostics.map((d) => `${d.span.line}:${d.span.column} ${d.code}: ${d.message}`)).toEqual([
        "2:3 unsupported_construct: construct not lowered: rescue_from in a job without `with: :method` (a block runs with the job as self)",
        "5:3 unsupported_option: option not supported: retry_on bogus:",
      ]);
      const job = result.files.find((f) => f.path === "models/odd_job.ts")!.text;
      expect(job).toContain("declineClass(");
      expect(job).toContain(`"app/jobs/odd_job.rb:2",\n  "unsupported_construct: construct not lowered: rescue_from in a job without \`with: :method\` (a block runs with the job as self)",`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
