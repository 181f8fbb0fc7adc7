import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findUserByEmail } from "@metabuild/db";
import bcrypt from "bcryptjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CliIo, withStore } from "./io.ts";
import { runCli } from "../testing/cli-run.ts";

let dir: string;
let env: Record<string, string>;

/** `metabuild ARGV…` with a captured terminal; `input` is standard input, `typed` what the prompt gets. */
async function metabuild(argv: string[], terminal: Partial<CliIo> = {}) {
  return runCli(env, argv, terminal);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "metabuild-cli-help-"));
  env = { METABUILD_DATA_DIR: dir };
  writeFileSync(join(dir, "acme.yaml"), "version: 1\ncustomer: Acme\n");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("cli: help", () => {
  it("--help lists every command and exits 0", async () => {
    for (const flag of ["--help", "-h"]) {
      const r = await metabuild([flag]);
      expect(r.code).toBe(0);
      expect(r.out).toContain("usage: metabuild <command>");
      for (const c of ["serve", "migrate", "import FILE", "export", "backup FILE", "restore FILE"])
        expect(r.out).toContain(`  ${c}`);
      expect(r.out).toContain("--version");
    }
  });

  it("every command answers --help with its usage, on standard output, exit 0", async () => {
    for (const cmd of [
      ["serve"],
      ["migrate"],
      ["import"],
      ["export"],
      ["backup"],
      ["restore"],
      ["users", "add"],
      ["users", "grant"],
      ["agents", "add"],
    ]) {
      const r = await metabuild([...cmd, "--help"]);
      expect(r, cmd.join(" ")).toMatchObject({ code: 0, err: "" });
      expect(r.out, cmd.join(" ")).toMatch(new RegExp(`^usage: metabuild ${cmd.join(" ")}`));
    }
  });

  it("an unknown command is named, with the list of commands (exit 2)", async () => {
    const r = await metabuild(["imprt"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^unknown command 'imprt'\nusage: metabuild <command>/);
  });
});

describe("cli: users add without the password on the command line", () => {
  const passwordOf = async (email: string, password: string) =>
    withStore(env, async ({ db }) =>
      bcrypt.compareSync(password, (await findUserByEmail(db, email))!.passwordHash!),
    );

  it("--password-stdin reads the password from standard input", async () => {
    await metabuild(["import", join(dir, "acme.yaml")]);
    const r = await metabuild(["users", "add", "--email", "ann@acme.test", "--password-stdin"], {
      readStdin: async () => "from-stdin-1\n",
    });
    expect(r).toMatchObject({ code: 0, out: "Added user ann@acme.test to customer Acme\n" });
    expect(await passwordOf("ann@acme.test", "from-stdin-1")).toBe(true);
  });

  it("asks on the terminal, twice, when no password is given", async () => {
    await metabuild(["import", join(dir, "acme.yaml")]);
    const asked: string[] = [];
    const askSecret = async (q: string) => {
      asked.push(q);
      return "typed-pw-1";
    };
    const r = await metabuild(["users", "add", "--email", "bob@acme.test"], { askSecret });
    expect(r.code).toBe(0);
    expect(asked).toEqual(["Password for bob@acme.test: ", "Again: "]);
    expect(await passwordOf("bob@acme.test", "typed-pw-1")).toBe(true);
    let n = 0;
    const differs = await metabuild(["users", "add", "--email", "cy@acme.test"], {
      askSecret: async () => `pw-${n++}-xx`,
    });
    expect(differs).toMatchObject({
      code: 1,
      err: "The two passwords differ; nothing was added\n",
    });
  });

  it("without a terminal or --password-stdin it says how to give the password", async () => {
    await metabuild(["import", join(dir, "acme.yaml")]);
    const r = await metabuild(["users", "add", "--email", "dan@acme.test"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("no terminal to ask for the password: use --password-stdin");
    const empty = await metabuild(
      ["users", "add", "--email", "dan@acme.test", "--password-stdin"],
      {
        readStdin: async () => "\n",
      },
    );
    expect(empty).toMatchObject({ code: 2, err: expect.stringContaining("empty password") });
  });
});
