// inspect: the app's source beside the TypeScript it became, as text (`inspect <app> <file>`) or as a site (--html).
export { describeCacheSite, modelMacros, modulesOf, notesOf, sourceView, type Block, type Note, type SourceView, type TsLine } from "./correspondence.js";
export { interleaved, noteText, sideBySide, SIDE_BY_SIDE_MIN_WIDTH } from "./text.js";
export { defaultLayout, inspectFile, type InspectOutput, type Layout } from "./command.js";
export { pageOf, writeInspectSite, type InspectResult } from "./html.js";
export { describeTypes } from "./types.js";
