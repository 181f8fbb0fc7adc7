import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { AdminsOnly } from "../../../permissions/admins-only.tsx";
import { EmptyState, QueryView } from "../../../components/status.tsx";
import {
  AUDIT_PAGE_SIZE,
  type AuditFilters,
  useAuditEvents,
  useAuditProjects,
} from "../api/get-audit.ts";
import { AuditTable } from "../components/audit-table.tsx";

/** The action families an admin picks from; the API takes any prefix (docs/audit-log.md). */
const ACTIONS = [
  ["", "All actions"],
  ["instance.", "Instances"],
  ["variable_value.", "Variable values"],
  ["user.", "Users"],
  ["grant.", "Grants"],
  ["auth.", "Sign-ins"],
  ["build.", "Builds"],
  ["metadata.", "Metadata SQL"],
  ["agent.", "Agents"],
] as const;

const FILTER_KEYS = ["q", "action", "project_id", "from", "to"] as const;

function filtersOf(params: URLSearchParams): AuditFilters {
  const project = Number(params.get("project_id"));
  return {
    q: params.get("q") || undefined,
    action: params.get("action") || undefined,
    project_id: Number.isInteger(project) && project > 0 ? project : undefined,
    from: params.get("from") || undefined,
    to: params.get("to") || undefined,
  };
}

/** Who changed what, when: the customer's audit log, filtered and paged (admins only). */
export default function AuditPage() {
  return (
    <AdminsOnly action="audit.read" title="Audit log">
      <AuditLog />
    </AdminsOnly>
  );
}

function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const skip = Math.max(0, Number(params.get("skip")) || 0);
  const events = useAuditEvents(filters, skip);
  const projects = useAuditProjects();
  const projectName = (id: number) => projects.data?.find((p) => p.id === id)?.name;

  /** Changes one filter (or the page); any filter change starts at the first page. */
  function set(key: (typeof FILTER_KEYS)[number] | "skip", value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== "skip") next.delete("skip");
    setParams(next, { replace: key === "q" });
  }

  return (
    <div className="audit-page">
      <PageHeader
        title="Audit log"
        description="Every change, sign-in and deletion of your organisation: who, when, what, before → after."
      />
      <form
        className="audit-filters"
        aria-label="Filter the audit log"
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="field">
          <span>Search</span>
          <input
            className="input"
            type="search"
            placeholder="user, target or value"
            value={params.get("q") ?? ""}
            onChange={(e) => set("q", e.target.value)}
          />
        </label>
        <label className="field">
          <span>Action</span>
          <select
            className="input"
            value={params.get("action") ?? ""}
            onChange={(e) => set("action", e.target.value)}
          >
            {ACTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Project</span>
          <select
            className="input"
            value={params.get("project_id") ?? ""}
            onChange={(e) => set("project_id", e.target.value)}
          >
            <option value="">All projects</option>
            {(projects.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>From</span>
          <input
            className="input"
            type="date"
            value={params.get("from") ?? ""}
            onChange={(e) => set("from", e.target.value)}
          />
        </label>
        <label className="field">
          <span>To</span>
          <input
            className="input"
            type="date"
            value={params.get("to") ?? ""}
            onChange={(e) => set("to", e.target.value)}
          />
        </label>
      </form>
      <QueryView query={events} loadingLabel="Loading the audit log…">
        {(page) =>
          page.items.length === 0 ? (
            <EmptyState title="No events">Nothing recorded matches these filters.</EmptyState>
          ) : (
            <>
              <AuditTable events={page.items} projectName={projectName} />
              <nav aria-label="Pages" className="pager">
                <button
                  type="button"
                  className="button"
                  disabled={skip === 0}
                  onClick={() => set("skip", String(Math.max(0, skip - AUDIT_PAGE_SIZE)))}
                >
                  Newer
                </button>
                <span>
                  {skip + 1}–{skip + page.items.length} of {page.total}
                </span>
                <button
                  type="button"
                  className="button"
                  disabled={skip + AUDIT_PAGE_SIZE >= page.total}
                  onClick={() => set("skip", String(skip + AUDIT_PAGE_SIZE))}
                >
                  Older
                </button>
              </nav>
            </>
          )
        }
      </QueryView>
    </div>
  );
}
