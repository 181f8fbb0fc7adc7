import type { AuditEvent, Project } from "@metabuild/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ListPage, apiList } from "../../../lib/api-client.ts";

export const AUDIT_PAGE_SIZE = 50;

/** The filters of the audit log page, as the URL keeps them. */
export interface AuditFilters {
  q?: string;
  action?: string;
  project_id?: number;
  from?: string;
  to?: string;
}

/** One page of the customer's audit log, newest first (GET /api/console/audit, admins only). */
export function auditQueryOptions(filters: AuditFilters, skip: number) {
  return queryOptions({
    queryKey: ["audit", filters, skip],
    queryFn: ({ signal }): Promise<ListPage<AuditEvent>> =>
      apiList<AuditEvent>("/api/console/audit", {
        query: { ...filters, $skip: skip, $limit: AUDIT_PAGE_SIZE },
        signal,
      }),
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useAuditEvents(filters: AuditFilters, skip: number) {
  return useQuery(auditQueryOptions(filters, skip));
}

/** Project names for the filter and the table (an admin sees every project). */
export function auditProjectsQueryOptions() {
  return queryOptions({
    queryKey: ["projects"],
    queryFn: async ({ signal }) =>
      (await apiList<Project>("/api/v1/projects", { query: { $sort: { name: 1 } }, signal })).items,
  });
}

export function useAuditProjects() {
  return useQuery(auditProjectsQueryOptions());
}
