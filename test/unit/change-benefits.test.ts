// Which benefits a previewed change grants or revokes (change-benefits.logic.ts), by hand for each kind of command.
import { benefitEffects } from '../../src/domains/subscription/change-benefits.logic';
import type { SubscriptionCommand } from '../../src/domains/subscription/subscription.logic';

const [support, priority, keys] = [{ id: 'support' }, { id: 'priority' }, { id: 'keys' }];
const ids = ({ granted, revoked }: { granted: { id: string }[]; revoked: { id: string }[] }) => ({
  granted: granted.map((b) => b.id),
  revoked: revoked.map((b) => b.id),
});

test.each<[string, SubscriptionCommand['kind'], { id: string }[], { id: string }[], string[], string[]]>([
  ['upgrade adding a benefit', 'change', [support], [support, priority], ['priority'], []],
  ['downgrade dropping one', 'change', [support, priority], [support], [], ['priority']],
  ['another product, none shared', 'change', [support, keys], [priority], ['priority'], ['support', 'keys']],
  ['same product (seats or discount)', 'change', [support, keys], [support, keys], [], []],
  ['from a product without benefits', 'change', [], [keys], ['keys'], []],
  ['cancel at period end: all go then', 'cancel', [support, keys], [support, keys], [], ['support', 'keys']],
  ['revoke: all go now', 'revoke', [support], [support], [], ['support']],
  ['uncancel: nothing was revoked yet', 'uncancel', [support], [support], [], []],
  ['clearing a scheduled change', 'clear_pending_update', [support], [support], [], []],
])('%s', (_name, kind, before, after, granted, revoked) => {
  expect(ids(benefitEffects(kind, before, after))).toEqual({ granted, revoked });
});
