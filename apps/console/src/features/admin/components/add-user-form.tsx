import { PasswordField } from "../../../components/password-field.tsx";
import { type FormEvent, useState } from "react";
import { useAddUser } from "../api/add-user.ts";
import { OneTimePassword } from "./one-time-password.tsx";

// Permission: users.manage (docs/console-permissions.md):
// only on the administrators' page (AdminsOnly).

/** Adds a user; without a password the server generates a one-time one, shown here once. */
export function AddUserForm() {
  const add = useAddUser();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [admin, setAdmin] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    add.mutate(
      { email, name: name || undefined, password: password || undefined, admin },
      {
        onSuccess: () => {
          setEmail("");
          setName("");
          setPassword("");
          setAdmin(false);
        },
      },
    );
  }

  return (
    <form className="admin-form" aria-label="Add user" onSubmit={submit}>
      <label className="field">
        <span>E-mail</span>
        <input
          className="input"
          type="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </label>
      <label className="field">
        <span>Name</span>
        <input className="input" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <PasswordField
        label="Password"
        placeholder="empty: generate a one-time password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <label className="check">
        <input type="checkbox" checked={admin} onChange={(e) => setAdmin(e.target.checked)} />
        Administrator
      </label>
      <button type="submit" className="button button-primary" disabled={add.isPending}>
        {add.isPending ? "Adding…" : "Add user"}
      </button>
      {add.isError ? (
        <p role="alert" className="form-error">
          {add.error.message}
        </p>
      ) : null}
      {add.isSuccess ? <p role="status">Added {add.data.email}.</p> : null}
      {add.data?.one_time_password ? (
        <OneTimePassword email={add.data.email} password={add.data.one_time_password} />
      ) : null}
    </form>
  );
}
