import type { CascadeNode, VariableCascade, VariableValueRef } from "@metabuild/contract";
import { useEffect, useRef } from "react";
import { ValueEditor } from "../../../components/variable-value-editor.tsx";

const LEVEL_LABEL: Record<CascadeNode["level"], string> = {
  default: "default",
  project: "project",
  instance_folder: "folder",
  instance: "instance",
};

/** Depth of a node in the tree: project 0, "/" 1, "/a" 2, … instances one below their folder. */
function depthOf(node: CascadeNode): number {
  if (node.kind === "project") return 0;
  const folder = node.kind === "instance" ? (node.parent ?? "/") : node.path;
  const depth = folder === "/" ? 1 : folder.split("/").length;
  return node.kind === "instance" ? depth + 1 : depth;
}

/** Tree order: the project, then folders and instances by path (instances after their folder). */
function treeOrder(nodes: CascadeNode[]): CascadeNode[] {
  const key = (n: CascadeNode) =>
    n.kind === "project"
      ? ""
      : n.kind === "folder"
        ? `${n.path}\u0000`
        : `${n.parent}\u0000\u0001${n.name}`;
  return [...nodes].sort((a, b) => key(a).localeCompare(key(b)));
}

/** Where a node's own value is stored: the project level, a folder path or an instance id. */
function placeOf(cascade: VariableCascade, n: CascadeNode): VariableValueRef {
  const base = {
    project_id: cascade.project_id,
    pattern_id: cascade.pattern_id,
    variable: cascade.name,
  };
  if (n.kind === "folder") return { ...base, folder: n.path };
  if (n.kind === "instance") return { ...base, instance_id: n.id };
  return base;
}

/**
 * Every node with its effective value: where it is set the row is highlighted
 * and marked "set here"; otherwise it names where the value comes from and
 * lists the values it overrides. The instance the viewer was opened from
 * (`markedInstanceId`) is outlined, scrolled to, and kept under "overrides only".
 * Each node's value can be set, changed or cleared in place (needs
 * write_instances; the server's refusal is shown at the node).
 */
export function CascadeTree({
  cascade,
  overridesOnly,
  markedInstanceId,
}: {
  cascade: VariableCascade;
  overridesOnly: boolean;
  markedInstanceId?: number;
}) {
  const isMarked = (n: CascadeNode) => n.kind === "instance" && n.id === markedInstanceId;
  const nodes = treeOrder(cascade.nodes).filter((n) => !overridesOnly || n.set_here || isMarked(n));
  const marked = useRef<HTMLTableRowElement>(null);
  const markedPresent = nodes.some(isMarked);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again when the variable changes
  useEffect(() => {
    marked.current?.scrollIntoView({ block: "center" });
  }, [markedPresent, cascade.name]);
  if (nodes.length === 0)
    return (
      <p role="status">
        No node of {cascade.project_name} sets {cascade.name}.
      </p>
    );
  return (
    <table className="data-table" aria-label={`Cascade of ${cascade.name}`}>
      <thead>
        <tr>
          <th scope="col">Node</th>
          <th scope="col">Value</th>
          <th scope="col">Comes from</th>
          <th scope="col">Overrides</th>
          <th scope="col">Edit</th>
        </tr>
      </thead>
      <tbody>
        {nodes.map((n) => (
          <tr
            key={`${n.kind}-${n.id}`}
            ref={isMarked(n) ? marked : undefined}
            aria-current={isMarked(n) ? "true" : undefined}
            data-set-here={n.set_here ? "true" : undefined}
            style={{
              ...(n.set_here
                ? { background: "var(--info-bg)", boxShadow: "inset 4px 0 0 var(--accent)" }
                : undefined),
              ...(isMarked(n)
                ? { outline: "2px solid var(--focus)", outlineOffset: "-2px" }
                : undefined),
            }}
          >
            <th
              scope="row"
              // A node name reads like the other cells, not like a column heading.
              style={{
                paddingLeft: `${0.5 + depthOf(n) * 1.25}rem`,
                fontWeight: n.kind === "instance" ? 400 : 500,
                fontSize: "inherit",
                color: "var(--text)",
                background: "transparent",
              }}
            >
              <span aria-hidden="true">
                {n.kind === "instance" ? "▫ " : n.kind === "folder" ? "▸ " : "◆ "}
              </span>
              {n.kind === "instance" ? n.name : n.path}
              {isMarked(n) ? (
                <span className="badge badge-info" style={{ marginLeft: "0.5rem" }}>
                  opened from here
                </span>
              ) : null}
              <span className="visually-hidden"> ({n.kind})</span>
            </th>
            <td>
              <code>{n.value ?? "∅"}</code>
              {n.set_here ? (
                <strong style={{ marginLeft: "0.5rem", color: "var(--accent)" }}>set here</strong>
              ) : null}
            </td>
            <td>
              {n.set_here || n.level === "default" ? (
                LEVEL_LABEL[n.level]
              ) : (
                <span>
                  {LEVEL_LABEL[n.level]} <code>{n.defined_at}</code>
                </span>
              )}
            </td>
            <td style={{ color: "var(--muted)" }}>
              {n.chain.length > 1
                ? n.chain.slice(1).map((l, i) => (
                    <span key={`${l.level}-${l.defined_at}`}>
                      {i > 0 ? " › " : ""}
                      <s>{l.value ?? "∅"}</s> (
                      {l.level === "default"
                        ? "default"
                        : `${LEVEL_LABEL[l.level]} ${l.defined_at}`}
                      )
                    </span>
                  ))
                : "—"}
            </td>
            <td>
              <ValueEditor
                place={placeOf(cascade, n)}
                where={n.path}
                value={n.value}
                setHere={n.set_here}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
