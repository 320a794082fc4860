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

test.each<[string, SubscriptionCommand['kind'], boolean, string[], string[]]>([
  ['pause, benefits revoked while paused', 'pause', false, [], ['support', 'keys']],
  ['pause, benefits kept while paused', 'pause', true, [], []],
  ['resume after a pause that revoked them', 'resume', false, ['support', 'keys'], []],
  ['resume after a pause that kept them', 'resume', true, [], []],
  ['unpause: the pause never took effect', 'unpause', false, [], []],
  ['a new resume date', 'schedule_resume', false, [], []],
])('%s', (_name, kind, kept, granted, revoked) => {
  expect(ids(benefitEffects(kind, [support, keys], [support, keys], kept))).toEqual({ granted, revoked });
});

test('revoking a subscription whose pause already took its benefits revokes nothing more', () => {
  expect(ids(benefitEffects('revoke', [support, keys], [support, keys], false, false))).toEqual({
    granted: [],
    revoked: [],
  });
  expect(ids(benefitEffects('revoke', [support], [support], true, true))).toEqual({
    granted: [],
    revoked: ['support'],
  });
});
