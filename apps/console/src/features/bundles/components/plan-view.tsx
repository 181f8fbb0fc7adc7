import type {
  BundlePlan,
  BundlePlanCustomer,
  BundlePlanItem,
  BundlePlanKind,
} from "@metabuild/contract";
import { Badge, type BadgeTone } from "../../../components/badge.tsx";

/** Headings of the plan's groups, in the order the server lists them. */
const KIND_LABELS: Record<BundlePlanKind, string> = {
  customer: "Customer",
  release_group: "Release groups",
  user: "Users",
  pattern: "Patterns",
  project: "Projects",
  folder: "Folders",
  table: "Custom tables",
  script: "SQL scripts",
  view: "Views",
  instance: "Instances",
  agent_group: "Agent groups",
};

const ACTION_TONES: Record<BundlePlanItem["action"], BadgeTone> = {
  created: "success",
  changed: "info",
  removed: "danger",
};

function Value({ value }: { value: string | null }) {
  if (value === null) return <span className="muted">(none)</span>;
  return <code className="bundle-value">{value}</code>;
}

function PlanItem({ item }: { item: BundlePlanItem }) {
  const total = item.changes.length + (item.more_changes ?? 0);
  return (
    <details className="bundle-item">
      <summary>
        <Badge tone={ACTION_TONES[item.action]}>{item.action}</Badge> <strong>{item.name}</strong>
        {item.project ? <span className="muted"> in {item.project}</span> : null}
        {total > 0 ? (
          <span className="muted">
            {" "}
            · {total} {total === 1 ? "change" : "changes"}
          </span>
        ) : null}
      </summary>
      {item.changes.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table bundle-changes">
            <caption className="visually-hidden">Changes of {item.name}</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {item.changes.map((c) => (
                <tr key={c.field}>
                  <th scope="row">{c.field}</th>
                  <td>
                    <Value value={c.before} />
                  </td>
                  <td>
                    <Value value={c.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {item.more_changes ? (
        <p className="muted">… and {item.more_changes} more changes, not listed.</p>
      ) : null}
    </details>
  );
}

function CustomerPlan({ customer }: { customer: BundlePlanCustomer }) {
  const counted = customer.counts.filter((c) => c.created + c.changed + c.removed + c.unchanged);
  const groups = counted
    .map((c) => ({ kind: c.kind, items: customer.items.filter((i) => i.kind === c.kind) }))
    .filter((g) => g.items.length > 0);
  return (
    <section className="bundle-customer" aria-label={`Plan for ${customer.customer}`}>
      <h2>Customer {customer.customer}</h2>
      <div className="table-scroll">
        <table className="data-table bundle-counts">
          <caption className="visually-hidden">Counts for {customer.customer}</caption>
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Created</th>
              <th scope="col">Changed</th>
              <th scope="col">Removed</th>
              <th scope="col">Unchanged</th>
            </tr>
          </thead>
          <tbody>
            {counted.map((c) => (
              <tr key={c.kind}>
                <th scope="row">{KIND_LABELS[c.kind]}</th>
                <td className="numeric">{c.created}</td>
                <td className="numeric">{c.changed}</td>
                <td className="numeric">{c.removed}</td>
                <td className="numeric">{c.unchanged}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {groups.length === 0 ? (
        <p className="muted">Nothing to change: the store already holds this bundle.</p>
      ) : (
        groups.map((g) => (
          <section key={g.kind} className="bundle-group">
            <h3>
              {KIND_LABELS[g.kind]} ({g.items.length})
            </h3>
            {g.items.map((item) => (
              <PlanItem key={`${item.project ?? ""} ${item.name}`} item={item} />
            ))}
          </section>
        ))
      )}
    </section>
  );
}

/** A bundle's plan as a readable diff: counts, then the items grouped by kind, expandable. */
export function PlanView({ plan }: { plan: BundlePlan }) {
  const i = plan.instances;
  return (
    <div className="bundle-plan">
      <p role="status" className="bundle-plan-status">
        {plan.applied ? "Applied: " : "Plan (nothing written yet): "}
        instances {i.inserted} {plan.applied ? "inserted" : "to insert"}, {i.updated}{" "}
        {plan.applied ? "updated" : "to update"}, {i.unchanged} unchanged.
      </p>
      {plan.generated_agents.length > 0 ? (
        <div className="card bundle-agents" role="alert">
          <p>Generated agent credentials, shown only this once:</p>
          <ul>
            {plan.generated_agents.map((a) => (
              <li key={`${a.group} ${a.name}`}>
                {a.name} (group {a.group}){a.agent_id ? `: agent_id ${a.agent_id}` : ""}
                {a.secret ? `, secret ${a.secret}` : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {plan.customers.map((c) => (
        <CustomerPlan key={c.customer} customer={c} />
      ))}
    </div>
  );
}
