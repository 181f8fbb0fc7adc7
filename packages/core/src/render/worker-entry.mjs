// A render worker process is started without the server's loader flags, so
// it registers tsx itself and then loads the TypeScript worker.
import { register } from "tsx/esm/api";

register();
// Watch the server first: loading the renderer takes seconds on a busy machine.
await import(new URL("./server-watch.ts", import.meta.url).href);
await import(new URL("./worker.ts", import.meta.url).href);
