// What a discount is created with: a fixed amount (in one currency or several) or a percentage.
import { z } from 'zod';
import { Currency } from './catalog-common';
import { basisPoints, discountAmount as amount, discountFields as common } from './discount-fields';
import { checkDurationAndWindow } from './discount-window';

export const DiscountFixedCreate = z
  .object({
    ...common,
    type: z.literal('fixed'),
    amount: amount.nullish(),
    currency: Currency.nullish(),
    amounts: z.partialRecord(Currency, amount).nullish(),
  })
  .superRefine((value, ctx) => {
    checkDurationAndWindow(value, ctx);
    if (value.amount == null && !Object.keys(value.amounts ?? {}).length) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'A fixed discount needs amount (with currency) or amounts',
      });
    }
  });
export const DiscountPercentageCreate = z
  .object({ ...common, type: z.literal('percentage'), basis_points: basisPoints })
  .superRefine(checkDurationAndWindow);

export const DiscountCreate = z
  .discriminatedUnion('type', [DiscountFixedCreate, DiscountPercentageCreate])
  .meta({ id: 'DiscountCreate' });
export type DiscountCreate = z.infer<typeof DiscountCreate>;
