import { Migration } from '@mikro-orm/migrations';

/** A delivery's attempts by the delivery (the timeline counts them for a page of events). */
export class Migration20261204000100_attempt_delivery_index extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index webhook_attempt_delivery_idx on webhook_attempt (delivery_id);');
  }

  override async down(): Promise<void> {
    this.addSql('drop index webhook_attempt_delivery_idx;');
  }
}
