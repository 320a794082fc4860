// Customers between legacy and 2026-04: when their first usage event came.
import type { SchemaChange } from '../../version-change';

const firstEvent: SchemaChange = { added: ['first_user_event_at'] };

export const CUSTOMER_CHANGES: Record<string, SchemaChange> = {
  Customer: firstEvent,
  LicenseKeyCustomer: firstEvent,
  CustomerState: firstEvent,
  CustomerStateSubscription: { added: ['seats', 'units'] },
};
