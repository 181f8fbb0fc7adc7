// Node 20 does not pass `--import tsx` on to worker threads, so the worker
// registers tsx itself and then loads the TypeScript worker.
import { register } from "tsx/esm/api";

register();
await import(new URL("./worker.ts", import.meta.url).href);
