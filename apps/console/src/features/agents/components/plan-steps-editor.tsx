import { type PatternDeployments, type PlanStepDraft, moveStep } from "../lib/plan-steps.ts";

/** The plan's steps in the order they run: pattern and deployment per step, reorder, remove, add. */
export function PlanStepsEditor({
  patterns,
  steps,
  onChange,
}: {
  /** The build's patterns with their deployments. */
  patterns: PatternDeployments[];
  steps: PlanStepDraft[];
  onChange: (steps: PlanStepDraft[]) => void;
}) {
  const deploymentsOf = (pattern: string) =>
    patterns.find((p) => p.name === pattern)?.deployments ?? [];
  const set = (i: number, step: PlanStepDraft) =>
    onChange(steps.map((s, j) => (j === i ? step : s)));
  const first = patterns[0];

  return (
    <section aria-label="Steps" className="plan-steps">
      <h2>Steps</h2>
      <p className="muted">
        Each step starts after the one before it has succeeded; the first failure stops the plan.
      </p>
      <ol className="plan-step-list">
        {steps.map((step, i) => (
          // Steps have no identity of their own beyond their place in the order.
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the step's identity
          <li key={i} className="plan-step-row" aria-label={`Step ${i + 1}`}>
            <span className="plan-step-position">{i + 1}</span>
            <label className="field field-compact">
              <span>Pattern</span>
              <select
                value={step.pattern}
                onChange={(e) =>
                  set(i, {
                    pattern: e.target.value,
                    deployment:
                      deploymentsOf(e.target.value).find((d) => d.name === step.deployment)?.name ??
                      deploymentsOf(e.target.value)[0]?.name ??
                      "",
                  })
                }
              >
                {patterns.map((p) => (
                  <option key={p.id} value={p.name}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="field field-compact">
              <span>Deployment</span>
              <select
                value={step.deployment}
                onChange={(e) => set(i, { ...step, deployment: e.target.value })}
              >
                {deploymentsOf(step.pattern).map((d) => (
                  <option key={d.name} value={d.name}>
                    {d.name}
                    {d.kind ? ` (${d.kind})` : ""}
                  </option>
                ))}
              </select>
            </label>
            <div className="plan-step-actions">
              <button
                type="button"
                className="button"
                aria-label={`Move step ${i + 1} up`}
                disabled={i === 0}
                onClick={() => onChange(moveStep(steps, i, i - 1))}
              >
                ↑
              </button>
              <button
                type="button"
                className="button"
                aria-label={`Move step ${i + 1} down`}
                disabled={i === steps.length - 1}
                onClick={() => onChange(moveStep(steps, i, i + 1))}
              >
                ↓
              </button>
              <button
                type="button"
                className="button"
                aria-label={`Remove step ${i + 1}`}
                onClick={() => onChange(steps.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ol>
      {first ? (
        <button
          type="button"
          className="button"
          onClick={() =>
            onChange([
              ...steps,
              { pattern: first.name, deployment: first.deployments[0]?.name ?? "" },
            ])
          }
        >
          Add step
        </button>
      ) : null}
    </section>
  );
}
