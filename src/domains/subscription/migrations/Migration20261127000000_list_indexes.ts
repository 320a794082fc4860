import { Migration } from '@mikro-orm/migrations';

/**
 * What the list pages read by: an order's items (read for every page of orders; without this index each page scanned
 * every order item of every organization) and an organization's subscriptions newest started first (their list's
 * default order; without it each page sorted all the organization's subscriptions).
 */
export class Migration20261127000000_list_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index order_item_order_idx on order_item (order_id, position);');
    this.addSql(
      'create index subscription_organization_started_idx on subscription (organization_id, started_at desc, id);',
    );
  }
}
