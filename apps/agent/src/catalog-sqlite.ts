import { existsSync } from "node:fs";
import { Worker } from "node:worker_threads";
import type { Catalog } from "@metabuild/contract/agent-protocol";

/**
 * Reads a SQLite file's catalog in the SQLite worker thread (read-only, so a
 * harvest can never change the source), keeping the agent's heartbeats going.
 */
export async function readSqliteCatalog(
  file: string,
  signal?: AbortSignal,
  sourceName?: string,
): Promise<Catalog> {
  signal?.throwIfAborted();
  // The message reaches the harvest log, which viewers read: the source's
  // name, never the file's place on the agent's host (docs/harvesting.md).
  if (!existsSync(file))
    throw new Error(
      `The SQLite file of ${sourceName === undefined ? "the source" : `source '${sourceName}'`} does not exist`,
    );
  const worker = new Worker(new URL("./sqlite-worker.js", import.meta.url), {
    workerData: { file, mode: "catalog" },
  });
  let abort = () => {};
  try {
    return await new Promise<Catalog>((resolve, reject) => {
      worker.on("message", (m: { type: string; catalog?: Catalog; message?: string }) => {
        if (m.type === "done" && m.catalog) resolve(m.catalog);
        else if (m.type === "error") reject(new Error(m.message));
      });
      worker.on("error", reject);
      worker.on("exit", (code) =>
        reject(new Error(`The SQLite worker stopped (exit code ${code})`)),
      );
      abort = () => {
        void worker.terminate();
        reject(signal?.reason ?? new Error("Aborted"));
      };
      signal?.addEventListener("abort", abort, { once: true });
    });
  } finally {
    signal?.removeEventListener("abort", abort);
  }
}
