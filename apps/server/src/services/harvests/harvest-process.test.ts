import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { HarvestRun, MetadataResult } from "@metabuild/contract";
import { createFileDatabaseIfMissing, findAgentById } from "@metabuild/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The cluster helper is the agent's (a plain file of node: imports), shared rather than copied.
import { type PrivatePostgres, startPrivatePostgres } from "@metabuild/db/testing";
import { testConfig } from "../../config.ts";
import { type RunningServer, startServer } from "../../server.ts";
import { AgentProcess } from "../../testing/agent-process.ts";
import { PASSWORD, SECRET, seedStore } from "../../testing/agent-seed.ts";

/**
 * Acceptance (issue 15, 3b): a real server and a real agent process harvest
 * a real SQLite file and a real PostgreSQL database (a private cluster)
 * into @TABLES; a catalog over the frame limit goes in several parts.
 */

const silent = { info() {}, warn() {}, error() {} };
let tmp: string;
let server: RunningServer;
let agent: AgentProcess;
let pg: PrivatePostgres;
let token = "";

async function api<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function harvest(source: string): Promise<HarvestRun> {
  const started = await api<HarvestRun>("/api/v1/harvests", {
    method: "POST",
    body: JSON.stringify({ project: "DWH", agent_group: "local", source }),
  });
  expect(started.status).toBe(201);
  const until = Date.now() + 60_000;
  for (;;) {
    const run = (await api<HarvestRun>(`/api/v1/harvests/${started.body.id}`)).body;
    if (run.status === "SUCCEEDED" || run.status === "FAILED") return run;
    if (Date.now() > until) throw new Error(`harvest did not end:\n${agent.output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function select(statement: string) {
  const res = await api<MetadataResult>("/api/v1/metadata", {
    method: "POST",
    body: JSON.stringify({ project: "DWH", statement }),
  });
  expect(res.body.status, res.body.error).toBe("FINISHED");
  return res.body.rows;
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "metabuild-harvest-"));
  createFileDatabaseIfMissing(
    join(tmp, "shop.db"),
    `CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR(80) NOT NULL);
     CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), amount NUMERIC(10,2));`,
  );
  // 400 tables of 25 columns: a catalog of about 1.4 MB of JSON, over the 1 MiB default frame limit.
  const columns = Array.from({ length: 25 }, (_, i) => `column_number_${i} VARCHAR(200)`).join(
    ", ",
  );
  createFileDatabaseIfMissing(
    join(tmp, "wide.db"),
    Array.from({ length: 400 }, (_, t) => `CREATE TABLE table_${t} (${columns});`).join("\n"),
  );
  pg = await startPrivatePostgres();
  pg.sql(`
    CREATE SCHEMA crm;
    CREATE TABLE crm.accounts (id integer PRIMARY KEY, name varchar(100) NOT NULL, balance numeric(10,2));
    COMMENT ON TABLE crm.accounts IS 'Customer accounts';
    CREATE TABLE crm.contacts (id integer PRIMARY KEY, account_id integer REFERENCES crm.accounts(id));
  `);
  writeFileSync(
    join(tmp, "agent.yaml"),
    [
      "sources:",
      "  shop: { type: sqlite, file: ./shop.db }",
      "  wide: { type: sqlite, file: ./wide.db }",
      `  crm: { type: postgres, url: '${pg.url}', schemas: [crm] }`,
      "reconnect: { min_ms: 100, max_ms: 400 }",
    ].join("\n"),
  );
  server = await startServer(
    // The smallest frame limit the server allows: catalog parts must follow it.
    testConfig({
      dataDir: join(tmp, "data"),
      databaseFile: join(tmp, "data", "metabuild.db"),
      agentFrameMaxBytes: 65536,
    }),
    silent,
  );
  const ids = await seedStore(server.deps.db);
  token = (
    await api<{ accessToken: string }>("/authentication", {
      method: "POST",
      body: JSON.stringify({ strategy: "local", email: "admin@acme.test", password: PASSWORD }),
    })
  ).body.accessToken;
  agent = new AgentProcess({
    server: server.url,
    agentId: ids.runner.agentId,
    secret: SECRET,
    config: join(tmp, "agent.yaml"),
  });
  const until = Date.now() + 40_000;
  while ((await findAgentById(server.deps.db, ids.acme.id, ids.runner.id))?.online !== 1) {
    if (Date.now() > until) throw new Error(`the agent did not come online:\n${agent.output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}, 120_000);

afterAll(async () => {
  await agent?.kill();
  await server?.close();
  pg?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

describe("harvesting through a real agent", () => {
  it("announces the agent's sources by name only", async () => {
    const sources = (await api<{ sources: string[] }[]>("/api/v1/harvest_sources")).body;
    expect(sources.map((s) => s.sources)).toEqual([["shop", "wide", "crm"]]);
    expect(JSON.stringify(sources)).not.toContain("shop.db");
  });

  it("harvests a SQLite file into @TABLES", async () => {
    const run = await harvest("shop");
    expect(run.status, run.log).toBe("SUCCEEDED");
    expect(await select("SELECT TABLE_NAME FROM @TABLES.SHOP_TABLES ORDER BY 1")).toEqual([
      { TABLE_NAME: "customers" },
      { TABLE_NAME: "orders" },
    ]);
    expect(
      await select("SELECT COLUMN_NAME, REFERENCED_TABLE FROM @TABLES.SHOP_FOREIGN_KEYS"),
    ).toEqual([{ COLUMN_NAME: "customer_id", REFERENCED_TABLE: "customers" }]);
    // Issue 27: precision and scale, so DDL can be generated from the catalog.
    expect(
      await select(
        "SELECT COLUMN_NAME, LENGTH, SCALE FROM @TABLES.SHOP_COLUMNS WHERE TABLE_NAME = 'orders' ORDER BY POSITION",
      ),
    ).toEqual([
      { COLUMN_NAME: "id", LENGTH: null, SCALE: null },
      { COLUMN_NAME: "customer_id", LENGTH: null, SCALE: null },
      { COLUMN_NAME: "amount", LENGTH: 10, SCALE: 2 },
    ]);
  });

  it("harvests a PostgreSQL database with its comments, the URL never in the log", async () => {
    const run = await harvest("crm");
    expect(run.status, run.log).toBe("SUCCEEDED");
    expect(run.log).not.toContain("postgres@");
    expect(
      await select("SELECT SCHEMA_NAME, TABLE_NAME, COMMENT FROM @TABLES.CRM_TABLES ORDER BY 2"),
    ).toEqual([
      { SCHEMA_NAME: "crm", TABLE_NAME: "accounts", COMMENT: "Customer accounts" },
      { SCHEMA_NAME: "crm", TABLE_NAME: "contacts", COMMENT: null },
    ]);
    expect(
      await select(
        "SELECT COLUMN_NAME, DATA_TYPE, LENGTH, SCALE FROM @TABLES.CRM_COLUMNS WHERE TABLE_NAME = 'accounts' ORDER BY POSITION",
      ),
    ).toEqual([
      { COLUMN_NAME: "id", DATA_TYPE: "integer", LENGTH: null, SCALE: null },
      { COLUMN_NAME: "name", DATA_TYPE: "character varying", LENGTH: 100, SCALE: null },
      { COLUMN_NAME: "balance", DATA_TYPE: "numeric", LENGTH: 10, SCALE: 2 },
    ]);
  });

  it("sends a catalog in parts under the server's frame limit, all of which land", async () => {
    const run = await harvest("wide");
    expect(run.status, run.log).toBe("SUCCEEDED");
    const parts = Number(run.log.match(/Sent the catalog in (\d+) parts/)?.[1]);
    // ~1.4 MB in parts of at most 32 KiB (half of METABUILD_AGENT_FRAME_MAX_BYTES).
    expect(parts).toBeGreaterThan(30);
    expect(await select("SELECT COUNT(*) AS N FROM @TABLES.WIDE_COLUMNS")).toEqual([{ N: 10000 }]);
  });
});
