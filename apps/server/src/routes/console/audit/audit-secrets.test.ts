import { tablesOf } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import { seedBuildCatalog } from "../../../testing/builds-fixture.ts";
import { type Harness, TEST_PASSWORD } from "../../../testing/harness.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

let h: Harness;
let ann: string;
let admin: string;
routeSuite(
  { users: ["ann", "admin"], fixture: async (h, seed) => await seedBuildCatalog(h.db, seed) },
  (app) => {
    ({
      h,
      tokens: { ann, admin },
    } = app);
  },
);

const send = (method: string, path: string, token: string, body: unknown) =>
  h.call(path, token, { method, body: JSON.stringify(body) });

/** Every stored audit event as one text, all columns. */
const logText = async () => JSON.stringify(await h.db.select().from(tablesOf(h.db).auditEvents));

describe("audit: no secret is ever recorded", () => {
  it("keeps passwords, one-time passwords, hashes, tokens and secret-named values out", async () => {
    const secrets: string[] = [TEST_PASSWORD, ann, admin, h.deps.config.jwtSecret];
    const added = await send("POST", "/api/console/admin/users", admin, {
      email: "carl@acme.test",
      password: "carls-chosen-password",
    });
    const carl = (await added.json()) as { id: number };
    secrets.push("carls-chosen-password");
    const reset = await send("POST", `/api/console/admin/users/${carl.id}/password`, admin, {});
    secrets.push(((await reset.json()) as { one_time_password: string }).one_time_password);
    const changed = await send("POST", "/api/console/me/password", ann, {
      current_password: TEST_PASSWORD,
      new_password: "anns-new-password-42",
    });
    expect(changed.status).toBe(204);
    secrets.push("anns-new-password-42");
    // A failed sign-in with a password that looks like a typo of the real one.
    await h.app.request("/authentication", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ strategy: "local", email: "bob@acme.test", password: "bobs-typo-pw" }),
    });
    secrets.push("bobs-typo-pw");
    // A variable whose name marks it as a secret: its value is masked.
    const hub = (await h.db.select().from(tablesOf(h.db).patterns))[0];
    await h.db
      .insert(tablesOf(h.db).variableDefinitions)
      .values({ patternId: hub?.id as number, name: "DB_PASSWORD", defaultValue: "" });
    const set = await send("PUT", "/api/console/variable_values", ann, {
      project: "DWH",
      pattern: "HUB",
      variable: "DB_PASSWORD",
      value: "s3cr3t-db-pw",
    });
    expect(set.status, await set.clone().text()).toBe(200);
    secrets.push("s3cr3t-db-pw");

    const text = await logText();
    expect(text).toContain("user.reset_password");
    expect(text).toContain("user.change_password");
    expect(text).toContain("auth.sign_in_failed");
    expect(text).toContain("DB_PASSWORD");
    for (const secret of secrets) expect(text, "a secret in the log").not.toContain(secret);
    const hashes = await h.db
      .select({ hash: tablesOf(h.db).users.passwordHash })
      .from(tablesOf(h.db).users);
    for (const { hash } of hashes) expect(text).not.toContain(hash);
    expect(text).not.toMatch(/\$2[aby]\$/);
  });
});
