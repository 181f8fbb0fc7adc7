import { useEffect } from "react";
import { useParams, useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { EmptyState, ErrorState, QueryView } from "../../../components/status.tsx";
import { useCascadePatterns, useCascadeVariables, useVariableCascade } from "../api/get-cascade.ts";
import { CascadeTree } from "../components/cascade-tree.tsx";

/**
 * /projects/:projectId/variables?pattern_id=&name=&overrides=1&instance= —
 * the selection lives in the URL (docs/console-deep-links.md). `instance`
 * marks that instance's node and scrolls to it; without `name` the
 * pattern's first variable is shown.
 */
export default function CascadePage() {
  const raw = useParams().projectId;
  const projectId = Number(raw);
  const [params, setParams] = useSearchParams();
  const patternId = params.get("pattern_id") ? Number(params.get("pattern_id")) : undefined;
  const name = params.get("name") ?? undefined;
  const overridesOnly = params.get("overrides") === "1";
  const instanceId = params.get("instance") ? Number(params.get("instance")) : undefined;
  const patterns = useCascadePatterns();
  const variables = useCascadeVariables(patternId);
  const cascade = useVariableCascade(projectId, patternId, name);
  // Opened from an instance without a variable: show the pattern's first one.
  const firstVariable = variables.data?.[0]?.name;
  useEffect(() => {
    if (instanceId === undefined || name || !firstVariable) return;
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.set("name", firstVariable);
        return next;
      },
      { replace: true },
    );
  }, [instanceId, name, firstVariable, setParams]);
  if (!Number.isInteger(projectId) || projectId <= 0)
    return <ErrorState error={new Error(`'${raw}' is not a project id`)} />;

  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined || v === "") next.delete(k);
      else next.set(k, v);
    }
    // flushSync: the controlled check box and selects show the new value at once.
    setParams(next, { flushSync: true });
  };

  return (
    <>
      <PageHeader
        title="Variable cascade"
        description="Where each folder and instance gets a pattern variable's value from."
      />
      <form
        aria-label="Cascade selection"
        onSubmit={(e) => e.preventDefault()}
        style={{
          display: "flex",
          gap: "1rem",
          flexWrap: "wrap",
          alignItems: "end",
          marginBottom: "1rem",
        }}
      >
        <label>
          Pattern{" "}
          <select
            aria-label="Pattern"
            value={patternId ?? ""}
            onChange={(e) =>
              set({ pattern_id: e.target.value, name: undefined, instance: undefined })
            }
          >
            <option value="">Choose a pattern…</option>
            {(patterns.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Variable{" "}
          <select
            aria-label="Variable"
            value={name ?? ""}
            disabled={patternId === undefined}
            onChange={(e) => set({ name: e.target.value })}
          >
            <option value="">Choose a variable…</option>
            {(variables.data ?? []).map((v) => (
              <option key={v.pattern_variable_id} value={v.name}>
                {v.name}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={overridesOnly}
            onChange={(e) => set({ overrides: e.target.checked ? "1" : undefined })}
          />{" "}
          Overrides only
        </label>
      </form>
      {patterns.isError ? <ErrorState error={patterns.error} /> : null}
      {patternId === undefined || !name ? (
        <EmptyState title="Pick a pattern and a variable">
          The tree shows the project, its folders and the pattern's instances with each value.
        </EmptyState>
      ) : (
        <QueryView query={cascade} loadingLabel="Resolving the cascade…">
          {(c) => (
            <>
              <p>
                <strong>{c.name}</strong> of pattern {c.pattern_name} in {c.project_name} — default{" "}
                <code>{c.default_value ?? "∅"}</code>. Highlighted rows set the value themselves.
              </p>
              <CascadeTree
                cascade={c}
                overridesOnly={overridesOnly}
                markedInstanceId={instanceId}
              />
            </>
          )}
        </QueryView>
      )}
    </>
  );
}
