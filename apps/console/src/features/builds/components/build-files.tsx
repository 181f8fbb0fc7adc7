import { Suspense } from "react";
import { EmptyState, Loading, QueryView } from "../../../components/status.tsx";
import { useBuildFileText, useBuildFiles } from "../api/get-build-files.ts";
import { CodeViewer } from "../../../components/lazy-monaco.ts";
import { FileTreeView } from "./file-tree-view.tsx";

export interface OpenFile {
  pattern: string;
  path: string;
}

/** The archive's files; the chosen one (kept in the URL) opens in a read-only viewer. */
export function BuildFiles({
  buildId,
  open,
  onOpen,
}: {
  buildId: number;
  open: OpenFile | undefined;
  onOpen: (file: OpenFile) => void;
}) {
  const files = useBuildFiles(buildId, true);
  const text = useBuildFileText(open ? buildId : undefined, open?.pattern ?? "", open?.path ?? "");
  return (
    <div className="build-files">
      <QueryView query={files} loadingLabel="Loading files…">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="This build has no files." />
          ) : (
            <FileTreeView files={list} current={open} onOpen={onOpen} />
          )
        }
      </QueryView>
      {open ? (
        <QueryView query={text} loadingLabel="Loading file…">
          {(content) => (
            <Suspense fallback={<Loading label="Loading viewer…" />}>
              <CodeViewer
                label={`File ${open.pattern}/${open.path}`}
                text={content}
                path={`${buildId}/${open.pattern}/${open.path}`}
              />
            </Suspense>
          )}
        </QueryView>
      ) : null}
    </div>
  );
}
