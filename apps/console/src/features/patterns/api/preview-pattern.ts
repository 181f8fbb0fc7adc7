import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { $api, answer, api, queryKeyOf } from "../../../lib/api/client.ts";

export interface PreviewInput {
  instanceId: number;
  templates: { path: string; body: string }[];
  snippets: { name: string; body: string }[];
}

/**
 * A preview with the editor's templates and snippets; stores nothing. Keyed
 * by its own operation, so it never shares a cache entry with the pattern.
 */
export function patternPreviewQueryOptions(patternId: number, input: PreviewInput | undefined) {
  return $api.queryOptions(
    "post",
    "/console/patterns/{id}/preview",
    {
      params: { path: { id: patternId } },
      body: {
        instance_id: input?.instanceId ?? 0,
        templates: input?.templates,
        snippets: input?.snippets,
      },
    },
    {
      enabled: input !== undefined,
      // The old files stay on screen while the next render runs.
      placeholderData: keepPreviousData,
    },
  );
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
    queryKey: [...queryKeyOf("/v1/instances"), { patternId, preview: true }],
    queryFn: async ({ signal }): Promise<PreviewInstance[]> => {
      const projects = await answer(
        api.GET("/v1/projects", { params: { query: { $sort: { name: "1" } } }, signal }),
      );
      const lists = await Promise.all(
        projects.map(async (p) => {
          const items = await answer(
            api.GET("/v1/instances", {
              params: { query: { project_id: p.id, pattern_id: patternId, $limit: 100 } },
              signal,
            }),
          );
          return items.map((i) => ({
            id: i.id,
            label: `${p.name} ${i.folder === "/" ? "" : i.folder}/${i.name}`,
          }));
        }),
      );
      return lists.flat();
    },
  });
}
