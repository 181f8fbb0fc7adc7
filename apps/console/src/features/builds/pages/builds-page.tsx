import type { Build, BuildEventData } from "@metabuild/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { useMe } from "../../../api/get-me.ts";
import { usePatterns } from "../../../api/get-patterns.ts";
import { type Column, DataTable } from "../../../components/data-table.tsx";
import { DateTime, formatDuration } from "../../../components/date-time.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { MissingGrant } from "../../../components/permitted-button.tsx";
import { EmptyState, ErrorState, QueryView } from "../../../components/status.tsx";
import { useEventStream } from "../../../lib/use-event-stream.ts";
import { useCan } from "../../../permissions/can.ts";
import { BUILD_PAGE_SIZE, applyBuildEvent, useBuilds } from "../api/get-builds.ts";
import { readInstanceIds } from "../build-request.ts";
import { BuildProgress, BuildStatusBadge } from "../components/build-progress.tsx";
import { BuildFilters, readBuildFilters } from "../components/build-filters.tsx";
import { StartBuildDialog } from "../components/start-build-dialog.tsx";
import { paths } from "../../../app/paths.ts";

const BUILD_EVENTS = ["build.status", "build.progress"] as const;

export default function BuildsPage() {
  const raw = useParams().projectId;
  const projectId = Number(raw);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const skip = Math.max(0, Number(params.get("skip")) || 0);
  const me = useMe().data;
  const filters = readBuildFilters(params, me?.id);
  const builds = useBuilds(projectId, skip, filters);
  const permissions = useCan(projectId);
  const patterns = usePatterns();
  // The dialog is open while the URL says so (`?start`, with `instances` from a selection).
  const starting = params.has("start");
  const instanceIds = readInstanceIds(params.get("instances"));

  // Live status and progress: the stream patches the cached list (no polling).
  useEventStream(BUILD_EVENTS, (_type, data) => applyBuildEvent(client, data as BuildEventData));

  if (!Number.isInteger(projectId) || projectId <= 0)
    return <ErrorState error={new Error(`'${raw}' is not a project id`)} />;

  const columns: Column<Build>[] = [
    {
      header: "Build",
      nowrap: true,
      cell: (b) => <Link to={paths.build(projectId, b.id)}>Build {b.id}</Link>,
    },
    { header: "Status", cell: (b) => <BuildStatusBadge status={b.status} /> },
    {
      header: "Progress",
      cell: (b) => (
        <BuildProgress
          label={`Progress of build ${b.id}`}
          progress={b.progress}
          status={b.status}
        />
      ),
    },
    { header: "Instances", numeric: true, cell: (b) => b.instances },
    { header: "Message", cell: (b) => b.message },
    { header: "Description", cell: (b) => b.description ?? "" },
    {
      header: "Started",
      nowrap: true,
      cell: (b) => <DateTime iso={b.build_start ?? b.created_at} />,
    },
    {
      header: "Duration",
      numeric: true,
      nowrap: true,
      cell: (b) =>
        b.build_end
          ? formatDuration(Date.parse(b.build_end) - Date.parse(b.build_start ?? b.created_at))
          : "",
    },
  ];

  function filter(changes: Record<string, string | undefined>) {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined) p.delete(k);
      else p.set(k, v);
    }
    p.delete("skip");
    setParams(p, { replace: true });
  }

  function setSkip(next: number) {
    const p = new URLSearchParams(params);
    if (next > 0) p.set("skip", String(next));
    else p.delete("skip");
    setParams(p);
  }

  return (
    <div className="builds-page">
      <PageHeader
        title="Builds"
        description="Status and progress update live."
        actions={
          permissions.may("build.start") ? (
            <button
              type="button"
              className="button button-primary"
              onClick={() => setParams({ start: "" })}
            >
              Start build
            </button>
          ) : (
            <MissingGrant action="build.start" what="Starting builds" />
          )
        }
      />
      <BuildFilters params={params} onChange={filter} />
      <QueryView query={builds} loadingLabel="Loading builds…">
        {(page) =>
          page.items.length === 0 && Object.values(filters).some((v) => v !== undefined) ? (
            <EmptyState title="No builds match these filters." />
          ) : page.items.length === 0 ? (
            <EmptyState title="No builds yet.">
              Start one here, or select instances on the instances page and choose “Build selected”.
            </EmptyState>
          ) : (
            <>
              <DataTable
                caption="Builds"
                columns={columns}
                rows={page.items}
                rowKey={(b) => b.id}
              />
              <nav aria-label="Pages" className="pager">
                <button
                  type="button"
                  className="button"
                  disabled={skip === 0}
                  onClick={() => setSkip(Math.max(0, skip - BUILD_PAGE_SIZE))}
                >
                  Newer
                </button>
                <span>
                  {skip + 1}–{skip + page.items.length} of {page.total}
                </span>
                <button
                  type="button"
                  className="button"
                  disabled={skip + BUILD_PAGE_SIZE >= page.total}
                  onClick={() => setSkip(skip + BUILD_PAGE_SIZE)}
                >
                  Older
                </button>
              </nav>
            </>
          )
        }
      </QueryView>
      {starting && permissions.may("build.start") ? (
        <StartBuildDialog
          projectId={projectId}
          instanceIds={instanceIds}
          initialFolder={params.get("folder") ?? undefined}
          initialSubfolders={params.get("subfolders") === "1"}
          patterns={patterns.data ?? []}
          onClose={() => setParams({})}
          onStarted={(id, warnings) =>
            navigate(paths.build(projectId, id), { state: { warnings } })
          }
        />
      ) : null}
    </div>
  );
}
