import { Migration } from '@mikro-orm/migrations';

/**
 * The dated API versions: when a customer's first usage event came (the newer versions show it, backfilled from the
 * events already stored), and the version each webhook endpoint's payloads are shaped for (the endpoints that exist
 * were made by the unversioned API) and of each delivery attempt's body (the delivery log shows what was sent), and the kind of payment method a checkout was confirmed with.
 */
export class Migration20261129000000_api_versions extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table customer add column first_user_event_at timestamptz;');
    this.addSql(`update customer c set first_user_event_at = f.first
      from (select organization_id, customer_id, min("timestamp") as first from event where source = 'user' and customer_id is not null
            group by organization_id, customer_id) f
      where c.organization_id = f.organization_id and c.id = f.customer_id;`);
    this.addSql(`alter table webhook_endpoint add column api_version text not null default 'legacy';`);
    this.addSql(`alter table webhook_attempt add column api_version text not null default 'legacy';`);
    this.addSql('alter table checkout add column payment_method_type text;');
  }
}
