import type { QueryClient } from "@tanstack/react-query";
import { invalidate } from "../lib/api/client.ts";

// Shared: instance lists change from several features (instances, the editor, generate).

/** Every instance list and the invalid-names report, after instances changed. */
export function invalidateInstances(client: QueryClient) {
  return invalidate(client, "/v1/instances", "/console/instances/invalid-names");
}
