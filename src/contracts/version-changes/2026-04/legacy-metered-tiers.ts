// A tiered metered price for the 0.x clients, which know no tiers: shown as a metered unit price at its first tier's
// rate (what the first unit costs). What is billed always follows the tiers.
import { z } from 'zod';
import type { Json, SchemaChange } from '../../version-change';
import { legacyPrice } from './legacy-price';

export const legacyMeteredTiers: SchemaChange = {
  added: ['tiers', 'package'],
  removed: { ...legacyPrice.removed, unit_amount: z.string() },
  restore(price, ancestors) {
    legacyPrice.restore!(price, ancestors);
    const [first] = ((price.tiers as Json | undefined)?.tiers as Json[] | undefined) ?? [];
    price.amount_type = 'metered_unit';
    price.unit_amount = (first?.unit_amount as string | undefined) ?? '0';
  },
};
