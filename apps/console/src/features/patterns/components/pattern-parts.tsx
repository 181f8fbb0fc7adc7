import { Badge } from "../../../components/badge.tsx";
import { DataTable } from "../../../components/data-table.tsx";
import { EmptyState, QueryView } from "../../../components/status.tsx";
import {
  usePatternDeployments,
  usePatternProperties,
  usePatternRoles,
  usePatternVariables,
} from "../api/get-pattern-parts.ts";

// One panel per part of a pattern; each shows its own loading, empty and error state.

export function PropertiesPanel({ patternId }: { patternId: number }) {
  return (
    <QueryView query={usePatternProperties(patternId)} loadingLabel="Loading properties…">
      {(rows) =>
        rows.length === 0 ? (
          <EmptyState title="This pattern has no instance properties." />
        ) : (
          <DataTable
            caption="Instance properties"
            rows={rows}
            rowKey={(r) => r.id}
            columns={[
              { header: "Pos", cell: (r) => r.pos_no, numeric: true },
              { header: "Name", cell: (r) => <code>{r.name}</code> },
              { header: "Data type", cell: (r) => r.datatype },
              {
                header: "Required",
                cell: (r) => (r.required ? <Badge tone="info">required</Badge> : "optional"),
              },
              { header: "Format", cell: (r) => r.format ?? "" },
              { header: "Description", cell: (r) => r.description ?? "" },
            ]}
          />
        )
      }
    </QueryView>
  );
}

export function RolesPanel({ patternId }: { patternId: number }) {
  return (
    <QueryView query={usePatternRoles(patternId)} loadingLabel="Loading functional roles…">
      {(rows) =>
        rows.length === 0 ? (
          <EmptyState title="This pattern has no functional roles." />
        ) : (
          <DataTable
            caption="Functional roles"
            rows={rows}
            rowKey={(r) => r.id}
            columns={[
              { header: "Pos", cell: (r) => r.pos_no, numeric: true },
              { header: "Name", cell: (r) => <code>{r.name}</code> },
              {
                header: "Rows carrying it",
                cell: (r) => `${r.cardinality_min} … ${r.cardinality_max}`,
              },
              { header: "Class", cell: (r) => r.class ?? "" },
              { header: "Domain", cell: (r) => r.domain ?? "" },
              {
                header: "Flags",
                cell: (r) => (
                  <>
                    {r.readonly ? <Badge>read-only</Badge> : null}
                    {r.disabled ? <Badge tone="warning">disabled</Badge> : null}
                  </>
                ),
              },
              { header: "Merge strategy", cell: (r) => r.merge_strategy ?? "" },
            ]}
          />
        )
      }
    </QueryView>
  );
}

export function VariablesPanel({ patternId }: { patternId: number }) {
  return (
    <QueryView query={usePatternVariables(patternId)} loadingLabel="Loading variables…">
      {(rows) =>
        rows.length === 0 ? (
          <EmptyState title="This pattern defines no variables." />
        ) : (
          <DataTable
            caption="Variables"
            rows={[...rows].sort((a, b) => a.name.localeCompare(b.name))}
            rowKey={(r) => r.pattern_variable_id}
            columns={[
              { header: "Name", cell: (r) => <code>{r.name}</code> },
              { header: "Default value", cell: (r) => <code>{r.value ?? ""}</code> },
            ]}
          />
        )
      }
    </QueryView>
  );
}

export function DeploymentsPanel({ patternId }: { patternId: number }) {
  return (
    <QueryView query={usePatternDeployments(patternId)} loadingLabel="Loading deployments…">
      {(rows) =>
        rows.length === 0 ? (
          <EmptyState title="This pattern has no deployments." />
        ) : (
          <DataTable
            caption="Deployments"
            rows={rows}
            rowKey={(r) => r.id}
            columns={[
              { header: "Name", cell: (r) => r.name },
              { header: "Id", cell: (r) => r.id, numeric: true },
            ]}
          />
        )
      }
    </QueryView>
  );
}
