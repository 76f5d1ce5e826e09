// Template digests and dependencies against what Rails 7.2 computed for the same template trees
// (test/fixtures/digest/record.rb -> expected.json; re-record with the chroot command in that file).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  dependencyTree, hashDigestClassFor, readViewFiles, templateDependencies, templateDigest, trackerDependencies, ViewResolver,
  type DigestCache, type HashDigestClass, type InjectedDependency,
} from "../src/analyze/digest.js";
import { RAILS_HANDLERS, RAILS_MIME_FORMATS } from "../src/analyze/digest/view-paths.js";

const root = join(import.meta.dirname, "fixtures/digest");
interface Query { name: string; format: string; formats?: string[]; dependencies?: InjectedDependency[]; digest: string; tree: unknown }
interface Recorded {
  app: { handlers: string[]; formats: string[]; locales: string[]; hashDigestClass: string };
  cases: Record<string, { dependencies: Record<string, string[]>; runs: Array<{ hash: HashDigestClass; queries: Query[] }> }>;
}
const expected = JSON.parse(readFileSync(join(root, "expected.json"), "utf8")) as Recorded;

describe("template digests (ActionView::Digestor)", () => {
  it("splits file names with the handlers, MIME types and locales a Rails 7.2 app with jbuilder registers", () => {
    const hashDigestClass = `OpenSSL::Digest::${hashDigestClassFor("7.2")}`;
    expect({ handlers: RAILS_HANDLERS, formats: RAILS_MIME_FORMATS, locales: ["en"], hashDigestClass }).toEqual(expected.app);
  });

  it("finds a template's dependencies by name and format, as the digest's root", () => {
    const views = new ViewResolver(readViewFiles(join(root, "cases/renders/views")));
    const deps = expected.cases.renders!.dependencies;
    expect([
      templateDependencies("posts/index", "html", views), templateDependencies("posts/_post", "json", views),
      templateDependencies("posts/nonexistent", "html", views),
    ]).toEqual([deps["posts/index.html.erb"], deps["posts/_post.json.jbuilder"], null]);
  });

  for (const [name, recorded] of Object.entries(expected.cases)) {
    const views = new ViewResolver(readViewFiles(join(root, "cases", name, "views")));

    it(`${name}: each file's dependencies are the tracker's`, () => {
      const actual: Record<string, string[]> = {};
      for (const file of Object.keys(recorded.dependencies)) {
        const template = views.templateAt(file)!;
        actual[file] = trackerDependencies(template.virtualPath, template, views);
      }
      expect(actual).toEqual(recorded.dependencies);
    });

    recorded.runs.forEach((run, i) => {
      it(`${name} run ${i + 1} (${run.hash}): digests and trees in Rails' order, one shared digest cache`, () => {
        const caches = new Map<string, DigestCache>();
        const actual = run.queries.map((q) => {
          const formats = q.formats ?? [q.format];
          const cache = caches.get(formats.join(",")) ?? new Map();
          caches.set(formats.join(","), cache);
          const options = { formats, hashDigestClass: run.hash, dependencies: q.dependencies, cache };
          const tree = dependencyTree(q.name, q.format, views, { formats });
          return { ...q, digest: templateDigest(q.name, q.format, views, options), tree };
        });
        expect(actual).toEqual(run.queries);
      });
    });
  }
});
