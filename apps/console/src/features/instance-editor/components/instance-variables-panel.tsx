import type { InstanceEditing, PatternVariable } from "@metabuild/contract";
import { Link } from "react-router";
import { EmptyState, QueryView } from "../../../components/status.tsx";
import { useInstanceVariables } from "../api/get-instance-variables.ts";
import { ValueEditor } from "../../../components/variable-value-editor.tsx";
import { paths } from "../../../app/paths.ts";

function source(v: PatternVariable): string {
  if (v.level === "instance") return "set here";
  if (v.level === "instance_folder") return `folder ${v.instance_folder ?? v.instance_folder_id}`;
  return v.level;
}

/**
 * The instance editor's variables tab: each variable of the instance's
 * pattern with its effective value and where it comes from; a value can be
 * set, changed or cleared for this instance (docs/pattern-variables.md).
 */
export function InstanceVariablesPanel({ instance }: { instance: InstanceEditing }) {
  const { project_id: projectId, pattern_id: patternId, instance_id: instanceId } = instance;
  // The instance's path names the place in the editors' labels, as in the cascade viewer.
  const instancePath = `${instance.folder === "/" ? "" : instance.folder}/${instance.instance_name}`;
  const variables = useInstanceVariables(instanceId);
  return (
    <QueryView query={variables} loadingLabel="Resolving the variables…">
      {(items) =>
        items.length === 0 ? (
          <EmptyState title="The pattern defines no variables" />
        ) : (
          <table className="data-table" aria-label="Variables of this instance">
            <thead>
              <tr>
                <th scope="col">Variable</th>
                <th scope="col">Value</th>
                <th scope="col">Comes from</th>
                <th scope="col">Edit</th>
              </tr>
            </thead>
            <tbody>
              {items.map((v) => (
                <tr key={v.pattern_variable_id} data-set-here={v.level === "instance" || undefined}>
                  <th scope="row" style={{ fontSize: "inherit", fontWeight: 500 }}>
                    <Link
                      to={paths.variables(
                        projectId,
                        `pattern_id=${patternId}&name=${encodeURIComponent(v.name)}&instance=${instanceId}`,
                      )}
                      title="Show this variable's cascade"
                    >
                      {v.name}
                    </Link>
                  </th>
                  <td>
                    <code>{v.value ?? "∅"}</code>
                  </td>
                  <td>{source(v)}</td>
                  <td>
                    <ValueEditor
                      place={{
                        project_id: projectId,
                        pattern_id: patternId,
                        variable: v.name,
                        instance_id: instanceId,
                      }}
                      where={instancePath}
                      value={v.value}
                      setHere={v.level === "instance"}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </QueryView>
  );
}
