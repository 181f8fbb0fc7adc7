import { Link } from "react-router";
import type { HarvestSource } from "@metabuild/contract";
import { type FormEvent, useState } from "react";
import { paths } from "../../../app/paths.ts";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { ErrorState } from "../../../components/status.tsx";
import { useCan } from "../../../permissions/can.ts";
import { useStartHarvest } from "../api/harvest-runs.ts";
import { AgentSourceFields, firstSourceOf } from "./agent-source-fields.tsx";

/** Starts a harvest of a source through an online agent. */
export function StartHarvestForm({
  projectId,
  sources,
  onStarted,
}: {
  projectId: number;
  sources: HarvestSource[];
  onStarted: (runId: number) => void;
}) {
  const start = useStartHarvest();
  const [agent, setAgent] = useState(() => String(sources[0]?.agent_id ?? ""));
  const [source, setSource] = useState(() => firstSourceOf(sources, agent));
  const [prefix, setPrefix] = useState("");
  const refusal = useCan(projectId).reason("harvest.start");

  function submit(e: FormEvent) {
    e.preventDefault();
    if (refusal) return;
    start.mutate(
      {
        project_id: projectId,
        agent_id: Number(agent),
        source: source.trim(),
        ...(prefix.trim() ? { table_prefix: prefix.trim() } : {}),
      },
      { onSuccess: (run) => onStarted(run.id) },
    );
  }

  return (
    <form className="dialog-form" aria-label="Start a harvest" onSubmit={submit}>
      <h2>Start a harvest</h2>
      <AgentSourceFields
        sources={sources}
        agent={agent}
        source={source}
        onAgent={(a) => {
          setAgent(a);
          setSource(firstSourceOf(sources, a));
        }}
        onSource={setSource}
        idPrefix="start"
      />
      <label className="field">
        <span>Table prefix</span>
        <input
          value={prefix}
          onChange={(e) => setPrefix(e.target.value)}
          placeholder={
            source ? `${source.toUpperCase().replace(/[^A-Z0-9_]/g, "_")} (default)` : ""
          }
        />
      </label>
      {sources.length === 0 ? (
        <p className="muted">
          No agent is online: start one with sources in its agent.yaml. The{" "}
          <Link to={paths.agents()}>Agents page</Link> registers one and shows its start command.
        </p>
      ) : null}
      {start.isError ? <ErrorState error={start.error} /> : null}
      <div className="dialog-actions">
        <PermittedButton
          type="submit"
          className="button button-primary"
          reason={refusal}
          disabled={start.isPending || sources.length === 0 || source.trim() === ""}
        >
          Start harvest
        </PermittedButton>
      </div>
    </form>
  );
}
