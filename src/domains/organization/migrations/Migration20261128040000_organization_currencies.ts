import { Migration } from '@mikro-orm/migrations';

/** The currency checkouts fall back to (USD, as before) and the currency each country's buyers pay in (none yet). */
export class Migration20261128040000_organization_currencies extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table organization
      add column default_presentment_currency text not null default 'usd',
      add column currency_by_country jsonb not null default '{}';`);
  }
}
