import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { ErrorState, Loading } from "../components/status.tsx";
import { useMe } from "../api/get-me.ts";
import { paths, routes } from "./paths.ts";

/** Shows its children only with a valid session; otherwise goes to sign-in and back. */
export function RequireSession({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending)
    return (
      <main className="centered" id="main">
        <Loading label="Checking your session…" />
      </main>
    );
  if (me.isError)
    return (
      <main className="centered" id="main">
        <ErrorState error={me.error} onRetry={() => me.refetch()} />
      </main>
    );
  if (!me.data) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={paths.signIn(`next=${next}`)} replace />;
  }
  // A one-time password is replaced first (docs/users-and-access.md).
  if (me.data.must_change_password && location.pathname !== routes.account)
    return <Navigate to={paths.account()} replace />;
  return <>{children}</>;
}
