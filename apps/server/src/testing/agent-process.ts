import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";

const repoRoot = join(import.meta.dirname, "../../../..");
const agentMain = join(repoRoot, "apps/agent/src/main.ts");

/**
 * A real agent process (what `pnpm agent` runs), with its output kept for
 * asserts. Started as `node --import tsx` rather than the tsx CLI, which runs
 * the program in a child process that SIGKILL/SIGSTOP of the parent would miss.
 */
export class AgentProcess {
  readonly child: ChildProcess;
  output = "";
  readonly exited: Promise<number | null>;

  constructor(env: {
    server: string;
    agentId: string;
    secret: string;
    config?: string;
    /** The program to run instead, e.g. an installed `metabuild-agent` (agent-package.test.ts). */
    program?: string;
  }) {
    const [command, ...args] = env.program
      ? [env.program]
      : [process.execPath, "--import", "tsx", agentMain];
    this.child = spawn(command, args, {
      cwd: repoRoot,
      env: {
        ...process.env,
        METABUILD_SERVER: env.server,
        METABUILD_AGENT_ID: env.agentId,
        METABUILD_AGENT_SECRET: env.secret,
        ...(env.config ? { METABUILD_AGENT_CONFIG: env.config } : {}),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child.stdout?.on("data", (d: Buffer) => {
      this.output += d.toString();
    });
    this.child.stderr?.on("data", (d: Buffer) => {
      this.output += d.toString();
    });
    this.exited = new Promise((resolve) => this.child.once("exit", (code) => resolve(code)));
  }

  signal(sig: NodeJS.Signals): void {
    this.child.kill(sig);
  }

  /** Stops it for good (SIGKILL: nothing of it may linger after a test). */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill("SIGCONT");
      this.child.kill("SIGKILL");
      await this.exited;
    }
  }
}
