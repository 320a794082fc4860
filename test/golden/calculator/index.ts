// The golden grid's reference calculator: what the engine must have billed for a scenario, from the README's rules
// alone (it imports nothing of the engine).
import type { Expected, Scenario } from '../scenario';
import { Lifecycle } from './lifecycle';
import { mrrOf } from './mrr';
import { afterDiscount } from './proration';

export function expectedOf(scenario: Scenario): Expected {
  const life = new Lifecycle(scenario);
  life.run();
  const interval = scenario.interval;
  const amount = afterDiscount(life.plan.price, life.plan.seats, life.discount);
  return {
    orders: life.orders,
    refunds: life.refunds,
    subscription: interval && { status: life.status, amount, mrr: mrrOf(life.status, amount, interval) },
  };
}
