import type { AgentGroup, AgentRegistered } from "@metabuild/contract";
import { useId, useState } from "react";
import { FormDialog } from "../../../components/form-dialog.tsx";
import { useModalDialog } from "../../../components/use-modal-dialog.ts";
import { basePath } from "../../../lib/base-path.ts";
import { useRegisterAgent } from "../api/register-agent.ts";
import { agentStartCommand, consoleServerUrl } from "../lib/start-command.ts";

/**
 * Registers an agent (admins) and shows, once, how to start it: the secret
 * lives only in this dialog's state and is gone when it closes.
 */
export function RegisterAgentDialog({
  groups,
  onClose,
}: {
  groups: AgentGroup[];
  onClose: () => void;
}) {
  const modal = useModalDialog();
  const register = useRegisterAgent();
  const [name, setName] = useState("");
  const [group, setGroup] = useState(groups[0]?.name ?? "default");
  const groupList = useId();
  const done = register.data;
  return (
    <FormDialog
      modal={modal}
      title="Register an agent"
      className="register-agent-dialog"
      onClose={onClose}
      onSubmit={() => register.mutate({ name, group })}
      error={register.error}
      cancelLabel={done ? "Close" : "Cancel"}
      submit={{
        label: "Register",
        busyLabel: "Registering…",
        busy: register.isPending,
        disabled: done !== undefined,
      }}
      after={done ? <StartInstructions registered={done} /> : null}
    >
      <label className="field">
        <span>Name</span>
        <input
          className="input"
          required
          disabled={done !== undefined}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="field">
        <span>Group</span>
        <input
          className="input"
          required
          list={groupList}
          disabled={done !== undefined}
          value={group}
          onChange={(e) => setGroup(e.target.value)}
        />
        <datalist id={groupList}>
          {groups.map((g) => (
            <option key={g.id} value={g.name} />
          ))}
        </datalist>
      </label>
    </FormDialog>
  );
}

function StartInstructions({ registered }: { registered: AgentRegistered }) {
  const command = agentStartCommand({
    serverUrl: consoleServerUrl(window.location.origin, basePath()),
    agentId: registered.agent.agent_id,
    secret: registered.secret,
  });
  const [copied, setCopied] = useState(false);
  return (
    <section className="agent-start" aria-label="Start the agent">
      <p role="status">
        Agent “{registered.agent.name}” is registered. Its secret is shown only now: copy the
        command before closing.
      </p>
      <pre data-testid="agent-start-command">{command}</pre>
      <button
        type="button"
        className="button"
        onClick={() =>
          void navigator.clipboard?.writeText(command).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? "Copied" : "Copy command"}
      </button>
      <h3>On another host</h3>
      <ol>
        <li>
          Here, make the agent's package: <code>pnpm --filter @metabuild/agent pack</code> (writes{" "}
          <code>metabuild-agent-&lt;version&gt;.tgz</code>).
        </li>
        <li>
          There (Node 22 or newer):{" "}
          <code>npm install -g ./metabuild-agent-&lt;version&gt;.tgz</code>.
        </li>
        <li>
          Write its <code>agent.yaml</code> (where deployments land, which databases it may use:
          docs/agents.md), then run the command above.
        </li>
      </ol>
    </section>
  );
}
