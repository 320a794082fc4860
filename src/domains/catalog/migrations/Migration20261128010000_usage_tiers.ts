import { Migration } from '@mikro-orm/migrations';

/** Metered prices billed from tiers (`metered_tiers`): their tiers, and the blocks their usage is counted in. */
export class Migration20261128010000_usage_tiers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table product_price add column usage_tiers jsonb, add column usage_package jsonb;
    `);
  }
}
