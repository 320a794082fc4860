import { Migration } from '@mikro-orm/migrations';

/** Each organization's day whose failure was sent: `reconciliation.failed` goes out once, however often a run repeats. */
export class Migration20261204100100_reconciliation_failures extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table reconciliation_failure (
      id uuid primary key,
      organization_id uuid not null,
      day date not null,
      created_at timestamptz not null
    );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table reconciliation_failure;');
  }
}
