import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findUserByEmail, listGrantedPermissions, tablesOf } from "@metabuild/db";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cliTestEnv } from "../testing/cli-env.ts";
import { agentsAddCommand } from "./agents-add.ts";
import { exportCommand } from "./export.ts";
import { importCommand } from "./import.ts";
import { type Command, runCommand, withStore } from "./io.ts";
import { migrateCommand } from "./migrate.ts";
import { serveCommand } from "./serve.ts";
import { usersAddCommand } from "./users-add.ts";
import { usersGrantCommand } from "./users-grant.ts";

let dir: string;
let env: Record<string, string>;

/** Runs a command as `metabuild` would, capturing what it prints. */
async function run(command: Command, ...args: string[]) {
  let out = "";
  let err = "";
  const code = await runCommand(
    command,
    args,
    {
      out: (t) => {
        out += t;
      },
      err: (t) => {
        err += t;
      },
    },
    env,
  );
  return { code, out, err };
}

const BUNDLE = `version: 1
customer: Acme
projects:
  - name: DWH
patterns:
  - name: HUB
    properties: [{ name: COLUMN_NAME, required: true }]
`;

const customers = () =>
  withStore(env, async ({ db }) =>
    (await db.select().from(tablesOf(db).customers)).map((c) => c.name),
  );

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "metabuild-cli-"));
  env = await cliTestEnv(dir);
  writeFileSync(join(dir, "acme.yaml"), BUNDLE);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("cli: happy path", () => {
  it("migrate creates the store", async () => {
    const r = await run(migrateCommand);
    expect(r).toMatchObject({
      code: 0,
      // The store it opened: the SQLite file, or the PostgreSQL URL (no password in tests).
      out: `Store is up to date: ${env.DATABASE_URL ?? join(dir, "metabuild.db")}\n`,
    });
  });

  it("import loads a bundle and says what it did; export writes it back", async () => {
    const r = await run(importCommand, join(dir, "acme.yaml"));
    expect(r.code).toBe(0);
    expect(r.out).toContain("customers Acme; instances 0 inserted");
    expect(await customers()).toEqual(["Acme"]);
    const out = await run(exportCommand, "--customer", "Acme");
    expect(out.code).toBe(0);
    expect(out.out).toContain("customer: Acme\n");
    expect(out.out).toContain("- name: HUB\n");
    const file = join(dir, "out.json");
    expect((await run(exportCommand, "--customer", "Acme", file)).code).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ version: 1, customer: "Acme" });
  });

  it("users add and users grant", async () => {
    await run(importCommand, join(dir, "acme.yaml"));
    const added = await run(usersAddCommand, "--email", "Ann@Acme.test", "--password", "pw-ann-1");
    expect(added).toMatchObject({ code: 0, out: "Added user ann@acme.test to customer Acme\n" });
    const granted = await run(
      usersGrantCommand,
      "--email",
      "ann@acme.test",
      "--project",
      "DWH",
      "--permission",
      "read_builds",
      "write_builds",
    );
    expect(granted).toMatchObject({
      code: 0,
      out: "ann@acme.test now holds access, read_builds, write_builds on DWH\n",
    });
    await withStore(env, async ({ db }) => {
      const ann = await findUserByEmail(db, "ann@acme.test");
      expect(ann?.passwordHash).toMatch(/^\$2[ab]\$10\$/);
      expect((await listGrantedPermissions(db, ann!.id, 1)).sort()).toEqual([
        "access",
        "read_builds",
        "write_builds",
      ]);
    });
    const admin = await run(
      usersAddCommand,
      "--email",
      "root@acme.test",
      "--password",
      "pw-root-1",
      "--admin",
      "--customer",
      "Acme",
    );
    expect(admin.out).toBe("Added admin root@acme.test to customer Acme\n");
  });

  it("agents add prints the agent_id and secret once", async () => {
    await run(importCommand, join(dir, "acme.yaml"));
    const r = await run(agentsAddCommand, "--name", "runner-1", "--group", "local");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/agent_id: [0-9a-f-]{36}\nsecret: \S{20,}\n/);
    await withStore(env, async ({ db }) => {
      const [agent] = await db.select().from(tablesOf(db).agents);
      expect(agent).toMatchObject({ name: "runner-1" });
      expect(r.out).toContain(agent!.agentId);
      expect(agent!.secretHash).toMatch(/^\$2/);
    });
  });
});

describe("cli: errors", () => {
  it("a bad bundle exits non-zero naming the entry and changes nothing", async () => {
    writeFileSync(
      join(dir, "bad.yaml"),
      BUNDLE.replace(
        "- name: DWH",
        "- name: DWH\n    instances: [{ pattern: HUB, name: A, rows: [{ FOO: x }] }]",
      ),
    );
    const r = await run(importCommand, join(dir, "bad.yaml"));
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      `Import of ${join(dir, "bad.yaml")} failed; nothing was changed.\nprojects[0].instances[0].rows[0].FOO: unknown column\n`,
    );
    expect(await customers()).toEqual([]);
  });

  it("a missing file, missing options and unknown values", async () => {
    expect((await run(importCommand, join(dir, "nope.yaml"))).err).toContain("no such file");
    const noEmail = await run(usersAddCommand, "--password", "x");
    expect(noEmail.code).toBe(2);
    expect(noEmail.err).toContain("--email is required");
    expect((await run(exportCommand, "--customer", "Nobody")).err).toBe(
      "A customer with the name 'Nobody' does not exist!\n",
    );
    expect((await run(usersAddCommand, "--email", "a@b.test", "--password", "pw")).err).toContain(
      "The store has no customer yet",
    );
    await run(importCommand, join(dir, "acme.yaml"));
    await run(usersAddCommand, "--email", "a@b.test", "--password", "pw");
    expect((await run(usersAddCommand, "--email", "A@b.test", "--password", "pw")).err).toBe(
      "A user with the e-mail 'a@b.test' already exists\n",
    );
    const bad = await run(
      usersGrantCommand,
      "--email",
      "a@b.test",
      "--project",
      "DWH",
      "--permission",
      "root",
    );
    expect(bad).toMatchObject({ code: 2 });
    expect(bad.err).toContain("Unknown permission 'root'");
    expect(
      (
        await run(
          usersGrantCommand,
          "--email",
          "a@b.test",
          "--project",
          "NOPE",
          "--permission",
          "all",
        )
      ).err,
    ).toBe("A project with the name 'NOPE' does not exist!\n");
    await run(agentsAddCommand, "--name", "r", "--group", "g");
    expect((await run(agentsAddCommand, "--name", "r", "--group", "g")).err).toBe(
      "An agent named 'r' already exists in customer Acme\n",
    );
    expect((await run(migrateCommand, "--what")).code).toBe(2);
  });

  it("export and import refuse extra files and say plainly what they cannot read or write", async () => {
    await run(importCommand, join(dir, "acme.yaml"));
    const extra = await run(exportCommand, "--customer", "Acme", join(dir, "a.yaml"), "b.yaml");
    expect(extra).toMatchObject({
      code: 2,
      err: "usage: metabuild export --customer NAME [FILE]\n",
    });
    expect(() => readFileSync(join(dir, "a.yaml"))).toThrow();
    const unwritable = join(dir, "no", "such", "dir.yaml");
    expect(await run(exportCommand, "--customer", "Acme", unwritable)).toMatchObject({
      code: 1,
      err: `Cannot write ${unwritable}: no such directory\n`,
    });
    expect(await run(importCommand, dir)).toMatchObject({
      code: 1,
      err: `Cannot read ${dir}: it is a directory\n`,
    });
  });

  it("serve refuses unknown options and arguments instead of starting on the defaults", async () => {
    const option = await run(serveCommand, "--port", "9");
    expect(option.code).toBe(2);
    expect(option.err).toContain("usage: metabuild serve");
    expect((await run(serveCommand, "extra")).code).toBe(2);
  });

  it("serve on a port in use says so in one line and exits 1", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    env = { ...env, PORT: String(port) };
    try {
      const r = await run(serveCommand);
      expect(r).toEqual({
        code: 1,
        out: "",
        err: `Cannot listen on 127.0.0.1:${port}: the port is in use (set PORT to another one)\n`,
      });
    } finally {
      taken.close();
    }
  });
});
