/**
 * Options for `vi.waitFor` in server tests: what a test waits for (an agent's
 * welcome, a relayed event, a run's end) follows store writes and other
 * processes, slow on a busy 2-core machine but never absent. Vitest's 1 s
 * default failed such waits under load (docs/testing.md "Run time").
 */
export const WAIT = { timeout: 10_000, interval: 20 };
