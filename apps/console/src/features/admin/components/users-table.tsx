import type { AdminUser } from "@metabuild/contract";
import { useMe } from "../../../api/get-me.ts";
import { Badge } from "../../../components/badge.tsx";
import { DataTable } from "../../../components/data-table.tsx";
import { useResetPassword } from "../api/reset-password.ts";
import { useUpdateUser } from "../api/update-user.ts";
import { OneTimePassword } from "./one-time-password.tsx";

// Permission: users.manage (docs/console-permissions.md):
// only on the administrators' page (AdminsOnly).

function UserActions({ user }: { user: AdminUser }) {
  const update = useUpdateUser();
  const reset = useResetPassword();
  // The server refuses both too: an admin who disables or demotes themself is locked out.
  const self = useMe().data?.id === user.id;
  const enable = user.disabled ? "Enable" : "Disable";
  const role = user.admin ? "Remove admin" : "Make admin";
  const busy = update.isPending || reset.isPending;
  return (
    <>
      <button
        type="button"
        className="button"
        aria-label={`${enable} ${user.email}`}
        disabled={busy || (self && !user.disabled)}
        title={self ? "You cannot disable your own account" : undefined}
        onClick={() => update.mutate({ id: user.id, change: { disabled: !user.disabled } })}
      >
        {enable}
      </button>
      <button
        type="button"
        className="button"
        aria-label={`${role} ${user.email}`}
        disabled={busy || (self && user.admin)}
        title={self ? "You cannot remove your own admin rights" : undefined}
        onClick={() => update.mutate({ id: user.id, change: { admin: !user.admin } })}
      >
        {role}
      </button>
      <button
        type="button"
        className="button"
        aria-label={`Reset password of ${user.email}`}
        disabled={busy}
        onClick={() => reset.mutate(user.id)}
      >
        Reset password
      </button>
      {reset.data?.one_time_password ? (
        <OneTimePassword email={user.email} password={reset.data.one_time_password} />
      ) : null}
      {update.isError || reset.isError ? (
        <span role="alert" className="form-error">
          {(update.error ?? reset.error)?.message}
        </span>
      ) : null}
    </>
  );
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "never");

export function UsersTable({ users }: { users: AdminUser[] }) {
  return (
    <DataTable
      caption="Users"
      rows={users}
      rowKey={(u) => u.id}
      columns={[
        { header: "Name", cell: (u) => u.name ?? "" },
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
        { header: "Last sign-in", cell: (u) => when(u.last_sign_in_at) },
        { header: "Actions", cell: (u) => <UserActions user={u} /> },
      ]}
    />
  );
}
