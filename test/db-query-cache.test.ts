// The per-request query cache against real Rails 7.2.4 (fixtures/record/query_cache.rb): which SELECTs are
// answered from the cache, what clears it, and that hits neither count nor open the lazy transaction.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { Rollback, sqlCounter } from "../runtime/active-record/connection/index.js";
import { setClock, Time } from "../runtime/active-record/index.js";
import { freshDatabase, Project, Task } from "./support/record-models.js";

const recorded = JSON.parse(readFileSync(new URL("./fixtures/record/query_cache.json", import.meta.url), "utf8")) as Array<[string, string, boolean]>;

describe("query cache", () => {
  const conn = freshDatabase();
  setClock(() => Time.utc(2024, 2, 15, 12, 0, 0));
  afterAll(() => setClock(null));
  Project.createBang({ title: "Cached", description: "Query cache subject" });
  Project.createBang({ title: "Other", description: "Another project here" });

  it("answers, clears and counts as Rails does", () => {
    const events: Array<[string, string, boolean]> = [];
    conn.onSql((e) => events.push([e.name, e.sql, e.cached === true]));
    sqlCounter.reset(); // a request begins: count 0, cache on
    Project.find(1);
    Project.find(1);
    Project.find(2);
    Project.where({ title: "Cached" }).count();
    Project.where({ title: "Cached" }).count();
    Project.exists();
    Project.exists();
    Task.createBang({ project_id: 1, name: "Write" });
    Project.find(1);
    Project.find(1);
    Project.transaction(() => (Project.find(2), Project.find(2)));
    Project.transaction(() => {
      Project.find(1);
      Project.createBang({ title: "R", description: "Rolled back x" });
      throw new Rollback();
    });
    Project.find(1);
    void Task.find(1).project;
    void Task.find(1).project;
    const counted = sqlCounter.read();
    conn.disableQueryCache(); // the request ends
    Project.find(1);
    Project.find(1);
    expect(events).toEqual(recorded);
    expect(counted).toBe(recorded.slice(0, -2).filter(([, , cached]) => !cached).length);
  });
});
