import type { HarvestSchedule, HarvestScheduleCreate } from "@metabuild/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiList } from "../../../lib/api-client.ts";

export function harvestSchedulesQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: ["harvest_schedules", projectId],
    queryFn: async ({ signal }) =>
      (
        await apiList<HarvestSchedule>("/api/v1/harvest_schedules", {
          query: { project_id: projectId },
          signal,
        })
      ).items,
  });
}

export function useHarvestSchedules(projectId: number) {
  return useQuery(harvestSchedulesQueryOptions(projectId));
}

export function useCreateHarvestSchedule(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HarvestScheduleCreate) =>
      apiJson<HarvestSchedule>("/api/v1/harvest_schedules", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["harvest_schedules", projectId] }),
  });
}

export function useDeleteHarvestSchedule(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiJson<HarvestSchedule>(`/api/v1/harvest_schedules/${id}`, { method: "DELETE" }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["harvest_schedules", projectId] }),
  });
}
