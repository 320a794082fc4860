import { Migration } from '@mikro-orm/migrations';

/** Undispatched events by organization and order: a webhook delivery waits for the earlier ones of its resource. */
export class Migration20261130000000_outbox_pending_events extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create index outbox_message_pending_event_idx on outbox_message (organization_id, seq)
        where dispatched_at is null and kind = 'event';
    `);
  }
}
