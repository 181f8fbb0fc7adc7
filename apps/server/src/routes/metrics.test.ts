import { describe, expect, it } from "vitest";
import { buildClient } from "../testing/build-client.ts";
import { seedBuildCatalog } from "../testing/builds-fixture.ts";
import { createHarness, seedBasic } from "../testing/harness.ts";

const TOKEN = "scrape-token-0123456789";

async function scrape(h: ReturnType<typeof createHarness>, auth?: string) {
  const headers: Record<string, string> = auth ? { Authorization: `Bearer ${auth}` } : {};
  return h.app.request("/metrics", { headers });
}

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels = ""): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ""} `));
  return line === undefined ? undefined : Number(line.split(" ").at(-1));
}

describe("/metrics", () => {
  it("answers the Prometheus text format", async () => {
    const h = createHarness();
    const res = await scrape(h);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const name of [
      "metabuild_http_request_duration_seconds",
      "metabuild_builds_total",
      "metabuild_build_duration_seconds",
      "metabuild_build_instances_rendered_total",
      "metabuild_render_queue_depth",
      "metabuild_sql_executions_total",
      "metabuild_sql_execution_duration_seconds",
      "metabuild_uploads_total",
      "metabuild_agents_online",
      "metabuild_event_streams_open",
      "metabuild_store_size_bytes",
    ])
      expect(text).toContain(`# TYPE ${name} `);
  });

  it("counts a request by its route pattern and status", async () => {
    const h = createHarness();
    const seed = seedBasic(h.db);
    const token = await h.token(seed.ann.email);
    await h.call(`/api/v1/projects/${seed.dwh.id}`, token);
    await h.call("/api/v1/projects/999999", token);
    const text = await (await scrape(h)).text();
    const count = "metabuild_http_request_duration_seconds_count";
    expect(sample(text, count, 'method="GET",route="/api/v1/projects/:id",status="200"')).toBe(1);
    expect(sample(text, count, 'method="GET",route="/api/v1/projects/:id",status="404"')).toBe(1);
    expect(text).not.toContain("/api/v1/projects/999999");
  });

  it("counts builds by status with their instances", async () => {
    const h = createHarness();
    const seed = seedBasic(h.db);
    const cat = seedBuildCatalog(h.db, seed);
    const ann = await h.token(seed.ann.email);
    await buildClient(h).build(ann, { instances: [{ id: cat.customer.id }] });
    const text = await (await scrape(h)).text();
    expect(sample(text, "metabuild_builds_total", 'status="FINISHED"')).toBe(1);
    expect(sample(text, "metabuild_build_instances_rendered_total")).toBe(1);
    expect(sample(text, "metabuild_build_duration_seconds_count", 'status="FINISHED"')).toBe(1);
  });

  it("needs METABUILD_METRICS_TOKEN as a bearer token when it is set", async () => {
    const h = createHarness({ metricsToken: TOKEN });
    const none = await scrape(h);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { name: string }).name).toBe("NotAuthenticated");
    expect((await scrape(h, "wrong-token")).status).toBe(401);
    // A user's token is no scrape token either.
    const seed = seedBasic(h.db);
    expect((await scrape(h, await h.token(seed.ann.email))).status).toBe(401);
    const ok = await scrape(h, TOKEN);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("metabuild_http_request_duration_seconds");
  });
});
