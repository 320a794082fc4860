// Instants written as local time in a time zone, with its UTC offset (the CSV exports' `timezone` parameter).

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    const two = '2-digit' as const;
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: two,
      day: two,
      hour: two,
      minute: two,
      second: two,
    });
    formats.set(timeZone, format);
  }
  return format;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 in `timeZone`: `2026-03-01T10:30:00.000+01:00`; in UTC exactly `toISOString()` (`…Z`). */
export function isoInZone(date: Date, timeZone: string): string {
  if (timeZone === 'UTC') return date.toISOString();
  const part = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, Number(p.value)]),
  );
  const ms = date.getUTCMilliseconds();
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second, ms);
  const offset = Math.round((wall - date.getTime()) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const local = new Date(wall).toISOString().slice(0, 23);
  return `${local}${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}
