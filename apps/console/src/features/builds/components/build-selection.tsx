import type { BuildSelection, LeftOutReason } from "@metabuild/contract";
import { Link, useNavigate } from "react-router";
import { PermittedButton } from "../../../components/permitted-button.tsx";
import { useCan } from "../../../permissions/can.ts";
import { ErrorState } from "../../../components/status.tsx";
import { useBuildSelection } from "../api/get-build-selection.ts";
import { useStartBuild } from "../api/start-build.ts";
import { paths } from "../../../app/paths.ts";

const REASON_WORDS: Record<LeftOutReason, string> = {
  invalid: "invalid (has validation errors)",
  build_disabled: "build-disabled",
  release: "not in the build's release",
  deleted: "deleted",
};

const path = (i: { folder: string; name: string }) =>
  `${i.folder === "/" ? "" : i.folder}/${i.name}`;

/**
 * Which instances the build rendered and which its request named but left
 * out, each linked to its editor, so a missing file can be traced.
 */
export function BuildSelectionPanel({
  buildId,
  projectId,
}: {
  buildId: number;
  projectId: number;
}) {
  const selection = useBuildSelection(buildId);
  const data = selection.data;
  if (!data) return null;
  const editor = (id: number) => paths.instance(projectId, id);
  return (
    <section aria-label="Instances of this build" className="build-selection">
      <details open={data.left_out.length > 0}>
        <summary>
          {data.instances.length} instance(s) built
          {data.left_out.length > 0 ? `, ${data.left_out.length} left out` : ""}
        </summary>
        {data.left_out.length > 0 ? (
          <>
            <h2>Left out</h2>
            <ul aria-label="Left out instances" className="left-out-list">
              {data.left_out.map((i) => (
                <li key={i.id}>
                  <Link to={editor(i.id)}>
                    {i.pattern} {path(i)}
                  </Link>{" "}
                  <span className="muted">— {REASON_WORDS[i.reason]}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <h2>Built</h2>
        <ul aria-label="Built instances" className="built-list">
          {data.instances.map((i) => (
            <li key={i.id}>
              <Link to={editor(i.id)}>
                {i.pattern} {path(i)}
              </Link>{" "}
              <span className="muted">v{i.version ?? "?"}</span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}

/** Starts a new build of the same instances with the same releases, then opens it. */
export function RerunBuildButton({ buildId, projectId }: { buildId: number; projectId: number }) {
  const refusal = useCan(projectId).reason("build.start");
  const selection = useBuildSelection(buildId);
  const start = useStartBuild();
  const navigate = useNavigate();
  const rerun = (s: BuildSelection) =>
    start.mutate(
      {
        project_id: projectId,
        instances: s.instances.map((i) => ({ id: i.id })),
        releases: s.releases,
      },
      {
        onSuccess: (answer) =>
          navigate(paths.build(projectId, answer.build.id), {
            state: { warnings: answer.warnings },
          }),
      },
    );
  return (
    <>
      <PermittedButton
        reason={refusal}
        disabled={!selection.data || selection.data.instances.length === 0 || start.isPending}
        title="A new build of the same instances (their current versions) and releases"
        onClick={() => selection.data && rerun(selection.data)}
      >
        {start.isPending ? "Starting…" : "Re-run"}
      </PermittedButton>
      {start.isError ? <ErrorState error={start.error} /> : null}
    </>
  );
}
