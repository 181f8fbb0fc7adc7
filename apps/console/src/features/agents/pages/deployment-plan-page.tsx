import type { BuildDeployment, DeploymentPlan, DeploymentPlanStep } from "@metabuild/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { DateTime, formatDuration } from "../../../components/date-time.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { ErrorState, QueryView } from "../../../components/status.tsx";
import { useEventStream } from "../../../lib/use-event-stream.ts";
import { useCan } from "../../../permissions/can.ts";
import {
  applyRunLog,
  applyRunStatus,
  buildDeploymentQueryOptions,
  useBuildDeployment,
} from "../api/build-deployments.ts";
import {
  applyPlanStatus,
  deploymentPlanQueryOptions,
  useDeploymentPlan,
} from "../api/deployment-plans.ts";
import { useCancelDeploymentPlan } from "../api/cancel-runs.ts";
import { useAgentGroups, useAgents } from "../api/get-agents.ts";
import { RunLog } from "../components/run-log.tsx";
import { PlanStatusBadge } from "../components/status-badges.tsx";
import { paths } from "../../../app/paths.ts";

const EVENTS = [
  "deployment_plan.status",
  "build_deployment.status",
  "build_deployment.log",
] as const;

function took(from: string | null, to: string | null): string | null {
  if (!from || !to) return null;
  return formatDuration(Date.parse(to) - Date.parse(from));
}

/** One step: its status, times, a link to its run and its live log. */
function PlanStep({ step }: { step: DeploymentPlanStep }) {
  const label = `Step ${step.position}: ${step.pattern} ${step.deployment}`;
  const duration = took(step.started_at, step.ended_at);
  return (
    <li className="plan-step" aria-label={label}>
      <h3 className="plan-step-title">
        <span>
          {step.position}. {step.pattern} · {step.deployment}
        </span>
        <PlanStatusBadge status={step.status} />
        {step.started_at ? (
          <span className="muted">
            started <DateTime iso={step.started_at} />
            {duration ? ` · took ${duration}` : null}
          </span>
        ) : null}
        {step.build_deployment_id !== null ? (
          <Link to={paths.deploymentRun(step.build_deployment_id)}>
            Deployment run {step.build_deployment_id}
          </Link>
        ) : null}
      </h3>
      {step.build_deployment_id !== null ? (
        <StepLog runId={step.build_deployment_id} label={`Log of step ${step.position}`} />
      ) : null}
    </li>
  );
}

function StepLog({ runId, label }: { runId: number; label: string }) {
  const run = useBuildDeployment(runId);
  if (run.isError) return <ErrorState error={run.error} />;
  return <RunLog log={run.data?.log ?? ""} label={label} />;
}

/** Cancel for a running plan, to those who may start deployments in its project. */
function CancelPlanButton({ plan }: { plan: DeploymentPlan }) {
  const permissions = useCan(plan.project_id);
  const cancel = useCancelDeploymentPlan(plan.id);
  if (plan.status !== "RUNNING") return null;
  return (
    <PermittedButton
      reason={permissions.reason("plan.cancel")}
      disabled={cancel.isPending}
      onClick={() => cancel.mutate()}
    >
      {cancel.isPending ? "Cancelling…" : "Cancel plan"}
    </PermittedButton>
  );
}

/** A deployment plan: its steps in order, each with its status and live log. */
export default function DeploymentPlanPage() {
  const raw = useParams().planId;
  const id = Number(raw);
  const client = useQueryClient();
  const plan = useDeploymentPlan(id);
  const agents = useAgents();
  const groups = useAgentGroups();

  useEventStream(
    EVENTS,
    (type, data) => {
      if (type === "deployment_plan.status")
        applyPlanStatus(client, (data as { deployment_plan: DeploymentPlan }).deployment_plan);
      else if (type === "build_deployment.status")
        applyRunStatus(client, (data as { build_deployment: BuildDeployment }).build_deployment);
      else {
        const e = data as { id: number; line: string };
        applyRunLog(client, e.id, e.line);
      }
    },
    [],
    // What happened before the stream connected is only in the stored plan and runs.
    () => {
      void client.invalidateQueries({ queryKey: deploymentPlanQueryOptions(id).queryKey });
      for (const step of plan.data?.steps ?? [])
        if (step.build_deployment_id !== null)
          void client.invalidateQueries({
            queryKey: buildDeploymentQueryOptions(step.build_deployment_id).queryKey,
          });
    },
  );

  if (!Number.isInteger(id) || id <= 0)
    return <ErrorState error={new Error(`'${raw}' is not a deployment plan id`)} />;

  const agentName = (agentId: number) =>
    agents.data?.find((a) => a.id === agentId)?.name ?? `#${agentId}`;
  const groupName = (groupId: number) =>
    groups.data?.find((g) => g.id === groupId)?.name ?? `#${groupId}`;

  return (
    <div className="deployment-plan-page">
      <QueryView query={plan} loadingLabel="Loading deployment plan…">
        {(p) => (
          <>
            <PageHeader
              title={`Deployment plan ${p.id}`}
              description={
                <>
                  <Link to={paths.build(p.project_id, p.build_id)}>Build {p.build_id}</Link>
                  {" · "}
                  {p.agent_group_id !== null
                    ? `group ${groupName(p.agent_group_id)}, agent ${agentName(p.agent_id)}`
                    : `agent ${agentName(p.agent_id)}`}
                </>
              }
              actions={
                <>
                  <Link className="button" to={paths.agents()}>
                    Agents
                  </Link>
                  <CancelPlanButton plan={p} />
                </>
              }
            />
            <p className="deployment-status">
              <span role="status" aria-live="polite">
                Plan: <PlanStatusBadge status={p.status} />
              </span>
              {p.ended_at ? (
                <span className="muted">
                  {" · ended "}
                  <DateTime iso={p.ended_at} />
                  {` · took ${took(p.created_at, p.ended_at)}`}
                </span>
              ) : null}
            </p>
            {p.message ? <p className="plan-message">{p.message}</p> : null}
            <ol className="plan-step-runs" aria-label="Steps">
              {p.steps.map((s) => (
                <PlanStep key={s.position} step={s} />
              ))}
            </ol>
          </>
        )}
      </QueryView>
    </div>
  );
}
