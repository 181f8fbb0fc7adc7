// A render worker process is started without the server's loader flags, so
// it registers tsx itself and then loads the TypeScript worker.
import { register } from "tsx/esm/api";

register();
await import(new URL("./worker.ts", import.meta.url).href);
