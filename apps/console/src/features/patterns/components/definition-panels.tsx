import type { PatternDefinitionInput } from "@metabuild/contract";
import { type FieldSpec, RowsEditor } from "./rows-editor.tsx";

type Definition = PatternDefinitionInput;
type Rows = Record<string, unknown>[];

const DATATYPES = ["string", "integer", "number", "boolean", "date", "reference"] as const;

const PROPERTY_FIELDS: FieldSpec[] = [
  { key: "name", label: "Name" },
  { key: "datatype", label: "Datatype", kind: "select", options: DATATYPES },
  { key: "required", label: "Required", kind: "checkbox" },
  // A reference property's patterns (docs/lineage.md); it has no format.
  { key: "references", label: "References (patterns)", list: true },
  { key: "format", label: "Format", nullable: true },
  { key: "description", label: "Description", nullable: true },
];
const ROLE_FIELDS: FieldSpec[] = [
  { key: "name", label: "Name" },
  { key: "cardinality_min", label: "Min" },
  { key: "cardinality_max", label: "Max (count or N)" },
  { key: "class", label: "Class", nullable: true },
  { key: "domain", label: "Domain", nullable: true },
  { key: "readonly", label: "Read-only", kind: "checkbox" },
];
const VARIABLE_FIELDS: FieldSpec[] = [
  { key: "name", label: "Name" },
  { key: "default", label: "Default", nullable: true },
  { key: "description", label: "Description", nullable: true },
];
const DEPLOYMENT_FIELDS: FieldSpec[] = [
  { key: "name", label: "Name" },
  { key: "kind", label: "Kind", kind: "select", options: ["directory", "sql"] },
  { key: "config", label: "Config (JSON)", json: true },
];

/** The general properties of the pattern: name, type, status, description. */
export function GeneralPanel({
  definition,
  onChange,
}: {
  definition: Definition;
  onChange: (d: Definition) => void;
}) {
  const text = (
    key: "name" | "type" | "status" | "description" | "instance_name_pattern",
    label: string,
    placeholder?: string,
  ) => (
    <label className="field">
      <span>{label}</span>
      <input
        value={(definition[key] as string | null | undefined) ?? ""}
        placeholder={placeholder}
        onChange={(e) => onChange({ ...definition, [key]: e.target.value })}
      />
    </label>
  );
  return (
    <div className="pattern-general">
      {text("name", "Name")}
      {text("type", "Type")}
      {text("status", "Status")}
      {text("description", "Description")}
      {/* Blank: the default rule, a SQL identifier (docs/instance-names.md). */}
      {text("instance_name_pattern", "Instance name rule", "^[A-Za-z_][A-Za-z0-9_]*$ (default)")}
    </div>
  );
}

/** The list tabs of the editor: each a RowsEditor over one list of the definition. */
export function ListPanel({
  tab,
  definition,
  onChange,
}: {
  tab: "properties" | "roles" | "variables" | "deployments";
  definition: Definition;
  onChange: (d: Definition) => void;
}) {
  const spec = {
    properties: {
      key: "properties",
      label: "Properties",
      fields: PROPERTY_FIELDS,
      blank: { name: "", datatype: "string", required: false },
    },
    roles: {
      key: "functional_roles",
      label: "Functional roles",
      fields: ROLE_FIELDS,
      blank: { name: "", cardinality_min: "0", cardinality_max: "N" },
    },
    variables: {
      key: "variables",
      label: "Variables",
      fields: VARIABLE_FIELDS,
      blank: { name: "" },
    },
    deployments: {
      key: "deployments",
      label: "Deployments",
      fields: DEPLOYMENT_FIELDS,
      blank: { name: "", kind: "directory", config: {} },
    },
  }[tab];
  const rows = ((definition as Record<string, unknown>)[spec.key] ?? []) as Rows;
  return (
    <RowsEditor
      label={spec.label}
      fields={spec.fields}
      rows={rows}
      blank={spec.blank}
      onChange={(next) => onChange({ ...definition, [spec.key]: next })}
    />
  );
}
