// Which option of a union a value is: by its discriminator, else the object option it fits best.
import type { Json } from './version-change';
import type { Schema } from './version-plan';

/** The option of a union that `value` is: by its discriminator, else the object option it fits best. */
export function optionOf(options: Schema[], discriminator: string | undefined, value: unknown): Schema | undefined {
  if (!isObject(value)) return undefined; // a scalar carries no versioned object
  if (discriminator)
    return options.find((option) => option._zod.propValues?.[discriminator]?.has(value[discriminator] as string));
  let best: Schema | undefined;
  let bestFit = -1;
  for (const option of options) {
    const fit = fitOf(option, value);
    if (fit > bestFit) [best, bestFit] = [option, fit];
  }
  return best;
}

/** How many of an object option's fields `value` has; -1 when one of its literal fields differs. */
function fitOf(option: Schema, value: Json): number {
  const shape = (option._zod.def as { shape?: Record<string, Schema> }).shape;
  if (!shape) return -1;
  for (const [key, values] of Object.entries(option._zod.propValues ?? {}))
    if (!values.has(value[key] as string)) return -1;
  return Object.keys(shape).filter((key) => key in value).length;
}

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
