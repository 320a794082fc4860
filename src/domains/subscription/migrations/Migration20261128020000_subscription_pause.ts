import { Migration } from '@mikro-orm/migrations';

/** Pause and resume: a pause set for the period's end, when it was paused and resumes, and whether benefits stay. */
export class Migration20261128020000_subscription_pause extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table subscription
      add column pause_at_period_end boolean not null default false,
      add column paused_at timestamptz,
      add column resumes_at timestamptz,
      add column pause_keeps_benefits boolean not null default false;`);
  }
}
