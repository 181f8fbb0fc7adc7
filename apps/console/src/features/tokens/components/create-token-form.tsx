import type { TokenPermissionName } from "@metabuild/contract";
import {
  DEVELOP_PATTERNS_WORDS,
  PERMISSION_ORDER,
  PERMISSION_WORDS,
} from "@metabuild/contract/permission-words";
import { type FormEvent, useState } from "react";
import { useMe } from "../../../api/get-me.ts";
import { can } from "../../../permissions/can.ts";
import { useCreateApiToken } from "../api/tokens.ts";

const WORDS: Record<TokenPermissionName, string> = {
  ...PERMISSION_WORDS,
  develop_patterns: DEVELOP_PATTERNS_WORDS,
};

/**
 * Creates an API token for one project with the permissions ticked (only
 * those the user holds there are offered); the token's text shows once.
 */
export function CreateTokenForm() {
  const me = useMe().data;
  const create = useCreateApiToken();
  const [name, setName] = useState("");
  const [projectId, setProjectId] = useState<number | undefined>(undefined);
  const [ticked, setTicked] = useState<TokenPermissionName[]>(["access"]);
  const [days, setDays] = useState("30");
  const [serviceAccount, setServiceAccount] = useState(false);
  if (!me) return null;
  const project = me.projects.find((p) => p.id === projectId) ?? me.projects[0];
  const offered: TokenPermissionName[] = [
    ...PERMISSION_ORDER.filter((p) => project?.permissions.includes(p)),
    ...(can(me, "pattern.author").allowed ? (["develop_patterns"] as const) : []),
  ];
  const toggle = (p: TokenPermissionName) =>
    setTicked((t) => (t.includes(p) ? t.filter((x) => x !== p) : [...t, p]));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!project) return;
    create.mutate(
      {
        name,
        project: project.name,
        permissions: ticked.filter((p) => offered.includes(p)),
        expires_in_days: Number(days),
        service_account: serviceAccount,
      },
      { onSuccess: () => setName("") },
    );
  }

  if (me.projects.length === 0)
    return (
      <p className="muted">You hold no project access, so there is nothing a token could reach.</p>
    );
  return (
    <form className="admin-form" aria-label="Create token" onSubmit={submit}>
      <label className="field">
        <span>Name</span>
        <input className="input" required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        <span>Project</span>
        <select
          className="input"
          aria-label="Project"
          value={project?.id}
          onChange={(e) => setProjectId(Number(e.target.value))}
        >
          {me.projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="field">
        <legend>Permissions</legend>
        {offered.map((p) => (
          <label key={p} className="check" title={p}>
            <input type="checkbox" checked={ticked.includes(p)} onChange={() => toggle(p)} />
            {WORDS[p]}
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span>Expires in days</span>
        <input
          className="input"
          type="number"
          min={1}
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
      </label>
      {can(me, "token.service-account").allowed ? (
        <label className="check">
          <input
            type="checkbox"
            checked={serviceAccount}
            onChange={(e) => setServiceAccount(e.target.checked)}
          />
          Service account (the customer's, not yours)
        </label>
      ) : null}
      <button type="submit" className="button button-primary" disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create token"}
      </button>
      {create.isError ? (
        <p role="alert" className="form-error">
          {create.error.message}
        </p>
      ) : null}
      {create.data ? (
        <p role="status" className="one-time-password">
          Token “{create.data.name}”: <code className="otp">{create.data.token}</code> (shown only
          now: copy it into your pipeline's secrets)
        </p>
      ) : null}
    </form>
  );
}
