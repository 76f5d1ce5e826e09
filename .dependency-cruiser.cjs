// The runtime's layers (runtime/README.md), checked in `npm test` (test/layers.test.ts): each folder imports only
// from folders below it, in Rails' own dependency order; folders on one line are side by side and import each
// other not at all. Files inside one folder may import each other freely. A cycle through two folders would need an
// import that points up a layer, so the layer rules also rule those out.
const RUNTIME_LAYERS = [
  ["ruby"],
  ["active-support"],
  ["gems/useragent", "gems/bcrypt"],
  ["active-model"],
  ["gems/globalid"],
  ["active-record"],
  ["action-view"],
  ["action-pack"],
  ["active-job"],
  ["action-mailer"],
  ["action-cable"],
  ["active-storage"],
  ["action-text"],
  ["gems/concurrent-ruby", "gems/net-http-persistent", "gems/nokogiri"],
  ["gems/turbo-rails", "gems/importmap-rails", "gems/rails_autolink", "gems/jbuilder", "gems/platform_agent", "gems/action_policy", "gems/geared_pagination", "gems/rqrcode", "gems/web-push"],
  ["app"],
  // Lowered test suites (`rails2ts test`) run on the app: nothing the app itself runs imports them.
  ["testing"],
  ["sea"],
];

// The compiler's pipeline (src/): a stage imports only from the stages before it. Any stage may use the runtime's
// modules (the inflector, model names, the render options) so that compiler and runtime share one implementation;
// the runtime never imports the compiler.
const SRC_LAYERS = [
  ["diagnostics"],
  ["parse"],
  ["analyze"],
  ["lower"],
  ["emit"],
  ["compile.ts"],
  ["build"],
  ["conformance"],
  // testing runs an app's own Minitest suite, lowered, and records the suite's results under real Rails.
  ["testing"],
  // inspect renders a compile()'s result: the source maps, diagnostics and the app's facts, as text or a site.
  ["inspect"],
  ["cli.ts"],
];

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const entryPath = (root) => (f) => (f.endsWith(".ts") ? `^${root}/${esc(f)}$` : `^${root}/${esc(f)}/`);
const folderPath = entryPath("runtime");
const srcPath = entryPath("src");

const rulesFor = (root, layers, toPath, extraUp) =>
  layers.flatMap((layer, rank) =>
    layer.flatMap((folder) => {
      const notBelow = layers.slice(rank).flat().filter((f) => f !== folder);
      // The top stage has nothing above it (an empty `to.path` would match every import).
      if (notBelow.length + extraUp.length === 0) return [];
      return {
        name: `${root}-layer:${folder}`,
        comment: `${root}/${folder} may import only from the ones below it: ${layers.slice(0, rank).flat().join(", ") || "(none)"}`,
        severity: "error",
        from: { path: toPath(folder) },
        to: { path: [...notBelow.map(toPath), ...extraUp] },
      };
    }),
  );

const layerRules = [
  ...rulesFor("runtime", RUNTIME_LAYERS, folderPath, ["^runtime/index\\.ts$"]),
  ...rulesFor("src", SRC_LAYERS, srcPath, []),
];

const allFolders = RUNTIME_LAYERS.flat();

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "runtime-not-compiler",
      comment: "the runtime ships inside every emitted app and never imports the compiler",
      severity: "error",
      from: { path: "^runtime/" },
      to: { path: "^src/" },
    },
    {
      name: "src-entry-known",
      comment: "every compiler file lives in one of the pipeline's stages",
      severity: "error",
      from: { path: "^src/", pathNot: SRC_LAYERS.flat().map(srcPath) },
      to: {},
    },
    {
      name: "runtime-folder-known",
      comment: "every runtime file lives in one of the layered folders (or is runtime/index.ts, the public surface)",
      severity: "error",
      from: { path: "^runtime/", pathNot: [...allFolders.map(folderPath), "^runtime/index\\.ts$"] },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: "^(runtime|src)/",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js"] },
  },
};
