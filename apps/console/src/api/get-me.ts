import type { Me, PermissionName } from "@metabuild/contract";
import { missingPermissionReason } from "@metabuild/contract/permission-words";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { isApiError } from "../lib/api-client.ts";
import { answer, api, queryKeyOf } from "../lib/api/client.ts";

export const meQueryKey = queryKeyOf("/console/me");

/** The signed-in user, or null when there is no valid session (401). */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await answer(api.GET("/console/me", { signal }));
  } catch (err) {
    if (isApiError(err, 401)) return null;
    throw err;
  }
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

export interface ProjectPermissions {
  /** Whether the signed-in user may do this on the project (false while unknown). */
  may(permission: PermissionName): boolean;
  /** The hover text of a control disabled for lack of `permission`. */
  reason(permission: PermissionName): string | undefined;
}

/**
 * The signed-in user's permissions on one project, from the `/console/me` operation,
 * so pages hide or disable what the server would refuse (docs/console-permissions.md).
 */
export function useProjectPermissions(projectId: number | undefined): ProjectPermissions {
  const me = useMe().data;
  const held = me?.projects.find((p) => p.id === projectId)?.permissions ?? [];
  const may = (permission: PermissionName) => me?.admin === true || held.includes(permission);
  return {
    may,
    reason: (permission) => (may(permission) ? undefined : missingPermissionReason(permission)),
  };
}
