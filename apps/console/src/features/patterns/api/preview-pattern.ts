import type { InstanceListItem, PatternPreview, Project } from "@metabuild/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson, apiList } from "../../../lib/api-client.ts";

export interface PreviewInput {
  instanceId: number;
  templates: { path: string; body: string }[];
  snippets: { name: string; body: string }[];
}

/** POST /api/console/patterns/:id/preview with the editor's templates and snippets; stores nothing. */
export function patternPreviewQueryOptions(patternId: number, input: PreviewInput | undefined) {
  return queryOptions({
    queryKey: ["patterns", patternId, "preview", input],
    queryFn: ({ signal }) =>
      apiJson<PatternPreview>(`/api/console/patterns/${patternId}/preview`, {
        method: "POST",
        body: {
          instance_id: input?.instanceId,
          templates: input?.templates,
          snippets: input?.snippets,
        },
        signal,
      }),
    enabled: input !== undefined,
    // The old files stay on screen while the next render runs.
    placeholderData: keepPreviousData,
  });
}

export function usePatternPreview(patternId: number, input: PreviewInput | undefined) {
  return useQuery(patternPreviewQueryOptions(patternId, input));
}

export interface PreviewInstance {
  id: number;
  label: string;
}

/** The pattern's instances in every project the user reads (the first 100 of each): what a preview can render. */
export function usePreviewInstances(patternId: number) {
  return useQuery({
    queryKey: ["patterns", patternId, "preview-instances"],
    queryFn: async ({ signal }): Promise<PreviewInstance[]> => {
      const projects = (
        await apiList<Project>("/api/v1/projects", { query: { $sort: { name: 1 } }, signal })
      ).items;
      const lists = await Promise.all(
        projects.map(async (p) => {
          const page = await apiList<InstanceListItem>("/api/v1/instances", {
            query: { project_id: p.id, pattern_id: patternId, $limit: 100 },
            signal,
          });
          return page.items.map((i) => ({
            id: i.id,
            label: `${p.name} ${i.folder === "/" ? "" : i.folder}/${i.name}`,
          }));
        }),
      );
      return lists.flat();
    },
  });
}
