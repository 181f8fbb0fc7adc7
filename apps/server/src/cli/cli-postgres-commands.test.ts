import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeStore, openStore, redactDatabaseUrl, runStatement, transaction } from "@metabuild/db";
import { sql } from "drizzle-orm";
import { type TestPostgresStore, testPostgresStore } from "@metabuild/db/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TarWriter } from "./tar.ts";
import { runCli } from "../testing/cli-run.ts";

/**
 * Every `metabuild` command on a PostgreSQL DATABASE_URL answers as on
 * SQLite (issue 17, docs/stores.md "The CLI on PostgreSQL"): the same script
 * runs on both stores and prints the same text with the same exit codes,
 * the store's location and generated secrets aside. Backup and restore go
 * through pg_dump and pg_restore.
 */
let root: string;
const stores: TestPostgresStore[] = [];
const PASSWORD = "s3cret-pw";

type Env = Record<string, string>;

async function metabuild(env: Env, ...argv: string[]) {
  return runCli(env, argv);
}

/** A fresh migrated database, its URL with a password (the test cluster trusts any). */
async function postgresEnv(dataDir: string): Promise<Env> {
  const store = await testPostgresStore();
  stores.push(store);
  // Its pool is never used: restore refuses a database others are connected to.
  const url = new URL(store.url);
  url.password = PASSWORD;
  mkdirSync(dataDir, { recursive: true });
  return { METABUILD_DATA_DIR: dataDir, DATABASE_URL: url.toString() };
}

const BUNDLE = (n: number, extra = "") => `version: 1
customer: Acme
projects:
  - name: DWH
    instances:
${Array.from({ length: n }, (_, i) => `      - { pattern: HUB, name: I${i}, rows: [{ COLUMN_NAME: C${i} }] }`).join("\n")}
${extra}patterns:
  - name: HUB
    properties: [{ name: COLUMN_NAME, required: true }]
`;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "metabuild-cli-pg-"));
  writeFileSync(join(root, "acme.yaml"), BUNDLE(5));
  writeFileSync(join(root, "more.yaml"), BUNDLE(8));
  // Good instances first, a bad one last: nothing of it may stay.
  writeFileSync(
    join(root, "bad.yaml"),
    BUNDLE(8, "      - { pattern: HUB, name: BAD, rows: [{ FOO: x }] }\n"),
  );
}, 120_000);

afterAll(async () => {
  for (const store of stores) await store.close();
  rmSync(root, { recursive: true, force: true });
});

/** One session of commands; what each printed, with the store's location and secrets masked. */
async function script(env: Env) {
  const where = env.DATABASE_URL ? redactDatabaseUrl(env.DATABASE_URL) : "";
  const mask = (t: string) =>
    (where ? t.replaceAll(where, "STORE") : t)
      .replace(/agent_id: \S+/g, "agent_id: ID")
      .replace(/(secret|secret_hash|password_hash): \S+/g, "$1: SECRET");
  const steps: [string, ...string[]][] = [
    ["import", join(root, "acme.yaml")],
    ["import", join(root, "more.yaml")],
    ["import", join(root, "more.yaml")],
    ["import", join(root, "bad.yaml")],
    ["import", join(root, "missing.yaml")],
    ["export", "--customer", "Acme"],
    ["export", "--customer", "Nobody"],
    ["export", "--customer", "Acme", join(root, "out", "acme.json")],
    ["users", "add", "--email", "Ann@Acme.test", "--password", "pw-ann-1"],
    ["users", "add", "--email", "ann@acme.test", "--password", "pw-ann-1"],
    ["users", "add", "--email", "root@acme.test", "--password", "pw-root-1", "--admin"],
    ["users", "grant", "--email", "ann@acme.test", "--project", "DWH", "--permission", "all"],
    ["users", "grant", "--email", "ann@acme.test", "--project", "NOPE", "--permission", "access"],
    ["agents", "add", "--name", "runner-1", "--group", "local"],
    ["agents", "add", "--name", "runner-1", "--group", "local"],
    ["export", "--customer", "Acme"],
  ];
  const answers = [];
  for (const argv of steps) {
    const r = await metabuild(env, ...argv);
    answers.push({ argv: argv.join(" "), code: r.code, out: mask(r.out), err: mask(r.err) });
  }
  return answers;
}

describe("metabuild commands on PostgreSQL", { timeout: 120_000 }, () => {
  it("import, export, users and agents answer as on SQLite", async () => {
    const sqlite = await script({ METABUILD_DATA_DIR: join(root, "sqlite") });
    const env = await postgresEnv(join(root, "pg"));
    const postgres = await script(env);
    expect(postgres).toEqual(sqlite);
    // The script did what it says, and no password was printed.
    expect(postgres.map((a) => a.code)).toEqual([0, 0, 0, 1, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 0]);
    expect(postgres[2]?.out).toContain("instances 0 inserted, 0 updated, 8 unchanged");
    expect(postgres[3]?.err).toContain("failed; nothing was changed.");
    expect(postgres[5]?.out).toContain("name: I7");
    expect(postgres[5]?.out).not.toContain("BAD");
    expect(JSON.stringify(postgres)).not.toContain(PASSWORD);
  });

  it("import is one transaction there: a server's write transactions wait for it, then succeed", async () => {
    const env = await postgresEnv(join(root, "pg-live"));
    writeFileSync(join(root, "big.yaml"), BUNDLE(300));
    expect((await metabuild(env, "import", join(root, "acme.yaml"))).code).toBe(0);
    const server = await openStore({ kind: "postgres", url: env.DATABASE_URL as string });
    let writes = 0;
    let importing = true;
    const writer = (async () => {
      while (importing) {
        await transaction(server, async () => {
          await runStatement(server, sql`update customers set name = name`);
        });
        writes++;
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    try {
      const r = await metabuild(env, "import", join(root, "big.yaml"));
      expect(r.code, r.err).toBe(0);
      expect(r.out).toContain("instances 295 inserted, 0 updated, 5 unchanged");
    } finally {
      importing = false;
      await writer;
      await closeStore(server);
    }
    expect(writes).toBeGreaterThan(0);
  });

  it("backup (pg_dump) restores into another database to the same export, with the files", async () => {
    const env = await postgresEnv(join(root, "pg-backup"));
    expect((await metabuild(env, "import", join(root, "more.yaml"))).code).toBe(0);
    mkdirSync(join(root, "pg-backup", "files", "builds", "1"), { recursive: true });
    writeFileSync(join(root, "pg-backup", "files", "builds", "1", "out.sql"), "CREATE TABLE x;\n");
    const before = await metabuild(env, "export", "--customer", "Acme");
    const backup = await metabuild(env, "backup", join(root, "pg.tar"));
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toMatch(/^Backed up the store \(\d+ KB\) and 1 file to /);
    expect(backup.err).toBe("");

    const target = await postgresEnv(join(root, "pg-restored"));
    // The fresh database is migrated: it holds tables, so it is replaced only with --force.
    const refused = await metabuild(target, "restore", join(root, "pg.tar"));
    expect(refused).toEqual({
      code: 1,
      out: "",
      err: `${redactDatabaseUrl(target.DATABASE_URL as string)} is not empty; restore with --force to replace its store and files\n`,
    });
    // Another connection (a running server) holds it back.
    const other = new pg.Client({ connectionString: target.DATABASE_URL });
    await other.connect();
    try {
      const busy = await metabuild(target, "restore", "--force", join(root, "pg.tar"));
      expect(busy.code).toBe(1);
      expect(busy.err).toMatch(
        /^1 other connection uses postgres:\/\/\S+ \(a metabuild server\?\); stop them before restoring\n$/,
      );
    } finally {
      await other.end();
    }
    const restored = await metabuild(target, "restore", "--force", join(root, "pg.tar"));
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toMatch(
      /^Restored the store and 1 file of \S+ into postgres:\/\/\S+:\*\*\*@/,
    );
    expect(restored.out + restored.err).not.toContain(PASSWORD);
    const after = await metabuild(target, "export", "--customer", "Acme");
    expect(after).toEqual(before);
    expect(readFileSync(join(root, "pg-restored", "files", "builds", "1", "out.sql"), "utf8")).toBe(
      "CREATE TABLE x;\n",
    );
    // Ids continue after the restored ones: a new import goes on as on the original store.
    const more = await metabuild(target, "import", join(root, "acme.yaml"));
    expect(more.out).toContain("instances 0 inserted, 0 updated, 5 unchanged");
    expect((await metabuild(target, "agents", "add", "--name", "a", "--group", "g")).code).toBe(0);

    // A dump pg_restore cannot read (its sums right) changes nothing.
    const kept = await metabuild(target, "export", "--customer", "Acme");
    const bad = new TarWriter(join(root, "bad.tar"));
    const junk = Buffer.from("not a dump");
    bad.addBuffer("metabuild.pgdump", junk);
    const sha256 = createHash("sha256").update(junk).digest("hex");
    const entries = [{ path: "metabuild.pgdump", size: junk.length, sha256 }];
    const manifest = { format: "metabuild-backup", version: 1, created: "x", entries };
    bad.addBuffer("manifest.json", Buffer.from(JSON.stringify(manifest)));
    bad.close();
    const failed = await metabuild(target, "restore", "--force", join(root, "bad.tar"));
    expect(failed.code).toBe(1);
    expect(failed.err).toMatch(/^pg_restore failed/);
    expect(await metabuild(target, "export", "--customer", "Acme")).toEqual(kept);

    // A SQLite backup is not restored into PostgreSQL, nor the other way round.
    const sqlite = { METABUILD_DATA_DIR: join(root, "sqlite-backup") };
    await metabuild(sqlite, "import", join(root, "acme.yaml"));
    expect((await metabuild(sqlite, "backup", join(root, "sqlite.tar"))).code).toBe(0);
    const crossed = await metabuild(target, "restore", "--force", join(root, "sqlite.tar"));
    expect(crossed.code).toBe(1);
    expect(crossed.err).toMatch(/holds a SQLite store \(metabuild.db\)/);
    const back = await metabuild(
      { METABUILD_DATA_DIR: join(root, "sqlite-from-pg") },
      "restore",
      join(root, "pg.tar"),
    );
    expect(back.code).toBe(1);
    expect(back.err).toMatch(/holds a PostgreSQL store \(metabuild.pgdump\)/);
  });
});
