import { type SourcePos, syntaxError } from "./sql-error.ts";

export type TokenKind = "ident" | "string" | "number" | "op" | "eof";

export interface Token {
  kind: TokenKind;
  /** Identifier name (quotes removed), string contents, number text or operator. */
  value: string;
  /** Identifiers only: written in quotes ("x", [x] or `x`), so never a keyword. */
  quoted: boolean;
  pos: SourcePos;
  /** Offset just past the token in the source. */
  end: number;
}

// Longest first, so `<=` wins over `<`.
const OPERATORS = [
  "->>",
  "||",
  "<=",
  ">=",
  "==",
  "!=",
  "<>",
  "<<",
  ">>",
  "->",
  "(",
  ")",
  ",",
  ".",
  ";",
  "+",
  "-",
  "*",
  "/",
  "%",
  "=",
  "<",
  ">",
  "&",
  "|",
  "~",
];

const IDENT_START = /[A-Za-z_@\p{L}]/u;
const IDENT_PART = /[A-Za-z0-9_$\p{L}\p{N}\p{M}]/u;
const NUMBER = /^(?:0[xX][0-9A-Fa-f]+|(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)/;

/**
 * Splits a statement into tokens. Comments and whitespace are dropped;
 * anything that is not part of the dialect (parameters, blob literals,
 * control or invisible characters) is a syntax error with its position.
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const posAt = (offset: number): SourcePos => ({
    offset,
    line,
    column: offset - lineStart + 1,
  });
  const advanceLines = (from: number, to: number) => {
    for (let k = from; k < to; k++) {
      if (text[k] === "\n") {
        line++;
        lineStart = k + 1;
      }
    }
  };

  while (i < text.length) {
    const c = text[i];
    if (c === " " || c === "\t" || c === "\r" || c === "\n") {
      advanceLines(i, i + 1);
      i++;
      continue;
    }
    if (c === "-" && text[i + 1] === "-") {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl;
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      if (close < 0) throw syntaxError(posAt(i), "the comment starting here is not closed");
      advanceLines(i, close + 2);
      i = close + 2;
      continue;
    }
    const pos = posAt(i);
    if (c === "'") {
      const { value, end } = readQuoted(text, i, "'", pos, "string");
      tokens.push({ kind: "string", value, quoted: false, pos, end });
      advanceLines(i, end);
      i = end;
      continue;
    }
    if (c === '"' || c === "`" || c === "[") {
      const close = c === "[" ? "]" : c;
      const { value, end } = readQuoted(text, i, close, pos, "quoted name");
      if (value === "") throw syntaxError(pos, "an empty quoted name is not allowed");
      // A NUL would end the statement text inside SQLite: no control characters in names.
      if ([...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f))
        throw syntaxError(pos, "control characters are not allowed in names");
      tokens.push({ kind: "ident", value, quoted: true, pos, end });
      advanceLines(i, end);
      i = end;
      continue;
    }
    if ((c === "x" || c === "X") && text[i + 1] === "'")
      throw syntaxError(pos, "blob literals (X'…') are not supported");
    const num = NUMBER.exec(text.slice(i, i + 400));
    if (num && (/\d/.test(c) || (c === "." && /\d/.test(text[i + 1] ?? "")))) {
      const end = i + num[0].length;
      if (IDENT_START.test(text[end] ?? ""))
        throw syntaxError(pos, `malformed number '${text.slice(i, end + 1)}'`);
      tokens.push({ kind: "number", value: num[0], quoted: false, pos, end });
      i = end;
      continue;
    }
    if (IDENT_START.test(c)) {
      let end = i + 1;
      while (end < text.length && IDENT_PART.test(text[end])) end++;
      tokens.push({ kind: "ident", value: text.slice(i, end), quoted: false, pos, end });
      i = end;
      continue;
    }
    const op = OPERATORS.find((o) => text.startsWith(o, i));
    if (op) {
      tokens.push({ kind: "op", value: op, quoted: false, pos, end: i + op.length });
      i += op.length;
      continue;
    }
    if (c === "?" || c === ":" || c === "$")
      throw syntaxError(pos, `parameters ('${c}') are not supported; write the value itself`);
    const code = text.codePointAt(i) ?? 0;
    throw syntaxError(
      pos,
      `unexpected character '${String.fromCodePoint(code)}' (U+${code.toString(16).toUpperCase().padStart(4, "0")})`,
    );
  }
  tokens.push({ kind: "eof", value: "", quoted: false, pos: posAt(text.length), end: text.length });
  return tokens;
}

/** Reads a quoted string or name; the closing quote is escaped by doubling it. */
function readQuoted(
  text: string,
  start: number,
  close: string,
  pos: SourcePos,
  what: string,
): { value: string; end: number } {
  let value = "";
  let i = start + 1;
  for (;;) {
    const next = text.indexOf(close, i);
    if (next < 0) throw syntaxError(pos, `the ${what} starting here is not closed`);
    value += text.slice(i, next);
    if (close !== "]" && text[next + 1] === close) {
      value += close;
      i = next + 2;
      continue;
    }
    return { value, end: next + 1 };
  }
}
