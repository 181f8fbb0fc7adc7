import { isPostgres, tablesOf } from "@metabuild/db";
import bcrypt from "bcryptjs";
import { describe, expect, it, vi } from "vitest";
import { buildClient } from "../testing/build-client.ts";
import { seedBuildCatalog } from "../testing/builds-fixture.ts";
import { openEventStream } from "../testing/event-stream.ts";
import { createHarness, seedBasic } from "../testing/harness.ts";
import { seedInstanceCatalog } from "../testing/instances-fixture.ts";
import { uploadForm, workbook } from "../testing/workbooks.ts";
import { WAIT } from "../testing/wait.ts";

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
    const seed = await seedBasic(h.db);
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
    const seed = await seedBasic(h.db);
    const cat = await seedBuildCatalog(h.db, seed);
    const ann = await h.token(seed.ann.email);
    await buildClient(h).build(ann, { instances: [{ id: cat.customer.id }] });
    const text = await (await scrape(h)).text();
    expect(sample(text, "metabuild_builds_total", 'status="FINISHED"')).toBe(1);
    expect(sample(text, "metabuild_build_instances_rendered_total")).toBe(1);
    expect(sample(text, "metabuild_build_duration_seconds_count", 'status="FINISHED"')).toBe(1);
  });

  it("counts metadata executions by status, and spreadsheet uploads by outcome", async () => {
    const h = createHarness();
    const seed = await seedBasic(h.db);
    await seedInstanceCatalog(h.db, seed, h.clock.now());
    const ann = await h.token(seed.ann.email);
    const sql = (statement: string) =>
      h.call("/api/v1/metadata", ann, {
        method: "POST",
        body: JSON.stringify({ project_id: seed.dwh.id, statement }),
      });
    await sql("SELECT 1");
    await sql("SELECT * FROM no_such_table");
    const book = await workbook({
      S: [
        ["INSTANCE", "PATTERN", "COLUMN"],
        ["NEW_ONE", "HUB", "a"],
      ],
    });
    const upload = (form: FormData) =>
      h.call("/api/v1/instances", ann, { method: "POST", body: form });
    expect((await upload(uploadForm(book, { project: "DWH" }))).status).toBe(201);
    expect((await upload(uploadForm(null, { project: "DWH" }))).status).toBe(400);
    const text = await (await scrape(h)).text();
    expect(sample(text, "metabuild_sql_executions_total", 'status="FINISHED"')).toBe(1);
    expect(sample(text, "metabuild_sql_executions_total", 'status="ERROR"')).toBe(1);
    expect(sample(text, "metabuild_sql_execution_duration_seconds_count")).toBe(2);
    expect(sample(text, "metabuild_uploads_total", 'outcome="ok"')).toBe(1);
    expect(sample(text, "metabuild_uploads_total", 'outcome="failed"')).toBe(1);
  });

  it("shows the console event streams open now", async () => {
    const h = createHarness();
    const seed = await seedBasic(h.db);
    const stream = await openEventStream(h, await h.token(seed.ann.email));
    await stream.next(200);
    expect(sample(await (await scrape(h)).text(), "metabuild_event_streams_open")).toBe(1);
    await stream.close();
    let open: number | undefined = 1;
    for (let k = 0; k < 100 && open !== 0; k++) {
      await new Promise((r) => setTimeout(r, 20));
      open = sample(await (await scrape(h)).text(), "metabuild_event_streams_open");
    }
    expect(open).toBe(0);
  });

  it("shows the agents signed in now", async () => {
    const h = createHarness();
    const seed = await seedBasic(h.db);
    await h.db.insert(tablesOf(h.db).agents).values({
      customerId: seed.acme.id,
      name: "a1",
      agentId: "uuid-a1",
      secretHash: bcrypt.hashSync("agent-secret-1", 4),
    });
    const agentsOnline = async () =>
      sample(await (await scrape(h)).text(), "metabuild_agents_online");
    expect(await agentsOnline()).toBe(0);
    const sent: string[] = [];
    const session = h.services.agentHub.open({ send: (t) => sent.push(t), close() {} });
    session.receive(
      JSON.stringify({ type: "hello", agent_id: "uuid-a1", secret: "agent-secret-1" }),
    );
    await vi.waitFor(() => expect(sent.length).toBeGreaterThan(0), WAIT);
    expect(await agentsOnline()).toBe(1);
    h.services.agentHub.closeAll();
    expect(await agentsOnline()).toBe(0);
  });

  it("needs METABUILD_METRICS_TOKEN as a bearer token when it is set", async () => {
    const h = createHarness({ metricsToken: TOKEN });
    const none = await scrape(h);
    expect(none.status).toBe(401);
    expect(((await none.json()) as { name: string }).name).toBe("NotAuthenticated");
    expect((await scrape(h, "wrong-token")).status).toBe(401);
    // A user's token is no scrape token either.
    const seed = await seedBasic(h.db);
    expect((await scrape(h, await h.token(seed.ann.email))).status).toBe(401);
    const ok = await scrape(h, TOKEN);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("metabuild_http_request_duration_seconds");
  });
});

describe("/metrics: agent runs, builds in progress, the store's pool, child processes", () => {
  it("counts deployments and harvests that ended, by outcome, with their durations", async () => {
    const h = createHarness();
    const run = (status: string, started: string | null) => ({
      status,
      created_at: "2026-11-29T10:00:00.000Z",
      started_at: started,
      finished_at: status === "RUNNING" ? null : "2026-11-29T10:00:30.000Z",
    });
    const publish = (type: string, field: string, body: object) =>
      h.services.events.publish({ type, customerId: 1, projectId: 1, [field]: body });
    publish(
      "build_deployment.status",
      "build_deployment",
      run("RUNNING", "2026-11-29T10:00:10.000Z"),
    );
    publish(
      "build_deployment.status",
      "build_deployment",
      run("SUCCEEDED", "2026-11-29T10:00:10.000Z"),
    );
    publish("build_deployment.status", "build_deployment", run("FAILED", null));
    publish("harvest_run.status", "harvest_run", run("SUCCEEDED", "2026-11-29T10:00:00.000Z"));
    const text = await (await scrape(h)).text();
    const runs = (kind: string, status: string) => `kind="${kind}",status="${status}"`;
    expect(sample(text, "metabuild_agent_runs_total", runs("deployment", "SUCCEEDED"))).toBe(1);
    expect(sample(text, "metabuild_agent_runs_total", runs("deployment", "FAILED"))).toBe(1);
    expect(
      sample(text, "metabuild_agent_runs_total", runs("deployment", "RUNNING")),
    ).toBeUndefined();
    expect(sample(text, "metabuild_agent_runs_total", runs("harvest", "SUCCEEDED"))).toBe(1);
    // Started 10:00:10, ended 10:00:30; a run never started counts from its creation.
    expect(
      sample(text, "metabuild_agent_run_duration_seconds_sum", runs("deployment", "SUCCEEDED")),
    ).toBe(20);
    expect(
      sample(text, "metabuild_agent_run_duration_seconds_sum", runs("deployment", "FAILED")),
    ).toBe(30);
    expect(
      sample(text, "metabuild_agent_run_duration_seconds_sum", runs("harvest", "SUCCEEDED")),
    ).toBe(30);
  });

  it("shows the builds in progress, and the PostgreSQL pool's connections on PostgreSQL only", async () => {
    const h = createHarness();
    await seedBasic(h.db);
    const text = await (await scrape(h)).text();
    expect(sample(text, "metabuild_builds_in_progress")).toBe(0);
    const total = sample(text, "metabuild_postgres_pool_connections", 'state="total"');
    if (isPostgres(h.db)) {
      expect(total).toBeGreaterThanOrEqual(1);
      expect(sample(text, "metabuild_postgres_pool_connections", 'state="waiting"')).toBe(0);
    } else expect(total).toBeUndefined();
  });

  it("sums the resident memory of the render workers and SQL executors", async () => {
    const h = createHarness({ buildWorkers: 1 });
    try {
      const seed = await seedBasic(h.db);
      const cat = await seedBuildCatalog(h.db, seed);
      const ann = await h.token(seed.ann.email);
      await buildClient(h).build(ann, { instances: [{ id: cat.customer.id }] });
      await h.call("/api/v1/metadata", ann, {
        method: "POST",
        body: JSON.stringify({ project_id: seed.dwh.id, statement: "SELECT 1" }),
      });
      const text = await (await scrape(h)).text();
      const memory = (kind: string) =>
        sample(text, "metabuild_child_process_resident_bytes", `kind="${kind}"`) ?? 0;
      // A worker process holds at least a few MiB.
      expect(memory("render_worker")).toBeGreaterThan(4 * 1024 * 1024);
      // The executors are listed too (the in-memory test store runs its SQL in this process).
      expect(
        sample(text, "metabuild_child_process_resident_bytes", 'kind="sql_executor"'),
      ).toBeGreaterThanOrEqual(0);
    } finally {
      await h.services.renderer.close();
    }
  });
});
