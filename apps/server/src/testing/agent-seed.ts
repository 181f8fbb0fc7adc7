import { type Db, schema as s } from "@metabuild/db";
import bcrypt from "bcryptjs";

/** The store the agent acceptance tests share: Acme, its admin, patterns, deployments, agents. */
export const PASSWORD = "pass-word-1";
export const SECRET = "agent-secret-1";
// A statement that keeps SQLite busy for minutes: the run is RUNNING until it is cut off.
export const SLOW_SQL =
  "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5000000000) SELECT count(*) FROM c;";

export function seedStore(db: Db) {
  const acme = db.insert(s.customers).values({ name: "Acme" }).returning().get();
  db.insert(s.users)
    .values({
      customerId: acme.id,
      email: "admin@acme.test",
      passwordHash: bcrypt.hashSync(PASSWORD, 4),
      admin: 1,
    })
    .run();
  const dwh = db.insert(s.projects).values({ customerId: acme.id, name: "DWH" }).returning().get();
  const root = db
    .insert(s.instanceFolders)
    .values({ projectId: dwh.id, parentId: null, name: "", path: "/" })
    .returning()
    .get();
  const pattern = (name: string, templates: { path: string; body: string }[]) => {
    const p = db.insert(s.patterns).values({ customerId: acme.id, name }).returning().get();
    db.insert(s.templates)
      .values(templates.map((t, posNo) => ({ patternId: p.id, ...t, posNo })))
      .run();
    return p;
  };
  const hub = pattern("HUB", [
    {
      path: "tables/{{ instance.name | downcase }}.sql",
      body: "CREATE TABLE {{ instance.name }} (id INTEGER PRIMARY KEY, name TEXT);\nINSERT INTO {{ instance.name }} (name) VALUES ('{{ instance.name }}');\n",
    },
    { path: "docs/{{ instance.name }}.md", body: "# {{ instance.name }} of {{ project.name }}\n" },
  ]);
  const slow = pattern("SLOW", [{ path: "slow.sql", body: SLOW_SQL }]);
  for (const [p, name] of [
    [hub, "CUSTOMER"],
    [hub, "ORDERS"],
    [slow, "ONE"],
  ] as const)
    db.insert(s.instances)
      .values({
        customerId: acme.id,
        projectId: dwh.id,
        patternId: p.id,
        instanceFolderId: root.id,
        name,
      })
      .run();
  const deployment = (patternId: number, name: string, kind: string, cfg: object) =>
    db
      .insert(s.deployments)
      .values({ patternId, name, kind, config: JSON.stringify(cfg) })
      .returning()
      .get();
  deployment(hub.id, "to-folder", "directory", { target: "out" });
  deployment(hub.id, "to-db", "sql", { database: "default" });
  deployment(slow.id, "slow-db", "sql", { database: "slow" });
  const local = db
    .insert(s.agentGroups)
    .values({ customerId: acme.id, name: "local" })
    .returning()
    .get();
  const hash = bcrypt.hashSync(SECRET, 4);
  const agent = (name: string, agentId: string, disabled = 0) =>
    db
      .insert(s.agents)
      .values({ customerId: acme.id, name, agentId, secretHash: hash, groupId: local.id, disabled })
      .returning()
      .get();
  return {
    acme,
    runner: agent("runner", "11111111-1111-4111-8111-111111111111"),
    off: agent("off", "22222222-2222-4222-8222-222222222222", 1),
  };
}
