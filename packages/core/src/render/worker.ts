import { closeSync, openSync, writeSync } from "node:fs";
import "./server-watch.ts";
import type { InstanceInput, RenderProgram } from "./context.ts";
import { CompiledCache, type WorkerAnswer, answerOf, renderChunk } from "./renderer.ts";

/**
 * A render worker: a child process of the server (see pool.ts for why not a
 * thread) that parses each program once, then renders the chunks it is sent.
 */

// Workers run at the server's own priority. They ran at nice 10 so the API
// thread came first, but nice 10 weighs ~1/10 of a normal process: beside any
// busy process the build got a tenth of a core and took ~10× as long
// (issue 26; docs/performance.md "Build performance").

/**
 * Where the render stands, written in place (job, instance, template as
 * int32) before each template renders: when V8 aborts this process for
 * memory, the pool reads the file to name what was rendering. A positioned
 * write is a cheap syscall and reaches the file even if the process dies next.
 */
const tracePath = process.argv[2];
const traceFd = tracePath ? openSync(tracePath, "w") : undefined;
const traceBuf = new Int32Array(3);
const traceBytes = new Uint8Array(traceBuf.buffer);

const cache = new CompiledCache();

process.on("message", (msg: { job: number; program: RenderProgram; inputs: InstanceInput[] }) => {
  const trace =
    traceFd === undefined
      ? undefined
      : (instance: number, template: number) => {
          traceBuf[0] = msg.job;
          traceBuf[1] = instance;
          traceBuf[2] = template;
          writeSync(traceFd, traceBytes, 0, traceBytes.byteLength, 0);
        };
  const answer: WorkerAnswer = answerOf(msg.job, () =>
    renderChunk(cache, msg.program, msg.inputs, trace),
  );
  process.send?.(answer);
});

// The pool ends a worker with SIGTERM (idle, or closing): exit normally, so
// `--cpu-prof` (NODE_OPTIONS, bench/build's BENCH_PROFILE) writes its profile.
process.on("SIGTERM", () => process.exit(0));

// The server is gone (or closed the pool): nothing is left to render for.
process.on("disconnect", () => {
  if (traceFd !== undefined) closeSync(traceFd);
  process.exit(0);
});
