import type { Script } from "@metabuild/contract";
import { apiJson } from "../../../lib/api-client.ts";

/** One script with its body (GET /api/console/metadata/scripts/:id), read when it is opened. */
export function fetchScript(id: number): Promise<Script> {
  return apiJson<Script>(`/api/console/metadata/scripts/${id}`);
}
