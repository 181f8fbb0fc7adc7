import { useState } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { EmptyState, QueryView } from "../../../components/status.tsx";
import { Tabs } from "../../../components/tabs.tsx";
import { AdminsOnly } from "../../../permissions/admins-only.tsx";
import { useGrants } from "../api/get-grants.ts";
import { useAdminUsers } from "../api/get-users.ts";
import { AddUserForm } from "../components/add-user-form.tsx";
import { GrantsMatrix } from "../components/grants-matrix.tsx";
import { UsersTable } from "../components/users-table.tsx";

const TABS = [
  { id: "users", label: "Users" },
  { id: "grants", label: "Grants" },
];

function UsersPanel() {
  const [search, setSearch] = useState("");
  const users = useAdminUsers(search.trim());
  return (
    <>
      <AddUserForm />
      <label className="field">
        <span>Search users</span>
        <input
          className="input"
          type="search"
          placeholder="e-mail or name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </label>
      <QueryView query={users} loadingLabel="Loading users…">
        {(list) => <UsersTable users={list} />}
      </QueryView>
    </>
  );
}

function GrantsPanel() {
  const grants = useGrants();
  return (
    <QueryView query={grants} loadingLabel="Loading grants…">
      {(matrix) =>
        matrix.projects.length === 0 ? (
          <EmptyState title="No projects">There are no projects to grant yet.</EmptyState>
        ) : (
          <GrantsMatrix matrix={matrix} />
        )
      }
    </QueryView>
  );
}

/** Users and grants of the customer: administrators only (docs/users-and-access.md). */
export default function AdminPage() {
  return (
    <AdminsOnly action="users.manage" title="Administration">
      <Administration />
    </AdminsOnly>
  );
}

function Administration() {
  const [params, setParams] = useSearchParams();
  const tab = params.get("tab") === "grants" ? "grants" : "users";
  return (
    <>
      <PageHeader
        title="Administration"
        description="Users of your organisation and their grants."
      />
      <Tabs
        label="Administration"
        tabs={TABS}
        selected={tab}
        onSelect={(id) => setParams({ tab: id })}
      >
        {tab === "grants" ? <GrantsPanel /> : <UsersPanel />}
      </Tabs>
    </>
  );
}
