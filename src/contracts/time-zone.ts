// A time zone, by its IANA name.
import { z } from 'zod';

/** An IANA time zone name (PostgreSQL and the ICU data of Node both know them). */
export const TimeZone = z.string().refine(
  (zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'Unknown time zone' },
);
