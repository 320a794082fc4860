// A customer's wallets, worked out from their subscriptions: per currency, the credit those subscriptions carry to
// their next order. No I/O.

/** What a wallet is read from: a subscription not canceled for good, and the lines it carries to its next order. */
export interface WalletSource {
  currency: string;
  createdAt: Date;
  modifiedAt: Date | null;
  pendingItems: readonly { amount: number }[];
}

export interface WalletBalance {
  currency: string;
  /** Minor units the customer holds, never negative. */
  balance: number;
  createdAt: Date;
  modifiedAt: Date | null;
}

/**
 * The credit a subscription carries: what its carried lines (a pause's credit, a credit larger than a renewal, a
 * plan change's proration) come to when they owe the customer; 0 when they owe the organization instead.
 */
export const carriedCredit = (items: readonly { amount: number }[]): number =>
  Math.max(0, -items.reduce((sum, item) => sum + item.amount, 0));

/**
 * One wallet per currency the customer has a live subscription in: the credit of those subscriptions summed; since
 * the first of them was created, changed when the last of them was.
 */
export function walletBalances(sources: readonly WalletSource[]): WalletBalance[] {
  const wallets = new Map<string, WalletBalance>();
  for (const s of sources) {
    const wallet = wallets.get(s.currency);
    const credit = carriedCredit(s.pendingItems);
    if (!wallet) {
      wallets.set(s.currency, {
        currency: s.currency,
        balance: credit,
        createdAt: s.createdAt,
        modifiedAt: s.modifiedAt,
      });
      continue;
    }
    wallet.balance += credit;
    if (s.createdAt < wallet.createdAt) wallet.createdAt = s.createdAt;
    if (s.modifiedAt && (!wallet.modifiedAt || s.modifiedAt > wallet.modifiedAt)) wallet.modifiedAt = s.modifiedAt;
  }
  return [...wallets.values()];
}
