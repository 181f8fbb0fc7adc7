import type { Script } from "@metabuild/contract";
import { answer, api } from "../../../lib/api/client.ts";

/** One script with its body, read when it is opened. */
export function fetchScript(id: number): Promise<Script> {
  return answer(api.GET("/console/metadata/scripts/{id}", { params: { path: { id } } }));
}
