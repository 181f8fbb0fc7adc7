import type { HarvestRunRow } from "@metabuild/db";
import type { Deliver, RunSender } from "../agents/dispatch.ts";
import type { HarvestRuns } from "./runs.ts";

/**
 * Sends a queued harvest run to its agent: runs in the process holding the
 * agent's socket, whichever process stored the run (docs/scale-out.md
 * "Agents"); a connection gone meanwhile ends the run FAILED.
 */
export class HarvestSender implements RunSender<HarvestRunRow> {
  constructor(
    private readonly runs: HarvestRuns,
    /** config.agentFrameMaxBytes: catalog parts stay under half of it. */
    private readonly frameMaxBytes: number,
  ) {}

  async send(
    run: HarvestRunRow,
    agent: { id: number; name: string },
    deliver: Deliver,
  ): Promise<void> {
    const sent = deliver(agent.id, {
      type: "harvest",
      run_id: run.id,
      source: run.source,
      part_max_bytes: Math.floor(this.frameMaxBytes / 2),
    });
    if (!sent)
      await this.runs.fail(run, `Agent '${agent.name}' went offline before the run was sent`);
  }
}
