import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chunkedWrites, copyInMemory } from "./backup.ts";
import { closeDatabase, openDatabase } from "./client.ts";
import { customers } from "./schema/index.ts";

const dir = mkdtempSync(join(tmpdir(), "metabuild-db-backup-"));
afterEach(() => rmSync(join(dir, "s.db"), { force: true }));

const names = (db: ReturnType<typeof openDatabase>) =>
  db
    .select()
    .from(customers)
    .all()
    .map((c) => c.name);

describe("copyInMemory", () => {
  it("copies a WAL store, and changes to the copy leave the store alone", () => {
    const db = openDatabase(join(dir, "s.db"));
    db.insert(customers).values({ name: "Acme" }).run();
    const copy = copyInMemory(db);
    copy.insert(customers).values({ name: "Only in the copy" }).run();
    expect(names(copy)).toEqual(["Acme", "Only in the copy"]);
    expect(names(db)).toEqual(["Acme"]);
    closeDatabase(copy);
    closeDatabase(db);
  });
});

describe("chunkedWrites", () => {
  it("rolls back the open chunk on failure and keeps the committed ones, counting them", async () => {
    const db = openDatabase(join(dir, "s.db"));
    const writes = chunkedWrites(db, 0);
    await expect(() =>
      writes.run(async () => {
        db.insert(customers).values({ name: "A" }).run();
        writes.checkpoint();
        db.insert(customers).values({ name: "B" }).run();
        throw new Error("late failure");
      }),
    ).rejects.toThrow("late failure");
    expect(writes.committed()).toBe(1);
    expect(names(db)).toEqual(["A"]);
    closeDatabase(db);
  });
});
