import { afterAll, describe, expect, it } from "vitest";
import type { InstanceInput, RenderProgram } from "./context.ts";
import { RenderError } from "./engine.ts";
import { RenderPool } from "./pool.ts";
import { InlineRenderer } from "./renderer.ts";

const program = (body: string): RenderProgram => ({
  key: `k:${body}`,
  project: { id: 1, name: "DWH" },
  pattern: { id: 7, name: "HUB", type: "SQLITE", vers_no: "1.0" },
  build: { id: 1, description: null },
  header: ["@POS_NO", "C"],
  roles: [],
  templates: [{ path: "{{ instance.name }}.sql", body }],
});

const inputs: InstanceInput[] = Array.from({ length: 50 }, (_, i) => ({
  id: i + 1,
  name: `I${i + 1}`,
  folder: "/",
  release: null,
  labels: [],
  description: null,
  version: 1,
  rowsJson: JSON.stringify([[0, { C: `c${i + 1}` }]]),
  vars: {},
}));

const pool = new RenderPool(2);
afterAll(() => pool.close());

describe("render pool", () => {
  it("renders in worker processes exactly as in this thread", async () => {
    const p = program("{% for r in rows %}{{ r.C }}{% endfor %} of {{ instance.id }}");
    const [a, b] = await Promise.all([
      pool.render(p, inputs.slice(0, 25)),
      pool.render(p, inputs.slice(25)),
    ]);
    const inline = await new InlineRenderer().render(p, inputs);
    const flat = [...a, ...b];
    expect(flat.map((r) => r.instanceId)).toEqual(inputs.map((i) => i.id));
    expect(flat.map((r) => r.files[0].sha256)).toEqual(inline.map((r) => r.files[0].sha256));
    expect(Buffer.from(flat[49].files[0].data).toString()).toBe("c50 of 50");
    // Starting a worker loads tsx and the engine: slow on a busy machine.
  }, 30_000);

  it("reports a template error from a worker as a RenderError", async () => {
    const err = await pool
      .render(program("{% render 'nope' %}"), inputs.slice(0, 1))
      .catch((e) => e);
    expect(err).toBeInstanceOf(RenderError);
    expect((err as RenderError).message).toContain("instance '/I1' (id 1), line 1");
  });

  it("fails only the job that exhausts a worker's memory; queued jobs and later ones render", async () => {
    const small = new RenderPool(1, 64);
    try {
      const hog = {
        ...program(
          "{% capture s %}ab{% endcapture %}{% for i in (1..24) %}{% capture s %}{{ s }}{{ s }}{% endcapture %}{% endfor %}" +
            '{% if instance.id == 3 %}{% assign t = s | replace: "a", "" %}{% endif %}{{ instance.id }}',
        ),
        // No output limit in the way: this is about the heap (docs/builds.md "Render memory").
        outputLimits: { fileBytes: 2 ** 30, totalBytes: 2 ** 30 },
      };
      const fine = program("{{ instance.name }}");
      // One worker: the second job waits in its queue while the first one dies.
      const [dead, queued] = await Promise.allSettled([
        small.render(hog, inputs.slice(0, 5)),
        small.render(fine, inputs.slice(0, 2)),
      ]);
      expect(dead.status).toBe("rejected");
      const err = (dead as PromiseRejectedResult).reason;
      expect(err).toBeInstanceOf(RenderError);
      expect(err.message).toBe(
        "Template rendering ran out of memory (limit 64 MB) in pattern 'HUB', template '{{ instance.name }}.sql', instance '/I3' (id 3)",
      );
      expect(queued.status).toBe("fulfilled");
      const later = await small.render(fine, inputs.slice(5, 6));
      expect(Buffer.from(later[0].files[0].data).toString()).toBe("I6");
    } finally {
      await small.close();
    }
  }, 60_000);

  it("ends a worker left idle for its idle time; the next job starts one again", async () => {
    const brief = new RenderPool(1, 64, 200);
    try {
      const fine = program("{{ instance.name }}");
      await brief.render(fine, inputs.slice(0, 1));
      expect(brief.pids).toHaveLength(1);
      const [first] = brief.pids;
      // Waits for the condition, not a fixed time: the machine may be busy.
      const alive = (pid: number) => {
        try {
          return process.kill(pid, 0);
        } catch {
          return false;
        }
      };
      await expect.poll(() => alive(first), { timeout: 20_000, interval: 50 }).toBe(false);
      expect(brief.pids).toEqual([]);
      const again = await brief.render(fine, inputs.slice(1, 2));
      expect(Buffer.from(again[0].files[0].data).toString()).toBe("I2");
      expect(brief.pids).toHaveLength(1);
    } finally {
      await brief.close();
    }
  }, 60_000);
});
