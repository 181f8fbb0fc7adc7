import type { AuditEvent } from "@metabuild/contract";
import { findInstanceWithNames } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { buildClient } from "../../../testing/build-client.ts";
import {
  type BuildCatalog,
  seedBuildCatalog,
  seedManyHubs,
} from "../../../testing/builds-fixture.ts";
import { type Harness, TEST_PASSWORD } from "../../../testing/harness.ts";
import { type Seed, routeSuite } from "../../../testing/route-suite.ts";
import { uploadForm, workbook } from "../../../testing/workbooks.ts";

// One test per category of change the audit log records (docs/audit-log.md).

let h: Harness;
let seed: Seed;
let cat: BuildCatalog;
let ann: string;
let admin: string;
routeSuite(
  { users: ["ann", "admin"], fixture: async (h, seed) => await seedBuildCatalog(h.db, seed) },
  (app) => {
    ({
      h,
      seed,
      fixture: cat,
      tokens: { ann, admin },
    } = app);
  },
);

const send = (method: string, path: string, token: string, body?: unknown) =>
  h.call(path, token, { method, body: body === undefined ? undefined : JSON.stringify(body) });

async function ok(res: Response | Promise<Response>) {
  const r = await res;
  expect(r.status, await r.clone().text()).toBeLessThan(300);
  return r;
}

async function events(query: string): Promise<AuditEvent[]> {
  const res = await h.call(`/api/console/audit?${query}`, admin);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AuditEvent[];
}

const version = async (id: number) =>
  (await findInstanceWithNames(h.db, seed.acme.id, id))?.instance.version;

describe("audit: instances", () => {
  it("records a console create, update, delete and restore with before → after", async () => {
    const created = await ok(
      send("POST", "/api/console/instances", ann, {
        project_id: seed.dwh.id,
        pattern_id: cat.hub.id,
        folder: "/audit",
        name: "AUDITED",
      }),
    );
    const id = ((await created.json()) as { instance_id: number }).instance_id;
    await ok(send("POST", `/api/console/instances/${id}/checkin`, ann, {}));
    const order = cat.order.id;
    await ok(
      send("PATCH", `/api/console/instances/${order}`, ann, {
        base_version: await version(order),
        description: "new text",
        labels: ["gold"],
      }),
    );
    const patch = async (body: object) =>
      ok(
        send("PATCH", `/api/console/instances/${order}`, ann, {
          base_version: await version(order),
          ...body,
        }),
      );
    await patch({ description: "changed again" });
    await ok(
      send("POST", `/api/console/instances/${order}/versions/2/restore`, ann, {
        base_version: await version(order),
      }),
    );
    await patch({ flags: { deleted: true } });
    const list = await events("action=instance.");
    expect(list.map((e) => e.action)).toEqual([
      "instance.delete",
      "instance.restore",
      "instance.update",
      "instance.update",
      "instance.create",
    ]);
    expect(list[4]).toMatchObject({
      target_kind: "instance",
      target_id: String(id),
      target_label: "/audit/AUDITED",
      project_id: seed.dwh.id,
    });
    expect(list[3]).toMatchObject({
      target_id: String(order),
      target_label: "/sales/ORDER",
      before: { description: null, labels: [] },
      after: { description: "new text", labels: ["gold"] },
    });
    expect(list[1]).toMatchObject({
      before: { description: "changed again" },
      after: { description: "new text" },
    });
    expect(list[0]).toMatchObject({ before: { deleted: false }, after: { deleted: true } });
  });

  it("records a bulk change as one event listing the changed ids", async () => {
    const ids = [cat.customer.id, cat.order.id];
    await ok(
      send("POST", "/api/console/instances/bulk", ann, {
        project_id: seed.dwh.id,
        ids,
        labels_add: ["audited"],
        base_versions: Object.fromEntries(
          await Promise.all(ids.map(async (i) => [String(i), await version(i)])),
        ),
      }),
    );
    const list = await events("action=instance.");
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      action: "instance.bulk_update",
      target_label: "2 instances",
      after: { labels_add: ["audited"], updated: ids, unchanged: 0, skipped: [] },
    });
  });

  it("records an upload as one event per pattern with counts, never one per instance", async () => {
    const file = await workbook({
      Hubs: [
        ["INSTANCE", "PATTERN", "FOLDER", "COLUMN_NAME"],
        ...Array.from({ length: 30 }, (_, i) => [`UP_${i}`, "HUB", "/up", "ID"]),
      ],
    });
    await ok(
      h.call("/api/v1/instances", ann, {
        method: "POST",
        body: uploadForm(file, { project: "DWH" }),
      }),
    );
    const list = await events("action=instance.");
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      action: "instance.upload",
      target_kind: "pattern",
      target_label: "HUB",
      after: { inserted: 30, updated: 0, unchanged: 0, skipped: 0, overwrite: false },
    });
  });
});

describe("audit: variable values", () => {
  it("records a clear with the value it removed", async () => {
    const ref = "project=DWH&pattern=HUB&variable=V_PROJECT";
    await ok(h.call(`/api/console/variable_values?${ref}`, ann, { method: "DELETE" }));
    const [clear] = await events("action=variable_value.clear");
    expect(clear).toMatchObject({
      target_label: "HUB.V_PROJECT at project 'DWH'",
      before: { value: "dwh_prod" },
      after: null,
    });
  });
});

describe("audit: users, passwords and grants", () => {
  it("records creating, resetting, disabling, enabling, promoting and renaming a user", async () => {
    const created = await ok(
      send("POST", "/api/console/admin/users", admin, { email: "new@acme.test", name: "New" }),
    );
    const id = ((await created.json()) as { id: number }).id;
    await ok(send("POST", `/api/console/admin/users/${id}/password`, admin, {}));
    await ok(send("PATCH", `/api/console/admin/users/${id}`, admin, { disabled: true }));
    await ok(send("PATCH", `/api/console/admin/users/${id}`, admin, { disabled: false }));
    await ok(send("PATCH", `/api/console/admin/users/${id}`, admin, { admin: true }));
    await ok(send("PATCH", `/api/console/admin/users/${id}`, admin, { name: "Renamed" }));
    const list = await events(`action=user.&target_id=${id}`);
    expect(list.map((e) => [e.action, e.before, e.after])).toEqual([
      ["user.rename", { name: "New" }, { name: "Renamed" }],
      ["user.make_admin", { admin: false }, { admin: true }],
      ["user.enable", { disabled: true }, { disabled: false }],
      ["user.disable", { disabled: false }, { disabled: true }],
      ["user.reset_password", null, { one_time: true }],
      ["user.create", null, { name: "New", admin: false, one_time: true }],
    ]);
    expect(
      list.every((e) => e.user_email === "admin@acme.test" && e.target_label === "new@acme.test"),
    ).toBe(true);
  });

  it("records a user's own password change", async () => {
    await ok(
      send("POST", "/api/console/me/password", ann, {
        current_password: TEST_PASSWORD,
        new_password: "a-brand-new-password",
      }),
    );
    const [change] = await events("action=user.change_password");
    expect(change).toMatchObject({ user_id: seed.ann.id, target_id: String(seed.ann.id) });
  });

  it("records a grant given and taken, not a grant set to what it was", async () => {
    const grant = (granted: boolean) =>
      send("PUT", "/api/console/admin/grants", admin, {
        user_id: seed.ann.id,
        project_id: seed.lake.id,
        permission: "read_builds",
        granted,
      });
    await ok(grant(true));
    await ok(grant(true));
    await ok(grant(false));
    const list = await events("action=grant.change");
    expect(list.map((e) => [e.before, e.after])).toEqual([
      [{ read_builds: true }, { read_builds: false }],
      [{ read_builds: false }, { read_builds: true }],
    ]);
    expect(list[0]).toMatchObject({ project_id: seed.lake.id, target_label: "ann@acme.test" });
  });
});

describe("audit: sign-ins", () => {
  const signIn = (email: string, password: string) =>
    h.app.request("/authentication", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ strategy: "local", email, password }),
    });

  it("records successes and failures of known users with the client address, never the password", async () => {
    expect((await signIn("bob@acme.test", "wrong-guess-123")).status).toBe(401);
    expect((await signIn("nobody@acme.test", "wrong-guess-456")).status).toBe(401);
    const list = await events(`target_id=${seed.bob.id}&action=auth.`);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      action: "auth.sign_in_failed",
      user_email: "bob@acme.test",
      client_address: expect.any(String),
      after: { reason: "wrong password" },
    });
    const successes = await events(`action=auth.sign_in&user_id=${seed.ann.id}`);
    expect(successes[0]).toMatchObject({ action: "auth.sign_in", target_label: "ann@acme.test" });
    expect((await events("q=wrong-guess")).length).toBe(0);
    expect((await events("q=nobody")).length).toBe(0);
  });
});

describe("audit: builds", () => {
  it("records a build started and one cancelled", async () => {
    await seedManyHubs(h.db, cat, seed.dwh.id, 300);
    const started = await buildClient(h).start(ann, {
      project: "DWH",
      instances: [{ pattern: "HUB", folder: "/bulk", name: "*" }],
    });
    const id = started.body.build.id;
    await ok(h.call(`/api/console/builds/${id}/cancel`, ann, { method: "POST" }));
    const list = await events("action=build.");
    expect(list.map((e) => [e.action, e.target_id])).toEqual([
      ["build.cancel", String(id)],
      ["build.start", String(id)],
    ]);
    expect(list[1]).toMatchObject({ project_id: seed.dwh.id, after: { instances: 300 } });
  });
});
