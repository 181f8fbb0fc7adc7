import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openDatabase } from "@metabuild/db";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withStore } from "./io.ts";
import { runCli } from "../testing/cli-run.ts";

let root: string;
let dataDir: string;

async function metabuild(env: Record<string, string>, ...argv: string[]) {
  return runCli(env, argv);
}

const INSTANCES = Array.from(
  { length: 30 },
  (_, i) =>
    `      - { pattern: HUB, folder: /f${i % 3}, name: I${i}, rows: [{ COLUMN_NAME: C${i} }] }`,
).join("\n");
const BUNDLE = `version: 1
customer: Acme
patterns:
  - name: HUB
    properties: [{ name: COLUMN_NAME, required: true }]
projects:
  - name: DWH
    instances:
${INSTANCES}
`;

/** Another process writing to the store without pause (as a server would), until stopped. */
function startWriter(file: string): ChildProcess {
  const script = `
    const db = new (require("better-sqlite3"))(process.argv[1]);
    db.pragma("busy_timeout = 5000");
    db.exec("CREATE TABLE IF NOT EXISTS scratch (n INTEGER)");
    const insert = db.prepare("INSERT INTO scratch (n) VALUES (?)");
    let n = 0;
    setInterval(() => { for (let i = 0; i < 50; i++) insert.run(n++); }, 1);`;
  return spawn(process.execPath, ["-e", script, file], {
    cwd: resolve(import.meta.dirname, "../../../../packages/db"),
    stdio: "ignore",
  });
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "metabuild-backup-"));
  dataDir = join(root, "data");
  writeFileSync(join(root, "acme.yaml"), BUNDLE);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("backup and restore", () => {
  it("a backup taken during writes restores to the same export, with the generated files", async () => {
    const env = { METABUILD_DATA_DIR: dataDir };
    expect((await metabuild(env, "import", join(root, "acme.yaml"))).code).toBe(0);
    // A connection that never checkpoints: the store's latest state lives only in the WAL.
    const server = openDatabase(join(dataDir, "metabuild.db"));
    server.$client.pragma("wal_autocheckpoint = 0");
    server.$client.exec("UPDATE instances SET description = 'only in the WAL' WHERE name = 'I7'");
    mkdirSync(join(dataDir, "files", "builds", "1"), { recursive: true });
    writeFileSync(join(dataDir, "files", "builds", "1", "out.sql"), "CREATE TABLE x;\n");
    const writer = startWriter(join(dataDir, "metabuild.db"));
    try {
      // The writer is writing before the backup starts (its start takes long on a busy machine).
      await vi.waitFor(
        () => {
          const row = server.$client.prepare("SELECT count(*) AS n FROM scratch").get();
          expect((row as { n: number }).n).toBeGreaterThan(0);
        },
        { timeout: 30_000, interval: 50 },
      );
      const before = await metabuild(env, "export", "--customer", "Acme");
      const backup = await metabuild(env, "backup", join(root, "b.tar"));
      expect(backup.code, backup.err).toBe(0);
      expect(backup.out).toMatch(/^Backed up the store \(\d+ KB\) and 1 file to /);

      const restoredDir = join(root, "restored");
      const restoredEnv = { METABUILD_DATA_DIR: restoredDir };
      const restore = await metabuild(restoredEnv, "restore", join(root, "b.tar"));
      expect(restore.code, restore.err).toBe(0);
      const after = await metabuild(restoredEnv, "export", "--customer", "Acme");
      expect(after.out).toContain("only in the WAL");
      expect(after.out).toBe(before.out);
      expect(readFileSync(join(restoredDir, "files", "builds", "1", "out.sql"), "utf8")).toBe(
        "CREATE TABLE x;\n",
      );
      const scratch = await withStore(restoredEnv, ({ db }) =>
        db.$client.prepare("SELECT count(*) AS n FROM scratch").get(),
      );
      expect((scratch as { n: number }).n).toBeGreaterThan(0);
    } finally {
      writer.kill();
      server.$client.close();
    }
  });

  it("restore refuses a folder that holds a store unless --force, and checks the sums", async () => {
    const env = { METABUILD_DATA_DIR: dataDir };
    await metabuild(env, "import", join(root, "acme.yaml"));
    expect((await metabuild(env, "backup", join(root, "b.tar"))).code).toBe(0);
    const refused = await metabuild(env, "restore", join(root, "b.tar"));
    expect(refused).toMatchObject({
      code: 1,
      err: `${dataDir} is not empty; restore with --force to replace its store and files\n`,
    });
    expect((await metabuild(env, "restore", "--force", join(root, "b.tar"))).code).toBe(0);

    const archive = readFileSync(join(root, "b.tar"));
    archive[512 + 4096] = (archive[512 + 4096] as number) ^ 0xff; // a byte of the store's copy
    writeFileSync(join(root, "bad.tar"), archive);
    const bad = await metabuild(
      { METABUILD_DATA_DIR: join(root, "fresh") },
      "restore",
      join(root, "bad.tar"),
    );
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^The archive is damaged: metabuild.db does not match its sha256/);
    expect(
      (
        await metabuild(
          { METABUILD_DATA_DIR: join(root, "fresh") },
          "restore",
          join(root, "acme.yaml"),
        )
      ).err,
    ).toMatch(/is not a metabuild backup/);
  });
});
