import type { HarvestRun } from "@metabuild/contract";
import { Link } from "react-router";
import { Badge, type BadgeTone } from "../../../components/badge.tsx";
import { DataTable } from "../../../components/data-table.tsx";
import { QueryView } from "../../../components/status.tsx";
import { useHarvestedTables } from "../api/harvested-tables.ts";
import { paths } from "../../../app/paths.ts";

export const HARVEST_TONE: Record<HarvestRun["status"], BadgeTone> = {
  QUEUED: "neutral",
  RUNNING: "info",
  SUCCEEDED: "success",
  FAILED: "danger",
};

function HarvestedTables({ run }: { run: HarvestRun }) {
  const tables = useHarvestedTables(run.project_id, run.table_prefix, run.id);
  return (
    <QueryView query={tables} loadingLabel="Loading the harvested tables…">
      {(t) => (
        <>
          <h3>Harvested tables</h3>
          <p className="muted">
            In {run.tables.map((name) => `@TABLES.${name}`).join(", ")}.{" "}
            <Link to={paths.sql(run.project_id)}>Query them in the SQL editor</Link>
          </p>
          <DataTable
            caption="Harvested tables"
            rows={t.rows}
            rowKey={(r) => `${r.SCHEMA_NAME ?? ""}.${r.TABLE_NAME}`}
            columns={[
              { header: "Schema", cell: (r) => r.SCHEMA_NAME ?? "", nowrap: true },
              { header: "Table", cell: (r) => r.TABLE_NAME, nowrap: true },
              { header: "Type", cell: (r) => r.TABLE_TYPE, nowrap: true },
              { header: "Columns", cell: (r) => r.COLUMNS, numeric: true },
              { header: "Comment", cell: (r) => r.COMMENT ?? "" },
            ]}
          />
        </>
      )}
    </QueryView>
  );
}

/** One harvest run: status, live log, and once it succeeded, the tables it brought. */
export function HarvestRunView({ run }: { run: HarvestRun }) {
  return (
    <section className="harvest-run" aria-label={`Harvest run ${run.id}`}>
      <h2>
        Harvest run {run.id}: source {run.source}
      </h2>
      <p className="deployment-status">
        <span role="status" aria-live="polite">
          Status: <Badge tone={HARVEST_TONE[run.status]}>{run.status.toLowerCase()}</Badge>
        </span>
      </p>
      <pre className="deployment-log" role="log" aria-label="Harvest log">
        {run.log || "Waiting for the agent…"}
      </pre>
      {run.status === "SUCCEEDED" ? <HarvestedTables run={run} /> : null}
    </section>
  );
}
