// Bad input gets a clear error: a diagnostic with a code and a code frame, a non-zero exit, no stack trace.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { CompileError } from "../src/diagnostics/index.js";

const bad = (name: string) => join(import.meta.dirname, "fixtures/bad", name);
const cli = join(import.meta.dirname, "../dist/src/cli.js");

function runCli(args: string[]): { status: number; stderr: string } {
  try {
    execFileSync(process.execPath, [cli, ...args], { stdio: "pipe" });
    return { status: 0, stderr: "" };
  } catch (e) {
    const err = e as { status: number; stderr: Buffer };
    return { status: err.status, stderr: err.stderr.toString() };
  }
}

describe("compile errors", () => {
  it("malformed Ruby is a ruby_syntax_error at file:line:col", async () => {
    const err = await compile(bad("syntax")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CompileError);
    const d = (err as CompileError).diagnostics;
    expect(d.map((x) => [x.code, x.span.file.endsWith("app/models/widget.rb"), x.span.line, x.span.column])).toEqual([["ruby_syntax_error", true, 2, 12]]);
  });

  it("a missing schema is a schema_missing error", async () => {
    const err = await compile(bad("missing_schema")).catch((e: unknown) => e);
    expect((err as CompileError).diagnostics.map((x) => x.code)).toEqual(["schema_missing"]);
  });

  it("the CLI prints the diagnostic with a code frame and exits 1, without a stack trace", () => {
    const { status, stderr } = runCli(["compile", bad("syntax"), "--out", join(import.meta.dirname, "../.rails2ts/bad-out")]);
    expect(status).toBe(1);
    const file = join(bad("syntax"), "app/models/widget.rb");
    expect(stderr).toBe(
      `${file}:2:12: error ruby_syntax_error: Ruby syntax error: unexpected string literal, expecting ')'\n` +
        "  1 | class Widget < ApplicationRecord\n" +
        "> 2 |   def name(\n" +
        "    |            ^\n" +
        '  3 |     "x" +\n',
    );
  });
});
