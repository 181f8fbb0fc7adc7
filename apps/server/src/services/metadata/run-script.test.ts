import { DEFAULT_WRITE_LIMITS } from "@metabuild/contract";
import { parseScript } from "@metabuild/core";
import { closeDatabase, openDatabase } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { seedBasic } from "../../testing/harness.ts";
import { type ScriptJob, runScript } from "./run-script.ts";

async function job(db: ReturnType<typeof openDatabase>, statement: string): Promise<ScriptJob> {
  const { acme, ann, dwh } = await seedBasic(db);
  return {
    statements: parseScript(statement),
    scope: { customerId: acme.id, projectId: dwh.id },
    actor: { id: ann.id, customerId: acme.id, email: ann.email, admin: false },
    maxRows: 1000,
    now: new Date().toISOString(),
    checkoutTtlSeconds: 3600,
    limits: DEFAULT_WRITE_LIMITS,
  };
}

describe("runScript", () => {
  it("rolls a write back when the check before COMMIT says the caller is gone", async () => {
    const db = openDatabase(":memory:");
    try {
      const script = await job(
        db,
        "CREATE TABLE @TABLES.T (N INTEGER); INSERT INTO @TABLES.T VALUES (1)",
      );
      await expect(
        async () =>
          await runScript(db, script, undefined, () => {
            throw new Error("the server went away");
          }),
      ).rejects.toThrow("the server went away");
      const after = await runScript(db, {
        ...script,
        statements: parseScript("SELECT * FROM @INFORMATION_SCHEMA.TABLES WHERE TABLE_NAME = 'T'"),
      });
      expect(after).toMatchObject({ status: "FINISHED", rows: [] });
      // The same script with the caller there commits.
      await runScript(db, script, undefined, () => {});
      expect(
        (await runScript(db, { ...script, statements: parseScript("SELECT N FROM @TABLES.T") }))
          .rows,
      ).toEqual([{ N: 1 }]);
    } finally {
      closeDatabase(db);
    }
  });
});
