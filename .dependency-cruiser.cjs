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
  ["action-cable"],
  ["active-storage"],
  ["action-text"],
  ["gems/turbo-rails", "gems/importmap-rails", "gems/rails_autolink", "gems/jbuilder", "gems/platform_agent", "gems/geared_pagination"],
  ["app"],
  ["sea"],
];

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const folderPath = (f) => `^runtime/${esc(f)}/`;

const layerRules = RUNTIME_LAYERS.flatMap((layer, rank) =>
  layer.map((folder) => {
    const notBelow = RUNTIME_LAYERS.slice(rank).flat().filter((f) => f !== folder);
    return {
      name: `runtime-layer:${folder}`,
      comment: `runtime/${folder} may import only from the folders below it: ${RUNTIME_LAYERS.slice(0, rank).flat().join(", ") || "(none)"}`,
      severity: "error",
      from: { path: folderPath(folder) },
      to: { path: [...notBelow.map(folderPath), "^runtime/index\\.ts$"] },
    };
  }),
);

const allFolders = RUNTIME_LAYERS.flat();

module.exports = {
  forbidden: [
    ...layerRules,
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
