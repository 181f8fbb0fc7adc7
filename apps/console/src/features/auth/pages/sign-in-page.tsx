import { type FormEvent, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { useMe } from "../../../api/get-me.ts";
import { useSignIn } from "../api/sign-in.ts";
import { useSignInMethods } from "../api/sign-in-methods.ts";

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
  const methods = useSignInMethods();
  const sso = methods.data?.single_sign_on ?? null;
  const passwords = methods.data?.local_passwords ?? true;
  const ssoError = params.get("sso_error");
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
        {ssoError ? (
          <p className="form-error" role="alert">
            {ssoError}
          </p>
        ) : null}
        {sso ? (
          // A full navigation: the provider's pages are not part of this app.
          <a
            className="button button-primary sign-in-sso"
            href={`${sso.start_path}?next=${encodeURIComponent(next)}`}
          >
            Sign in with {sso.name}
          </a>
        ) : null}
        {sso && passwords ? <p className="muted sign-in-or">or with your password</p> : null}
        {passwords ? <PasswordFields {...{ email, setEmail, password, setPassword }} /> : null}
        {signIn.isError ? (
          <p className="form-error" role="alert">
            {signIn.error.message}
          </p>
        ) : null}
        {passwords ? (
          <button type="submit" className="button button-primary" disabled={signIn.isPending}>
            {signIn.isPending ? "Signing in…" : "Sign in"}
          </button>
        ) : null}
      </form>
    </main>
  );
}

function PasswordFields(p: {
  email: string;
  setEmail: (v: string) => void;
  password: string;
  setPassword: (v: string) => void;
}) {
  const { email, setEmail, password, setPassword } = p;
  return (
    <>
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
    </>
  );
}
