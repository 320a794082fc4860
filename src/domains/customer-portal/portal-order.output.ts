// Orders as the customer portal shows them: the API's order, its full product with the organization, nothing else.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Order as OrderOutput } from '../../contracts/order';
import { CustomerOrder } from '../../contracts/portal-order';
import { byId, distinctIds } from '../../kernel/ids';
import type { ProductService } from '../catalog';
import type { OrganizationService } from '../organization';
import { customerOrganization } from './portal-organization';

/** Orders as the portal shows them: the API's order, its full product with the organization, nothing else. */
export async function customerOrders(
  em: EntityManager,
  deps: { products: ProductService; organizations: OrganizationService },
  organizationId: string,
  outputs: OrderOutput[],
): Promise<CustomerOrder[]> {
  if (!outputs.length) return [];
  const organization = await customerOrganization(em, deps.organizations, organizationId);
  const productIds = distinctIds(outputs, (order) => order.product_id);
  const products = byId(await deps.products.outputsByIds(em, organizationId, productIds));
  return outputs.map((output) => {
    const product = output.product_id ? products.get(output.product_id) : undefined;
    return CustomerOrder.parse({ ...output, product: product ? { ...product, organization } : null });
  });
}
