import type { AuditEvent } from "@metabuild/contract";
import { findUserByEmail } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { exportBundleText } from "../../../services/bundle/export.ts";
import { importBundle } from "../../../services/bundle/import.ts";
import { parseBundle } from "../../../services/bundle/parse.ts";
import type { Harness } from "../../../testing/harness.ts";
import { messageOf } from "../../../testing/route-checks.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

// Issue 28 items 4 and 5: a bundle's users obey the admin pages' rules and get
// their audit events; another tenant's e-mail or agent id is refused neutrally.

const URL = "/api/console/bundles";
const GLOBEX_AGENT = "9b2f1c3e-0000-4000-8000-00000000beef";

let h: Harness;
let admin: string;
routeSuite({ users: ["admin"] }, async (app) => {
  ({ h } = app);
  ({ admin } = app.tokens);
  // Globex holds an agent with a known id.
  await importBundle(
    { db: h.db, clock: h.clock, writer: h.services.instanceWriter },
    parseBundle(`
version: 1
customer: Globex
agent_groups:
  - name: g
    agents: [{ name: globex-agent, agent_id: ${GLOBEX_AGENT}, secret: globex-secret }]
`),
  );
});

const bundle = (people: string) => `version: 1\ncustomer: Acme\n${people}`;
const post = (body: string, query = "") =>
  h.call(`${URL}${query}`, admin, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/yaml" },
  });

async function userEvents(): Promise<AuditEvent[]> {
  const res = await h.call("/api/console/audit?action=user.", admin);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AuditEvent[];
}

/** Each answer is 400 with `message`, in a dry run and applied, and the store keeps its state. */
async function expectRefused(body: string, message: string) {
  const before = [await exportBundleText(h.db, "Acme"), await exportBundleText(h.db, "Globex")];
  for (const query of ["?dry_run=true", ""]) {
    const res = await post(body, query);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(message);
  }
  expect([await exportBundleText(h.db, "Acme"), await exportBundleText(h.db, "Globex")]).toEqual(
    before,
  );
}

describe("bundle users: happy path", () => {
  it("records the admin pages' event for each user it creates or changes", async () => {
    const res = await post(
      bundle(`users:
  - { email: carl@acme.test, name: Carl, password: carls-long-password }
  - { email: ann@acme.test, name: Ann Smith }
  - { email: bob@acme.test, disabled: true, password: bobs-new-password }
  - { email: admin@acme.test }
`),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const events = await userEvents();
    const of = (email: string) =>
      events.filter((e) => e.target_label === email).map((e) => [e.action, e.before, e.after]);
    expect(of("carl@acme.test")).toEqual([
      ["user.create", null, { name: "Carl", admin: false, one_time: false }],
    ]);
    expect(of("ann@acme.test")).toEqual([["user.rename", { name: null }, { name: "Ann Smith" }]]);
    expect(of("bob@acme.test")).toEqual(
      expect.arrayContaining([
        ["user.disable", { disabled: false }, { disabled: true }],
        ["user.reset_password", null, { one_time: false }],
      ]),
    );
    expect(of("admin@acme.test")).toEqual([]);
    expect(events.every((e) => e.user_email === "admin@acme.test")).toBe(true);
    expect(JSON.stringify(events)).not.toMatch(
      /password_?hash|long-password|new-password|\$2[aby]\$/i,
    );
  });

  it("records nothing for a dry run, nor for a bundle that changes no user", async () => {
    const people = bundle("users: [{ email: ann@acme.test, name: Ann Smith }]\n");
    expect((await post(people, "?dry_run=true")).status).toBe(200);
    expect(await userEvents()).toEqual([]);
    expect((await post(people)).status).toBe(200);
    expect((await post(people)).status).toBe(200);
    expect((await userEvents()).map((e) => e.action)).toEqual(["user.rename"]);
  });
});

describe("bundle users: errors", () => {
  it("refuses an admin's bundle that demotes the admin, as PATCH does", async () => {
    await expectRefused(
      bundle("users: [{ email: admin@acme.test, admin: false }]\n"),
      "users[0].admin: You cannot take away your own admin rights!",
    );
    const patch = await h.call(`/api/console/admin/users/${(await adminRow()).id}`, admin, {
      method: "PATCH",
      body: JSON.stringify({ admin: false }),
    });
    expect(patch.status).toBe(400);
    expect(await messageOf(patch)).toBe("You cannot take away your own admin rights!");
    expect((await adminRow()).admin).toBe(1);
  });

  it("refuses an admin's bundle that disables the admin", async () => {
    await expectRefused(
      bundle("users: [{ email: admin@acme.test, disabled: true }]\n"),
      "users[0].disabled: You cannot disable your own account!",
    );
    expect((await adminRow()).disabled).toBe(0);
  });

  it("refuses a password the admin pages would refuse, naming the entry", async () => {
    await expectRefused(
      bundle("users: [{ email: carl@acme.test, password: x }]\n"),
      "users[0].password: must be at least 10 characters",
    );
    await expectRefused(
      bundle(`users: [{ email: ann@acme.test, password: ${"é".repeat(40)} }]\n`),
      "users[0].password: must be at most 72 bytes",
    );
    expect(await findUserByEmail(h.db, "carl@acme.test")).toBeUndefined();
  });

  it("keeps an enabled admin also in a bundle the host's CLI imports", async () => {
    const deps = { db: h.db, clock: h.clock, writer: h.services.instanceWriter };
    const demote = parseBundle(bundle("users: [{ email: admin@acme.test, admin: false }]\n"));
    await expect(importBundle(deps, demote)).rejects.toThrow(
      "users[0].admin: The customer would have no enabled administrator left!",
    );
    expect((await adminRow()).admin).toBe(1);
    // With another admin first, the demotion is fine.
    const handOver = bundle(
      "users: [{ email: ann@acme.test, admin: true }, { email: admin@acme.test, admin: false }]\n",
    );
    await importBundle(deps, parseBundle(handOver));
    expect((await adminRow()).admin).toBe(0);
  });
});

describe("bundle users: security", () => {
  it("answers another customer's e-mail with the admin pages' neutral text", async () => {
    // The admin pages answer the same text (admin.test.ts "security").
    await expectRefused(
      bundle("users: [{ email: eve@globex.test, password: taken-over-pw, admin: true }]\n"),
      "users[0].email: The e-mail 'eve@globex.test' cannot be used for a new user",
    );
  });

  it("answers an agent id held by another customer with a 400 naming agent_id, never the store's text", async () => {
    const refusal =
      "agent_groups[0].agents[0].agent_id: cannot be used for this agent; leave it out to have one generated";
    await expectRefused(
      bundle(`agent_groups:
  - name: g
    agents: [{ name: mine, agent_id: ${GLOBEX_AGENT}, secret: my-secret }]
`),
      refusal,
    );
    // An id another agent of the own customer holds answers alike.
    const own = bundle(`agent_groups:
  - name: g
    agents:
      - { name: first, agent_id: 11111111-0000-4000-8000-000000000001, secret: s1 }
      - { name: second, agent_id: 11111111-0000-4000-8000-000000000001, secret: s2 }
`);
    await expectRefused(own, refusal.replace("agents[0]", "agents[1]"));
  });
});

async function adminRow() {
  return (await findUserByEmail(h.db, "admin@acme.test")) as {
    id: number;
    admin: number;
    disabled: number;
  };
}
