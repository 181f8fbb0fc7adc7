import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import type { InstanceInput, RenderProgram } from "./context.ts";
import { CompiledCache, answerOf, renderChunk } from "./renderer.ts";

/**
 * Renders yield to the server's main thread, which answers the API while a
 * build runs: on Linux each thread is a task whose nice value can be raised
 * without privileges. Elsewhere (no /proc/thread-self) nothing changes.
 */
function yieldToMainThread(): void {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
  } catch {
    // Not Linux, or not permitted: the process's priority serves as well.
  }
}
yieldToMainThread();

/** A render worker: parses each program once, then renders the chunks it is sent. */
const cache = new CompiledCache();

parentPort?.on(
  "message",
  (msg: { job: number; program: RenderProgram; inputs: InstanceInput[] }) => {
    const answer = answerOf(msg.job, () => renderChunk(cache, msg.program, msg.inputs));
    // Hand the file bytes over instead of copying them.
    const transfer = new Set<ArrayBuffer>();
    if (answer.ok)
      for (const r of answer.results)
        for (const f of r.files) transfer.add(f.data.buffer as ArrayBuffer);
    parentPort?.postMessage(answer, [...transfer]);
  },
);
