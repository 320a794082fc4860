// A postal address, with the spec's ISO 3166-1 alpha-2 country codes.
import { z } from 'zod';
import { COUNTRY_CODES } from './country-codes';

/** The spec's allowed ISO 3166-1 alpha-2 country codes. */
export const CountryCode = z.enum(COUNTRY_CODES);
export type CountryCode = z.infer<typeof CountryCode>;

export const Address = z
  .object({
    line1: z.string().max(255).nullish(),
    line2: z.string().max(255).nullish(),
    postal_code: z.string().max(32).nullish(),
    city: z.string().max(255).nullish(),
    state: z.string().max(64).nullish(),
    country: CountryCode,
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof Address>;
