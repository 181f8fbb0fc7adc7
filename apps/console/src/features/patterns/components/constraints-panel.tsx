import type {
  CellPredicateType,
  PatternConstraint,
  PatternDefinitionInput,
} from "@metabuild/contract";
import {
  CONSTRAINT_KINDS,
  type ConstraintKind,
  PREDICATE_TESTS,
  type PredicateTest,
} from "@metabuild/contract/pattern-constraint-types";

const KIND_WORDS: Record<ConstraintKind, string> = {
  unique: "Unique in the instance",
  one_of: "One of a list",
  regex: "Matches an expression",
  condition: "Condition across columns",
};

const TEST_WORDS: Record<PredicateTest, string> = {
  empty: "is empty",
  not_empty: "is not empty",
  equals: "equals",
  not_equals: "does not equal",
  one_of: "is one of",
  matches: "matches",
};

/** Comma-separated values as typed ↔ the list. */
const listOf = (text: string) =>
  text
    .split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");

/** A constraint of another kind, keeping what fits (column, message). */
function ofKind(c: PatternConstraint, kind: ConstraintKind, first: string): PatternConstraint {
  const column = c.kind === "condition" ? c.require.column : c.column;
  const message = c.message;
  switch (kind) {
    case "unique":
      return { kind, column, message };
    case "one_of":
      return { kind, column, values: [], message };
    case "regex":
      return { kind, column, pattern: "", message };
    case "condition":
      return {
        kind,
        when: { column: first, test: "not_empty" },
        require: { column, test: "not_empty" },
        message,
      };
  }
}

function PredicateEditor({
  label,
  predicate,
  columns,
  onChange,
}: {
  label: string;
  predicate: CellPredicateType;
  columns: string[];
  onChange: (p: CellPredicateType) => void;
}) {
  const needsValue = predicate.test !== "empty" && predicate.test !== "not_empty";
  return (
    <span className="constraint-predicate">
      <select
        aria-label={`${label} column`}
        value={predicate.column}
        onChange={(e) => onChange({ ...predicate, column: e.target.value })}
      >
        {columns.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
      <select
        aria-label={`${label} test`}
        value={predicate.test}
        onChange={(e) => {
          const test = e.target.value as PredicateTest;
          onChange({
            column: predicate.column,
            test,
            ...(test === "one_of" ? { values: [] } : {}),
          });
        }}
      >
        {PREDICATE_TESTS.map((t) => (
          <option key={t} value={t}>
            {TEST_WORDS[t]}
          </option>
        ))}
      </select>
      {needsValue ? (
        <input
          aria-label={`${label} value`}
          placeholder={
            predicate.test === "one_of"
              ? "A, B, C"
              : predicate.test === "matches"
                ? "expression"
                : "value"
          }
          value={
            predicate.test === "one_of"
              ? (predicate.values ?? []).join(", ")
              : (predicate.value ?? "")
          }
          onChange={(e) =>
            onChange(
              predicate.test === "one_of"
                ? { ...predicate, values: listOf(e.target.value) }
                : { ...predicate, value: e.target.value },
            )
          }
        />
      ) : null}
    </span>
  );
}

/**
 * The pattern's constraints (docs/pattern-constraints.md): each a kind, the
 * column it marks, its rule and an optional message. The server checks them
 * on save (unknown columns, expressions needing backtracking: a 400).
 */
export function ConstraintsPanel({
  definition,
  onChange,
}: {
  definition: PatternDefinitionInput;
  onChange: (d: PatternDefinitionInput) => void;
}) {
  const constraints = (definition.constraints ?? []) as PatternConstraint[];
  const columns = [
    ...(definition.properties ?? []).map((p) => p.name),
    ...(definition.functional_roles ?? []).map((r) => r.name),
  ].filter((n) => n.trim() !== "");
  const first = columns[0] ?? "";
  const set = (next: PatternConstraint[]) => onChange({ ...definition, constraints: next });
  const update = (i: number, c: PatternConstraint) =>
    set(constraints.map((old, k) => (k === i ? c : old)));

  return (
    <div className="rows-editor constraints-panel">
      <table className="data-table">
        <caption>Constraints</caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Rule</th>
            <th scope="col">Message (optional)</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {constraints.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: constraints have no id
            <tr key={i}>
              <td>
                <select
                  aria-label={`Kind of constraint ${i + 1}`}
                  value={c.kind}
                  onChange={(e) => update(i, ofKind(c, e.target.value as ConstraintKind, first))}
                >
                  {CONSTRAINT_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {KIND_WORDS[k]}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                {c.kind === "condition" ? (
                  <span className="constraint-condition">
                    When{" "}
                    <PredicateEditor
                      label={`When of constraint ${i + 1}`}
                      predicate={c.when}
                      columns={columns}
                      onChange={(when) => update(i, { ...c, when })}
                    />{" "}
                    then{" "}
                    <PredicateEditor
                      label={`Require of constraint ${i + 1}`}
                      predicate={c.require}
                      columns={columns}
                      onChange={(require) => update(i, { ...c, require })}
                    />
                  </span>
                ) : (
                  <span className="constraint-predicate">
                    <select
                      aria-label={`Column of constraint ${i + 1}`}
                      value={c.column}
                      onChange={(e) => update(i, { ...c, column: e.target.value })}
                    >
                      {columns.map((name) => (
                        <option key={name}>{name}</option>
                      ))}
                    </select>
                    {c.kind === "one_of" ? (
                      <input
                        aria-label={`Values of constraint ${i + 1}`}
                        placeholder="A, B, C"
                        defaultValue={c.values.join(", ")}
                        onChange={(e) => update(i, { ...c, values: listOf(e.target.value) })}
                      />
                    ) : c.kind === "regex" ? (
                      <input
                        aria-label={`Expression of constraint ${i + 1}`}
                        placeholder="[A-Z][A-Z0-9_]*"
                        value={c.pattern}
                        onChange={(e) => update(i, { ...c, pattern: e.target.value })}
                      />
                    ) : (
                      <label className="check">
                        <input
                          type="checkbox"
                          checked={c.ignore_case === true}
                          onChange={(e) =>
                            update(i, { ...c, ignore_case: e.target.checked || undefined })
                          }
                        />
                        ignore case
                      </label>
                    )}
                  </span>
                )}
              </td>
              <td>
                <input
                  aria-label={`Message of constraint ${i + 1}`}
                  value={c.message ?? ""}
                  onChange={(e) => update(i, { ...c, message: e.target.value || undefined })}
                />
              </td>
              <td>
                <button
                  type="button"
                  className="button"
                  onClick={() => set(constraints.filter((_, k) => k !== i))}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        Checked with the other validations; a broken rule marks its cell in the instance editor.
        Expressions match the whole value and run in linear time (no back-references or
        look-around).
      </p>
      <button
        type="button"
        className="button"
        disabled={columns.length === 0}
        onClick={() => set([...constraints, { kind: "unique", column: first }])}
      >
        Add
      </button>
    </div>
  );
}
