// A product as a checkout shows it to the buyer: none of the merchant's metadata.
import { z } from 'zod';
import { Benefit } from './benefit';
import { ProductMediaFileRead } from './file';
import { ProductPrice } from './price';
import { ProductSummary } from './product';

export const CheckoutProduct = ProductSummary.omit({ metadata: true })
  .extend({ prices: z.array(ProductPrice), benefits: z.array(Benefit), medias: z.array(ProductMediaFileRead) })
  .meta({
    id: 'CheckoutProduct',
  });
export type CheckoutProduct = z.infer<typeof CheckoutProduct>;
