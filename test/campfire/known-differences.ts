// The Campfire lane's known differences (test/campfire-lane.test.ts): entries `<env>/<NNN>_<step>:<part>` (part:
// body, headers or frames) where the compiled app does not answer as Rails did, grouped by cause (a best guess from
// the first differing bytes and, for 500s, the exception our server printed). Each runs as an expected failure:
// when one starts matching, the lane fails until it is taken off this list. Regenerate the list from the lane's
// printed summary when a compiler change moves entries; never add an entry without a cause.
export const KNOWN: { cause: string; steps: string[] }[] = [];
