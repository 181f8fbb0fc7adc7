import type { HarvestSource } from "@metabuild/contract";
import { type FormEvent, useState } from "react";
import { DataTable } from "../../../components/data-table.tsx";
import { DateTime } from "../../../components/date-time.tsx";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { ErrorState, QueryView } from "../../../components/status.tsx";
import { useCan } from "../../../permissions/can.ts";
import {
  useCreateHarvestSchedule,
  useDeleteHarvestSchedule,
  useHarvestSchedules,
} from "../api/harvest-schedules.ts";
import { AgentSourceFields, firstSourceOf } from "./agent-source-fields.tsx";

/** A project's harvest schedules: list, add (cron, 5 fields, UTC), delete. */
export function HarvestSchedules({
  projectId,
  sources,
  agentName,
}: {
  projectId: number;
  sources: HarvestSource[];
  agentName: (id: number | null) => string;
}) {
  const schedules = useHarvestSchedules(projectId);
  const create = useCreateHarvestSchedule(projectId);
  const remove = useDeleteHarvestSchedule(projectId);
  const [agent, setAgent] = useState(() => String(sources[0]?.agent_id ?? ""));
  const [source, setSource] = useState(() => firstSourceOf(sources, agent));
  const [cron, setCron] = useState("0 2 * * *");
  const refusal = useCan(projectId).reason("harvest.schedule");

  function submit(e: FormEvent) {
    e.preventDefault();
    if (refusal) return;
    create.mutate({ project_id: projectId, agent_id: Number(agent), source: source.trim(), cron });
  }

  return (
    <section aria-label="Harvest schedules">
      <h2>Schedules</h2>
      <QueryView query={schedules} loadingLabel="Loading schedules…">
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">No schedules yet.</p>
          ) : (
            <DataTable
              caption="Harvest schedules"
              rows={rows}
              rowKey={(s) => s.id}
              columns={[
                { header: "Cron (UTC)", cell: (s) => <code>{s.cron}</code>, nowrap: true },
                { header: "Source", cell: (s) => s.source, nowrap: true },
                { header: "Agent", cell: (s) => agentName(s.agent_id), nowrap: true },
                { header: "Tables", cell: (s) => `${s.table_prefix}_*`, nowrap: true },
                {
                  header: "Last run",
                  cell: (s) => (s.last_run_at ? <DateTime iso={s.last_run_at} /> : "never"),
                  nowrap: true,
                },
                {
                  header: "Actions",
                  cell: (s) => (
                    <PermittedButton
                      reason={refusal}
                      aria-label={`Delete schedule ${s.cron} of ${s.source}`}
                      onClick={() => remove.mutate(s.id)}
                    >
                      Delete
                    </PermittedButton>
                  ),
                },
              ]}
            />
          )
        }
      </QueryView>
      {remove.isError ? <ErrorState error={remove.error} /> : null}
      <form className="dialog-form" aria-label="Add a schedule" onSubmit={submit}>
        <AgentSourceFields
          sources={sources}
          agent={agent}
          source={source}
          onAgent={(a) => {
            setAgent(a);
            setSource(firstSourceOf(sources, a));
          }}
          onSource={setSource}
          idPrefix="schedule"
        />
        <label className="field">
          <span>Cron</span>
          <input value={cron} onChange={(e) => setCron(e.target.value)} required />
        </label>
        {create.isError ? <ErrorState error={create.error} /> : null}
        <div className="dialog-actions">
          <PermittedButton
            type="submit"
            reason={refusal}
            disabled={create.isPending || sources.length === 0}
          >
            Add schedule
          </PermittedButton>
        </div>
      </form>
    </section>
  );
}
