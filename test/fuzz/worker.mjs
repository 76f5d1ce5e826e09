// The fuzz driver's compile process (a child, so a hang can be ended and a native abort is an answer, not the end of
// the run): for each message, write the mutated file into the prepared app, compile it with the built compiler
// (dist/, as the CLI runs), restore the file, and answer what happened: compiled (with its diagnostics), refused (a
// CompileError: diagnostics that stop), or escaped (an exception that came out of the compiler as an exception).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const { compile } = await import(new URL("../../dist/src/compile.js", import.meta.url).href);
const { CompileError } = await import(new URL("../../dist/src/diagnostics/index.js", import.meta.url).href);

const slim = (d) => ({ code: d.code, severity: d.severity, message: d.message.slice(0, 300), file: d.span.file, line: d.span.line, column: d.span.column });

process.on("message", async ({ id, dir, rel, bytes, original }) => {
  const file = join(dir, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  let answer;
  try {
    const result = await compile(dir);
    answer = { id, outcome: "compiled", diagnostics: result.diagnostics.map(slim) };
  } catch (err) {
    answer = err instanceof CompileError
      ? { id, outcome: "refused", diagnostics: err.diagnostics.map(slim) }
      : { id, outcome: "escaped", error: String(err?.stack ?? err).slice(0, 2000), diagnostics: [] };
  } finally {
    if (original) writeFileSync(file, original);
    else rmSync(file, { force: true });
  }
  process.send(answer);
});
process.send({ ready: true });
