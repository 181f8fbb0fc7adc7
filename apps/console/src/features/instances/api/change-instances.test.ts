import { afterEach, describe, expect, it, vi } from "vitest";
import { changeInstances } from "./change-instances.ts";

afterEach(() => vi.unstubAllGlobals());

describe("a bulk change of all matching instances", () => {
  it("sends 1,200 ids as calls the API takes (at most 1,000 each) and joins the outcomes", async () => {
    const calls: { ids: number[]; base_versions: Record<string, number> }[] = [];
    vi.stubGlobal("fetch", async (request: Request) => {
      const body = await request.json();
      calls.push(body);
      const instances = body.ids.map((id: number) => ({
        id,
        name: `I${id}`,
        folder: "/bulk",
        status: "UPDATED",
        version: 2,
      }));
      return new Response(JSON.stringify({ instances }), {
        headers: { "Content-Type": "application/json" },
      });
    });
    const ids = Array.from({ length: 1200 }, (_, i) => i + 1);
    const outcome = await changeInstances({
      project_id: 3,
      ids,
      flags: { deleted: true },
      base_versions: Object.fromEntries(ids.map((id) => [String(id), 1])),
    });
    expect(calls.map((c) => c.ids.length)).toEqual([1000, 200]);
    expect(Object.keys(calls[1]?.base_versions ?? {})).toHaveLength(200);
    expect(outcome.instances).toHaveLength(1200);
  });
});
