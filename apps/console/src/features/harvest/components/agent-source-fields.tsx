import type { HarvestSource } from "@metabuild/contract";

/** Agent (online ones) and source (announced by it, or typed) of a harvest. */
export function AgentSourceFields({
  sources,
  agent,
  source,
  onAgent,
  onSource,
  idPrefix,
}: {
  sources: HarvestSource[];
  agent: string;
  source: string;
  onAgent: (agent: string) => void;
  onSource: (source: string) => void;
  idPrefix: string;
}) {
  const announced = sources.find((s) => String(s.agent_id) === agent)?.sources ?? [];
  return (
    <>
      <label className="field">
        <span>Agent</span>
        <select value={agent} onChange={(e) => onAgent(e.target.value)}>
          {sources.map((s) => (
            <option key={s.agent_id} value={s.agent_id}>
              {s.agent_name}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Source</span>
        <input
          value={source}
          onChange={(e) => onSource(e.target.value)}
          list={`${idPrefix}-sources`}
          placeholder="a source of the agent's agent.yaml"
          required
        />
        <datalist id={`${idPrefix}-sources`}>
          {announced.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </label>
    </>
  );
}

/** The first announced source of an agent, to fill the field with. */
export function firstSourceOf(sources: HarvestSource[], agent: string): string {
  return sources.find((s) => String(s.agent_id) === agent)?.sources[0] ?? "";
}
