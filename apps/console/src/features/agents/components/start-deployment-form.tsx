import type { Agent, Deployment } from "@metabuild/contract";
import { type FormEvent, useState } from "react";
import { ErrorState } from "../../../components/status.tsx";
import { useStartBuildDeployment } from "../api/build-deployments.ts";

/** Starts a deployment of a finished build on one agent. */
export function StartDeploymentForm({
  buildId,
  deployments,
  agents,
  patternName,
  onStarted,
}: {
  buildId: number;
  deployments: Deployment[];
  agents: Agent[];
  /** Names tell the patterns' same-named deployments apart. */
  patternName: (id: number) => string;
  onStarted: (runId: number) => void;
}) {
  const start = useStartBuildDeployment();
  const usable = agents.filter((a) => !a.deleted && !a.disabled);
  const [deployment, setDeployment] = useState("");
  const [agent, setAgent] = useState("");

  function submit(e: FormEvent) {
    e.preventDefault();
    const deploymentId = Number(deployment || deployments[0]?.id);
    const agentId = Number(agent || usable.find((a) => a.online)?.id || usable[0]?.id);
    start.mutate(
      { build_id: buildId, deployment_id: deploymentId, agent_id: agentId },
      { onSuccess: (run) => onStarted(run.id) },
    );
  }

  return (
    <form className="dialog-form" aria-label={`Deploy build ${buildId}`} onSubmit={submit}>
      <h2>Deploy build {buildId}</h2>
      <label className="field">
        <span>Deployment</span>
        <select value={deployment} onChange={(e) => setDeployment(e.target.value)}>
          {deployments.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name} ({patternName(d.pattern_id)})
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Agent</span>
        <select value={agent} onChange={(e) => setAgent(e.target.value)}>
          {usable.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} ({a.online ? "online" : "offline"})
            </option>
          ))}
        </select>
      </label>
      {start.isError ? <ErrorState error={start.error} /> : null}
      <div className="dialog-actions">
        <button type="submit" className="button button-primary" disabled={start.isPending}>
          Start deployment
        </button>
      </div>
    </form>
  );
}
