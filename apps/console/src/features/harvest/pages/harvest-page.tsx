import type { HarvestRun } from "@metabuild/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { Badge } from "../../../components/badge.tsx";
import { DataTable } from "../../../components/data-table.tsx";
import { DateTime } from "../../../components/date-time.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ErrorState, QueryView } from "../../../components/status.tsx";
import { useEventStream } from "../../../lib/use-event-stream.ts";
import {
  applyHarvestLog,
  applyHarvestStatus,
  useHarvestRun,
  useHarvestRuns,
} from "../api/harvest-runs.ts";
import { useHarvestSources } from "../api/harvest-sources.ts";
import { HARVEST_TONE, HarvestRunView } from "../components/harvest-run-view.tsx";
import { HarvestSchedules } from "../components/harvest-schedules.tsx";
import { StartHarvestForm } from "../components/start-harvest-form.tsx";
import { invalidate } from "../../../lib/api/client.ts";

const EVENTS = ["harvest_run.status", "harvest_run.log"] as const;

/**
 * Harvest (docs/harvesting.md): pick an online agent and one of its sources,
 * start, watch the live log, then see the tables; manage schedules.
 */
export default function HarvestPage() {
  const raw = useParams().projectId;
  const projectId = Number(raw);
  const client = useQueryClient();
  const sources = useHarvestSources();
  const runs = useHarvestRuns(projectId);
  const [selected, setSelected] = useState<number | undefined>();
  const run = useHarvestRun(selected);

  useEventStream(
    EVENTS,
    (type, data) => {
      if (type === "harvest_run.log") {
        const e = data as { id: number; line: string };
        applyHarvestLog(client, e.id, e.line);
      } else applyHarvestStatus(client, (data as { harvest_run: HarvestRun }).harvest_run);
    },
    [],
    // Lines logged before the stream connected are only in the stored run.
    () => void invalidate(client, "/v1/harvests", "/v1/harvests/{id}"),
  );

  if (!Number.isInteger(projectId) || projectId <= 0)
    return <ErrorState error={new Error(`'${raw}' is not a project id`)} />;

  const agentName = (id: number | null) =>
    sources.data?.find((s) => s.agent_id === id)?.agent_name ?? (id === null ? "group" : `#${id}`);

  return (
    <div className="harvest-page">
      <PageHeader
        title="Harvest"
        description="Bring a source system's catalog (tables, columns, keys, comments) into this project's @TABLES through an agent."
      />
      <QueryView query={sources} loadingLabel="Loading agents…">
        {(s) => (
          <StartHarvestForm
            key={s.map((a) => a.agent_id).join(",")}
            projectId={projectId}
            sources={s}
            onStarted={setSelected}
          />
        )}
      </QueryView>
      {selected !== undefined ? (
        <QueryView query={run} loadingLabel="Loading harvest run…">
          {(r) => <HarvestRunView run={r} />}
        </QueryView>
      ) : null}
      <section aria-label="Recent harvests">
        <h2>Recent harvests</h2>
        <QueryView query={runs} loadingLabel="Loading harvests…">
          {(rows) =>
            rows.length === 0 ? (
              <p className="muted">No harvests yet.</p>
            ) : (
              <DataTable
                caption="Recent harvests"
                rows={rows}
                rowKey={(r) => r.id}
                columns={[
                  {
                    header: "Run",
                    cell: (r) => (
                      <button type="button" className="button" onClick={() => setSelected(r.id)}>
                        {r.id}
                      </button>
                    ),
                  },
                  { header: "Source", cell: (r) => r.source, nowrap: true },
                  { header: "Agent", cell: (r) => agentName(r.agent_id), nowrap: true },
                  {
                    header: "Status",
                    cell: (r) => (
                      <Badge tone={HARVEST_TONE[r.status]}>{r.status.toLowerCase()}</Badge>
                    ),
                  },
                  { header: "Started", cell: (r) => <DateTime iso={r.created_at} />, nowrap: true },
                ]}
              />
            )
          }
        </QueryView>
      </section>
      <QueryView query={sources} loadingLabel="Loading agents…">
        {(s) => (
          <HarvestSchedules
            key={s.map((a) => a.agent_id).join(",")}
            projectId={projectId}
            sources={s}
            agentName={agentName}
          />
        )}
      </QueryView>
    </div>
  );
}
