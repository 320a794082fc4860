import { Migration } from '@mikro-orm/migrations';

/**
 * Seats grant benefits to members: a seat's grant is the billing customer's, held by the seat's member, and keeps the
 * seat's order or subscription (so lists and outputs show it). Customer grants stay unique per customer, benefit and
 * source; seat grants are unique per benefit and seat. A seat's license key names its member.
 */
export class Migration20261202300000_seat_grants extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table benefit_grant add column seat_id uuid, add column member_id uuid;
      drop index benefit_grant_source_unique;
      create unique index benefit_grant_source_unique on benefit_grant
        (customer_id, benefit_id, coalesce(order_id, subscription_id)) where seat_id is null;
      create unique index benefit_grant_seat_unique on benefit_grant (benefit_id, seat_id) where seat_id is not null;
      create index benefit_grant_seat_idx on benefit_grant (seat_id) where seat_id is not null;
      create index benefit_grant_member_idx on benefit_grant (member_id) where member_id is not null;
      alter table license_key add column member_id uuid;
    `);
  }
}
