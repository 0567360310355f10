/*
 * Reading an RRULE value (RFC 5545 §3.3.10) strictly: the parts a reminder may carry, each
 * checked and decoded. Expansion is in schedule-plan.ts and the rrule-*.ts walkers.
 */

/** Largest COUNT accepted. */
export const COUNT_MAX = 5000;

export const FREQUENCIES = ['YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY', 'HOURLY', 'MINUTELY'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
/** rrule's weekday numbers: 0 = Monday … 6 = Sunday. */
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** An RRULE value, checked and decoded. Weekdays 0 = Monday; UNTIL as wall time. */
export interface RuleParts {
  freq: Frequency;
  interval: number;
  count: number | null;
  until: number | null;
  bymonth: number[] | null;
  bymonthday: number[] | null;
  byyearday: number[] | null;
  byweekno: number[] | null;
  byday: { weekday: number; n: number | null }[] | null;
  byhour: number[] | null;
  byminute: number[] | null;
  bysetpos: number[] | null;
  wkst: number | null;
}

/** A comma list of integers, each in [min, max], signed ones non-zero; null when malformed. */
function integerList(value: string, min: number, max: number, signed: boolean): number[] | null {
  const pattern = signed ? /^[+-]?\d{1,3}$/ : /^\d{1,2}$/;
  const numbers: number[] = [];
  for (const item of value.split(',')) {
    if (!pattern.test(item)) return null;
    const n = Number(item);
    const magnitude = Math.abs(n);
    if (magnitude < min || magnitude > max || (signed && n === 0)) return null;
    numbers.push(n);
  }
  return numbers;
}

function positiveInteger(value: string, max: number): number | null {
  if (!/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** UNTIL, read as local wall-clock time; a date alone means the end of that day. */
function untilOf(value: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const dateOnly = match[4] === undefined;
  const [hour, minute, second] = dateOnly
    ? [23, 59, 59]
    : [Number(match[4]), Number(match[5]), Number(match[6])];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(ms);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  )
    return null;
  return ms;
}

/** Sets one RRULE part; false when its value is malformed or the part not one we accept. */
function applyRulePart(parts: Partial<RuleParts>, key: string, value: string): boolean {
  switch (key) {
    case 'FREQ': {
      // SECONDLY is refused: reminders are set to the minute.
      const freq = FREQUENCIES.find((f) => f === value);
      parts.freq = freq;
      return freq !== undefined;
    }
    case 'INTERVAL':
      return (parts.interval = positiveInteger(value, 99_999) ?? undefined) !== undefined;
    case 'COUNT':
      return (parts.count = positiveInteger(value, COUNT_MAX)) !== null;
    case 'UNTIL':
      return (parts.until = untilOf(value)) !== null;
    case 'BYSECOND':
      return value === '0' || value === '00';
    case 'BYMINUTE':
      return (parts.byminute = integerList(value, 0, 59, false)) !== null;
    case 'BYHOUR':
      return (parts.byhour = integerList(value, 0, 23, false)) !== null;
    case 'BYMONTH':
      return (parts.bymonth = integerList(value, 1, 12, false)) !== null;
    case 'BYMONTHDAY':
      return (parts.bymonthday = integerList(value, 1, 31, true)) !== null;
    case 'BYYEARDAY':
      return (parts.byyearday = integerList(value, 1, 366, true)) !== null;
    case 'BYWEEKNO':
      return (parts.byweekno = integerList(value, 1, 53, true)) !== null;
    case 'BYSETPOS':
      return (parts.bysetpos = integerList(value, 1, 366, true)) !== null;
    case 'BYDAY': {
      const days = [];
      for (const item of value.split(',')) {
        const match = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(item);
        const weekday = match ? WEEKDAYS.indexOf(match[2] ?? '') : -1;
        const n = match?.[1] === undefined ? null : Number(match[1]);
        if (weekday < 0 || n === 0 || (n !== null && Math.abs(n) > 53)) return false;
        days.push({ weekday, n });
      }
      parts.byday = days;
      return true;
    }
    case 'WKST':
      return (parts.wkst = WEEKDAYS.indexOf(value)) >= 0;
    default:
      // DTSTART, TZID, RDATE, EXDATE, BYEASTER, X-…: not for a rule to say here.
      return false;
  }
}

/**
 * The parts of an RRULE value, or null when it is not one we accept: RFC 5545 syntax, known
 * parts only, each once, no DTSTART, TZID, RDATE, EXDATE, several lines, SECONDLY or seconds
 * other than 0; the RFC's rules on which parts go with which frequency; BYSETPOS only with
 * MONTHLY and YEARLY; COUNT up to 5000.
 */
export function parseRule(text: string): RuleParts | null {
  const rule = text.trim().toUpperCase();
  if (rule === '' || /[^A-Z0-9=;,+-]/.test(rule)) return null;
  const parts: Partial<RuleParts> = {};
  const seen = new Set<string>();
  for (const part of rule.split(';')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (eq <= 0 || value === '' || seen.has(key) || !applyRulePart(parts, key, value)) return null;
    seen.add(key);
  }
  const { freq } = parts;
  if (freq === undefined) return null;
  // Lists sorted and without repeats: rrule yields its times in BYHOUR × BYMINUTE order as given.
  const sorted = (values: number[] | null | undefined) =>
    values ? [...new Set(values)].sort((a, b) => a - b) : null;
  const full: RuleParts = {
    freq,
    interval: parts.interval ?? 1,
    count: parts.count ?? null,
    until: parts.until ?? null,
    bymonth: sorted(parts.bymonth),
    bymonthday: sorted(parts.bymonthday),
    byyearday: sorted(parts.byyearday),
    byweekno: sorted(parts.byweekno),
    byday: parts.byday ?? null,
    byhour: sorted(parts.byhour),
    byminute: sorted(parts.byminute),
    bysetpos: sorted(parts.bysetpos),
    wkst: parts.wkst ?? null,
  };
  const monthlyOrYearly = freq === 'MONTHLY' || freq === 'YEARLY';
  const nthWeekday = full.byday?.some((d) => d.n !== null) ?? false;
  // RFC 5545 §3.3.10: which parts each frequency admits.
  if (full.count !== null && full.until !== null) return null;
  if (nthWeekday && (!monthlyOrYearly || full.byweekno !== null)) return null;
  if (full.bymonthday !== null && freq === 'WEEKLY') return null;
  if (full.byyearday !== null && (freq === 'DAILY' || freq === 'WEEKLY' || freq === 'MONTHLY'))
    return null;
  if (full.byweekno !== null && freq !== 'YEARLY') return null;
  if (
    full.bysetpos !== null &&
    (!monthlyOrYearly || [...seen].every((key) => !key.startsWith('BY') || key === 'BYSETPOS'))
  )
    return null;
  return full;
}
