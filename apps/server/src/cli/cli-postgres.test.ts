import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postgresMigrationNames } from "@metabuild/db";
import { type TestPostgresStore, testPostgresStore } from "@metabuild/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../testing/cli-run.ts";

/**
 * `metabuild` on a PostgreSQL DATABASE_URL (issue 17, docs/stores.md): every
 * command runs there and answers as on SQLite (same text, same exit codes;
 * the other commands are in cli-postgres-commands.test.ts). The URL's
 * password is never printed.
 */
let empty: TestPostgresStore;
let dataDir: string;
let env: Record<string, string>;
const PASSWORD = "s3cret-pw";

async function metabuild(...argv: string[]) {
  return runCli(env, argv);
}

beforeAll(async () => {
  empty = await testPostgresStore({ migrated: false });
  dataDir = mkdtempSync(join(tmpdir(), "metabuild-cli-pg-"));
  // The private cluster trusts every connection: any password signs in, so one is in the URL.
  const url = new URL(empty.url);
  url.password = PASSWORD;
  env = { METABUILD_DATA_DIR: dataDir, DATABASE_URL: url.toString() };
}, 120_000);

afterAll(async () => {
  await empty?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const shown = () => {
  const url = new URL(env.DATABASE_URL as string);
  url.password = "***";
  return url.toString();
};

describe("metabuild on PostgreSQL", { timeout: 60_000 }, () => {
  it("migrate applies migrations-pg, says what it applied, then that nothing was left", async () => {
    expect(await metabuild("migrate")).toEqual({
      code: 0,
      out: `${postgresMigrationNames()
        .map((m) => `Applied migration ${m}\n`)
        .join("")}Store is up to date: ${shown()}\n`,
      err: "",
    });
    expect(await metabuild("migrate")).toEqual({
      code: 0,
      out: `Store is up to date: ${shown()}\n`,
      err: "",
    });
    const tables = await empty.db.$client.query("select count(*) as n from customers");
    expect(tables.rows).toEqual([{ n: 0 }]);
  });

  it("a store it cannot reach is named without its password", async () => {
    const unreachable = new URL(env.DATABASE_URL as string);
    unreachable.port = "1";
    const saved = env;
    env = { ...env, DATABASE_URL: unreachable.toString() };
    try {
      const r = await metabuild("migrate");
      expect(r.code).toBe(1);
      expect(r.err).toMatch(
        /^Cannot open the PostgreSQL store postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\//,
      );
      expect(r.err + r.out).not.toContain(PASSWORD);
    } finally {
      env = saved;
    }
  });
});
