import { parentPort } from "node:worker_threads";
import type { InstanceInput, RenderProgram } from "./context.ts";
import { CompiledCache, answerOf, renderChunk } from "./renderer.ts";

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
