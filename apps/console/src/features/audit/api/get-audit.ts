import type { AuditEvent } from "@metabuild/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ListPage, api, listPage, queryKeyOf } from "../../../lib/api/client.ts";
import { projectsQueryOptions } from "../../projects/api/get-projects.ts";

export const AUDIT_PAGE_SIZE = 50;

/** The filters of the audit log page, as the URL keeps them. */
export interface AuditFilters {
  q?: string;
  action?: string;
  project_id?: number;
  from?: string;
  to?: string;
}

/** One page of the customer's audit log, newest first (admins only). */
export function auditQueryOptions(filters: AuditFilters, skip: number) {
  return queryOptions({
    queryKey: [...queryKeyOf("/console/audit"), { filters, skip }],
    queryFn: ({ signal }): Promise<ListPage<AuditEvent>> =>
      listPage(
        api.GET("/console/audit", {
          params: { query: { ...filters, $skip: skip, $limit: AUDIT_PAGE_SIZE } },
          signal,
        }),
      ),
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export function useAuditEvents(filters: AuditFilters, skip: number) {
  return useQuery(auditQueryOptions(filters, skip));
}

/** Project names for the filter and the table (an admin sees every project). */
export function useAuditProjects() {
  return useQuery(projectsQueryOptions());
}
