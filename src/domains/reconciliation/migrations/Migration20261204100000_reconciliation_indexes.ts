import { Migration } from '@mikro-orm/migrations';

/**
 * What the reconciliation reads by organization and time, indexed so a day's read stays a range scan: the webhook
 * events of the outbox (by when they were written), the orders (by when they were paid), the meter credit ledger and
 * the customer meters (by organization).
 */
export class Migration20261204100000_reconciliation_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index outbox_message_event_created_idx on outbox_message (organization_id, created_at) where kind = 'event'`,
    );
    this.addSql('create index meter_credit_organization_idx on meter_credit (organization_id, customer_id, meter_id)');
    this.addSql('create index customer_meter_organization_idx on customer_meter (organization_id)');
    this.addSql(
      'create index order_organization_paid_idx on "order" (organization_id, paid_at) where paid_at is not null',
    );
  }
}
