import type { AuditEvent } from "@metabuild/contract";
import { Link } from "react-router";
import { type Column, DataTable } from "../../../components/data-table.tsx";
import { DateTime } from "../../../components/date-time.tsx";
import { AuditChange } from "./audit-change.tsx";
import { paths } from "../../../app/paths.ts";

/** Where the console shows an event's target, when it has a page (docs/audit-log.md). */
function targetHref(e: AuditEvent): string | undefined {
  const p = e.project_id;
  const id = e.target_id;
  if (id === null) return undefined;
  switch (e.target_kind) {
    case "instance":
      return p === null ? undefined : paths.instance(p, id);
    case "build":
      return p === null ? undefined : paths.build(p, id);
    case "pattern_variable":
      return p === null ? undefined : paths.variables(p);
    case "pattern":
      return paths.pattern(id);
    case "user":
      return paths.admin("tab=users");
    default:
      return undefined;
  }
}

function Target({ event }: { event: AuditEvent }) {
  const label = event.target_label ?? event.target_id ?? "";
  const href = targetHref(event);
  return (
    <>
      {event.target_kind ? <span className="muted">{event.target_kind} </span> : null}
      {href ? <Link to={href}>{label}</Link> : label}
    </>
  );
}

function Who({ event }: { event: AuditEvent }) {
  if (event.user_email === null) return <span className="muted">server CLI</span>;
  return (
    <span title={event.client_address ?? undefined}>
      {event.user_name ? `${event.user_name} ` : ""}
      <span className={event.user_name ? "muted" : undefined}>{event.user_email}</span>
    </span>
  );
}

export function AuditTable({
  events,
  projectName,
}: {
  events: AuditEvent[];
  projectName: (id: number) => string | undefined;
}) {
  const columns: Column<AuditEvent>[] = [
    { header: "When", nowrap: true, cell: (e) => <DateTime iso={e.at} /> },
    { header: "Who", cell: (e) => <Who event={e} /> },
    { header: "Action", nowrap: true, cell: (e) => <code>{e.action}</code> },
    {
      header: "Project",
      nowrap: true,
      cell: (e) => (e.project_id === null ? "" : (projectName(e.project_id) ?? e.project_id)),
    },
    { header: "Target", cell: (e) => <Target event={e} /> },
    { header: "Before → after", cell: (e) => <AuditChange before={e.before} after={e.after} /> },
  ];
  return <DataTable caption="Audit log" columns={columns} rows={events} rowKey={(e) => e.id} />;
}
