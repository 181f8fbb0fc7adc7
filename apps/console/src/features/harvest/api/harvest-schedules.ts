import type { HarvestScheduleCreate } from "@metabuild/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { $api, answer, api, invalidate } from "../../../lib/api/client.ts";

export function harvestSchedulesQueryOptions(projectId: number) {
  return $api.queryOptions("get", "/v1/harvest_schedules", {
    params: { query: { project_id: projectId } },
  });
}

export function useHarvestSchedules(projectId: number) {
  return useQuery(harvestSchedulesQueryOptions(projectId));
}

export function useCreateHarvestSchedule(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HarvestScheduleCreate) =>
      answer(api.POST("/v1/harvest_schedules", { body })),
    onSuccess: () => invalidate(client, "/v1/harvest_schedules"),
  });
}

export function useDeleteHarvestSchedule(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      answer(api.DELETE("/v1/harvest_schedules/{id}", { params: { path: { id } } })),
    onSuccess: () => invalidate(client, "/v1/harvest_schedules"),
  });
}
