import { useNavigate } from "react-router";
import { MenuButton } from "../../components/menu-button.tsx";
import { useMe } from "../../api/get-me.ts";
import { useSignOut } from "../../features/auth/api/sign-out.ts";
import { paths } from "../paths.ts";

// Permission: none (docs/console-permissions.md): signing out needs no grant.

export function UserMenu() {
  const me = useMe().data;
  const signOut = useSignOut();
  const navigate = useNavigate();
  if (!me) return null;
  return (
    <MenuButton
      label={`User menu for ${me.email}`}
      heading={
        <>
          <strong>{me.email}</strong>
          <span>
            {me.customer}
            {me.admin ? " · administrator" : ""}
          </span>
        </>
      }
      items={[
        { label: "Account", onSelect: () => navigate(paths.account()) },
        { label: "API tokens", onSelect: () => navigate(paths.tokens()) },
        {
          label: "Sign out",
          onSelect: () =>
            signOut.mutate(undefined, {
              onSuccess: () => navigate(paths.signIn(), { replace: true }),
            }),
        },
      ]}
    >
      <span className="avatar" aria-hidden="true">
        {me.email.slice(0, 1).toUpperCase()}
      </span>
      <span className="user-email">{me.email}</span>
    </MenuButton>
  );
}
