// Active Job in the emitted app (test/fixtures/jobs-app): app/jobs is compiled with the app's other classes,
// ApplicationJob < ActiveJob::Base; perform_later runs the job in this process after the current work, its record
// arguments found again by id when it performs (it sees the row as it is then); perform_now answers the job's value.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { realpathSync } from "node:fs";
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
});
