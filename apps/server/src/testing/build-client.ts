import type { Build, BuildCreateResponse } from "@metabuild/contract";
import { readArchive } from "@metabuild/core";
import type { Harness } from "./harness.ts";

/** Small helpers for tests that start builds and read their archives through the API. */
export function buildClient(h: Harness) {
  async function start(token: string, body: Record<string, unknown>) {
    const res = await h.call("/api/v1/builds", token, {
      method: "POST",
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as BuildCreateResponse & { message?: string },
    };
  }

  /** Starts with `wait: true` and expects 201. */
  async function build(token: string, body: Record<string, unknown>) {
    const res = await start(token, { project: "DWH", wait: true, ...body });
    if (res.status !== 201)
      throw new Error(`build answered ${res.status}: ${JSON.stringify(res.body)}`);
    return { build: res.body.build as Build, warnings: res.body.warnings };
  }

  async function get(token: string, id: number): Promise<Build> {
    return (await (await h.call(`/api/v1/builds/${id}`, token)).json()) as Build;
  }

  /** Polls GET /api/v1/builds/:id until the build has ended. */
  async function settled(token: string, id: number): Promise<Build> {
    for (;;) {
      const b = await get(token, id);
      if (b.status !== "BUILDING") return b;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async function download(token: string, id: number) {
    const res = await h.call(`/api/v1/downloads/${id}`, token);
    return { res, data: Buffer.from(await res.arrayBuffer()) };
  }

  /** The files of a build's archive of `pattern`, as text by path. */
  async function files(token: string, b: Build, pattern = "HUB"): Promise<Map<string, string>> {
    const d = b.downloads.find((x) => x.pattern === pattern);
    if (!d) throw new Error(`build ${b.id} has no ${pattern} archive`);
    const { data } = await download(token, d.id);
    const out = new Map<string, string>();
    for (const [path, content] of await readArchive(data)) out.set(path, content.toString("utf8"));
    return out;
  }

  return { start, build, get, settled, download, files };
}

export type BuildClient = ReturnType<typeof buildClient>;
