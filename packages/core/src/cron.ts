/**
 * Five-field cron expressions (minute hour day-of-month month day-of-week),
 * evaluated in UTC, for harvest schedules (docs/harvesting.md). Fields take
 * `*`, numbers, `a-b`, lists `a,b`, steps `*\/n` and `a-b/n`; months and
 * weekdays also by three-letter English names; weekday 0 and 7 are Sunday.
 * As in cron, when both day fields are restricted a day matching either one
 * matches.
 */
export interface Cron {
  minutes: Set<number>;
  hours: Set<number>;
  days: Set<number>;
  months: Set<number>;
  weekdays: Set<number>;
  dayRestricted: boolean;
  weekdayRestricted: boolean;
}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const WEEKDAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];

interface FieldSpec {
  label: string;
  min: number;
  max: number;
  names?: string[];
  /** The value of names[0]. */
  nameBase?: number;
}

const FIELDS: FieldSpec[] = [
  { label: "minute", min: 0, max: 59 },
  { label: "hour", min: 0, max: 23 },
  { label: "day of month", min: 1, max: 31 },
  { label: "month", min: 1, max: 12, names: MONTHS, nameBase: 1 },
  { label: "weekday", min: 0, max: 7, names: WEEKDAYS, nameBase: 0 },
];

export class CronError extends Error {}

function value(text: string, spec: FieldSpec): number {
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (n < spec.min || n > spec.max)
      throw new CronError(`${spec.label}: ${n} is outside ${spec.min}-${spec.max}`);
    return n;
  }
  const k = spec.names?.indexOf(text.toUpperCase()) ?? -1;
  if (k < 0) throw new CronError(`${spec.label}: '${text}' is not a number or a name`);
  return k + (spec.nameBase ?? 0);
}

function field(text: string, spec: FieldSpec): Set<number> {
  const out = new Set<number>();
  for (const part of text.split(",")) {
    const [range, stepText, extra] = part.split("/");
    if (extra !== undefined || range === "")
      throw new CronError(`${spec.label}: '${part}' is not a valid item`);
    let step = 1;
    if (stepText !== undefined) {
      if (!/^\d+$/.test(stepText)) throw new CronError(`${spec.label}: '${stepText}' is no step`);
      step = Number(stepText);
      if (step < 1) throw new CronError(`${spec.label}: the step must be at least 1`);
    }
    let from: number;
    let to: number;
    if (range === "*") {
      from = spec.min;
      to = spec.max;
    } else if (range.includes("-")) {
      const [a, b] = range.split("-");
      from = value(a, spec);
      to = value(b, spec);
      if (from > to) throw new CronError(`${spec.label}: the range ${range} runs backwards`);
    } else {
      from = value(range, spec);
      // `5/10` means from 5 to the end, every 10 (as in Vixie cron).
      to = stepText !== undefined ? spec.max : from;
    }
    for (let n = from; n <= to; n += step) out.add(n);
  }
  return out;
}

/** Parses an expression; throws CronError with the reason when it is malformed. */
export function parseCron(expression: string): Cron {
  const parts = expression.trim().split(/\s+/).filter(Boolean);
  if (parts.length !== 5)
    throw new CronError(
      `must have 5 fields (minute hour day month weekday), found ${parts.length}`,
    );
  const [minutes, hours, days, months, weekdays] = parts.map((p, i) => field(p, FIELDS[i]));
  // Sunday is 0 and 7.
  if (weekdays.has(7)) weekdays.add(0);
  return {
    minutes,
    hours,
    days,
    months,
    weekdays,
    dayRestricted: parts[2] !== "*",
    weekdayRestricted: parts[4] !== "*",
  };
}

/** True when the expression fires in the UTC minute of `date`. */
export function cronMatches(cron: Cron, date: Date): boolean {
  if (!cron.minutes.has(date.getUTCMinutes())) return false;
  if (!cron.hours.has(date.getUTCHours())) return false;
  if (!cron.months.has(date.getUTCMonth() + 1)) return false;
  const day = cron.days.has(date.getUTCDate());
  const weekday = cron.weekdays.has(date.getUTCDay());
  if (cron.dayRestricted && cron.weekdayRestricted) return day || weekday;
  return day && weekday;
}

/** Days of each month at most (February's 29th comes in leap years). */
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Throws CronError for an expression that can never fire, like `0 0 31 2 *`:
 * a restricted day of month that none of its months has (with the weekday
 * unrestricted; a restricted weekday fires on its own, as cron does).
 */
export function cronCheckFires(cron: Cron): void {
  if (!cron.dayRestricted || cron.weekdayRestricted) return;
  for (const month of cron.months)
    for (const day of cron.days) if (day <= MONTH_DAYS[month - 1]) return;
  throw new CronError(
    `never fires: no month of ${[...cron.months].join(",")} has a day ${[...cron.days].join(",")}`,
  );
}

/**
 * The fewest minutes between two fires: within a day, and from a day's last
 * fire to the next day's first (counted even when the day fields would skip
 * that next day, so the answer never overstates the gap).
 */
export function cronShortestInterval(cron: Cron): number {
  const minutes = [...cron.minutes].sort((a, b) => a - b);
  const hours = [...cron.hours].sort((a, b) => a - b);
  const fires = hours.flatMap((h) => minutes.map((m) => h * 60 + m));
  let shortest = 24 * 60 - (fires[fires.length - 1] - fires[0]);
  for (let k = 1; k < fires.length; k++) shortest = Math.min(shortest, fires[k] - fires[k - 1]);
  return shortest;
}
