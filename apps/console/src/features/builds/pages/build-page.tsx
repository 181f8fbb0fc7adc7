import type { BuildEventData } from "@metabuild/contract";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { MissingGrant, PermittedButton } from "../../../components/permitted-button.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ErrorState, QueryView } from "../../../components/status.tsx";
import { Tabs } from "../../../components/tabs.tsx";
import { useEventStream } from "../../../lib/use-event-stream.ts";
import { useCan } from "../../../permissions/can.ts";
import { useCancelBuild } from "../api/cancel-build.ts";
import { useBuildFiles } from "../api/get-build-files.ts";
import { applyBuildEvent, useBuild, useBuilds } from "../api/get-builds.ts";
import { BuildDiffPanel } from "../components/build-diff.tsx";
import { BuildFiles, type OpenFile } from "../components/build-files.tsx";
import { BuildSelectionPanel, RerunBuildButton } from "../components/build-selection.tsx";
import { DownloadList } from "../components/download-list.tsx";
import { BuildProgress, BuildStatusBadge, BuildTimes } from "../components/build-progress.tsx";
import { paths } from "../../../app/paths.ts";

const BUILD_EVENTS = ["build.status", "build.progress"] as const;
const TABS = [
  { id: "downloads", label: "Downloads" },
  { id: "files", label: "Files" },
  { id: "diff", label: "Compare" },
];

export default function BuildPage() {
  const { projectId: rawProject, buildId: rawBuild } = useParams();
  const projectId = Number(rawProject);
  const buildId = Number(rawBuild);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const client = useQueryClient();
  const build = useBuild(buildId);
  const permissions = useCan(projectId);
  const cancel = useCancelBuild(buildId);
  // Earlier builds for the comparison list (the newest page is enough to choose from).
  const others = useBuilds(projectId, 0);
  // Warnings come with the start answer only; the start dialog hands them over.
  const warnings = (location.state as { warnings?: string[] } | null)?.warnings ?? [];

  // This build's live progress; the server sends its current state first.
  useEventStream(BUILD_EVENTS, (_type, data) => applyBuildEvent(client, data as BuildEventData), [
    buildId,
  ]);

  const tab = TABS.some((t) => t.id === params.get("tab"))
    ? (params.get("tab") as string)
    : "downloads";
  const open: OpenFile | undefined =
    params.get("file") && params.get("pattern")
      ? { pattern: params.get("pattern") as string, path: params.get("file") as string }
      : undefined;
  const against = Number(params.get("against")) || undefined;
  // Asked for beside the build, not after it: a large list is then on its way at once.
  const filesRefusal = permissions.reason("build.read-files");
  useBuildFiles(
    buildId,
    tab === "files" && !filesRefusal && Number.isInteger(buildId) && buildId > 0,
  );

  function update(changes: Record<string, string | undefined>) {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  }
  const openFile = (f: OpenFile) => update({ pattern: f.pattern, file: f.path });

  if (!Number.isInteger(buildId) || buildId <= 0)
    return <ErrorState error={new Error(`'${rawBuild}' is not a build id`)} />;

  const loaded = build.data;
  return (
    <div className="build-page">
      {/* The header stays while loading and on errors (an unknown id), with its way back. */}
      <PageHeader
        title={`Build ${buildId}`}
        description={loaded?.description ?? undefined}
        actions={
          <>
            <Link className="button" to={paths.builds(projectId)}>
              All builds
            </Link>
            {loaded?.status === "FINISHED" && permissions.may("deployment.start") ? (
              <>
                <Link className="button" to={paths.agents({ build: loaded.id })}>
                  Deploy
                </Link>
                <Link className="button" to={paths.newDeploymentPlan({ build: loaded.id })}>
                  Deploy plan…
                </Link>
              </>
            ) : null}
            {loaded && loaded.status !== "BUILDING" ? (
              <RerunBuildButton buildId={loaded.id} projectId={projectId} />
            ) : null}
            {loaded?.status === "BUILDING" ? (
              <PermittedButton
                reason={permissions.reason("build.cancel")}
                disabled={cancel.isPending}
                onClick={() => cancel.mutate()}
              >
                {cancel.isPending ? "Canceling…" : "Cancel build"}
              </PermittedButton>
            ) : null}
          </>
        }
      />
      <QueryView query={build} loadingLabel="Loading build…">
        {(b) => (
          <>
            <section aria-label="Progress" className="build-summary">
              <div className="build-summary-line">
                <BuildStatusBadge status={b.status} />
                <BuildProgress label="Build progress" progress={b.progress} status={b.status} />
              </div>
              <p className="build-message" role="status" aria-live="polite">
                {b.message}
              </p>
              <BuildTimes build={b} />
              {cancel.isError ? <ErrorState error={cancel.error} /> : null}
            </section>
            {warnings.length > 0 ? (
              <section aria-label="Warnings" className="build-warnings">
                <h2>Warnings</h2>
                <ul>
                  {warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              </section>
            ) : null}
            <BuildSelectionPanel buildId={b.id} projectId={projectId} />
            {b.status !== "FINISHED" ? null : (
              <Tabs
                label="Build results"
                tabs={TABS}
                selected={tab}
                onSelect={(id) => update({ tab: id, pattern: undefined, file: undefined })}
              >
                {tab === "downloads" ? (
                  <DownloadList
                    downloads={b.downloads}
                    refusal={permissions.reason("build.download")}
                  />
                ) : tab === "files" && filesRefusal ? (
                  <MissingGrant action="build.read-files" what="Reading a build's files" />
                ) : tab === "files" ? (
                  <BuildFiles buildId={b.id} open={open} onOpen={openFile} />
                ) : permissions.reason("build.compare") ? (
                  <MissingGrant action="build.compare" what="Comparing builds" />
                ) : (
                  <BuildDiffPanel
                    buildId={b.id}
                    earlier={(others.data?.items ?? []).filter(
                      (o) => o.id < b.id && o.status === "FINISHED",
                    )}
                    against={against}
                    onAgainst={(id) =>
                      update({
                        against: id ? String(id) : undefined,
                        pattern: undefined,
                        file: undefined,
                      })
                    }
                    open={open}
                    onOpen={openFile}
                  />
                )}
              </Tabs>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}
