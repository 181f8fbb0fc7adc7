/** The terminal side of the CLI: hidden prompts, standard input, progress bars. */

export async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads one line from the terminal in raw mode, echoing nothing; Ctrl-C aborts. */
export function askOnTerminal(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let answer = "";
    const done = (fn: () => void) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      process.stderr.write("\n");
      fn();
    };
    const onData = (data: Buffer) => {
      for (const ch of data.toString("utf8")) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") return done(() => resolve(answer));
        if (ch === "\u0003") return done(() => reject(new Error("Interrupted")));
        if (ch === "\u007f" || ch === "\b") answer = answer.slice(0, -1);
        else answer += ch;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on("data", onData);
  });
}

/** A one-line bar on standard error, redrawn at most every 1 % and finished with a newline. */
export function terminalProgress(width = 30) {
  let shown = "";
  return (what: string, done: number, total: number) => {
    if (total === 0) return; // nothing to wait for
    const share = total === 0 ? 1 : Math.min(1, done / total);
    const key = `${what}:${Math.floor(share * 100)}`;
    if (key === shown) return;
    shown = key;
    const filled = Math.round(share * width);
    const bar = `${"#".repeat(filled)}${".".repeat(width - filled)}`;
    process.stderr.write(`\r${what} [${bar}] ${done}/${total}${done >= total ? "\n" : ""}`);
  };
}
