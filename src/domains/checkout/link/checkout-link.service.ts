// Checkout links: CRUD, and the public link that opens a fresh session, prefilled from its query, on every visit.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CheckoutLink as LinkOutput } from '../../../contracts/checkout-link';
import type { CheckoutLinkCreate } from '../../../contracts/checkout-link-create';
import type { CheckoutLinkListQuery } from '../../../contracts/checkout-link-list-query';
import type { CheckoutLinkRedirectQuery } from '../../../contracts/checkout-link-redirect-query';
import type { CheckoutLinkUpdate } from '../../../contracts/checkout-link-update';
import type { Tx } from '../../../platform/database/transaction';
import { OwnedRepository } from '../../../platform/database/owned-repository';
import type { Checkout } from '../checkout.entity';
import { CheckoutLink } from './checkout-link.entity';
import type { LinkDeps } from './checkout-link-deps';
import { checkoutLinkOutput } from './checkout-link.output';
import { createCheckoutLink } from './create-checkout-link';
import { openCheckoutLink } from './open-checkout-link';
import { updateCheckoutLink } from './update-checkout-link';

const SORT_COLUMNS = { created_at: 'createdAt', label: 'label' } as const;
const links = new OwnedRepository(CheckoutLink, { label: 'Checkout link', softDeleted: true });
export class CheckoutLinkService {
  constructor(private readonly deps: LinkDeps) {}

  create(em: EntityManager, organizationId: string, input: CheckoutLinkCreate): Promise<CheckoutLink> {
    return createCheckoutLink(this.deps, em, organizationId, input);
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
    return updateCheckoutLink(this.deps, em, await this.get(em, organizationId, id), input);
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
  open(tx: Tx, clientSecret: string, query: CheckoutLinkRedirectQuery): Promise<Checkout> {
    return openCheckoutLink(this.deps, tx, clientSecret, query);
  }
}
