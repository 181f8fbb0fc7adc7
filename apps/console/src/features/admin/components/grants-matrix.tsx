import type { AdminGrantMatrix, PermissionName } from "@metabuild/contract";
import { useState } from "react";
import { useSetCustomerGrant } from "../api/set-customer-grant.ts";
import { useSetGrant } from "../api/set-grant.ts";

import {
  DEVELOP_PATTERNS_WORDS,
  PERMISSION_ORDER as PERMISSIONS,
  PERMISSION_WORDS,
} from "@metabuild/contract/permission-words";

// Permission: users.manage (docs/console-permissions.md):
// only on the administrators' page (AdminsOnly).

/** User × project × permission, one checkbox per cell, saved as it is ticked. */
export function GrantsMatrix({ matrix }: { matrix: AdminGrantMatrix }) {
  const setGrant = useSetGrant();
  const setCustomerGrant = useSetCustomerGrant();
  const held = new Set(matrix.grants.map((g) => `${g.user_id}:${g.project_id}:${g.permission}`));
  for (const g of matrix.customer_grants) held.add(`${g.user_id}:${g.permission}`);
  // A ticked box shows its new state at once (a controlled checkbox would
  // otherwise snap back until the optimistic cache update lands).
  const [ticking, setTicking] = useState<Record<string, boolean>>({});
  const isChecked = (key: string) => ticking[key] ?? held.has(key);
  const [saved, setSaved] = useState("");
  const describe = (cell: { user_id: number; project_id: number; permission: PermissionName }) => {
    const user = matrix.users.find((u) => u.id === cell.user_id)?.email;
    const project = matrix.projects.find((p) => p.id === cell.project_id)?.name;
    return `${PERMISSION_WORDS[cell.permission]} on ${project} for ${user}`;
  };
  const tick = (cell: { user_id: number; project_id: number; permission: PermissionName }) => {
    const key = `${cell.user_id}:${cell.project_id}:${cell.permission}`;
    const granted = !isChecked(key);
    setTicking((t) => ({ ...t, [key]: granted }));
    setSaved("");
    setGrant.mutate(
      { ...cell, granted },
      {
        onSuccess: () => setSaved(`Saved: ${describe(cell)} ${granted ? "granted" : "revoked"}.`),
        onSettled: () => setTicking(({ [key]: _done, ...rest }) => rest),
      },
    );
  };
  // `develop_patterns` is customer-wide: one cell per user (docs/identity.md).
  const tickDevelop = (user: { id: number; email: string }) => {
    const key = `${user.id}:develop_patterns`;
    const granted = !isChecked(key);
    setTicking((t) => ({ ...t, [key]: granted }));
    setSaved("");
    setCustomerGrant.mutate(
      { user_id: user.id, permission: "develop_patterns", granted },
      {
        onSuccess: () =>
          setSaved(
            `Saved: ${DEVELOP_PATTERNS_WORDS} for ${user.email} ${granted ? "granted" : "revoked"}.`,
          ),
        onSettled: () => setTicking(({ [key]: _done, ...rest }) => rest),
      },
    );
  };
  const failed = setGrant.error ?? setCustomerGrant.error;
  return (
    <div className="table-scroll">
      {failed ? (
        <p role="alert" className="form-error">
          {failed.message}
        </p>
      ) : null}
      <p role="status" className="grants-saved">
        {saved}
      </p>
      <table className="data-table grants-matrix">
        <caption className="visually-hidden">Grants</caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              User
            </th>
            <th scope="col" rowSpan={2} title="develop_patterns: create and edit patterns">
              {DEVELOP_PATTERNS_WORDS}
            </th>
            {matrix.projects.map((p) => (
              <th key={p.id} scope="colgroup" colSpan={PERMISSIONS.length}>
                {p.name}
              </th>
            ))}
          </tr>
          <tr>
            {matrix.projects.flatMap((p) =>
              PERMISSIONS.map((perm) => (
                <th key={`${p.id}:${perm}`} scope="col" title={perm}>
                  {PERMISSION_WORDS[perm]}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {matrix.users.map((u) => (
            <tr key={u.id}>
              <th scope="row">
                {u.email}
                {u.admin ? " (admin: all)" : ""}
              </th>
              <td className="cell-center">
                <input
                  type="checkbox"
                  aria-label={`${DEVELOP_PATTERNS_WORDS} for ${u.email}`}
                  checked={isChecked(`${u.id}:develop_patterns`)}
                  onChange={() => tickDevelop(u)}
                />
              </td>
              {matrix.projects.flatMap((p) =>
                PERMISSIONS.map((perm) => (
                  <td key={`${p.id}:${perm}`} className="cell-center">
                    <input
                      type="checkbox"
                      aria-label={`${PERMISSION_WORDS[perm]} on ${p.name} for ${u.email}`}
                      checked={isChecked(`${u.id}:${p.id}:${perm}`)}
                      onChange={() => tick({ user_id: u.id, project_id: p.id, permission: perm })}
                    />
                  </td>
                )),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
