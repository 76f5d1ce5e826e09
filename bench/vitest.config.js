// The bench helpers' own tests, apart from `npm test` (the root config only collects test/**): run them with
// `npx vitest run --config bench/vitest.config.js`.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { include: ["bench/test/**/*.test.js"], testTimeout: 60_000, pool: "forks" },
});
