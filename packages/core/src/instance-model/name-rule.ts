import { BadRequest } from "../errors.ts";

/**
 * The rule a new instance name follows (docs/instance-names.md): a pattern
 * may state its own regular expression; without one a name is a SQL
 * identifier of at most 128 characters, so it renders into file names and
 * statements unquoted. METABUILD_MAX_NAME_LENGTH still applies to every name.
 */
export const DEFAULT_INSTANCE_NAME_PATTERN = "^[A-Za-z_][A-Za-z0-9_]*$";
/** The default rule's length cap: a SQL identifier. */
export const DEFAULT_INSTANCE_NAME_MAX = 128;

/** Why `source` is no usable rule, or undefined when it is one (blank: the default). */
export function namePatternProblem(source: string | null | undefined): string | undefined {
  const text = source?.trim() ?? "";
  if (text === "") return undefined;
  try {
    new RegExp(text, "u");
    return undefined;
  } catch (err) {
    return `not a valid regular expression (${(err as Error).message})`;
  }
}

/** The pattern's stated rule (null: the default), or a 400 naming the field when it is no valid regular expression. */
export function checkNamePattern(
  source: string | null | undefined,
  field = "instance_name_pattern",
): string | null {
  const problem = namePatternProblem(source);
  if (problem) throw new BadRequest(`Invalid value for '${field}': ${problem}`);
  const text = source?.trim() ?? "";
  return text === "" ? null : text;
}

const DEFAULT_RULE = new RegExp(DEFAULT_INSTANCE_NAME_PATTERN);
/** Compiled rules by source: an upload or the report tests thousands of names against a few. */
const compiled = new Map<string, RegExp | null>();

function compiledRule(pattern: string): RegExp | null {
  let rule = compiled.get(pattern);
  if (rule === undefined) {
    try {
      rule = new RegExp(pattern, "u");
    } catch {
      rule = null;
    }
    if (compiled.size > 1000) compiled.clear();
    compiled.set(pattern, rule);
  }
  return rule;
}

/** Why `name` breaks the rule (`null` pattern: the default), or undefined when it follows it. */
export function nameRuleBreach(name: string, pattern: string | null): string | undefined {
  if (pattern === null) {
    if (name.length > DEFAULT_INSTANCE_NAME_MAX)
      return `must be at most ${DEFAULT_INSTANCE_NAME_MAX} characters (it has ${name.length})`;
    if (!DEFAULT_RULE.test(name))
      return `must match ${DEFAULT_INSTANCE_NAME_PATTERN} (a letter or '_', then letters, digits or '_')`;
    return undefined;
  }
  const rule = compiledRule(pattern);
  // Stored before it was checked: no name can be shown to follow it.
  if (rule === null) return `the pattern's rule ${pattern} is not a valid regular expression`;
  return rule.test(name) ? undefined : `must match the pattern's rule ${pattern}`;
}

/** A 400 `Invalid value for 'name': …` when a NEW name breaks its pattern's rule. */
export function checkNewInstanceName(
  name: string,
  pattern: string | null,
  field = "name",
  where?: string,
): void {
  const breach = nameRuleBreach(name, pattern);
  if (breach === undefined) return;
  const message = `Invalid value for '${field}': '${name}' ${breach}`;
  throw new BadRequest(where ? `${where}: ${message}` : message);
}
