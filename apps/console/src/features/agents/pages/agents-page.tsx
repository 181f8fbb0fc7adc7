import type { Agent, BuildDeployment, DeploymentPlan } from "@metabuild/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { usePatterns } from "../../../api/get-patterns.ts";
import { Badge, type BadgeTone } from "../../../components/badge.tsx";
import { type Column, DataTable } from "../../../components/data-table.tsx";
import { DateTime } from "../../../components/date-time.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { EmptyState, ErrorState, QueryView } from "../../../components/status.tsx";
import { useEventStream } from "../../../lib/use-event-stream.ts";
import { useCan } from "../../../permissions/can.ts";
import { buildQueryOptions } from "../../builds/api/get-builds.ts";
import { applyRunStatus, useBuildDeployments } from "../api/build-deployments.ts";
import { applyPlanStatus, planKeys, useRecentDeploymentPlans } from "../api/deployment-plans.ts";
import { applyAgentEvent, useAgentGroups, useAgents, useDeployments } from "../api/get-agents.ts";
import { useBuildPatterns } from "../api/get-build-patterns.ts";
import { RegisterAgentDialog } from "../components/register-agent-dialog.tsx";
import { StartDeploymentForm } from "../components/start-deployment-form.tsx";
import { PlanStatusBadge } from "../components/status-badges.tsx";
import { invalidate } from "../../../lib/api/client.ts";
import { paths } from "../../../app/paths.ts";

const EVENTS = ["agent.online", "build_deployment.status", "deployment_plan.status"] as const;

const RUN_TONE: Record<BuildDeployment["status"], BadgeTone> = {
  QUEUED: "neutral",
  RUNNING: "info",
  SUCCEEDED: "success",
  FAILED: "danger",
  CANCELLED: "warning",
};

function Online({ online }: { online: boolean }) {
  return (
    <span className={online ? "badge badge-success" : "badge"}>
      {online ? "online" : "offline"}
    </span>
  );
}

export default function AgentsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const agents = useAgents();
  const groups = useAgentGroups();
  const deployments = useDeployments();
  const runs = useBuildDeployments();
  const plans = useRecentDeploymentPlans();
  const patterns = usePatterns();
  const admin = useCan().may("agent.register");
  const [registering, setRegistering] = useState(false);
  // `?build=ID` (from a build page): show the form to deploy that build.
  const buildId = Number(params.get("build")) || undefined;
  const buildPatterns = useBuildPatterns(buildId);
  // Its project: deploying needs `write_builds` there.
  const build = useQuery({ ...buildQueryOptions(buildId ?? 0), enabled: buildId !== undefined });

  useEventStream(
    EVENTS,
    (type, data) => {
      if (type === "agent.online") applyAgentEvent(client, (data as { agent: Agent }).agent);
      else if (type === "deployment_plan.status")
        applyPlanStatus(client, (data as { deployment_plan: DeploymentPlan }).deployment_plan);
      else applyRunStatus(client, (data as { build_deployment: BuildDeployment }).build_deployment);
    },
    [],
    // Runs that ended and agents that came or went while no stream was open (e.g. on a
    // run's page) are only in the server's lists.
    () => {
      void invalidate(client, "/v1/build_deployments", "/v1/agents");
      void client.invalidateQueries({ queryKey: planKeys.ofBuild(0) });
    },
  );

  const groupName = (id: number | null) =>
    id === null ? "" : (groups.data?.find((g) => g.id === id)?.name ?? `#${id}`);
  const agentColumns: Column<Agent>[] = [
    { header: "Name", cell: (a) => a.name },
    { header: "Status", cell: (a) => <Online online={a.online} /> },
    { header: "Group", cell: (a) => groupName(a.group_id) },
    { header: "Agent id", cell: (a) => <code>{a.agent_id}</code> },
    { header: "Disabled", cell: (a) => (a.disabled ? "yes" : "no") },
  ];
  const agentName = (id: number | null) =>
    id === null ? "" : (agents.data?.find((a) => a.id === id)?.name ?? `#${id}`);
  const deploymentName = (id: number) =>
    deployments.data?.find((d) => d.id === id)?.name ?? `#${id}`;
  const patternName = (id: number) => patterns.data?.find((p) => p.id === id)?.name ?? `#${id}`;
  const runColumns: Column<BuildDeployment>[] = [
    {
      header: "Run",
      nowrap: true,
      cell: (r) => <Link to={paths.deploymentRun(r.id)}>Deployment run {r.id}</Link>,
    },
    {
      header: "Build",
      nowrap: true,
      cell: (r) => <Link to={paths.build(r.project_id, r.build_id)}>Build {r.build_id}</Link>,
    },
    {
      header: "Deployment",
      cell: (r) => `${deploymentName(r.deployment_id)} (${patternName(r.pattern_id)})`,
    },
    { header: "Agent", cell: (r) => agentName(r.agent_id) },
    {
      header: "Status",
      cell: (r) => <Badge tone={RUN_TONE[r.status]}>{r.status.toLowerCase()}</Badge>,
    },
    {
      header: "Started",
      nowrap: true,
      cell: (r) => <DateTime iso={r.started_at ?? r.created_at} />,
    },
  ];

  const planColumns: Column<DeploymentPlan>[] = [
    {
      header: "Plan",
      nowrap: true,
      cell: (p) => <Link to={paths.deploymentPlan(p.id)}>Deployment plan {p.id}</Link>,
    },
    {
      header: "Build",
      nowrap: true,
      cell: (p) => <Link to={paths.build(p.project_id, p.build_id)}>Build {p.build_id}</Link>,
    },
    {
      header: "Steps",
      cell: (p) => p.steps.map((s) => `${s.pattern} ${s.deployment}`).join(" → "),
    },
    { header: "Agent", cell: (p) => agentName(p.agent_id) },
    { header: "Status", cell: (p) => <PlanStatusBadge status={p.status} /> },
    { header: "Started", nowrap: true, cell: (p) => <DateTime iso={p.created_at} /> },
  ];

  return (
    <div className="agents-page">
      <PageHeader
        title="Agents"
        description="Online status and deployment runs update live."
        actions={
          admin ? (
            <button type="button" className="button" onClick={() => setRegistering(true)}>
              Register an agent
            </button>
          ) : null
        }
      />
      {registering ? (
        <RegisterAgentDialog groups={groups.data ?? []} onClose={() => setRegistering(false)} />
      ) : null}
      {buildId !== undefined && agents.data && deployments.data && buildPatterns.data ? (
        <section className="build-summary" aria-label="Start a deployment">
          <StartDeploymentForm
            buildId={buildId}
            projectId={build.data?.project_id}
            agents={agents.data}
            deployments={deployments.data.filter((d) => buildPatterns.data.includes(d.pattern_id))}
            patternName={patternName}
            onStarted={(id) => navigate(paths.deploymentRun(id))}
          />
        </section>
      ) : null}
      {buildPatterns.isError ? <ErrorState error={buildPatterns.error} /> : null}
      <h2>Agents</h2>
      <QueryView query={agents} loadingLabel="Loading agents…">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No agents yet.">
              {admin
                ? "Register one with “Register an agent”: the console shows how to start it."
                : "An administrator registers agents (Agents → Register an agent)."}
            </EmptyState>
          ) : (
            <DataTable caption="Agents" columns={agentColumns} rows={list} rowKey={(a) => a.id} />
          )
        }
      </QueryView>
      <h2>Groups</h2>
      <QueryView query={groups} loadingLabel="Loading groups…">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No agent groups." />
          ) : (
            <DataTable
              caption="Agent groups"
              columns={[
                { header: "Name", cell: (g) => g.name },
                { header: "Description", cell: (g) => g.description ?? "" },
              ]}
              rows={list}
              rowKey={(g) => g.id}
            />
          )
        }
      </QueryView>
      <h2>Deployment plans</h2>
      <QueryView query={plans} loadingLabel="Loading deployment plans…">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No deployment plans yet.">
              Deploy several patterns in order with “Deploy plan…” on a finished build.
            </EmptyState>
          ) : (
            <DataTable
              caption="Deployment plans"
              columns={planColumns}
              rows={list}
              rowKey={(p) => p.id}
            />
          )
        }
      </QueryView>
      <h2>Deployment runs</h2>
      <QueryView query={runs} loadingLabel="Loading deployment runs…">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No deployments yet.">
              Deploy a finished build from its page.
            </EmptyState>
          ) : (
            <DataTable
              caption="Deployment runs"
              columns={runColumns}
              rows={list}
              rowKey={(r) => r.id}
            />
          )
        }
      </QueryView>
    </div>
  );
}
