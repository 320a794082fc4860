import { Migration } from '@mikro-orm/migrations';

/** Each granted download counts the times its link was opened (a benefit's files show downloads and downloaders). */
export class Migration20261201400300_download_counts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table downloadable
        add column download_count integer not null default 0,
        add column last_downloaded_at timestamptz;
      create index downloadable_benefit_file_idx on downloadable (benefit_id, file_id);
    `);
  }
}
