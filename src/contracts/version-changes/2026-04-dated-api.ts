// 2026-04, the first dated version, against the unversioned (legacy) API the 0.x clients parse: deprecated fields
// gone, new fields in. Going back to legacy puts every deprecated field the 0.x clients still require in again.
import type { VersionChange } from '../version-change';
import { CATALOG_CHANGES } from './2026-04/catalog';
import { CHECKOUT_CHANGES } from './2026-04/checkouts';
import { CUSTOMER_CHANGES } from './2026-04/customers';
import { EVENT_CHANGES } from './2026-04/events';
import { ORDER_CHANGES } from './2026-04/orders';
import { ORGANIZATION_CHANGES } from './2026-04/organizations';
import { WEBHOOK_CHANGES } from './2026-04/webhooks';

export const DATED_API: VersionChange = {
  version: '2026-04',
  description:
    'Dated shapes: deprecated fields (amount, price_id, product_price_id, subtotal_amount, price types…) removed; units, is_deletable, first_user_event_at, api_version added.',
  schemas: {
    ...CATALOG_CHANGES,
    ...CHECKOUT_CHANGES,
    ...CUSTOMER_CHANGES,
    ...EVENT_CHANGES,
    ...ORDER_CHANGES,
    ...ORGANIZATION_CHANGES,
    ...WEBHOOK_CHANGES,
  },
};
