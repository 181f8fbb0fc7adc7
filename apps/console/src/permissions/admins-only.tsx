import type { ReactNode } from "react";
import { PageHeader } from "../components/page-header.tsx";
import { EmptyState } from "../components/status.tsx";
import type { ConsoleAction } from "./actions.ts";
import { useCan } from "./can.ts";

/**
 * A page whose whole area is an administrator's (`action` has the admin
 * rule): others read why instead of a page whose first request the server
 * refuses with 403 (docs/console-permissions.md).
 */
export function AdminsOnly({
  action,
  title,
  children,
}: {
  action: ConsoleAction;
  title: string;
  children: ReactNode;
}) {
  const refusal = useCan().reason(action);
  if (!refusal) return children;
  return (
    <>
      <PageHeader title={title} />
      <EmptyState title="Administrators only">{refusal}</EmptyState>
    </>
  );
}
