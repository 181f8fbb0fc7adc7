import { type Db, schema as s, returnedRow } from "@metabuild/db";
import bcrypt from "bcryptjs";

/** The store the agent acceptance tests share: Acme, its admin, patterns, deployments, agents. */
export const PASSWORD = "pass-word-1";
export const SECRET = "agent-secret-1";
// A statement that keeps SQLite busy for minutes: the run is RUNNING until it is cut off.
export const SLOW_SQL =
  "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5000000000) SELECT count(*) FROM c;";

export async function seedStore(db: Db) {
  const acme = returnedRow(await db.insert(s.customers).values({ name: "Acme" }).returning());
  await db.insert(s.users).values({
    customerId: acme.id,
    email: "admin@acme.test",
    passwordHash: bcrypt.hashSync(PASSWORD, 4),
    admin: 1,
  });
  const dwh = returnedRow(
    await db.insert(s.projects).values({ customerId: acme.id, name: "DWH" }).returning(),
  );
  const root = returnedRow(
    await db
      .insert(s.instanceFolders)
      .values({ projectId: dwh.id, parentId: null, name: "", path: "/" })
      .returning(),
  );
  const pattern = async (name: string, templates: { path: string; body: string }[]) => {
    const p = returnedRow(
      await db.insert(s.patterns).values({ customerId: acme.id, name }).returning(),
    );
    await db
      .insert(s.templates)
      .values(templates.map((t, posNo) => ({ patternId: p.id, ...t, posNo })));
    return p;
  };
  const hub = await pattern("HUB", [
    {
      path: "tables/{{ instance.name | downcase }}.sql",
      body: "CREATE TABLE {{ instance.name }} (id INTEGER PRIMARY KEY, name TEXT);\nINSERT INTO {{ instance.name }} (name) VALUES ('{{ instance.name }}');\n",
    },
    { path: "docs/{{ instance.name }}.md", body: "# {{ instance.name }} of {{ project.name }}\n" },
  ]);
  const slow = await pattern("SLOW", [{ path: "slow.sql", body: SLOW_SQL }]);
  for (const [p, name] of [
    [hub, "CUSTOMER"],
    [hub, "ORDERS"],
    [slow, "ONE"],
  ] as const)
    await db.insert(s.instances).values({
      customerId: acme.id,
      projectId: dwh.id,
      patternId: p.id,
      instanceFolderId: root.id,
      name,
    });
  const deployment = async (patternId: number, name: string, kind: string, cfg: object) =>
    returnedRow(
      await db
        .insert(s.deployments)
        .values({ patternId, name, kind, config: JSON.stringify(cfg) })
        .returning(),
    );
  await deployment(hub.id, "to-folder", "directory", { target: "out" });
  await deployment(hub.id, "to-db", "sql", { database: "default" });
  await deployment(slow.id, "slow-db", "sql", { database: "slow" });
  const local = returnedRow(
    await db.insert(s.agentGroups).values({ customerId: acme.id, name: "local" }).returning(),
  );
  const hash = bcrypt.hashSync(SECRET, 4);
  const agent = async (name: string, agentId: string, disabled = 0) =>
    returnedRow(
      await db
        .insert(s.agents)
        .values({
          customerId: acme.id,
          name,
          agentId,
          secretHash: hash,
          groupId: local.id,
          disabled,
        })
        .returning(),
    );
  return {
    acme,
    runner: await agent("runner", "11111111-1111-4111-8111-111111111111"),
    off: await agent("off", "22222222-2222-4222-8222-222222222222", 1),
  };
}
