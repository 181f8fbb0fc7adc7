import type {
  Script,
  ScriptCreate,
  ScriptFolder,
  ScriptFolderMoved,
  ScriptSave,
} from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { scriptVersionsKey } from "./get-script-history.ts";
import { scriptsKey } from "./get-scripts.ts";

const BASE = "/api/console/metadata/scripts";

/**
 * Every change of the project's scripts and script folders (docs/metadata-scripts.md);
 * each refreshes the tree, a script's save its versions too.
 */
export function useScriptWrites(projectId: number) {
  const client = useQueryClient();
  const settled = () => void client.invalidateQueries({ queryKey: scriptsKey(projectId) });
  const project = { project_id: projectId };
  return {
    create: useMutation({
      mutationFn: (input: Omit<ScriptCreate, "project_id" | "project">) =>
        apiJson<Script>(BASE, { method: "POST", body: { ...project, ...input } }),
      onSettled: settled,
    }),
    save: useMutation({
      mutationFn: ({ id, ...input }: ScriptSave & { id: number }) =>
        apiJson<Script>(`${BASE}/${id}`, { method: "PATCH", body: input }),
      onSettled: (_, __, input) => {
        settled();
        void client.invalidateQueries({ queryKey: scriptVersionsKey(input.id) });
      },
    }),
    remove: useMutation({
      mutationFn: ({ id, base_version }: { id: number; base_version: number }) =>
        apiJson<Script>(`${BASE}/${id}`, { method: "DELETE", query: { base_version } }),
      onSettled: settled,
    }),
    createFolder: useMutation({
      mutationFn: (path: string) =>
        apiJson<ScriptFolder>(`${BASE}/folders`, { method: "POST", body: { ...project, path } }),
      onSettled: settled,
    }),
    moveFolder: useMutation({
      mutationFn: (move: { path: string; new_path: string }) =>
        apiJson<ScriptFolderMoved>(`${BASE}/folders`, {
          method: "PATCH",
          body: { ...project, ...move },
        }),
      onSettled: settled,
    }),
    removeFolder: useMutation({
      mutationFn: (path: string) =>
        apiJson<ScriptFolder>(`${BASE}/folders`, {
          method: "DELETE",
          query: { ...project, path },
        }),
      onSettled: settled,
    }),
  };
}

export type ScriptWrites = ReturnType<typeof useScriptWrites>;
