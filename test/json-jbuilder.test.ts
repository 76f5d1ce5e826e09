// Jbuilder documents against the bytes real jbuilder 2.15 + Rails 7.2.4 rendered for the templates in
// test/fixtures/json/views (recorded by fixtures/json/jbuilder.rb). Each template is written here the way the
// compiler lowers it; URLs come from a stand-in for the route helpers (not under test here).
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { Jbuilder } from "../runtime/gems/jbuilder/index.js";
import { setClock, Time } from "../runtime/active-record/index.js";
import { freshDatabase, Project, type Task } from "./support/record-models.js";

const recorded = JSON.parse(readFileSync(new URL("./fixtures/json/jbuilder.json", import.meta.url), "utf8")) as Record<string, string>;

freshDatabase();
setClock(() => Time.utc(2024, 2, 15, 12, 0, 0));
afterAll(() => setClock(null));
const one = Project.createBang({ title: "First <one>", description: "The first project & more" });
setClock(() => Time.utc(2024, 2, 15, 12, 30, 5, 123456));
Project.createBang({ title: "Second", description: "The second project" });
setClock(() => Time.utc(2024, 2, 15, 12, 0, 0));
one.tasks.createBang({ name: "Write", position: 1 });
one.tasks.createBang({ name: "Review", position: 2, done: true });

type Assigns = { projects: Project[]; project: Project; none: Project[] };
type Template = (a: Assigns, json: Jbuilder, locals: Record<string, unknown>) => void;
const host = "http://example.org";
const projectUrl = (p: Project) => `${host}/projects/${p.toParam()}.json`;
const taskUrl = (p: Project, t: Task) => `${host}/projects/${p.toParam()}/tasks/${t.toParam()}.json`;
const partial = (name: string) => ({ partial: name, as: name.split("/")[1]! });

const PARTIALS: Record<string, Template> = {
  "projects/project": (_a, json, { project }) => {
    const p = project as Project;
    json.extract(p, "id", "title", "description", "created_at", "updated_at");
    json.set("url", projectUrl(p));
  },
  "tasks/task": (_a, json, { task }) => {
    const t = task as Task;
    json.extract(t, "id", "project_id", "name", "position", "done", "created_at", "updated_at");
    json.set("url", taskUrl(t.project!, t));
  },
};

const TEMPLATES: Record<string, Template> = {
  index: (a, json) => json.array(a.projects, partial("projects/project")),
  show: (a, json) => json.partial("projects/project", { project: a.project }),
  empty_index: (a, json) => json.array(a.none, partial("projects/project")),
  blocks: (a, json) => {
    json.set("title", a.project.title);
    json.set("missing", null);
    json.set("dynamic key", 42);
    json.set("owner", () => {
      json.set("name", "Ada <admin>");
      json.set("tags", ["a", "b"]);
    });
    json.set("owner", () => json.set("email", "ada@example.com"));
    json.set("tasks", a.project.tasks, (task: Task) => {
      json.set("name", task.name);
      json.set("done", task.done);
    });
    json.set("task_names", a.project.tasks, "name", "position");
    json.set("first_task", a.project.tasks.first(), "name", "created_at");
    json.call(a.project, "id", "created_at");
    json.set("stats", { count: 2, ratio: 0.5, nested: { deep: [1, null] } });
  },
  array_block: (a, json) =>
    json.array(a.projects, (project: Project) => {
      json.set("id", project.id);
      if (project.id === 1) json.set("first", true);
    }),
  array_skip: (a, json) =>
    json.array(a.projects, (project: Project) => {
      if (project.id > 1) json.set("id", project.id);
    }),
  array_attrs: (a, json) => json.array(a.projects, "id", "title"),
  plain_array: (_a, json) => json.array([1, "two", null, { three: 3 }]),
  children: (_a, json) => {
    json.set("comments", () => {
      json.child(() => json.set("content", "hello"));
      json.child(() => json.set("content", "world"));
    });
    json.merge({ merged: true, owner: { x: 1 } });
    json.set("owner", () => json.set("y", 2));
  },
  ignore_nil: (_a, json) => {
    json.ignoreNil();
    json.set("a", null);
    json.set("b", 1);
    json.set("c", () => json.set("d", null));
  },
  empty: () => {},
  nil: (_a, json) => json.nil(),
  key_format: (a, json) => {
    json.keyFormat({ camelize: "lower" });
    json.set("first_name", "Ada");
    json.set("last_seen_at", a.project.created_at);
    json.set("nested_thing", () => json.set("inner_key", 1));
  },
  inline_partial: (a, json) => {
    json.set("project", a.project, partial("projects/project"));
    json.set("projects", a.projects, partial("projects/project"));
    json.set("nobody", null, partial("projects/project"));
  },
  with_tasks: (a, json) => {
    json.partial("projects/project", { project: a.project });
    json.set("tasks", () => json.array(a.project.tasks, partial("tasks/task")));
  },
};

function render(name: string): string {
  const assigns: Assigns = { projects: Project.order("id").toA(), project: Project.find(one.id), none: [] };
  const json: Jbuilder = new Jbuilder({
    renderPartial: (partialName, locals, j) => PARTIALS[partialName]!(assigns, j, locals),
  });
  TEMPLATES[name]!(assigns, json, {});
  return json.target();
}

describe("Jbuilder", () => {
  it("mirrors every recorded template", () => {
    expect(Object.keys(TEMPLATES).sort()).toEqual(Object.keys(recorded).sort());
  });
  for (const name of Object.keys(TEMPLATES)) {
    it(name, () => {
      expect(render(name)).toBe(recorded[name]);
    });
  }
});
