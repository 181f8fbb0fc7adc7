import type { BuildEventData } from "@metabuild/contract";
import { beforeEach, describe, expect, it } from "vitest";
import { EventFeed } from "../../services/events.ts";
import { buildClient } from "../../testing/build-client.ts";
import { type BuildCatalog, seedBuildCatalog, seedManyHubs } from "../../testing/builds-fixture.ts";
import { type SseEvent, openEventStream } from "../../testing/event-stream.ts";
import { type Harness, createHarness, seedBasic } from "../../testing/harness.ts";

let h: Harness;
let seed: Awaited<ReturnType<typeof seedBasic>>;
let cat: BuildCatalog;
let ann: string;
let bob: string;
let eve: string;
let admin: string;
let client: ReturnType<typeof buildClient>;

beforeEach(async () => {
  h = createHarness();
  seed = await seedBasic(h.db);
  cat = await seedBuildCatalog(h.db, seed);
  client = buildClient(h);
  [ann, bob, eve, admin] = await Promise.all([
    h.token("ann@acme.test"),
    h.token("bob@acme.test"),
    h.token("eve@globex.test"),
    h.token("admin@acme.test"),
  ]);
});

/** The shared reader, failing instead of waiting when the stream ends or stalls. */
async function openStream(token: string, query = "") {
  const stream = await openEventStream(h, token, query);
  async function next(): Promise<SseEvent> {
    const e = await stream.next(30_000);
    if (!e) throw new Error("the stream ended or stalled");
    return e;
  }
  /** Events up to and including the first one `until` accepts. */
  async function collect(until: (e: SseEvent) => boolean): Promise<SseEvent[]> {
    const seen: SseEvent[] = [];
    for (;;) {
      const e = await next();
      seen.push(e);
      if (until(e)) return seen;
    }
  }
  return { res: stream.res, next, collect, close: stream.close };
}

const buildEvent = (e: SseEvent) => e.data as BuildEventData;

describe("event stream: happy path", () => {
  it("streams a build's progress up to 100 and its final status", async () => {
    await seedManyHubs(h.db, cat, seed.dwh.id, 300);
    const stream = await openStream(ann);
    expect(stream.res.headers.get("Content-Type")).toBe("text/event-stream");
    const started = await client.start(ann, {
      project: "DWH",
      instances: [{ pattern: "HUB", folder: "/bulk", name: "*" }],
    });
    const id = started.body.build.id;
    const events = await stream.collect(
      (e) =>
        e.event === "build.status" &&
        buildEvent(e).id === id &&
        buildEvent(e).status !== "BUILDING",
    );
    await stream.close();
    const mine = events.filter((e) => buildEvent(e).id === id).map(buildEvent);
    const progress = mine.map((b) => b.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(mine.at(-1)).toMatchObject({
      id,
      status: "FINISHED",
      progress: 100,
      instances: 300,
      project_id: seed.dwh.id,
    });
  }, 30_000);

  it("starts with the current state for a late subscriber", async () => {
    const { build } = await client.build(ann, { instances: [{ id: cat.order.id }] });
    const stream = await openStream(bob, `?build_id=${build.id}`);
    const first = await stream.next();
    await stream.close();
    expect(first.event).toBe("build.status");
    expect(first.data).toMatchObject({
      id: build.id,
      status: "FINISHED",
      progress: 100,
      message: expect.stringContaining("Built 1"),
    });
  });

  it("serves many builds on one stream", async () => {
    const stream = await openStream(ann);
    const a = await client.start(ann, { project: "DWH", instances: [{ id: cat.order.id }] });
    const b = await client.start(ann, { project: "DWH", instances: [{ id: cat.customer.id }] });
    const finished = new Set<number>();
    await stream.collect((e) => {
      if (e.event === "build.status" && buildEvent(e).status === "FINISHED")
        finished.add(buildEvent(e).id);
      return finished.has(a.body.build.id) && finished.has(b.body.build.id);
    });
    await stream.close();
    expect(finished.size).toBe(2);
  });
});

describe("event stream: errors", () => {
  it("answers 405 for other methods and 400 for a bad build_id", async () => {
    expect((await h.call("/api/console/events", ann, { method: "POST", body: "{}" })).status).toBe(
      405,
    );
    expect((await h.call("/api/console/events?build_id=abc", ann)).status).toBe(400);
  });
});

describe("event stream: security", () => {
  it("refuses a request without a token", async () => {
    expect((await h.call("/api/console/events")).status).toBe(401);
  });

  it("never shows another customer's builds, nor projects the user may not read", async () => {
    const eveStream = await openStream(eve);
    const annStream = await openStream(ann);
    await client.build(ann, { instances: [{ id: cat.order.id }] });
    await client.build(admin, { project: "LAKE", instances: [{ id: cat.lakeHub.id }] });
    // A marker after the builds: whatever leaked would have come before it.
    h.services.events.publish({ type: "test.marker", customerId: seed.other.id });
    h.services.events.publish({ type: "test.marker", customerId: seed.acme.id });
    const seenByEve = await eveStream.collect((e) => e.event === "test.marker");
    const seenByAnn = await annStream.collect((e) => e.event === "test.marker");
    await Promise.all([eveStream.close(), annStream.close()]);
    expect(seenByEve.map((e) => e.event)).toEqual(["test.marker"]);
    const annProjects = new Set(
      seenByAnn.filter((e) => e.event.startsWith("build.")).map((e) => buildEvent(e).project_id),
    );
    expect([...annProjects]).toEqual([seed.dwh.id]);
    // A late subscriber cannot ask for a foreign build's state either.
    const late = await openStream(eve, `?build_id=1`);
    h.services.events.publish({ type: "test.marker", customerId: seed.other.id });
    expect((await late.next()).event).toBe("test.marker");
    await late.close();
  });
});

describe("event feed", () => {
  it("keeps only the latest state of each build and drops other tenants' events", async () => {
    const feed = new EventFeed(1, async (projectId) => projectId === 10);
    const progress = (p: number, projectId = 10) => ({
      type: "build.progress",
      customerId: 1,
      projectId,
      build: { id: 5, progress: p },
    });
    feed.offer(progress(10));
    feed.offer(progress(20));
    feed.offer({ type: "agent.online", customerId: 1, agent: 3 });
    feed.offer({ ...progress(30), customerId: 2 });
    feed.offer(progress(40, 11));
    feed.offer({ type: "untagged" });
    const batch = await feed.next(1000);
    expect(batch.map((e) => e.type)).toEqual(["build.progress", "agent.online"]);
    expect((batch[0].build as { progress: number }).progress).toBe(20);
    feed.close();
    expect(await feed.next(1000)).toEqual([]);
  });
});
