/** A value the API's qs-style query parser understands (docs/reference/rules.md §3). */
export type QueryValue =
  | string
  | number
  | boolean
  | undefined
  | null
  | readonly string[]
  | Readonly<Record<string, string | number>>;

/**
 * Encodes a query the way the server parses it: arrays as `labels[]=a`,
 * objects as `releases[core]=R1` / `$sort[name]=-1`; empty values are left out.
 */
export function encodeQuery(query: Record<string, QueryValue>): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    if (Array.isArray(value)) {
      for (const v of value) out.append(`${key}[]`, v);
    } else if (typeof value === "object") {
      for (const [k, v] of Object.entries(value)) out.append(`${key}[${k}]`, String(v));
    } else {
      out.append(key, String(value));
    }
  }
  return out.toString();
}
