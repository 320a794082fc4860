// Building blocks shared by every contract: ids, URLs, timestamps and the `{id}` path parameter.
import { z } from 'zod';

export const Uuid = z.uuid();

/** Control characters anywhere (C0 and DEL), or white space at either end. */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSTORED_URL_TEXT = /[\u0000-\u001f\u007f]|^\s|\s$/;

/**
 * An absolute URL, kept exactly as sent. `z.url()` alone trims it and drops tabs and line breaks, so a URL holding a
 * CR or LF (header injection) would be stored rewritten; such URLs, and any with a control character, are refused.
 */
export const Url = (params?: Parameters<typeof z.url>[0]) =>
  z.string().check(
    z.refine((value) => !UNSTORED_URL_TEXT.test(value), {
      message: 'URLs must not contain line breaks, tabs or other control characters, nor begin or end with white space',
    }),
    z.url(params),
  );

/** The `{id}` path parameter of item endpoints. */
export const IdParams = z.object({ id: Uuid });

/** An ISO 8601 date-time with its offset, within the years PostgreSQL and JavaScript both hold (1–9999, in UTC). */
export const Timestamp = z.iso.datetime({ offset: true }).refine(
  (value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1 && year <= 9999;
  },
  { message: 'Dates must lie between the years 1 and 9999 (UTC)' },
);
