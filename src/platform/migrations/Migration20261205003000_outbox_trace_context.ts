import { Migration } from '@mikro-orm/migrations';

/** The trace an outbox message was written in (W3C `traceparent` headers), continued when it is carried out. */
export class Migration20261205003000_outbox_trace_context extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table outbox_message add column trace_context jsonb;');
  }
}
