// The Campfire lane's known differences (test/campfire-lane.test.ts): entries `<env>/<NNN>_<step>:<part>` (part:
// body, headers or frames) where the compiled app does not answer as Rails did today, grouped by cause. Each runs
// as an expected failure: when one starts matching, the lane fails until it is taken off this list.
export const KNOWN: { cause: string; steps: string[] }[] = [];
