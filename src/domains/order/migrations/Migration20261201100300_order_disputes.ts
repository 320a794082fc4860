import { Migration } from '@mikro-orm/migrations';

/** What a lost dispute took back from an order, its dispute as the order shows it, and whether it revoked benefits. */
export class Migration20261201100300_order_disputes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "order"
      add column disputed_amount integer not null default 0,
      add column disputed_tax_amount integer not null default 0,
      add column dispute jsonb,
      add column dispute_revoked_benefits boolean not null default false;`);
  }
}
