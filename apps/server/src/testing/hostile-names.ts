/**
 * Names no one can see or type (issue 28 item 5): each way in must refuse
 * them with a 400 naming the field (docs/limits.md "Characters of names").
 * Shared by the route tests of every way in.
 */
export const hostileNames: [what: string, name: string][] = [
  ["NUL", "X\u0000Y"],
  ["CR/LF", "X\r\nY"],
  ["right-to-left override", "INVOICE\u202Etxt"],
  ["zero-width space", "X\u200BY"],
  ["byte order mark", "X\uFEFFY"],
  ["prototype key", "__proto__"],
];

/** NUL is refused by the input layer before any name rule (docs/http-edge.md "NUL characters"). */
export const HIDDEN_REFUSAL =
  /must not contain control or invisible characters \(it has U\+[0-9A-F]{4} at position \d+\)|must not contain the NUL character \(U\+0000\)|'__proto__' cannot be a name/;
