// Child script: where a cold compile's time goes, in a fresh process. Prints one JSON line: ms from process
// start to this script running, to import the compiler (typescript, ts-morph, prettier, tree-sitter load here),
// for the first compile() (cold JIT), and for a second compile() in the same process (warm: what a watch mode
// would pay). Usage: node compile-phases.js APP_DIR OUT_DIR [GEM_PATH] (colon-separated, as --gem-path)
const [appDir, outDir, gemPath] = process.argv.slice(2);
const options = { out: outDir, ...(gemPath ? { gemPaths: gemPath.split(":") } : {}) };
const started = performance.now();
const { compile } = await import("../../dist/src/compile.js");
const imported = performance.now();
await compile(appDir, options);
const first = performance.now();
await compile(appDir, options);
const second = performance.now();
const ms = (x) => Math.round(x);
console.log(JSON.stringify({ processStartMs: ms(started), importMs: ms(imported - started), firstCompileMs: ms(first - imported), warmCompileMs: ms(second - first) }));
