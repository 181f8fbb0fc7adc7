/**
 * Where the statements of the editor's text are, so Run (and Ctrl+Enter) can
 * send the one under the cursor. A `;` inside a string, a quoted name or a
 * comment does not end a statement, as in the dialect's own lexer.
 */

/** A statement's place in the text: `start` inclusive, `end` exclusive (at its `;` or the end). */
export interface StatementSpan {
  start: number;
  end: number;
}

/** What to send: the text and where it starts in the editor's text. */
export interface RunTarget {
  text: string;
  start: number;
}

const CLOSING: Record<string, string> = { "'": "'", '"': '"', "`": "`", "[": "]" };

/** Splits on `;` outside strings, quoted names and comments. Every part is a span, blank ones too. */
export function splitStatements(text: string): StatementSpan[] {
  const spans: StatementSpan[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "-" && text[i + 1] === "-") {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl + 1;
    } else if (c === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? text.length : close + 2;
    } else if (c in CLOSING) {
      i = afterQuoted(text, i, CLOSING[c]);
    } else if (c === ";") {
      spans.push({ start, end: i });
      start = i + 1;
      i++;
    } else {
      i++;
    }
  }
  spans.push({ start, end: text.length });
  return spans;
}

/** Just past a quoted string or name starting at `open`; a doubled closing quote is escaped (not in `[…]`). */
function afterQuoted(text: string, open: number, close: string): number {
  let i = open + 1;
  for (;;) {
    const next = text.indexOf(close, i);
    if (next < 0) return text.length;
    if (close !== "]" && text[next + 1] === close) {
      i = next + 2;
      continue;
    }
    return next + 1;
  }
}

/** Whether a part holds only white space and comments. */
export function isBlank(text: string): boolean {
  return (
    text
      .replace(/--[^\n]*/g, "")
      .replace(/\/\*[\s\S]*?(\*\/|$)/g, "")
      .trim() === ""
  );
}

/**
 * The statement at `offset`: the span containing it (a cursor right after
 * a `;` ending its line counts as in the statement it ends); when that is
 * blank, the nearest statement before it, else the one after.
 */
export function statementAt(text: string, offset: number): StatementSpan | undefined {
  const spans = splitStatements(text);
  const filled = (s: StatementSpan) => !isBlank(text.slice(s.start, s.end));
  let k = spans.findIndex((s) => offset >= s.start && offset <= s.end);
  if (k < 0) k = spans.length - 1;
  // Just after a `;` with nothing more on the line: the statement that `;` ends.
  const restOfLine = text.slice(offset).split("\n", 1)[0];
  const here = k > 0 && offset === spans[k].start && restOfLine.trim() === "" ? k - 1 : k;
  if (filled(spans[here])) return spans[here];
  for (let j = here - 1; j >= 0; j--) if (filled(spans[j])) return spans[j];
  for (let j = here + 1; j < spans.length; j++) if (filled(spans[j])) return spans[j];
  return undefined;
}

/** Trims white space off a span of `text`, keeping `start` on the first character sent. */
function trimmed(text: string, start: number, end: number): RunTarget | undefined {
  const slice = text.slice(start, end);
  const lead = slice.length - slice.trimStart().length;
  const body = slice.trim();
  return body === "" || isBlank(body) ? undefined : { text: body, start: start + lead };
}

/** The selection when there is one, else the statement under the cursor (`selStart`). */
export function runTarget(text: string, selStart: number, selEnd: number): RunTarget | undefined {
  if (selEnd > selStart) return trimmed(text, selStart, selEnd);
  const span = statementAt(text, selStart);
  return span ? trimmed(text, span.start, span.end) : undefined;
}

/** The offset in `text` of a 1-based line and column (a column past the line's end stops at its end). */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  const nl = text.indexOf("\n", offset);
  const lineEnd = nl < 0 ? text.length : nl;
  return Math.min(offset + Math.max(column - 1, 0), lineEnd);
}
