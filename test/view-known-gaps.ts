// Vectors the harness does not run yet, each with the reason (test support for view-helpers.test.ts).
// Keep this list short and honest: an entry here is a known divergence or an unported feature.
export const KNOWN_GAPS: Record<string, string> = {};
