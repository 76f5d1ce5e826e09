// Entries of the app2 lane (test/app2-lane.test.ts) that differ today, by `<env>/<NNN_step>:<part>`, with the cause.
// An entry that starts matching fails the lane until it is taken off this list.
export const KNOWN: { cause: string; steps: string[] }[] = [];
