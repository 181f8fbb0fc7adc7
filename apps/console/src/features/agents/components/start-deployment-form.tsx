import type { Agent, Deployment } from "@metabuild/contract";
import { type FormEvent, useState } from "react";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { ErrorState } from "../../../components/status.tsx";
import { useCan } from "../../../permissions/can.ts";
import { useStartBuildDeployment } from "../api/build-deployments.ts";

/** Starts a deployment of a finished build on one agent. */
export function StartDeploymentForm({
  buildId,
  projectId,
  deployments,
  agents,
  patternName,
  onStarted,
}: {
  buildId: number;
  /** The build's project: deploying needs `write_builds` there. */
  projectId: number | undefined;
  deployments: Deployment[];
  agents: Agent[];
  /** Names tell the patterns' same-named deployments apart. */
  patternName: (id: number) => string;
  onStarted: (runId: number) => void;
}) {
  const start = useStartBuildDeployment();
  const refusal = useCan(projectId).reason("deployment.start");
  const usable = agents.filter((a) => !a.deleted && !a.disabled);
  // What the selects show first is what is sent: the first deployment, an online agent if any.
  const [deployment, setDeployment] = useState(() => String(deployments[0]?.id ?? ""));
  const [agent, setAgent] = useState(() =>
    String(usable.find((a) => a.online)?.id ?? usable[0]?.id ?? ""),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (refusal) return;
    const deploymentId = Number(deployment);
    const agentId = Number(agent);
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
      {deployments.length === 0 ? (
        <p className="muted">The patterns of build {buildId} have no deployments.</p>
      ) : usable.length === 0 ? (
        <p className="muted">There is no enabled agent to deploy with.</p>
      ) : null}
      {start.isError ? <ErrorState error={start.error} /> : null}
      <div className="dialog-actions">
        <PermittedButton
          type="submit"
          className="button button-primary"
          reason={refusal}
          disabled={start.isPending || deployments.length === 0 || usable.length === 0}
        >
          Start deployment
        </PermittedButton>
      </div>
    </form>
  );
}
