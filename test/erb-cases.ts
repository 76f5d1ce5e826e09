// The ERB oracle cases: every test/fixtures/erb/<case>.erb with the .rb (and .locals) real Rails recorded for it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const ERB_DIR = join(import.meta.dirname, "fixtures/erb");

export interface ErbCase {
  name: string;
  file: string;
  erb: string;
  ruby: string;
  strictLocals: string | null;
}

export function erbCases(): ErbCase[] {
  return readdirSync(ERB_DIR)
    .filter((f) => f.endsWith(".erb"))
    .sort()
    .map((f) => {
      const name = f.slice(0, -".erb".length);
      const locals = join(ERB_DIR, `${name}.locals`);
      return {
        name,
        file: join(ERB_DIR, f),
        erb: readFileSync(join(ERB_DIR, f), "utf8"),
        ruby: readFileSync(join(ERB_DIR, `${name}.rb`), "utf8"),
        strictLocals: existsSync(locals) ? readFileSync(locals, "utf8") : null,
      };
    });
}
