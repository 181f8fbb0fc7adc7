import { setFlagsFromString } from "node:v8";

/**
 * Regular expressions of pattern constraints run on V8's linear-time engine
 * (the `l` flag), so no expression can backtrack catastrophically, whatever
 * a user writes: time grows with expression × value length, never more
 * (docs/pattern-constraints.md "Regular expressions"). The engine is behind
 * a V8 flag, set here once before the first expression is compiled;
 * expressions it cannot run (back-references, look-around) are refused at
 * save time instead of falling back to the backtracking engine.
 */
setFlagsFromString("--enable-experimental-regexp-engine");

/** The flag of the linear engine (a variable: no parser may read it as a literal's flag). */
const LINEAR = "l";

/** Whether this Node runs the `l` flag; without it every expression is refused, never run unsafely. */
const LINEAR_ENGINE = (() => {
  try {
    new RegExp("a", LINEAR);
    return true;
  } catch {
    return false;
  }
})();

export const REGEX_MAX_LENGTH = 500;

const compiled = new Map<string, RegExp>();
const CACHE_SIZE = 500;

/** Why `pattern` cannot be a constraint's expression, or undefined when it can. */
export function regexProblem(pattern: string): string | undefined {
  try {
    wholeValueRegex(pattern);
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

/**
 * `pattern` as a linear-time RegExp matching the whole value. Throws an
 * Error with a sentence for people when it is too long, invalid, or needs
 * backtracking (back-references, look-around).
 */
export function wholeValueRegex(pattern: string): RegExp {
  const hit = compiled.get(pattern);
  if (hit) return hit;
  if (pattern.length > REGEX_MAX_LENGTH)
    throw new Error(
      `the regular expression has ${pattern.length} characters; at most ${REGEX_MAX_LENGTH} are allowed`,
    );
  try {
    // Validity first, with the engine's usual messages.
    new RegExp(pattern);
  } catch (e) {
    throw new Error(`'${pattern}' is not a valid regular expression (${(e as Error).message})`);
  }
  if (!LINEAR_ENGINE)
    throw new Error(
      "regular expressions are not available: this Node.js has no linear-time regular expression engine",
    );
  let re: RegExp;
  try {
    re = new RegExp(`^(?:${pattern})$`, LINEAR);
  } catch {
    throw new Error(
      `'${pattern}' needs backtracking (back-references or look-around); use an expression without them`,
    );
  }
  if (compiled.size >= CACHE_SIZE) compiled.clear();
  compiled.set(pattern, re);
  return re;
}
