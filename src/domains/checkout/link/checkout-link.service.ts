// Checkout links: CRUD, and the public link that opens a fresh session, prefilled from its query, on every visit.
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CheckoutCreate } from '../../../contracts/checkout-create';
import { MAX_METADATA_KEYS, type Metadata } from '../../../contracts/metadata';
import type { CheckoutLink as LinkOutput } from '../../../contracts/checkout-link';
import type { CheckoutLinkCreate } from '../../../contracts/checkout-link-create';
import type { CheckoutLinkListQuery } from '../../../contracts/checkout-link-list-query';
import type { CheckoutLinkRedirectQuery } from '../../../contracts/checkout-link-redirect-query';
import type { CheckoutLinkUpdate } from '../../../contracts/checkout-link-update';
import type { Tx } from '../../../platform/database/transaction';
import type { Clock } from '../../../kernel/clock';
import { BursarError, RequestValidationError, ResourceNotFound, invalidField } from '../../../kernel/errors';
import { newId } from '../../../kernel/ids';
import { OwnedRepository } from '../../../platform/database/owned-repository';
import type { ProductService } from '../../catalog';
import type { DiscountService } from '../../discount';
import type { Checkout } from '../checkout.entity';
import type { CheckoutService } from '../checkout.service';
import { CheckoutLink } from './checkout-link.entity';
import { checkoutLinkOutput } from './checkout-link.output';

export interface LinkDeps {
  clock: Clock;
  publicUrl: string;
  checkouts: CheckoutService;
  products: ProductService;
  discounts: DiscountService;
}

const SORT_COLUMNS = { created_at: 'createdAt', label: 'label' } as const;
const links = new OwnedRepository(CheckoutLink, { label: 'Checkout link', softDeleted: true });
export class CheckoutLinkService {
  constructor(private readonly deps: LinkDeps) {}

  async create(em: EntityManager, organizationId: string, input: CheckoutLinkCreate): Promise<CheckoutLink> {
    const priceProduct = input.product_price_id
      ? ((await this.deps.products.priceOutputs(em, organizationId, [input.product_price_id]))[0]?.product_id ?? null)
      : null;
    if (input.product_price_id && !priceProduct)
      throw invalidField(['body', 'product_price_id'], 'No such price in this organization.');
    const productIds = input.products ?? [input.product_id ?? priceProduct!];
    await this.checkProducts(em, organizationId, productIds);
    if (input.discount_id && !(await this.deps.discounts.find(em, organizationId, input.discount_id)))
      throw invalidField(['body', 'discount_id'], 'No such discount in this organization.');
    const link = em.create(CheckoutLink, {
      id: newId(),
      organizationId,
      clientSecret: `bursar_cl_${randomBytes(32).toString('base64url')}`,
      productIds: [...new Set(productIds)],
      label: input.label ?? null,
      discountId: input.discount_id ?? null,
      allowDiscountCodes: input.allow_discount_codes,
      requireBillingAddress: input.require_billing_address,
      seats: input.seats ?? null,
      successUrl: input.success_url ?? null,
      returnUrl: input.return_url ?? null,
      trialInterval: input.trial_interval ?? null,
      trialIntervalCount: input.trial_interval_count ?? null,
      metadata: input.metadata,
      deletedAt: null,
      createdAt: this.deps.clock.now(),
      modifiedAt: null,
    });
    await em.flush();
    return link;
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<CheckoutLink> {
    return links.get(em, organizationId, id);
  }

  async update(
    em: EntityManager,
    organizationId: string,
    id: string,
    input: CheckoutLinkUpdate,
  ): Promise<CheckoutLink> {
    const link = await this.get(em, organizationId, id);
    if (input.products != null) {
      await this.checkProducts(em, organizationId, input.products);
      link.productIds = [...new Set(input.products)];
    }
    if (input.discount_id != null && !(await this.deps.discounts.find(em, organizationId, input.discount_id)))
      throw invalidField(['body', 'discount_id'], 'No such discount in this organization.');
    const fields = {
      label: 'label',
      discount_id: 'discountId',
      seats: 'seats',
      success_url: 'successUrl',
      return_url: 'returnUrl',
      trial_interval: 'trialInterval',
      trial_interval_count: 'trialIntervalCount',
      metadata: 'metadata',
    } as const;
    for (const [key, property] of Object.entries(fields)) {
      const value = input[key as keyof CheckoutLinkUpdate];
      if (value !== undefined) (link as unknown as Record<string, unknown>)[property] = value;
    }
    if (input.allow_discount_codes != null) link.allowDiscountCodes = input.allow_discount_codes;
    if (input.require_billing_address != null) link.requireBillingAddress = input.require_billing_address;
    link.modifiedAt = this.deps.clock.now();
    await em.flush();
    return link;
  }

  async delete(em: EntityManager, organizationId: string, id: string): Promise<void> {
    await links.softDelete(em, await this.get(em, organizationId, id), this.deps.clock.now());
  }

  list(em: EntityManager, organizationId: string, query: CheckoutLinkListQuery) {
    return links.list(em, organizationId, query, {
      alias: 'l',
      sort: SORT_COLUMNS,
      where: (qb) => query.product_id && qb.andWhere('l.product_ids && array[?]::uuid[]', [query.product_id]),
    });
  }

  output(em: EntityManager, link: CheckoutLink): Promise<LinkOutput> {
    return checkoutLinkOutput(em, this.deps, link);
  }

  /** Opens a fresh session from the link, preselected and prefilled from its URL's query. */
  async open(tx: Tx, clientSecret: string, query: CheckoutLinkRedirectQuery): Promise<Checkout> {
    const link = await tx.em.findOne(CheckoutLink, { clientSecret, deletedAt: null });
    if (!link) throw new ResourceNotFound('Checkout link not found.');
    const products = (await this.deps.checkouts.products(tx.em, link.organizationId, link.productIds)).filter(
      (p) => !p.is_archived && p.visibility !== 'draft',
    );
    if (!products.length)
      throw invalidField(['path', 'client_secret'], 'None of the products of this link can be bought right now.');
    const preselected = products.find((p) => p.id === query.product_id) ?? products[0];
    const base: CheckoutCreate = {
      products: [preselected.id, ...products.filter((p) => p !== preselected).map((p) => p.id)],
      seats: link.seats,
      discount_id: link.discountId,
      allow_discount_codes: link.allowDiscountCodes,
      require_billing_address: link.requireBillingAddress,
      allow_trial: true,
      trial_interval: link.trialInterval as CheckoutCreate['trial_interval'],
      trial_interval_count: link.trialIntervalCount,
      success_url: link.successUrl,
      return_url: link.returnUrl,
      metadata: withPrefilledMetadata(link.metadata, query.metadata),
      customer_metadata: {},
      custom_field_data: query.custom_field_data,
      customer_email: query.customer_email ?? null,
      customer_name: query.customer_name ?? null,
      amount: query.amount ?? null,
    };
    const checkout = await tryWithout(
      base,
      { amount: null, discount_id: null, custom_field_data: {} },
      (input) => this.deps.checkouts.create(tx, link.organizationId, input),
      () => tx.em.clear(),
    );
    const code = query.discount_code;
    if (code && checkout.allowDiscountCodes) {
      await this.deps.checkouts.update(tx, checkout, { discount_code: code }).catch((error) => {
        if (!(error instanceof BursarError)) throw error; // an invalid code is ignored
      });
    }
    return checkout;
  }

  private async checkProducts(em: EntityManager, organizationId: string, ids: readonly string[]): Promise<void> {
    const found = new Set(
      (await this.deps.checkouts.products(em, organizationId, ids)).filter((p) => !p.is_archived).map((p) => p.id),
    );
    const missing = ids.map((id, i) => ({ id, i })).filter(({ id }) => !found.has(id));
    if (missing.length)
      throw new RequestValidationError(
        missing.map(({ i }) => ({
          loc: ['body', 'products', i],
          msg: 'No such product in this organization.',
          type: 'unknown_product',
        })),
      );
  }
}

/** Creates with the prefilled values; if a prefill is what fails, replaces those with `without` and tries once more. */
async function tryWithout(
  input: CheckoutCreate,
  without: Partial<CheckoutCreate>,
  create: (input: CheckoutCreate) => Promise<Checkout>,
  forget: () => void,
): Promise<Checkout> {
  try {
    return await create(input);
  } catch (error) {
    if (!(error instanceof RequestValidationError)) throw error;
    forget(); // the refused session must not be written
    return create({ ...input, ...without });
  }
}

/** The link's metadata, then the URL's `reference_id` and `utm_*` where the link has no such key and room is left. */
function withPrefilledMetadata(own: Metadata, prefilled: Record<string, string>): Metadata {
  const metadata = { ...own };
  for (const [key, value] of Object.entries(prefilled)) {
    if (!(key in metadata) && Object.keys(metadata).length < MAX_METADATA_KEYS) metadata[key] = value;
  }
  return metadata;
}
