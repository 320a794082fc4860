// What the shadow renewals read, as things stand and with the draft: the catalog and the discounts read once per
// activity (in its read-only transaction), and the draft laid over them from its effective date.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Product as ProductOutput } from '../../contracts/product';
import type { SimulationChange } from '../../contracts/simulation';
import type { ProductService } from '../catalog';
import type { Discount, DiscountService } from '../discount';
import type { ShadowReads } from '../subscription';
import type { SellerOfRecord } from '../tax';
import { draftDiscount, draftPriceAmount, draftSeatTiers, draftTax, inEffect } from './simulation-draft.logic';

export interface SimulationReadDeps {
  products: ProductService;
  discounts: DiscountService;
  seller: SellerOfRecord;
}

/** The real reads (cached for the activity) and the same with the draft laid over them. */
export function simulationReads(
  deps: SimulationReadDeps,
  em: EntityManager,
  change: SimulationChange,
): { current: ShadowReads; draft: ShadowReads } {
  const products = new Map<string, Promise<ProductOutput>>();
  const discounts = new Map<string, Promise<Discount | null>>();
  const current: ShadowReads = {
    seller: deps.seller,
    product(organizationId, id) {
      if (!products.has(id))
        products.set(
          id,
          deps.products.get(em, organizationId, id).then(async (row) => (await deps.products.outputs(em, [row]))[0]),
        );
      return products.get(id)!;
    },
    discount(organizationId, id) {
      if (!discounts.has(id))
        discounts.set(
          id,
          deps.discounts.findByIds(em, organizationId, [id]).then((found) => found[0] ?? null),
        );
      return discounts.get(id)!;
    },
  };
  return { current, draft: { ...current, ...draftReads(current, change) } };
}

function draftReads(current: ShadowReads, change: SimulationChange): Partial<ShadowReads> {
  switch (change.type) {
    case 'price': {
      const { price } = change;
      const reaches = (productId: string, currency: string, start: Date) =>
        productId === change.product_id && currency === price.price_currency && inEffect(change, start);
      return {
        reprice: (plan, start) =>
          reaches(plan.productId, plan.currency, start) ? draftPriceAmount(price, plan.seats) : undefined,
        async product(organizationId, id, start) {
          const product = await current.product(organizationId, id, start);
          if (price.amount_type !== 'seat_based' || !reaches(id, price.price_currency, start)) return product;
          const seat_tiers = { seat_tier_type: price.seat_tiers.seat_tier_type, tiers: draftSeatTiers(price) };
          const prices = product.prices.map((p) =>
            p.amount_type === 'seat_based' && p.price_currency === price.price_currency ? { ...p, seat_tiers } : p,
          );
          return { ...product, prices } as ProductOutput;
        },
      };
    }
    case 'discount':
      return {
        async discount(organizationId, id, start) {
          const discount = await current.discount(organizationId, id, start);
          return discount && id === change.discount_id && inEffect(change, start)
            ? draftDiscount(discount, change)
            : discount;
        },
      };
    case 'tax_rate':
      return {
        tax: (buyer, behavior, taxable, at) => draftTax(current.seller, buyer, behavior, taxable, at, change),
      };
  }
}
