import { type FormEvent, useState } from "react";
import { useAddUser } from "../api/add-user.ts";

/** Adds a user with e-mail, password and the admin flag. */
export function AddUserForm() {
  const add = useAddUser();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [admin, setAdmin] = useState(false);

  function submit(e: FormEvent) {
    e.preventDefault();
    add.mutate(
      { email, password, admin },
      {
        onSuccess: () => {
          setEmail("");
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
        <span>Password</span>
        <input
          className="input"
          type="password"
          required
          minLength={8}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
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
    </form>
  );
}
