import type { CascadeNode, VariableCascade } from "@metabuild/contract";

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

/**
 * Every node with its effective value: where it is set the row is highlighted
 * and marked "set here"; otherwise it names where the value comes from and
 * lists the values it overrides.
 */
export function CascadeTree({
  cascade,
  overridesOnly,
}: {
  cascade: VariableCascade;
  overridesOnly: boolean;
}) {
  const nodes = treeOrder(cascade.nodes).filter((n) => !overridesOnly || n.set_here);
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
        </tr>
      </thead>
      <tbody>
        {nodes.map((n) => (
          <tr
            key={`${n.kind}-${n.id}`}
            data-set-here={n.set_here ? "true" : undefined}
            style={
              n.set_here
                ? { background: "var(--info-bg)", boxShadow: "inset 4px 0 0 var(--accent)" }
                : undefined
            }
          >
            <th
              scope="row"
              style={{ paddingLeft: `${0.5 + depthOf(n) * 1.25}rem`, fontWeight: 400 }}
            >
              <span aria-hidden="true">
                {n.kind === "instance" ? "▫ " : n.kind === "folder" ? "▸ " : "◆ "}
              </span>
              {n.kind === "instance" ? n.name : n.path}
              <span className="visually-hidden"> ({n.kind})</span>
            </th>
            <td>
              <code>{n.value ?? "∅"}</code>
              {n.set_here ? (
                <strong style={{ marginLeft: "0.5rem", color: "var(--accent)" }}>set here</strong>
              ) : null}
            </td>
            <td>
              {n.set_here ? (
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
                      <s>{l.value ?? "∅"}</s> ({LEVEL_LABEL[l.level]} {l.defined_at})
                    </span>
                  ))
                : "—"}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
