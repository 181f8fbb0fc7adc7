import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CliIo } from "./io.ts";
import { runCli } from "../testing/cli-run.ts";

let root: string;
let env: Record<string, string>;

const metabuild = (argv: string[], io: Partial<CliIo> = {}) => runCli(env, argv, io);

const bundle = (project: string, n: number, extra = "") => `version: 1
customer: Acme
patterns:
  - name: HUB
    properties: [{ name: COLUMN_NAME, required: true }]
projects:
  - name: ${project}
    instances:
${Array.from({ length: n }, (_, i) => `      - { pattern: HUB, name: I${i}, rows: [{ COLUMN_NAME: C${i} }] }`).join("\n")}
${extra}`;

/**
 * A second process that writes to the store without pause, as the server does:
 * each write waits up to 5 s for the lock (the store's busy_timeout). On exit it
 * prints its failures and the longest it waited for one write.
 */
function startWriter(file: string) {
  const script = `
    const db = new (require("better-sqlite3"))(process.argv[1]);
    db.pragma("busy_timeout = 5000");
    db.exec("CREATE TABLE IF NOT EXISTS scratch (n INTEGER)");
    const insert = db.prepare("INSERT INTO scratch (n) VALUES (?)");
    let n = 0, failures = 0, longest = 0;
    const timer = setInterval(() => {
      const t = Date.now();
      try { insert.run(n++); } catch { failures++; }
      longest = Math.max(longest, Date.now() - t);
    }, 5);
    process.on("SIGTERM", () => { clearInterval(timer); console.log(JSON.stringify({ n, failures, longest })); process.exit(0); });`;
  const child = spawn(process.execPath, ["-e", script, file], {
    cwd: resolve(import.meta.dirname, "../../../../packages/db"),
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  return {
    stop: () =>
      new Promise<{ n: number; failures: number; longest: number }>((done) => {
        child.on("exit", () => done(JSON.parse(out)));
        child.kill("SIGTERM");
      }),
  };
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "metabuild-live-"));
  env = { METABUILD_DATA_DIR: join(root, "data") };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

// 3,000 instances imported beside a writer took 81 s at load 12: the describe's 120 s is each
// test's limit (a test's own timeout would override it).
describe("import into a store in use", { timeout: 120_000 }, () => {
  it("succeeds while another process writes, and never holds that writer up for seconds", async () => {
    writeFileSync(join(root, "seed.yaml"), bundle("SEED", 1));
    writeFileSync(join(root, "big.yaml"), bundle("BIG", 3000));
    expect((await metabuild(["import", join(root, "seed.yaml")])).code).toBe(0);
    const writer = startWriter(join(root, "data", "metabuild.db"));
    await new Promise((r) => setTimeout(r, 300));
    let r: Awaited<ReturnType<typeof metabuild>>;
    try {
      r = await metabuild(["import", join(root, "big.yaml")]);
    } finally {
      const w = await writer.stop();
      expect(w.failures).toBe(0);
      // The bound is "not for seconds"; 1.5 s leaves room for a loaded machine.
      expect(w.longest).toBeLessThan(1500);
      expect(w.n).toBeGreaterThan(10);
    }
    expect(r.err).toBe("");
    expect(r).toMatchObject({ code: 0 });
    expect(r.out).toContain("instances 3000 inserted");
  });

  it("a bad entry late in a large bundle still changes nothing", async () => {
    writeFileSync(
      join(root, "bad.yaml"),
      bundle("BIG", 1500, "      - { pattern: NOPE, name: LATE, rows: [] }\n"),
    );
    const r = await metabuild(["import", join(root, "bad.yaml")]);
    expect(r.code).toBe(1);
    expect(r.err).toContain("projects[0].instances[1500].pattern");
    const out = await metabuild(["export", "--customer", "Acme"]);
    expect(out.err).toBe("A customer with the name 'Acme' does not exist!\n");
  });

  it("reports its progress on a terminal, up to the last instance", async () => {
    writeFileSync(join(root, "big.yaml"), bundle("BIG", 1200));
    const seen: [string, number, number][] = [];
    const r = await metabuild(["import", join(root, "big.yaml")], {
      progress: (what, done, total) => seen.push([what, done, total]),
    });
    expect(r.code).toBe(0);
    expect(seen.at(-1)).toEqual(["Importing instances", 1200, 1200]);
    const exported = await metabuild(["export", "--customer", "Acme"], {
      progress: (what, done, total) => seen.push([what, done, total]),
    });
    expect(exported.code).toBe(0);
    expect(seen.at(-1)).toEqual(["Exporting instances", 1200, 1200]);
  });
});
