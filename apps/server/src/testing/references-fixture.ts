import type { InstanceEditing, PatternAuthoring } from "@metabuild/contract";
import { schema } from "@metabuild/db";
import { expect } from "vitest";
import type { Harness } from "./harness.ts";

/** LNK: HUB_REF may point to HUB only, ANY_REF to HUB or SAT (docs/lineage.md). */
export const LNK = {
  name: "LNK",
  properties: [
    { name: "COLUMN_NAME", datatype: "string", required: true },
    { name: "HUB_REF", datatype: "reference", references: ["HUB"] },
    { name: "ANY_REF", datatype: "reference", references: ["HUB", "SAT"] },
  ],
};

/** Reference helpers over seedBuildCatalog (HUB, SAT): LNK created through the pattern API. */
export function referenceHelpers(
  h: () => Harness,
  tokens: () => { admin: string; ann: string },
  projectId: () => number,
) {
  const send = (method: string, path: string, token: string | undefined, body?: unknown) =>
    h().call(path, token, { method, body: body === undefined ? undefined : JSON.stringify(body) });

  async function lnkPattern(): Promise<number> {
    const existing = (await h().db.select().from(schema.patterns)).find((p) => p.name === "LNK");
    if (existing) return existing.id;
    const res = await send("POST", "/api/console/patterns", tokens().admin, LNK);
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as PatternAuthoring).pattern.id;
  }

  async function editing(id: number, token = tokens().ann): Promise<InstanceEditing> {
    const res = await h().call(`/api/console/instances/${id}/editing`, token);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as InstanceEditing;
  }

  /** A LNK instance in /links saved with these rows through the console API. */
  async function lnkWith(rows: Record<string, string | null>[], name = "L1"): Promise<number> {
    const created = await send("POST", "/api/console/instances", tokens().ann, {
      project_id: projectId(),
      pattern_id: await lnkPattern(),
      folder: "/links",
      name,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { instance_id: id, version } = (await created.json()) as InstanceEditing;
    const saved = await send("PUT", `/api/console/instances/${id}/rows`, tokens().ann, {
      rows,
      base_version: version,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    return id;
  }

  return { send, lnkPattern, editing, lnkWith };
}
