import type { UploadResult } from "@metabuild/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiUpload } from "../../../lib/api-client.ts";
import { invalidate, operationUrl } from "../../../lib/api/client.ts";
import { invalidateInstances } from "../../../api/invalidate-instances.ts";

/** What the upload dialog sends: every field of the upload operation (docs/reference/endpoints.md). */
export interface UploadRequest {
  projectId: number;
  file: File;
  /** Applies to every row; overrides the PATTERN column. */
  pattern?: string;
  /** Folder for every row; overrides the FOLDER column. */
  folder?: string;
  /** Release name given to every imported instance. */
  release?: string;
  overwrite: boolean;
  /** Sheets to import; undefined imports all of them. */
  sheets?: string[];
  /** Only answer what the upload would do; nothing is stored. */
  dryRun?: boolean;
}

/** The multipart form of an upload; empty optional fields are left out. */
export function uploadForm(req: UploadRequest): FormData {
  const form = new FormData();
  form.append("project_id", String(req.projectId));
  if (req.pattern) form.append("pattern", req.pattern);
  if (req.folder?.trim()) form.append("folder", req.folder.trim());
  if (req.release) form.append("release", req.release);
  form.append("overwrite", String(req.overwrite));
  for (const sheet of req.sheets ?? []) form.append("sheets[]", sheet);
  if (req.dryRun) form.append("dry_run", "true");
  form.append("file", req.file, req.file.name);
  return form;
}

/**
 * Uploads a workbook, with the bytes sent so far as `progress` (0..1).
 * On success every instance list, folder and label query is refetched: the
 * upload may have added any of them (a dry run added nothing).
 */
export function useUploadInstances() {
  const client = useQueryClient();
  const [progress, setProgress] = useState<number>();
  const mutation = useMutation({
    mutationFn: (req: UploadRequest) => {
      setProgress(0);
      return apiUpload<UploadResult>(operationUrl("/v1/instances"), uploadForm(req), {
        onProgress: (sent, total) => setProgress(total > 0 ? sent / total : undefined),
      });
    },
    onSettled: () => setProgress(undefined),
    onSuccess: (_result, req) =>
      !req.dryRun &&
      Promise.all([
        invalidateInstances(client),
        invalidate(client, "/v1/instance_folders", "/v1/labels"),
      ]),
  });
  return { ...mutation, progress };
}
