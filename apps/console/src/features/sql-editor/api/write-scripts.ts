import type { ScriptCreate, ScriptSave } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { answer, api } from "../../../lib/api/client.ts";
import { scriptVersionsKey } from "./get-script-history.ts";
import { scriptsKey } from "./get-scripts.ts";

/**
 * Every change of the project's scripts and script folders (docs/metadata-scripts.md);
 * each refreshes the tree, a script's save its versions too.
 */
export function useScriptWrites(projectId: number) {
  const client = useQueryClient();
  const settled = () => void client.invalidateQueries({ queryKey: scriptsKey });
  const project = { project_id: projectId };
  return {
    create: useMutation({
      mutationFn: (input: Omit<ScriptCreate, "project_id" | "project">) =>
        answer(api.POST("/console/metadata/scripts", { body: { ...project, ...input } })),
      onSettled: settled,
    }),
    save: useMutation({
      mutationFn: ({ id, ...input }: ScriptSave & { id: number }) =>
        answer(
          api.PATCH("/console/metadata/scripts/{id}", { params: { path: { id } }, body: input }),
        ),
      onSettled: (_, __, input) => {
        settled();
        void client.invalidateQueries({ queryKey: scriptVersionsKey(input.id) });
      },
    }),
    remove: useMutation({
      mutationFn: ({ id, base_version }: { id: number; base_version: number }) =>
        answer(
          api.DELETE("/console/metadata/scripts/{id}", {
            params: { path: { id }, query: { base_version } },
          }),
        ),
      onSettled: settled,
    }),
    createFolder: useMutation({
      mutationFn: (path: string) =>
        answer(api.POST("/console/metadata/scripts/folders", { body: { ...project, path } })),
      onSettled: settled,
    }),
    moveFolder: useMutation({
      mutationFn: (move: { path: string; new_path: string }) =>
        answer(api.PATCH("/console/metadata/scripts/folders", { body: { ...project, ...move } })),
      onSettled: settled,
    }),
    removeFolder: useMutation({
      mutationFn: (path: string) =>
        answer(
          api.DELETE("/console/metadata/scripts/folders", {
            params: { query: { ...project, path } },
          }),
        ),
      onSettled: settled,
    }),
  };
}

export type ScriptWrites = ReturnType<typeof useScriptWrites>;
