import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { type Me, PermissionName } from "@metabuild/contract";
import { describe, expect, it } from "vitest";
import { CONSOLE_ACTIONS, type ConsoleAction } from "./actions.ts";
import { ADMIN_ONLY_REASON, can } from "./can.ts";

const src = join(import.meta.dirname, "..");
const actions = Object.keys(CONSOLE_ACTIONS) as ConsoleAction[];

function sourceFiles(dir: string, test = /\.(ts|tsx)$/): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && test.test(e.name) && !e.name.includes(".test."))
    .map((e) => join(e.parentPath, e.name));
}
const consoleFiles = sourceFiles(src).map((file) => ({
  file: relative(src, file),
  text: readFileSync(file, "utf8"),
}));

function me(change: Partial<Me> = {}): Me {
  return {
    id: 7,
    email: "viewer@demo.test",
    admin: false,
    customer_id: 1,
    customer: "DEMO",
    must_change_password: false,
    projects: [{ id: 1, name: "DWH", permissions: ["access"] }],
    develop_patterns: false,
    ...change,
  };
}

describe("can(action, project)", () => {
  it("lets an administrator do everything, anywhere", () => {
    for (const action of actions) expect(can(me({ admin: true }), action, 99).allowed).toBe(true);
  });

  it("refuses a read-only user every write, saying which grant is missing", () => {
    const viewer = me();
    expect(can(viewer, "harvest.start", 1)).toEqual({
      allowed: false,
      reason: "You need the “Edit instances” grant on this project; an admin can give it.",
    });
    expect(can(viewer, "plan.cancel", 1).reason).toMatch(/“Run builds” grant/);
    expect(can(viewer, "build.download", 1).reason).toMatch(/“Download builds” grant/);
    expect(can(viewer, "pattern.author", 1).reason).toMatch(/“Develop patterns” grant/);
    expect(can(viewer, "agent.register", 1).reason).toBe(ADMIN_ONLY_REASON);
    const allowed = actions.filter((a) => can(viewer, a, 1).allowed);
    expect(allowed).toEqual(["bundle.export"]);
  });

  it("reads the grant of the project asked about, and needs access with it", () => {
    const editor = me({
      projects: [
        { id: 1, name: "DWH", permissions: ["access", "write_instances"] },
        { id: 2, name: "SHOP", permissions: ["write_builds"] },
      ],
    });
    expect(can(editor, "folder.create", 1).allowed).toBe(true);
    expect(can(editor, "build.start", 1).allowed).toBe(false);
    expect(can(editor, "folder.create", 3).allowed).toBe(false);
    // A grant without `access` counts for nothing (docs/console-permissions.md).
    expect(can(editor, "build.start", 2).allowed).toBe(false);
  });

  it("treats develop_patterns as customer-wide and refuses while the user is unknown", () => {
    expect(can(me({ develop_patterns: true }), "pattern.author").allowed).toBe(true);
    expect(can(undefined, "instance.create", 1)).toMatchObject({ allowed: false });
    expect(can(undefined, "instance.create", 1).reason).toBeTruthy();
  });
});

describe("the action table", () => {
  // Each action's `server` is an operation of the contract: tsc checks it (actions.ts `Endpoint`).
  it("maps every action to a server permission", () => {
    for (const action of actions) {
      const { rule } = CONSOLE_ACTIONS[action];
      if ("project" in rule) expect(PermissionName.options, action).toContain(rule.project);
      else if ("customer" in rule) expect(rule.customer, action).toBe("develop_patterns");
      else expect(rule.admin, action).toBe(true);
    }
  });

  it("names no action that no control asks about", () => {
    const asking = consoleFiles.filter((f) => !f.file.startsWith("permissions/"));
    for (const action of actions)
      expect(
        asking.some((f) => f.text.includes(`"${action}"`)),
        `${action} is in the table but no control asks can() about it`,
      ).toBe(true);
  });
});

describe("every control asks can()", () => {
  // Hooks that send a write, start, download or admin request (React Query mutations).
  const writeHooks = consoleFiles.flatMap((f) =>
    f.text
      .split(/\n(?=export )/)
      .filter((part) => part.includes("useMutation("))
      .flatMap((part) => /^export function (use\w+)\(/.exec(part)?.[1] ?? []),
  );
  // useCan(), can(), or the Permissions of useCan handed down (`permissions.reason("…")`).
  const asksCan = (text: string) =>
    /\buseCan\(|\bcan\(|\.(reason|may)\("[a-z]+\.[a-z.-]+"\)/.test(text);

  it("finds the write hooks", () => {
    expect(writeHooks).toEqual(expect.arrayContaining(["useStartHarvest", "useCopyInstance"]));
  });

  it("guards every file that sends a write with can(), or names the action that opens it", () => {
    const users = consoleFiles.filter(
      (f) =>
        !f.file.startsWith("permissions/") &&
        !/(^|\/)api\//.test(f.file) &&
        writeHooks.some((hook) => new RegExp(`\\b${hook}\\(`).test(f.text)),
    );
    expect(users.length).toBeGreaterThan(20);
    for (const { file, text } of users) {
      if (asksCan(text)) continue;
      // A dialog opened only by a guarded control says which: "// Permission: folder.create, …".
      const marker = /\/\/ Permission: ([a-z.,\- ]+?) \(docs\/console-permissions\.md\)/.exec(text);
      expect(
        marker,
        `${file} sends a write without asking can() (docs/console-permissions.md)`,
      ).not.toBeNull();
      const named = (marker?.[1] ?? "").split(", ");
      if (named.join() === "none") continue;
      for (const action of named) {
        expect(actions, `${file} names an unknown action`).toContain(action);
        const guarded = consoleFiles.some(
          (f) => f.file !== file && asksCan(f.text) && f.text.includes(`"${action}"`),
        );
        expect(guarded, `${file}: no control asks can() about ${action}`).toBe(true);
      }
    }
  });

  it("leaves no control deciding on a raw permission or the user's admin flag", () => {
    const raw = [
      /missingPermissionReason\(/,
      /DEVELOP_PATTERNS_REASON/,
      /useProjectPermissions/,
      /\.(may|reason)\("(access|write_instances|read_builds|write_builds|develop_patterns)"\)/,
      /\bme(\.data)?\??\.(admin|develop_patterns)\b(?! \? " · administrator")/,
      /useMe\(\)\.data\??\.(admin|develop_patterns)/,
    ];
    for (const { file, text } of consoleFiles) {
      if (file.startsWith("permissions/")) continue;
      for (const pattern of raw)
        expect(pattern.test(text), `${file} decides with ${pattern} instead of can()`).toBe(false);
    }
  });

  it("gives every PermittedButton its reason", () => {
    for (const { file, text } of consoleFiles) {
      if (file === "components/permitted-button.tsx") continue;
      for (const m of text.matchAll(/<PermittedButton\b((?:=>|[^>])*?)>/gs))
        expect(m[1], `${file}: a PermittedButton without reason=`).toMatch(/\breason=\{/);
    }
  });
});
