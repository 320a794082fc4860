// The customer portal's wallets (`wallet.logic.ts`): one per currency of the customer's subscriptions that have not
// ended, holding the credit they carry; the id is the customer's and the currency's, the same at every read.
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerWallet, CustomerWalletListQuery } from '../../contracts/portal-wallet';
import { ResourceNotFound } from '../../kernel/errors';
import { pageOffset, paginationOf, parseSortCriterion } from '../../kernel/pagination';
import type { CustomerOwner } from '../../platform/http/route';
import { Subscription } from './subscription.entity';
import { walletBalances } from './wallet.logic';

/** A UUID (version 8: made by us) from the customer and the currency. */
export function walletId(customerId: string, currency: string): string {
  const hex = createHash('sha256').update(`wallet:${customerId}:${currency}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const parts = [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `8${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ];
  return parts.join('-');
}

export async function walletsOf(em: EntityManager, owner: CustomerOwner): Promise<CustomerWallet[]> {
  const live = await em.find(Subscription, {
    organizationId: owner.organizationId,
    customerId: owner.customerId,
    status: { $ne: 'canceled' },
  });
  return walletBalances(live).map((w) => ({
    id: walletId(owner.customerId, w.currency),
    created_at: w.createdAt.toISOString(),
    modified_at: w.modifiedAt?.toISOString() ?? null,
    customer_id: owner.customerId,
    balance: w.balance,
    currency: w.currency,
  }));
}

/** A page of the wallets, sorted by the query's criteria in turn (then by id, so pages never overlap). */
export async function walletPage(em: EntityManager, owner: CustomerOwner, query: CustomerWalletListQuery) {
  const wallets = await walletsOf(em, owner);
  const criteria = query.sorting.map(parseSortCriterion);
  wallets.sort((a, b) => {
    for (const { field, direction } of criteria) {
      const order = field === 'balance' ? a.balance - b.balance : a.created_at.localeCompare(b.created_at);
      if (order) return direction === 'asc' ? order : -order;
    }
    return a.id.localeCompare(b.id);
  });
  const offset = pageOffset(query);
  return { items: wallets.slice(offset, offset + query.limit), pagination: paginationOf(wallets.length, query.limit) };
}

/** One of the caller's wallets; any other id (another customer's wallet included) is not found. */
export async function walletOf(em: EntityManager, owner: CustomerOwner, id: string): Promise<CustomerWallet> {
  const wallet = (await walletsOf(em, owner)).find((w) => w.id === id.toLowerCase());
  if (!wallet) throw new ResourceNotFound('Wallet not found.');
  return wallet;
}
