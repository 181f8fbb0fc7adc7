import { createHash } from "node:crypto";
import type { ApiToken, ApiTokenCreated, AuditEvent, Me } from "@metabuild/contract";
import { tablesOf } from "@metabuild/db";
import { describe, expect, it } from "vitest";
import type { Harness, seedBasic } from "../../../testing/harness.ts";
import { routeSuite } from "../../../testing/route-suite.ts";

// Issue 25 item 2: API tokens for pipelines (docs/identity.md).
let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let tokens: Record<"admin" | "ann" | "bob", string>;

routeSuite({ users: ["admin", "ann", "bob"] }, (app) => {
  ({ h, seed, tokens } = app);
});

const TOKENS = "/api/console/tokens";
const send = (body: unknown, method = "POST"): RequestInit => ({
  method,
  body: JSON.stringify(body),
});

async function create(as: string, body: Record<string, unknown>): Promise<ApiTokenCreated> {
  const res = await h.call(
    TOKENS,
    as,
    send({ name: "ci", project: "DWH", expires_in_days: 30, ...body }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as ApiTokenCreated;
}

async function messageOf(res: Response): Promise<string> {
  return ((await res.json()) as { message: string }).message;
}

const newFolder = (token: string, path: string) =>
  h.call("/api/console/folders", token, send({ project: "DWH", path }));

async function projectNames(token: string): Promise<string[]> {
  const res = await h.call("/api/v1/projects", token);
  expect(res.status).toBe(200);
  return ((await res.json()) as { name: string }[]).map((p) => p.name);
}

async function auditActions(): Promise<AuditEvent[]> {
  const res = await h.call("/api/console/audit?$limit=100", tokens.admin);
  expect(res.status).toBe(200);
  return (await res.json()) as AuditEvent[];
}

describe("creating and listing tokens", () => {
  it("answers the token once, stores only its SHA-256 hash, lists it without the text", async () => {
    const created = await create(tokens.ann, { permissions: ["access", "write_instances"] });
    expect(created.token).toMatch(/^mbt_[A-Za-z0-9_-]{40,}$/);
    expect(created).toMatchObject({
      name: "ci",
      project: "DWH",
      permissions: ["access", "write_instances"],
      owner: "ann@acme.test",
      service_account: false,
      last_used_at: null,
    });
    const [row] = await h.db.select().from(tablesOf(h.db).apiTokens);
    expect(row.tokenHash).toBe(createHash("sha256").update(created.token).digest("hex"));
    const listed = await h.call(TOKENS, tokens.ann);
    const text = await listed.text();
    expect(text).not.toContain(created.token);
    expect(text).not.toContain(row.tokenHash);
    expect((JSON.parse(text) as { data: ApiToken[] }).data.map((t) => t.id)).toEqual([created.id]);
  });

  it("shows people their own tokens and admins every token of the customer", async () => {
    await create(tokens.ann, { name: "ann-ci", permissions: ["access"] });
    await create(tokens.bob, { name: "bob-ci", permissions: ["access"] });
    const names = async (as: string) =>
      ((await (await h.call(TOKENS, as)).json()) as { data: ApiToken[] }).data.map((t) => t.name);
    expect(await names(tokens.bob)).toEqual(["bob-ci"]);
    expect(await names(tokens.admin)).toEqual(["ann-ci", "bob-ci"]);
  });

  it("refuses bad input with the field named", async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await h.call(
        TOKENS,
        tokens.ann,
        send({ name: "ci", project: "DWH", permissions: ["access"], expires_in_days: 30, ...body }),
      );
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toContain(field);
    };
    await bad({ expires_in_days: 366 }, "expires_in_days");
    await bad({ expires_in_days: 0 }, "expires_in_days");
    await bad({ permissions: ["root"] }, "permissions");
    await bad({ permissions: [] }, "permissions");
    await bad({ name: " " }, "name");
    const unknown = await h.call(
      TOKENS,
      tokens.ann,
      send({ name: "ci", project: "NOPE", permissions: ["access"], expires_in_days: 1 }),
    );
    expect(unknown.status).toBe(404);
  });
});

describe("a token's scope", () => {
  it("works as a bearer token on its project with the named permissions only", async () => {
    const { token } = await create(tokens.ann, { permissions: ["access"] });
    expect(await projectNames(token)).toEqual(["DWH"]);
    const refused = await newFolder(token, "/from-ci");
    expect(refused.status).toBe(403);
    const writer = await create(tokens.ann, { permissions: ["access", "write_instances"] });
    expect((await newFolder(writer.token, "/from-ci")).status).toBe(201);
  });

  it("an admin's token holds only what it names: one project, no admin routes", async () => {
    const { token } = await create(tokens.admin, { permissions: ["access"] });
    expect(await projectNames(token)).toEqual(["DWH"]);
    expect((await h.call(`/api/v1/projects/${seed.lake.id}`, token)).status).toBe(403);
    expect((await h.call("/api/console/admin/users", token)).status).toBe(403);
    expect((await h.call("/api/console/audit", token)).status).toBe(403);
    expect((await newFolder(token, "/x")).status).toBe(403);
  });

  it("/me shows what the token may do, not everything its owner may", async () => {
    const { token } = await create(tokens.admin, { permissions: ["access", "read_builds"] });
    const me = (await (await h.call("/api/console/me", token)).json()) as Me;
    expect(me.projects).toEqual([
      { id: seed.dwh.id, name: "DWH", permissions: ["access", "read_builds"] },
    ]);
    expect(me).toMatchObject({ admin: false, develop_patterns: false });
  });

  it("cannot create or list tokens itself", async () => {
    const { token } = await create(tokens.ann, { permissions: ["access"] });
    const res = await h.call(
      TOKENS,
      token,
      send({ name: "more", project: "DWH", permissions: ["access"], expires_in_days: 1 }),
    );
    expect(res.status).toBe(403);
    expect((await h.call(TOKENS, token)).status).toBe(403);
  });

  it("is refused once expired", async () => {
    const { token } = await create(tokens.ann, { permissions: ["access"], expires_in_days: 1 });
    expect((await h.call("/api/v1/projects", token)).status).toBe(200);
    h.clock.advance(86_400_000 + 1000);
    expect((await h.call("/api/v1/projects", token)).status).toBe(401);
  });

  it("an unknown token text is 401, like a bad JWT", async () => {
    expect((await h.call("/api/v1/projects", "mbt_not-a-token")).status).toBe(401);
  });
});

describe("a token never exceeds its owner", () => {
  it("cannot be created with a permission its owner lacks", async () => {
    const res = await h.call(
      TOKENS,
      tokens.bob,
      send({
        name: "ci",
        project: "DWH",
        permissions: ["access", "write_builds"],
        expires_in_days: 1,
      }),
    );
    expect(res.status).toBe(403);
    expect(await messageOf(res)).toContain("write_builds");
    const lake = await h.call(
      TOKENS,
      tokens.bob,
      send({ name: "ci", project: "LAKE", permissions: ["access"], expires_in_days: 1 }),
    );
    expect(lake.status).toBe(403);
  });

  it("loses what its owner loses, at once", async () => {
    const { token } = await create(tokens.ann, { permissions: ["access", "write_instances"] });
    expect((await newFolder(token, "/a")).status).toBe(201);
    const revoke = await h.call(
      "/api/console/admin/grants",
      tokens.admin,
      send(
        {
          user_id: seed.ann.id,
          project_id: seed.dwh.id,
          permission: "write_instances",
          granted: false,
        },
        "PUT",
      ),
    );
    expect(revoke.status).toBe(200);
    expect((await newFolder(token, "/b")).status).toBe(403);
    expect(await projectNames(token)).toEqual(["DWH"]);
  });

  it("stops working when its owner is disabled", async () => {
    const { token } = await create(tokens.ann, { permissions: ["access"] });
    const disable = await h.call(
      `/api/console/admin/users/${seed.ann.id}`,
      tokens.admin,
      send({ disabled: true }, "PATCH"),
    );
    expect(disable.status).toBe(200);
    expect((await h.call("/api/v1/projects", token)).status).toBe(401);
  });
});

describe("revoking", () => {
  it("refuses the token from the next request on and records the revocation", async () => {
    const created = await create(tokens.ann, { permissions: ["access"] });
    expect((await h.call("/api/v1/projects", created.token)).status).toBe(200);
    const del = await h.call(`${TOKENS}/${created.id}`, tokens.ann, { method: "DELETE" });
    expect(del.status).toBe(204);
    expect((await h.call("/api/v1/projects", created.token)).status).toBe(401);
    expect((await auditActions()).map((e) => e.action)).toContain("token.revoke");
  });

  it("signing out with the token (DELETE /authentication) revokes it", async () => {
    const created = await create(tokens.ann, { permissions: ["access"] });
    expect((await h.call("/authentication", created.token, { method: "DELETE" })).status).toBe(200);
    expect((await h.call("/api/v1/projects", created.token)).status).toBe(401);
  });

  it("another person's token is 404 to a non-admin; an admin may revoke it", async () => {
    const created = await create(tokens.ann, { permissions: ["access"] });
    const path = `${TOKENS}/${created.id}`;
    expect((await h.call(path, tokens.bob, { method: "DELETE" })).status).toBe(404);
    expect((await h.call(path, tokens.admin, { method: "DELETE" })).status).toBe(204);
    expect((await h.call(path, tokens.admin, { method: "DELETE" })).status).toBe(404);
  });
});

describe("service-account tokens", () => {
  it("are for admins only", async () => {
    const res = await h.call(
      TOKENS,
      tokens.ann,
      send({
        name: "svc",
        project: "DWH",
        permissions: ["access"],
        expires_in_days: 1,
        service_account: true,
      }),
    );
    expect(res.status).toBe(403);
  });

  it("belong to the customer and hold exactly the named permissions", async () => {
    const created = await create(tokens.admin, {
      name: "nightly",
      permissions: ["access", "write_instances"],
      service_account: true,
    });
    expect(created).toMatchObject({ owner: null, service_account: true });
    expect((await newFolder(created.token, "/nightly")).status).toBe(201);
    expect((await h.call("/api/console/admin/users", created.token)).status).toBe(403);
    // Nobody's own: only admins see it.
    const annList = (await (await h.call(TOKENS, tokens.ann)).json()) as { data: ApiToken[] };
    expect(annList.data).toEqual([]);
  });
});

describe("last use", () => {
  it("is shown and logged at most once a minute per token", async () => {
    const created = await create(tokens.ann, { permissions: ["access"] });
    for (let i = 0; i < 3; i++)
      expect((await h.call("/api/v1/projects", created.token)).status).toBe(200);
    const uses = async () => (await auditActions()).filter((e) => e.action === "token.use");
    expect(await uses()).toHaveLength(1);
    const [listed] = ((await (await h.call(TOKENS, tokens.ann)).json()) as { data: ApiToken[] })
      .data;
    expect(listed.last_used_at).toBe(h.clock.now().toISOString());
    h.clock.advance(61_000);
    expect((await h.call("/api/v1/projects", created.token)).status).toBe(200);
    expect(await uses()).toHaveLength(2);
    const [use] = await uses();
    expect(use).toMatchObject({ user_email: "ann@acme.test" });
    expect(JSON.stringify(await auditActions())).not.toContain(created.token);
  });
});
