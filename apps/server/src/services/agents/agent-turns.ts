/**
 * Runs the connection changes of one agent one after another, in the order
 * they came (docs/scale-out.md "Agents"). A closed connection's clean-up and
 * a newer connection's sign-in both touch the agent's store row; were they
 * to interleave, the old one's release could drop the row the new one just
 * took, leaving a live socket that no process holds.
 */
export class AgentTurns {
  private readonly tails = new Map<number, Promise<void>>();

  run<T>(agentId: number, work: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(agentId) ?? Promise.resolve()).then(work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(agentId, tail);
    void tail.then(() => {
      if (this.tails.get(agentId) === tail) this.tails.delete(agentId);
    });
    return result;
  }
}
