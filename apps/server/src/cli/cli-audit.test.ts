import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tablesOf } from "@metabuild/db";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cliTestEnv } from "../testing/cli-env.ts";
import { agentsAddCommand } from "./agents-add.ts";
import { importCommand } from "./import.ts";
import { type Command, runCommand, withStore } from "./io.ts";
import { usersAddCommand } from "./users-add.ts";
import { usersGrantCommand } from "./users-grant.ts";

// The CLI's adds are in the audit log too (docs/audit-log.md), without a user.

let dir: string;
let env: Record<string, string>;

async function run(command: Command, ...args: string[]) {
  let out = "";
  const io = {
    out: (t: string) => {
      out += t;
    },
    err: () => {},
  };
  const code = await runCommand(command, args, io, env);
  return { code, out };
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "metabuild-cli-audit-"));
  env = await cliTestEnv(dir);
  writeFileSync(join(dir, "acme.yaml"), "version: 1\ncustomer: Acme\nprojects:\n  - name: DWH\n");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const events = () =>
  withStore(env, async ({ db }) => await db.select().from(tablesOf(db).auditEvents));

describe("audit: CLI adds", () => {
  it("records agents add with its agent id and never its secret", async () => {
    expect((await run(importCommand, join(dir, "acme.yaml"))).code).toBe(0);
    const r = await run(agentsAddCommand, "--name", "runner-1", "--group", "local");
    expect(r.code).toBe(0);
    const secret = /secret: (\S+)/.exec(r.out)?.[1] as string;
    const [event] = await events();
    expect(event).toMatchObject({
      action: "agent.add",
      userId: null,
      userEmail: null,
      targetKind: "agent",
      targetLabel: "runner-1",
    });
    expect(JSON.parse(event?.after ?? "{}")).toMatchObject({ group: "local", via: "cli" });
    expect(JSON.stringify(await events())).not.toContain(secret);
  });

  it("records users add without the password", async () => {
    expect((await run(importCommand, join(dir, "acme.yaml"))).code).toBe(0);
    const r = await run(
      usersAddCommand,
      "--email",
      "root@acme.test",
      "--password",
      "cli-secret-pw-1",
    );
    expect(r.code).toBe(0);
    const [event] = await events();
    expect(event).toMatchObject({ action: "user.create", targetLabel: "root@acme.test" });
    expect(JSON.stringify(await events())).not.toContain("cli-secret-pw-1");
  });

  it("records users grant: the permissions it added", async () => {
    expect((await run(importCommand, join(dir, "acme.yaml"))).code).toBe(0);
    await run(usersAddCommand, "--email", "ann@acme.test", "--password", "cli-secret-pw-2");
    const r = await run(
      usersGrantCommand,
      "--email",
      "ann@acme.test",
      "--project",
      "DWH",
      "read_builds",
    );
    expect(r.code).toBe(0);
    const grant = (await events()).find((e) => e.action === "grant.change");
    expect(JSON.parse(grant?.after ?? "{}")).toEqual({
      access: true,
      read_builds: true,
      via: "cli",
    });
    expect(JSON.parse(grant?.before ?? "{}")).toEqual({ access: false, read_builds: false });
  });
});
