import type { Agent, Build } from "@metabuild/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { ErrorState, Loading } from "../../../components/status.tsx";
import { answer, api, invalidate } from "../../../lib/api/client.ts";
import { useEventStream } from "../../../lib/use-event-stream.ts";
import { useCan } from "../../../permissions/can.ts";
import {
  planKeys,
  usePatternDeployments,
  useStartDeploymentPlan,
} from "../api/deployment-plans.ts";
import { applyAgentEvent, useAgentGroups, useAgents } from "../api/get-agents.ts";
import { PlanStepsEditor } from "../components/plan-steps-editor.tsx";
import { PlanTargetPicker, type TargetKey, targetKey } from "../components/plan-target-picker.tsx";
import { type PatternDeployments, defaultPlanSteps } from "../lib/plan-steps.ts";
import { type PlanTarget, planTargets } from "../lib/plan-targets.ts";
import { paths } from "../../../app/paths.ts";

const EVENTS = ["agent.online"] as const;

/** `/deployment-plans/new?build=ID`: several deployments of a finished build, in order. */
export default function DeploymentPlanNewPage() {
  const [params] = useSearchParams();
  const buildId = Number(params.get("build"));
  const client = useQueryClient();
  const build = useQuery({
    queryKey: planKeys.build(buildId),
    queryFn: ({ signal }) =>
      answer(api.GET("/v1/builds/{id}", { params: { path: { id: buildId } }, signal })),
    enabled: Number.isInteger(buildId) && buildId > 0,
  });
  const patterns = usePatternDeployments(build.data?.patterns ?? []);
  const agents = useAgents();
  const groups = useAgentGroups();

  // Agents coming and going change what may be picked, live.
  useEventStream(
    EVENTS,
    (_type, data) => applyAgentEvent(client, (data as { agent: Agent }).agent),
    [],
    () => void invalidate(client, "/v1/agents"),
  );

  if (!Number.isInteger(buildId) || buildId <= 0)
    return <ErrorState error={new Error("Open this page from a finished build's page")} />;
  const error = build.error ?? patterns.error ?? agents.error ?? groups.error;
  const ready = build.data && patterns.data && agents.data && groups.data;

  return (
    <div className="deployment-plan-page">
      <PageHeader
        title={`Deploy plan for build ${buildId}`}
        description="Several patterns of one build, deployed in order through one agent."
        actions={
          build.data ? (
            <Link className="button" to={paths.build(build.data.project_id, buildId)}>
              Back to build {buildId}
            </Link>
          ) : null
        }
      />
      {error ? <ErrorState error={error} /> : null}
      {build.data && build.data.status !== "FINISHED" ? (
        <ErrorState
          error={
            new Error(
              `Build ${buildId} is ${build.data.status}: only a FINISHED build can be deployed`,
            )
          }
        />
      ) : ready ? (
        <PlanForm
          build={build.data as Build}
          patterns={[...(patterns.data as PatternDeployments[])].sort((a, b) => a.id - b.id)}
          targets={planTargets(agents.data as Agent[], groups.data ?? [])}
        />
      ) : error ? null : (
        <Loading label="Loading the build and the agents…" />
      )}
    </div>
  );
}

function PlanForm({
  build,
  patterns,
  targets,
}: {
  build: Build;
  patterns: PatternDeployments[];
  targets: PlanTarget[];
}) {
  const navigate = useNavigate();
  const start = useStartDeploymentPlan();
  const refusal = useCan(build.project_id).reason("plan.start");
  const [steps, setSteps] = useState(() => defaultPlanSteps(patterns));
  // Until the user picks: the first group that can run it, else the first online agent
  // (also once one comes online while the page is open).
  const [picked, setPicked] = useState<TargetKey | "">("");
  const firstUsable = targets.find((t) => t.reason === undefined);
  const chosen = picked || (firstUsable ? targetKey(firstUsable) : "");
  const target = targets.find((t) => targetKey(t) === chosen && t.reason === undefined);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!target || refusal) return;
    start.mutate(
      {
        build_id: build.id,
        ...(target.kind === "group" ? { agent_group_id: target.id } : { agent_id: target.id }),
        steps,
      },
      { onSuccess: (plan) => navigate(paths.deploymentPlan(plan.id)) },
    );
  }

  return (
    <form className="plan-form" aria-label={`Deploy plan for build ${build.id}`} onSubmit={submit}>
      <PlanTargetPicker targets={targets} value={chosen} onChange={setPicked} />
      <PlanStepsEditor patterns={patterns} steps={steps} onChange={setSteps} />
      {start.isError ? <ErrorState error={start.error} /> : null}
      <div className="dialog-actions">
        <PermittedButton
          type="submit"
          className="button button-primary"
          reason={refusal}
          disabled={start.isPending || !target || steps.length === 0}
          title={
            !target
              ? "Pick an online group or agent first"
              : steps.length === 0
                ? "Add at least one step"
                : undefined
          }
        >
          Start plan
        </PermittedButton>
      </div>
    </form>
  );
}
