/**
 * What an agent's `run_log` line may put into a build deployment's log
 * (docs/agents.md, "Socket limits"): one line each, never a forged second
 * one, and never more than the run's log cap.
 */

/** Bytes kept free under the cap for the line the server itself may end a run with. */
export const SERVER_LINE_RESERVE = 512;

// Line breaks (CR, LF, NEL, U+2028/2029) and the other control characters but TAB.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters escaped
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * The line with its control characters shown as escapes: CR as `\r`, LF as
 * `\n`, others as `\xNN` / `\uNNNN`. A line can then never start another one
 * (e.g. a forged `FAILED: …`), and what the agent sent stays readable.
 */
export function neutraliseLogLine(line: string): string {
  return line.replace(CONTROL, (c) => {
    if (c === "\r") return "\\r";
    if (c === "\n") return "\\n";
    const code = c.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, "0")}`
      : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

export function truncationLine(maxBytes: number): string {
  return `[log truncated: this run's log reached its limit of ${maxBytes} bytes (METABUILD_AGENT_RUN_LOG_MAX_BYTES); later lines were dropped]`;
}

/**
 * Where a line goes in a log holding `usedBytes` already: appended, or (no
 * room left for it and the truncation line) replaced by the truncation line.
 * Each stored line costs its UTF-8 bytes plus its newline.
 */
export function placeLogLine(
  usedBytes: number,
  line: string,
  maxBytes: number,
): { append: string; truncated: boolean } {
  const marker = truncationLine(maxBytes);
  const room = maxBytes - SERVER_LINE_RESERVE - usedBytes;
  const needs = Buffer.byteLength(line) + 1 + Buffer.byteLength(marker) + 1;
  if (needs <= room) return { append: line, truncated: false };
  return { append: marker, truncated: true };
}

/** A line the server ends a run with, clipped so it fits in the reserve. */
export function serverLine(text: string): string {
  let line = neutraliseLogLine(text);
  if (Buffer.byteLength(line) < SERVER_LINE_RESERVE - 8) return line;
  while (Buffer.byteLength(line) > SERVER_LINE_RESERVE - 12) line = line.slice(0, -8);
  return `${line}…`;
}
