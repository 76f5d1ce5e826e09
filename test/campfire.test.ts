// ONCE Campfire (github basecamp/once-campfire @ df76a22), compiled from a checkout that RAILS2TS_CAMPFIRE points
// at; Campfire's code is never in this repository. The committed ledger (ledger/campfire-df76a22.json) holds the
// diagnostic counts, so progress shows in review; `UPDATE=1` rewrites it after a deliberate change.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compile } from "../src/compile.js";
import { buildLedger, ledgerPath } from "../src/diagnostics/ledger.js";
import { scratchDir } from "./support/scratch.js";

const checkout = process.env.RAILS2TS_CAMPFIRE;
// Its gems (test/support/gem-dir.sh builds the directory): the ledger is of the app with its gems installed.
const gemPaths = process.env.RAILS2TS_CAMPFIRE_GEMS ? [process.env.RAILS2TS_CAMPFIRE_GEMS] : [];
const ledgerFile = join(import.meta.dirname, "../ledger/campfire-df76a22.json");
const reasonsFile = join(import.meta.dirname, "../ledger/campfire-df76a22.reasons.md");

if (!checkout) console.log("campfire: skipped (set RAILS2TS_CAMPFIRE to a checkout of basecamp/once-campfire at df76a22)");

describe.skipIf(!checkout)("ONCE Campfire", () => {
  it("compiles with no crash, and its ledger is the committed one", async () => {
    const result = await compile(checkout!, { gemPaths });
    const ledger = buildLedger(result.diagnostics, checkout!);
    expect(ledger.crashes).toBe(0);
    if (process.env.UPDATE) writeFileSync(ledgerFile, JSON.stringify(ledger, null, 2) + "\n");
    expect(ledger).toEqual(JSON.parse(readFileSync(ledgerFile, "utf8")));
  });

  it("gives every diagnostic of the ledger its reason in ledger/campfire-df76a22.reasons.md, and no other", async () => {
    const result = await compile(checkout!, { gemPaths });
    const count = (keys: string[]) => [...keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>())].sort();
    const diagnosed = count(result.diagnostics.map((d) => `${ledgerPath(checkout!, d.span.file)}:${d.span.line}:${d.span.column} ${d.code}`));
    // | `file:line:col` | code | × | at run time | why declined |
    const rows = readFileSync(reasonsFile, "utf8").split("\n").filter((l) => l.startsWith("| `")).map((l) => l.split(" | ").map((c) => c.replace(/^\| |\s*\|$/g, "")));
    expect(rows.filter((r) => r.length !== 5 || !/^\d+$/.test(r[2]!) || r[3]!.length < 10 || r[4]!.length < 10)).toEqual([]);
    const reasoned = rows.map((r) => [`${r[0]!.slice(1, -1)} ${r[1]}`, Number(r[2])] as [string, number]).sort();
    expect(reasoned).toEqual(diagnosed);
  });

  it("emits a project that passes tsc --strict", async () => {
    const out = scratchDir("campfire");
    await compile(checkout!, { out, gemPaths });
    const tsc = join(import.meta.dirname, "../node_modules/typescript/bin/tsc");
    let errors = "";
    try {
      execFileSync(process.execPath, [tsc, "-p", join(out, "tsconfig.json")], { stdio: "pipe" });
    } catch (error) {
      errors = String((error as { stdout?: Buffer }).stdout ?? error);
    }
    expect(errors).toBe("");
  }, 120_000);
});
