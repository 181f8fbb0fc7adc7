import type { AdminUser } from "@metabuild/contract";
import { Badge } from "../../../components/badge.tsx";
import { DataTable } from "../../../components/data-table.tsx";
import { useMe } from "../../../api/get-me.ts";
import { useSetUserDisabled } from "../api/set-user-disabled.ts";

function DisableButton({ user }: { user: AdminUser }) {
  const toggle = useSetUserDisabled();
  const verb = user.disabled ? "Enable" : "Disable";
  // The server refuses it too: an admin who disables themself is locked out at once.
  const self = useMe().data?.id === user.id && !user.disabled;
  return (
    <>
      <button
        type="button"
        className="button"
        aria-label={`${verb} ${user.email}`}
        disabled={toggle.isPending || self}
        title={self ? "You cannot disable your own account" : undefined}
        onClick={() => toggle.mutate({ id: user.id, disabled: !user.disabled })}
      >
        {verb}
      </button>
      {toggle.isError ? (
        <span role="alert" className="form-error">
          {toggle.error.message}
        </span>
      ) : null}
    </>
  );
}

export function UsersTable({ users }: { users: AdminUser[] }) {
  return (
    <DataTable
      caption="Users"
      rows={users}
      rowKey={(u) => u.id}
      columns={[
        { header: "E-mail", cell: (u) => u.email },
        { header: "Role", cell: (u) => (u.admin ? <Badge tone="info">admin</Badge> : "user") },
        {
          header: "Status",
          cell: (u) =>
            u.disabled ? (
              <Badge tone="warning">disabled</Badge>
            ) : (
              <Badge tone="success">active</Badge>
            ),
        },
        { header: "Actions", cell: (u) => <DisableButton user={u} /> },
      ]}
    />
  );
}
