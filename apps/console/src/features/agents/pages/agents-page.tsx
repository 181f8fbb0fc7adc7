import type { Agent, BuildDeployment } from "@metabuild/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { usePatterns } from "../../../api/get-patterns.ts";
import { type Column, DataTable } from "../../../components/data-table.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { EmptyState, QueryView } from "../../../components/status.tsx";
import { useEventStream } from "../../../lib/use-event-stream.ts";
import { applyRunStatus, useBuildDeployments } from "../api/build-deployments.ts";
import { applyAgentEvent, useAgentGroups, useAgents, useDeployments } from "../api/get-agents.ts";
import { StartDeploymentForm } from "../components/start-deployment-form.tsx";

const EVENTS = ["agent.online", "build_deployment.status"] as const;

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
  const patterns = usePatterns();
  // `?build=ID` (from a build page): show the form to deploy that build.
  const buildId = Number(params.get("build")) || undefined;

  useEventStream(EVENTS, (type, data) => {
    if (type === "agent.online") applyAgentEvent(client, (data as { agent: Agent }).agent);
    else applyRunStatus(client, (data as { build_deployment: BuildDeployment }).build_deployment);
  });

  const groupName = (id: number | null) =>
    id === null ? "" : (groups.data?.find((g) => g.id === id)?.name ?? `#${id}`);
  const agentColumns: Column<Agent>[] = [
    { header: "Name", cell: (a) => a.name },
    { header: "Status", cell: (a) => <Online online={a.online} /> },
    { header: "Group", cell: (a) => groupName(a.group_id) },
    { header: "Agent id", cell: (a) => <code>{a.agent_id}</code> },
    { header: "Disabled", cell: (a) => (a.disabled ? "yes" : "no") },
  ];
  const runColumns: Column<BuildDeployment>[] = [
    { header: "Run", cell: (r) => <Link to={`/deployments/${r.id}`}>Deployment run {r.id}</Link> },
    { header: "Build", numeric: true, cell: (r) => r.build_id },
    { header: "Status", cell: (r) => r.status.toLowerCase() },
    { header: "Started", cell: (r) => r.started_at ?? r.created_at },
  ];

  return (
    <div className="agents-page">
      <PageHeader title="Agents" description="Online status and deployment runs update live." />
      {buildId !== undefined && agents.data && deployments.data ? (
        <section className="build-summary" aria-label="Start a deployment">
          <StartDeploymentForm
            buildId={buildId}
            agents={agents.data}
            deployments={deployments.data}
            patternName={(id) => patterns.data?.find((p) => p.id === id)?.name ?? `#${id}`}
            onStarted={(id) => navigate(`/deployments/${id}`)}
          />
        </section>
      ) : null}
      <h2>Agents</h2>
      <QueryView query={agents} loadingLabel="Loading agents…">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No agents yet.">Add one with `metabuild agents add`.</EmptyState>
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
