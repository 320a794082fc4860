// What discount bodies share: durations, types, the code, amounts, basis points and the fields of every creation.
import { z } from 'zod';
import { Timestamp, Uuid } from './common';
import { MetadataInput } from './metadata';

export const DiscountDuration = z.enum(['once', 'forever', 'repeating']);
export const DiscountType = z.enum(['fixed', 'percentage']);

export const discountCode = z
  .string()
  .trim()
  .min(3)
  .max(256)
  .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, dashes and underscores only');
export const discountAmount = z.int32().min(1).max(99_999_999);
export const basisPoints = z
  .int32()
  .min(1, 'At least 1 basis point (0.01 %)')
  .max(10_000, 'At most 10 000 basis points (100 %)');

export const discountFields = {
  name: z.string().trim().min(1).max(255),
  code: discountCode.nullish(),
  starts_at: Timestamp.nullish(),
  ends_at: Timestamp.nullish(),
  max_redemptions: z.int32().min(1).nullish(),
  products: z.array(Uuid).max(100).nullish(),
  metadata: MetadataInput.default({}),
  organization_id: Uuid.nullish(),
  duration: DiscountDuration,
  duration_in_months: z.int32().min(1).max(999).nullish(),
};
