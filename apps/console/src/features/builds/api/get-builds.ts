import type { Build, BuildEventData, BuildStatus } from "@metabuild/contract";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { type ListPage, apiJson, apiList } from "../../../lib/api-client.ts";

export const BUILD_PAGE_SIZE = 50;

/** The builds list's filters, as the URL keeps them (docs/builds.md). */
export interface BuildListFilters {
  /** Who started it: name or e-mail. */
  user?: string;
  user_id?: number;
  status?: BuildStatus;
  /** YYYY-MM-DD, inclusive. */
  created_from?: string;
  created_to?: string;
}

/** A project's builds, newest first (GET /api/v1/builds). */
export function buildListQueryOptions(
  projectId: number,
  skip: number,
  filters: BuildListFilters = {},
) {
  return queryOptions({
    queryKey: ["builds", "list", projectId, skip, filters],
    queryFn: ({ signal }): Promise<ListPage<Build>> =>
      apiList<Build>("/api/v1/builds", {
        query: {
          ...filters,
          project_id: projectId,
          $skip: skip,
          $limit: BUILD_PAGE_SIZE,
          $sort: { id: -1 },
        },
        signal,
      }),
  });
}

export function useBuilds(projectId: number, skip: number, filters?: BuildListFilters) {
  return useQuery(buildListQueryOptions(projectId, skip, filters));
}

/** One build with its downloads (GET /api/v1/builds/:id). */
export function buildQueryOptions(id: number) {
  return queryOptions({
    queryKey: ["builds", "one", id],
    queryFn: ({ signal }) => apiJson<Build>(`/api/v1/builds/${id}`, { signal }),
  });
}

export function useBuild(id: number) {
  return useQuery(buildQueryOptions(id));
}

/**
 * Writes a live event into the cached list pages and the build itself, so
 * screens update from the stream instead of polling. A build that reaches a
 * final status is fetched again (its downloads exist only then).
 */
export function applyBuildEvent(client: QueryClient, event: BuildEventData): void {
  const patch = (b: Build): Build =>
    b.id === event.id
      ? {
          ...b,
          status: event.status,
          progress: event.progress,
          message: event.message,
          instances: event.instances,
          build_start: event.build_start,
          build_end: event.build_end,
        }
      : b;
  client.setQueriesData<ListPage<Build>>({ queryKey: ["builds", "list"] }, (page) =>
    page ? { ...page, items: page.items.map(patch) } : page,
  );
  const key = buildQueryOptions(event.id).queryKey;
  const before = client.getQueryData(key);
  client.setQueryData(key, (b) => (b ? patch(b) : b));
  const listed = client
    .getQueriesData<ListPage<Build>>({ queryKey: ["builds", "list"] })
    .some(([, page]) => page?.items.some((b) => b.id === event.id));
  // A build not on screen yet (started elsewhere): the first page is refetched.
  if (!listed && event.status === "BUILDING")
    void client.invalidateQueries({ queryKey: ["builds", "list"] });
  // Also when the build's own first answer is still on its way: it may have
  // left the server before the build finished and would show "building" for
  // good. A refetch alone would reuse that request (a query without data is
  // not cancelled), so it is cancelled first.
  if (event.status !== "BUILDING" && before?.status !== event.status)
    void client
      .cancelQueries({ queryKey: key })
      .then(() => client.invalidateQueries({ queryKey: key }));
}
