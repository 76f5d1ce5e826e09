// The TypeScript mirror of test/fixtures/record/models.rb: the same schema and models, declared the way the
// compiler emits them (a class with `declare`d members + defineModel data), with callbacks that trace.
import { join } from "node:path";
import { Connection, loadSchema, setConnection } from "../../runtime/active-record/connection/index.js";
import { Base, defineModel, RubyDate, Time, type CollectionProxy, type ModelNames } from "../../runtime/active-record/index.js";
import { scratchDir } from "./scratch.js";

export const trace: string[] = [];

export function names(name: string, singular: string, plural: string): ModelNames {
  return {
    name, singular, plural, paramKey: singular, routeKey: plural, singularRouteKey: singular, i18nKey: singular,
    human: name, collection: plural, element: singular,
  };
}

const timestamps = [
  { name: "created_at", type: "datetime" as const, null: false, precision: 6 },
  { name: "updated_at", type: "datetime" as const, null: false, precision: 6 },
];

export class ApplicationRecord extends Base {}
defineModel(ApplicationRecord, { name: "ApplicationRecord", abstract: true });

const EVENTS = [
  "before_validation", "after_validation", "before_save", "after_save", "before_create", "after_create",
  "before_update", "after_update", "before_destroy", "after_destroy",
];
const camel = (s: string) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

export class Project extends ApplicationRecord {
  declare id: number;
  declare title: string | null;
  declare description: string | null;
  declare created_at: Time;
  declare updated_at: Time;
  declare tasks: CollectionProxy<Task>;
}
for (const event of EVENTS) {
  Object.defineProperty(Project.prototype, camel(`trace_${event}`), {
    value(this: Project) {
      trace.push(`${event} ${this.title ?? ""}`);
    },
  });
}
defineModel(Project, {
  name: "Project",
  table: "projects",
  names: names("Project", "project", "projects"),
  columns: [
    { name: "id", type: "integer", null: false },
    { name: "title", type: "string" },
    { name: "description", type: "text" },
    ...timestamps,
  ],
  associations: [{ kind: "has_many", name: "tasks", className: "Task", foreignKey: "project_id", options: { dependent: "destroy" } }],
  validations: [
    { attribute: "title", validator: "presence", options: {} },
    { attribute: "description", validator: "length", options: { minimum: 10 } },
  ],
  callbacks: EVENTS.map((event) => ({ event, method: camel(`trace_${event}`) })),
});

export class Task extends ApplicationRecord {
  declare id: number;
  declare project_id: number;
  declare name: string | null;
  declare position: number | null;
  declare done: boolean;
  declare created_at: Time;
  declare updated_at: Time;
  declare project: Project | null;
}
defineModel(Task, {
  name: "Task",
  table: "tasks",
  names: names("Task", "task", "tasks"),
  columns: [
    { name: "id", type: "integer", null: false },
    { name: "project_id", type: "integer", null: false },
    { name: "name", type: "string" },
    { name: "position", type: "integer" },
    { name: "done", type: "boolean", null: false, default: false },
    ...timestamps,
  ],
  associations: [{ kind: "belongs_to", name: "project", className: "Project", foreignKey: "project_id", options: {} }],
  validations: [{ attribute: "name", validator: "length", options: { in: [2, 20] } }],
});

export class Label extends ApplicationRecord {
  declare id: number;
  declare project_id: number | null;
  declare code: string | null;
  declare note: string | null;
  declare weight: number | null;
  declare due_on: RubyDate | null;
  declare created_at: Time;
  declare updated_at: Time;
}
defineModel(Label, {
  name: "Label",
  table: "labels",
  names: names("Label", "label", "labels"),
  columns: [
    { name: "id", type: "integer", null: false },
    { name: "project_id", type: "integer" },
    { name: "code", type: "string" },
    { name: "note", type: "string" },
    { name: "weight", type: "float" },
    { name: "due_on", type: "date" },
    ...timestamps,
  ],
  associations: [{ kind: "belongs_to", name: "project", className: "Project", foreignKey: "project_id", options: { optional: true } }],
  validations: [
    { attribute: "code", validator: "presence", options: {} },
    { attribute: "code", validator: "length", options: { is: 3 } },
    { attribute: "note", validator: "length", options: { maximum: 5 } },
  ],
});

export class Tag extends ApplicationRecord {
  declare id: number;
  declare name: string | null;
  declare kind: string | null;
  declare count: number | null;
}
defineModel(Tag, {
  name: "Tag",
  table: "tags",
  names: names("Tag", "tag", "tags"),
  columns: [
    { name: "id", type: "integer", null: false },
    { name: "name", type: "string" },
    { name: "kind", type: "string" },
    { name: "count", type: "integer" },
  ],
  validations: [
    { attribute: "name", validator: "uniqueness", options: {} },
    { attribute: "name", validator: "format", options: { with: /^[a-z]+$/ } },
    { attribute: "kind", validator: "inclusion", options: { in: ["topic", "person"], allow_nil: true } },
    { attribute: "count", validator: "numericality", options: { only_integer: true, greater_than: 0 } },
  ],
});

/** A fresh database with models.rb's schema, installed as the models' connection. */
export function freshDatabase(): Connection {
  const conn = new Connection(join(scratchDir("record"), "test.sqlite3"));
  loadSchema(conn, {
    tables: [
      { name: "projects", columns: [{ name: "title", type: "string" }, { name: "description", type: "text" }, ...timestamps] },
      {
        name: "tasks",
        columns: [
          { name: "project_id", type: "integer", null: false }, { name: "name", type: "string" },
          { name: "position", type: "integer" }, { name: "done", type: "boolean", default: false, null: false }, ...timestamps,
        ],
        indexes: [{ columns: ["project_id"], name: "index_tasks_on_project_id" }],
      },
      {
        name: "labels",
        columns: [
          { name: "project_id", type: "integer" }, { name: "code", type: "string" }, { name: "note", type: "string" },
          { name: "weight", type: "float" }, { name: "due_on", type: "date" }, ...timestamps,
        ],
      },
      { name: "tags", columns: [{ name: "name", type: "string" }, { name: "kind", type: "string" }, { name: "count", type: "integer" }] },
    ],
    foreignKeys: [{ from: "tasks", to: "projects", column: "project_id" }],
  });
  setConnection(conn);
  return conn;
}
