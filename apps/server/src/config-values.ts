/** How one environment variable is read: whole numbers and on/off switches, refused when malformed. */

export type Env = Record<string, string | undefined>;

export function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw.trim());
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative whole number, not '${raw}'`);
  return n;
}

export const SWITCH_WORDS: Record<string, boolean> = {
  on: true,
  true: true,
  "1": true,
  off: false,
  false: false,
  "0": false,
};

/** An on/off setting: on/off, true/false or 1/0 in any case; anything else is refused, not read as off. */
export function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = SWITCH_WORDS[raw.trim().toLowerCase()];
  if (value === undefined)
    throw new Error(`${name} must be on or off (also true/false, 1/0), not '${raw}'`);
  return value;
}
