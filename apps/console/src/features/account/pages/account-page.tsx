import { PasswordField } from "../../../components/password-field.tsx";
import { type FormEvent, useState } from "react";
import { useMe } from "../../../api/get-me.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { useChangePassword } from "../api/change-password.ts";

// Permission: none (docs/console-permissions.md): every user changes their own password.

/** The signed-in user's own password (docs/users-and-access.md). */
export default function AccountPage() {
  const me = useMe().data;
  const change = useChangePassword();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");

  function submit(e: FormEvent) {
    e.preventDefault();
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent("");
          setNext("");
        },
      },
    );
  }

  return (
    <>
      <PageHeader title="Account" description={me?.email ?? ""} />
      {me?.must_change_password ? (
        <p role="alert">You signed in with a one-time password: choose your own password now.</p>
      ) : null}
      <form className="admin-form" aria-label="Change password" onSubmit={submit}>
        <PasswordField
          label="Current password"
          required
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <PasswordField
          label="New password"
          required
          autoComplete="new-password"
          value={next}
          onChange={setNext}
        />
        <button type="submit" className="button button-primary" disabled={change.isPending}>
          {change.isPending ? "Changing…" : "Change password"}
        </button>
        {change.isError ? (
          <p role="alert" className="form-error">
            {change.error.message}
          </p>
        ) : null}
        {change.isSuccess ? <p role="status">Your password is changed.</p> : null}
      </form>
    </>
  );
}
