// A product as the customer portal shows it: no metadata; its prices, public benefits, media and organization.
import { z } from 'zod';
import { BenefitPublic } from './benefit-public';
import { ProductMediaFileRead } from './file';
import { CustomerOrganization } from './portal-customer-organization';
import { ProductPrice } from './price';
import { ProductSummary } from './product';

/** A product as the portal shows it (CustomerOrderProduct and CustomerSubscriptionProduct have the same fields). */
export const customerProduct = (id: string) =>
  ProductSummary.omit({ metadata: true })
    .extend({
      prices: z.array(ProductPrice),
      benefits: z.array(BenefitPublic),
      medias: z.array(ProductMediaFileRead),
      organization: CustomerOrganization,
    })
    .meta({ id });
