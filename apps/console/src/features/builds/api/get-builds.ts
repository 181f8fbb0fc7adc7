import type { Build, BuildEventData, BuildStatus } from "@metabuild/contract";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { $api, type ListPage, api, listPage, queryKeyOf } from "../../../lib/api/client.ts";

export const BUILD_PAGE_SIZE = 50;

/** The key prefix of every page of the builds list. */
export const buildListKey = queryKeyOf("/v1/builds");

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

/** A project's builds, newest first. */
export function buildListQueryOptions(
  projectId: number,
  skip: number,
  filters: BuildListFilters = {},
) {
  return queryOptions({
    queryKey: [...buildListKey, { projectId, skip, filters }],
    queryFn: ({ signal }): Promise<ListPage<Build>> =>
      listPage(
        api.GET("/v1/builds", {
          params: {
            query: {
              ...filters,
              project_id: projectId,
              $skip: skip,
              $limit: BUILD_PAGE_SIZE,
              $sort: { id: "-1" },
            },
          },
          signal,
        }),
      ),
  });
}

export function useBuilds(projectId: number, skip: number, filters?: BuildListFilters) {
  return useQuery(buildListQueryOptions(projectId, skip, filters));
}

/** One build with its downloads. */
export function buildQueryOptions(id: number) {
  return $api.queryOptions("get", "/v1/builds/{id}", { params: { path: { id } } });
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
  client.setQueriesData<ListPage<Build>>({ queryKey: buildListKey }, (page) =>
    page ? { ...page, items: page.items.map(patch) } : page,
  );
  const key = buildQueryOptions(event.id).queryKey;
  const before = client.getQueryData<Build>(key);
  client.setQueryData<Build>(key, (b) => (b ? patch(b) : b));
  const listed = client
    .getQueriesData<ListPage<Build>>({ queryKey: buildListKey })
    .some(([, page]) => page?.items.some((b) => b.id === event.id));
  // A build not on screen yet (started elsewhere): the first page is refetched.
  if (!listed && event.status === "BUILDING")
    void client.invalidateQueries({ queryKey: buildListKey });
  // Also when the build's own first answer is still on its way: it may have
  // left the server before the build finished and would show "building" for
  // good. A refetch alone would reuse that request (a query without data is
  // not cancelled), so it is cancelled first.
  if (event.status !== "BUILDING" && before?.status !== event.status)
    void client
      .cancelQueries({ queryKey: key })
      .then(() => client.invalidateQueries({ queryKey: key }));
}
