/**
 * bench/lineage: the lineage graph (docs/lineage.md) on 100,000 instances with
 * 200,000 edges, through the real app in this process (SQLite in memory,
 * builds' renderer inline). Prints, each with its goal (issue 24) and a
 * same-run reference:
 *   (a) the whole-project graph answer (GET /api/v1/lineage?project=P),
 *       next to reading the same edges straight from the store;
 *   (b) the p99 of one LNK's upstream (GET …&instance_id=N&direction=upstream);
 *   (c) the impact (dry run) of a folder variable value reaching 1,000 HUBs
 *       (PUT /api/console/variable_values?dry_run=true), next to the same
 *       instances rendered once;
 *   (d) the console's graph of 5,000 nodes, first render in Chromium
 *       (bench/lineage/browser.ts).
 *
 *   npx tsx bench/lineage/main.ts     BENCH_INSTANCES=N for a quick look
 */
import { loadavg } from "node:os";
import type { LineageGraph, LineageImpact } from "@metabuild/contract";
import { type Db, insertReferenceRows, projectLineageEdges, schema } from "@metabuild/db";
import { createHarness, seedBasic } from "@metabuild/server/testing/harness";
import { instanceFixture } from "@metabuild/server/testing/instances-fixture";
import { firstRenderMs } from "./browser.ts";

const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 100_000);
const PER_FOLDER = 1000;
const FOLDERS = Math.max(4, Math.round(INSTANCES / PER_FOLDER));
const QUARTER = PER_FOLDER / 4;
const PATTERNS = ["STG", "HUB", "LNK", "SAT"] as const;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

/**
 * 100 folders `/aAA/fF` in areas of four; each folder 250 instances of each
 * pattern. A HUB references 2 STGs, a LNK 3 HUBs, a SAT 3 HUBs (one at
 * column level), all in its folder: 8 edges per 4 instances, 200,000 in all.
 */
async function seedGraph(db: Db) {
  const seed = await seedBasic(db);
  const fx = instanceFixture(db, seed.acme.id);
  const patterns = new Map<string, number>();
  for (const name of PATTERNS) {
    const p = await fx.pattern(name, { properties: [{ name: "COLUMN" }, { name: "SOURCE" }] });
    patterns.set(name, p.id);
    await db.insert(schema.templates).values({
      patternId: p.id,
      path: "{{ instance.name }}.sql",
      body:
        name === "HUB"
          ? "CREATE TABLE {{ vars.TARGET_SCHEMA }}.{{ instance.name }} (id INTEGER);\nINSERT INTO {{ vars.TARGET_SCHEMA }}.{{ instance.name }} SELECT id FROM stage;\n"
          : "-- {{ instance.name }}\n",
      posNo: 1,
    });
  }
  const hub = patterns.get("HUB") as number;
  await db
    .insert(schema.variableDefinitions)
    .values({ patternId: hub, name: "TARGET_SCHEMA", defaultValue: "raw" });
  const ids: Record<string, number[]>[] = [];
  for (let f = 0; f < FOLDERS; f++) {
    const folder = `/a${String(Math.floor(f / 4)).padStart(2, "0")}/f${f}`;
    const folderId = await fx.folder(seed.dwh.id, folder);
    const byPattern: Record<string, number[]> = {};
    for (const name of PATTERNS) {
      const values = Array.from({ length: QUARTER }, (_, k) => ({
        customerId: seed.acme.id,
        projectId: seed.dwh.id,
        patternId: patterns.get(name) as number,
        instanceFolderId: folderId,
        name: `${name}_${f}_${k}`,
      }));
      const rows = [];
      for (let at = 0; at < values.length; at += 250)
        rows.push(
          ...(await db
            .insert(schema.instances)
            .values(values.slice(at, at + 250))
            .returning({ id: schema.instances.id })),
        );
      byPattern[name] = rows.map((r) => r.id);
    }
    ids.push(byPattern);
  }
  const refs = [];
  for (const byPattern of ids) {
    const [stg, hubs, lnk, sat] = PATTERNS.map((p) => byPattern[p] as number[]);
    const ref = (source: number, target: number, posNo: number, targetRow?: string) => ({
      projectId: seed.dwh.id,
      sourceInstanceId: source,
      property: "SOURCE",
      sourcePosNo: posNo,
      targetInstanceId: target,
      targetRow: targetRow ?? null,
    });
    for (let k = 0; k < QUARTER; k++) {
      const at = (n: number) => (k + n) % QUARTER;
      refs.push(ref(hubs[k], stg[k], 1), ref(hubs[k], stg[at(1)], 2));
      refs.push(ref(lnk[k], hubs[k], 1), ref(lnk[k], hubs[at(7)], 2), ref(lnk[k], hubs[at(13)], 3));
      refs.push(
        ref(sat[k], hubs[k], 1, "ID"),
        ref(sat[k], hubs[at(3)], 2),
        ref(sat[k], hubs[at(11)], 3),
      );
    }
  }
  await insertReferenceRows(db, refs);
  return { seed, ids, edges: refs.length };
}

const h = createHarness({ buildWorkers: 0 });
const seeding = await timed(() => seedGraph(h.db));
const { seed, ids, edges } = seeding.value;
const token = await h.token("ann@acme.test");
console.log(
  `bench/lineage: ${FOLDERS * PER_FOLDER} instances, ${edges} edges (seeded in ${(seeding.ms / 1000).toFixed(1)} s), load ${loadavg()[0].toFixed(1)}`,
);

// (a) The whole project's graph.
const whole: number[] = [];
let size = 0;
let nodes = 0;
for (let i = 0; i < 5; i++) {
  const r = await timed(async () => {
    const res = await h.call("/api/v1/lineage?project=DWH", token);
    const text = await res.text();
    size = text.length;
    return JSON.parse(text) as LineageGraph;
  });
  whole.push(r.ms);
  nodes = r.value.nodes.length;
}
const raw: number[] = [];
for (let i = 0; i < 5; i++)
  raw.push((await timed(() => projectLineageEdges(h.db, seed.dwh.id))).ms);
const wholeMs = percentile(whole, 50);
console.log(
  `(a) whole-project graph: ${wholeMs.toFixed(0)} ms median of 5 (${nodes} nodes, ${(size / 1e6).toFixed(1)} MB), goal < 1000 ms: ${wholeMs < 1000 ? "met" : "NOT met"}; reading the edges alone ${percentile(raw, 50).toFixed(0)} ms (×${(wholeMs / percentile(raw, 50)).toFixed(1)})`,
);

// (b) Upstream of one LNK, 300 different ones.
const upstream: number[] = [];
for (let i = 0; i < 300; i++) {
  const f = ids[(i * 37) % ids.length] as Record<string, number[]>;
  const lnk = (f.LNK as number[])[(i * 13) % QUARTER];
  const r = await timed(
    async () =>
      await h.call(`/api/v1/lineage?project=DWH&instance_id=${lnk}&direction=upstream`, token),
  );
  if (r.value.status !== 200) throw new Error(`upstream answered ${r.value.status}`);
  await r.value.arrayBuffer();
  upstream.push(r.ms);
}
const p99 = percentile(upstream, 99);
console.log(
  `(b) upstream of one instance: p99 ${p99.toFixed(1)} ms (p50 ${percentile(upstream, 50).toFixed(1)} ms, 300 requests), goal < 50 ms: ${p99 < 50 ? "met" : "NOT met"}`,
);

// (c) Impact of a folder value on the 1,000 HUBs of area /a00 (and their 2,000 LNK/SAT downstream).
const impactBody = {
  project: "DWH",
  pattern: "HUB",
  variable: "TARGET_SCHEMA",
  folder: "/a00",
  value: "vault",
};
const impacts: number[] = [];
let impact: LineageImpact | undefined;
for (let i = 0; i < 3; i++) {
  const r = await timed(async () => {
    const res = await h.call("/api/console/variable_values?dry_run=true", token, {
      method: "PUT",
      body: JSON.stringify(impactBody),
    });
    if (res.status !== 200) throw new Error(`impact answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as LineageImpact;
  });
  impacts.push(r.ms);
  impact = r.value;
}
const impactMs = percentile(impacts, 50);
console.log(
  `(c) impact of a folder value: ${impactMs.toFixed(0)} ms median of 3 (${impact?.changed.length} instances change), goal < 2000 ms: ${impactMs < 2000 ? "met" : "NOT met"}`,
);

// (d) The console's drawing of 5,000 nodes.
const area = (await (await h.call(`/api/v1/lineage?project=DWH`, token)).json()) as LineageGraph;
const some = new Set(area.nodes.slice(0, 5000).map((n) => n.id));
const graph5k: LineageGraph = {
  nodes: area.nodes.filter((n) => some.has(n.id)),
  edges: area.edges.filter((e) => some.has(e.from) && some.has(e.to)),
};
const renders = await firstRenderMs(graph5k, 3);
const renderMs = percentile(renders, 50);
console.log(
  `(d) console graph of ${graph5k.nodes.length} nodes, ${graph5k.edges.length} edges: first render ${renderMs.toFixed(0)} ms median of 3 (${renders.map((r) => r.toFixed(0)).join(", ")}), goal < 1000 ms: ${renderMs < 1000 ? "met" : "NOT met"}`,
);
process.exit(0);
