import { type FormEvent, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { useMe } from "../../../api/get-me.ts";
import { useSignIn } from "../api/sign-in.ts";

/** Only paths of this app are followed after sign-in (no open redirect). */
function safeNext(next: string | null): string {
  return next?.startsWith("/") && !next.startsWith("//") ? next : "/projects";
}

export default function SignInPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get("next"));
  const navigate = useNavigate();
  const me = useMe();
  const signIn = useSignIn();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  if (me.data) return <Navigate to={next} replace />;

  function submit(e: FormEvent) {
    e.preventDefault();
    signIn.mutate({ email, password }, { onSuccess: () => navigate(next, { replace: true }) });
  }

  return (
    <main className="sign-in" id="main">
      <form className="card sign-in-card" onSubmit={submit} aria-labelledby="sign-in-title">
        <p className="brand brand-large" aria-hidden="true">
          metabuild
        </p>
        <div id="sign-in-title">
          <PageHeader title="Sign in" description="Use your metabuild account." />
        </div>
        <label className="field">
          <span>E-mail</span>
          <input
            type="email"
            name="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <label className="field">
          <span>Password</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {signIn.isError ? (
          <p className="form-error" role="alert">
            {signIn.error.message}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={signIn.isPending}>
          {signIn.isPending ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </main>
  );
}
