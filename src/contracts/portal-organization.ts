// The customer portal's organization (the reference's CustomerOrganizationData): the organization as its customers see
// it, with the products they can buy or move a subscription to — its public, non-archived ones.
import { z } from 'zod';
import { ProductMediaFileRead } from './file';
import { BenefitPublic } from './benefit-public';
import { CustomerOrganization } from './portal-customer-organization';
import { ProductPrice } from './price';
import { ProductSummary } from './product';

export const CustomerProduct = ProductSummary.omit({ metadata: true })
  .extend({ prices: z.array(ProductPrice), benefits: z.array(BenefitPublic), medias: z.array(ProductMediaFileRead) })
  .meta({ id: 'CustomerProduct' });
export type CustomerProduct = z.infer<typeof CustomerProduct>;

export const CustomerOrganizationData = z
  .object({ organization: CustomerOrganization, products: z.array(CustomerProduct) })
  .meta({ id: 'CustomerOrganizationData' });
export type CustomerOrganizationData = z.infer<typeof CustomerOrganizationData>;

export const OrganizationSlugParams = z.object({ slug: z.string().min(1).max(255) });
