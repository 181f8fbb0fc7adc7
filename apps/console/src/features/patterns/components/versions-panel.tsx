import { DataTable } from "../../../components/data-table.tsx";
import { DateTime } from "../../../components/date-time.tsx";
import { EmptyState, QueryView } from "../../../components/status.tsx";
import { usePatternVersions } from "../api/get-pattern-versions.ts";

/** Who saved which version of the pattern, and when (docs/patterns-authoring.md). */
export function VersionsPanel({ patternId }: { patternId: number }) {
  return (
    <QueryView query={usePatternVersions(patternId)} loadingLabel="Loading versions…">
      {({ data }) =>
        data.length === 0 ? (
          <EmptyState title="Not saved in the console yet.">
            Versions appear here from the first save in the pattern editor.
          </EmptyState>
        ) : (
          <DataTable
            caption="Pattern versions"
            rows={[...data].reverse()}
            rowKey={(v) => v.version}
            columns={[
              { header: "Version", cell: (v) => v.version },
              { header: "Saved by", cell: (v) => v.user ?? "before console editing" },
              { header: "Saved at", cell: (v) => <DateTime iso={v.created_at} /> },
            ]}
          />
        )
      }
    </QueryView>
  );
}
