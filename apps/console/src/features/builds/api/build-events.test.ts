import type { Build, BuildEventData } from "@metabuild/contract";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { applyBuildEvent, buildQueryOptions } from "./get-builds.ts";

const finished = {
  id: 7,
  status: "FINISHED",
  progress: 100,
  message: "Built 1 instance(s) into 1 archive(s)",
  instances: 1,
  build_start: "2026-11-25T10:00:00.000Z",
  build_end: "2026-11-25T10:00:01.000Z",
} as BuildEventData;

describe("applyBuildEvent", () => {
  it("asks again for a build whose first answer is still on its way when it finishes", async () => {
    const client = new QueryClient();
    let release: () => void = () => {};
    const slowFirst = new Promise<void>((r) => {
      release = r;
    });
    let calls = 0;
    const options = {
      ...buildQueryOptions(7),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        calls += 1;
        if (calls === 1) {
          // This answer left the server while the build was still writing its archive.
          await slowFirst;
          signal.throwIfAborted();
          return { id: 7, status: "BUILDING", progress: 90 } as Build;
        }
        return { id: 7, status: "FINISHED", progress: 100 } as Build;
      },
    };
    // The build page's query, as useBuild holds it.
    const observer = new QueryObserver(client, options);
    const stop = observer.subscribe(() => {});
    await Promise.resolve();
    applyBuildEvent(client, finished); // the stream is faster than the first answer
    release();
    for (
      let i = 0;
      i < 50 && client.getQueryData<Build>(options.queryKey)?.status !== "FINISHED";
      i++
    )
      await new Promise((r) => setTimeout(r, 5));
    stop();
    expect(client.getQueryData<Build>(options.queryKey)?.status).toBe("FINISHED");
  });
});
