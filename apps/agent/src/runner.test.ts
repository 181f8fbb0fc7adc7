import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DeployMessage } from "@metabuild/contract/agent-protocol";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import type { AgentConfig } from "./config.ts";
import { RunQueue, type RunReporter, runDeployment } from "./runner.ts";
import { buildArchive } from "./testing/zip.ts";

function setup() {
  const root = mkdtempSync(join(tmpdir(), "agent-run-"));
  const config: AgentConfig = {
    directoryRoot: root,
    databases: new Map([["default", { kind: "sqlite", file: join(root, "t.db") }]]),
    reconnect: { minMs: 100, maxMs: 100 },
  };
  return { root, config };
}

function recorder() {
  const events: string[] = [];
  const report: RunReporter = {
    started: () => events.push("started"),
    log: (line) => events.push(`log:${line}`),
    finished: (status, message) => events.push(`${status}${message ? `:${message}` : ""}`),
  };
  return { events, report };
}

async function deployMessage(
  kind: "directory" | "sql",
  files: Record<string, string>,
  config: Record<string, unknown> = {},
  runId = 7,
): Promise<DeployMessage> {
  const a = await buildArchive(files);
  return {
    type: "deploy",
    run_id: runId,
    build_id: 3,
    pattern: { id: 1, name: "HUB" },
    deployment: { id: 2, name: "out", kind, config },
    archive: {
      name: "HUB.zip",
      sha256: a.sha256,
      size: a.data.length,
      data: a.data.toString("base64"),
    },
  };
}

describe("running a deployment", () => {
  it("unpacks a directory deployment and reports each step", async () => {
    const { root, config } = setup();
    const { events, report } = recorder();
    const msg = await deployMessage("directory", { "a/b.sql": "x" }, { target: "out" });
    expect(await runDeployment(msg, config, report)).toBe("SUCCEEDED");
    expect(readFileSync(join(root, "out/a/b.sql"), "utf8")).toBe("x");
    expect(events[0]).toBe("started");
    expect(events.at(-1)).toBe("SUCCEEDED");
    expect(events.some((e) => e.startsWith("log:Archive HUB.zip verified: 2 files"))).toBe(true);
  });

  it("refuses a tampered archive before writing anything", async () => {
    const { root, config } = setup();
    const { events, report } = recorder();
    const msg = await deployMessage("directory", { "a.sql": "x" });
    const bytes = Buffer.from(msg.archive.data, "base64");
    bytes[bytes.length - 40] ^= 0x01;
    msg.archive.data = bytes.toString("base64");
    expect(await runDeployment(msg, config, report)).toBe("FAILED");
    expect(events.at(-1)).toMatch(/^FAILED:Archive refused: its sha256 is/);
    expect(existsSync(join(root, "out"))).toBe(false);
  });

  it("fails with a clear message when the configuration lacks the target", async () => {
    const { config } = setup();
    const { events, report } = recorder();
    const msg = await deployMessage("sql", { "a.sql": "select 1;" }, { database: "dwh" });
    expect(await runDeployment(msg, config, report)).toBe("FAILED");
    expect(events.at(-1)).toMatch(/^FAILED:This agent has no database 'dwh'/);
  });

  it("stops a running sql deployment when the connection drops, rolling it back", async () => {
    const { root, config } = setup();
    const queue = new RunQueue(config);
    const first = recorder();
    const second = recorder();
    const slow = await deployMessage("sql", {
      "1.sql": "CREATE TABLE t (x);",
      "2.sql":
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000000000) SELECT count(*) FROM c;",
    });
    const running = queue.enqueue(slow, first.report);
    const queued = queue.enqueue(
      await deployMessage("sql", { "a.sql": "CREATE TABLE u (x);" }),
      second.report,
    );
    await expect
      .poll(() => first.events.includes("log:Running 2.sql"), { timeout: 5000 })
      .toBe(true);
    queue.abortAll("connection lost");
    expect(await running).toBe("FAILED");
    expect(await queued).toBe("FAILED");
    expect(second.events).toEqual([]);
    const tables = new Database(join(root, "t.db")).prepare("SELECT name FROM sqlite_master").all();
    expect(tables).toEqual([]);
  });
});

const SLOW = {
  "1.sql": "CREATE TABLE t (x);",
  "2.sql":
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000000000) SELECT count(*) FROM c;",
};

describe("cancel and time limit", () => {
  it("cancels the running run (rolled back) and the next one still runs", async () => {
    const { root, config } = setup();
    const queue = new RunQueue(config);
    const first = recorder();
    const second = recorder();
    const running = queue.enqueue(await deployMessage("sql", SLOW, {}, 1), first.report);
    const next = queue.enqueue(
      await deployMessage("sql", { "a.sql": "CREATE TABLE u (x);" }, {}, 2),
      second.report,
    );
    await expect
      .poll(() => first.events.includes("log:Running 2.sql"), { timeout: 5000 })
      .toBe(true);
    queue.cancel(1);
    expect(await running).toBe("FAILED");
    expect(first.events.at(-1)).toBe("FAILED:Cancelled by a user");
    expect(await next).toBe("SUCCEEDED");
    const tables = new Database(join(root, "t.db")).prepare("SELECT name FROM sqlite_master").all();
    expect(tables).toEqual([{ name: "u" }]);
  });

  it("never starts a cancelled run that waits in line", async () => {
    const { config } = setup();
    const queue = new RunQueue(config);
    const first = recorder();
    const second = recorder();
    const running = queue.enqueue(await deployMessage("sql", SLOW, {}, 1), first.report);
    const waiting = queue.enqueue(
      await deployMessage("sql", { "a.sql": "CREATE TABLE u (x);" }, {}, 2),
      second.report,
    );
    queue.cancel(2);
    queue.cancel(1);
    expect(await running).toBe("FAILED");
    expect(await waiting).toBe("FAILED");
    expect(second.events).toEqual([]);
  });

  it("stops a run at its time limit and says so", async () => {
    const { root, config } = setup();
    const { events, report } = recorder();
    const msg = await deployMessage("sql", SLOW);
    msg.deployment.time_limit_seconds = 1;
    expect(await runDeployment(msg, config, report)).toBe("FAILED");
    expect(events.at(-1)).toBe(
      "FAILED:The deployment's time limit of 1 s was reached: stopped, nothing kept",
    );
    const tables = new Database(join(root, "t.db")).prepare("SELECT name FROM sqlite_master").all();
    expect(tables).toEqual([]);
  });
});
