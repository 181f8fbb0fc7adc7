import type { BuildEventData } from "@metabuild/contract";
import { revokeToken, runStatement } from "@metabuild/db";
import { sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { beforeEach, describe, expect, it } from "vitest";
import { buildClient } from "../../testing/build-client.ts";
import { type BuildCatalog, seedBuildCatalog } from "../../testing/builds-fixture.ts";
import { type SseEvent, openEventStream } from "../../testing/event-stream.ts";
import { type Harness, createHarness, seedBasic } from "../../testing/harness.ts";

/**
 * Issue 12 item 9: an open event stream ends within seconds of its session
 * ending (sign-out, user disabled, grant removed), and carries no build event
 * of that project after it. The bound is the "within seconds": the
 * stream is told at once when this server made the change, and checks the
 * store every few seconds for changes made elsewhere; 5 s leaves a margin.
 */
const ENDS_WITHIN_MS = 5000;

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let cat: BuildCatalog;
let client: ReturnType<typeof buildClient>;
let ann: string;
let admin: string;

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  cat = await seedBuildCatalog(h.db, seed);
  client = buildClient(h);
  [ann, admin] = await Promise.all([h.token("ann@acme.test"), h.token("admin@acme.test")]);
});

const dwhBuilds = (events: SseEvent[]) =>
  events.filter(
    (e) => e.event.startsWith("build.") && (e.data as BuildEventData).project_id === seed.dwh.id,
  );

/** Opens ann's stream, runs `end`, then a DWH build: the stream must end without showing it. */
async function expectStreamEnds(end: () => Promise<unknown>) {
  const stream = await openEventStream(h, ann);
  await stream.sync(seed.acme.id);
  await end();
  await client.build(admin, { instances: [{ id: cat.order.id }] });
  const { ended, events } = await stream.rest(ENDS_WITHIN_MS);
  await stream.close();
  expect(ended).toBe(true);
  expect(dwhBuilds(events)).toEqual([]);
}

describe("event stream: the session ends", () => {
  it("ends on sign-out of its token", async () => {
    await expectStreamEnds(async () => {
      expect((await h.call("/authentication", ann, { method: "DELETE" })).status).toBe(200);
    });
  });

  it("ends when an admin disables the user", async () => {
    await expectStreamEnds(async () => {
      const res = await h.call(`/api/console/admin/users/${seed.ann.id}`, admin, {
        method: "PATCH",
        body: JSON.stringify({ disabled: true }),
      });
      expect(res.status).toBe(200);
    });
  });

  it("ends when an admin removes the user's access to a project", async () => {
    await expectStreamEnds(async () => {
      const res = await h.call("/api/console/admin/grants", admin, {
        method: "PUT",
        body: JSON.stringify({
          user_id: seed.ann.id,
          project_id: seed.dwh.id,
          permission: "access",
          granted: false,
        }),
      });
      expect(res.status).toBe(200);
    });
    // The console reconnects and then sees only what it may: no DWH builds.
    const again = await openEventStream(h, ann);
    await client.build(admin, { instances: [{ id: cat.order.id }] });
    const seen = await again.sync(seed.acme.id);
    await again.close();
    expect(dwhBuilds(seen)).toEqual([]);
  });

  it("ends when another process signs the token out or disables the user in the store", async () => {
    // No signal from this server's services: only the store changed (the CLI, a second server).
    await expectStreamEnds(async () => {
      const { jti, exp } = decodeJwt(ann);
      await revokeToken(h.db, String(jti), Number(exp));
    });
    ann = await h.token("ann@acme.test");
    await expectStreamEnds(async () => {
      await runStatement(h.db, sql`update users set disabled = 1 where id = ${seed.ann.id}`);
    });
  }, 20_000);

  it("ends within seconds when the store says so and nothing else happens", async () => {
    const stream = await openEventStream(h, ann);
    await stream.sync(seed.acme.id);
    await runStatement(h.db, sql`update users set disabled = 1 where id = ${seed.ann.id}`);
    const { ended } = await stream.rest(ENDS_WITHIN_MS);
    await stream.close();
    expect(ended).toBe(true);
  });

  it("ends within seconds when its token expires", async () => {
    const stream = await openEventStream(h, ann);
    await stream.sync(seed.acme.id);
    h.clock.advance((h.deps.config.tokenTtl + 1) * 1000);
    const { ended } = await stream.rest(ENDS_WITHIN_MS);
    await stream.close();
    expect(ended).toBe(true);
  });

  it("keeps other sessions' streams open, the same user's other sessions too", async () => {
    const other = await openEventStream(h, await h.token("ann@acme.test"));
    const bob = await openEventStream(h, await h.token("bob@acme.test"));
    await Promise.all([other.sync(seed.acme.id), bob.sync(seed.acme.id)]);
    expect((await h.call("/authentication", ann, { method: "DELETE" })).status).toBe(200);
    const { build } = await client.build(admin, { instances: [{ id: cat.order.id }] });
    for (const stream of [other, bob]) {
      const seen = await stream.sync(seed.acme.id);
      expect(dwhBuilds(seen).map((e) => (e.data as BuildEventData).id)).toContain(build.id);
      await stream.close();
    }
  });
});
