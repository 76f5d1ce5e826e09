// A small Rails app written to a scratch directory and compiled by the real pipeline: the emitted files by path,
// and the compile's diagnostics.
import type { Diagnostic } from "../../src/diagnostics/index.js";
import { compileFiles } from "./emitted-app.js";

export { lineWith } from "./emitted-app.js";

export function compileProbe(files: Record<string, string>): Promise<{ files: Map<string, string>; diagnostics: Diagnostic[] }> {
  return compileFiles("probe", files);
}
