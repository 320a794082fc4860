// The dated versions against the 1.x client's own models: each response schema Bursar publishes for a version has
// every field the client's model of that version requires, and nothing beyond it but Bursar's declared additions.
import { startHarness, type TestHarness } from '../support/harness';
import { sdkModels } from './sdk-models';

let h: TestHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const SDK_NAMES: Record<string, string> = { Customer: 'CustomerIndividual', CustomerState: 'CustomerStateIndividual' };

/** What Bursar adds to the reference's shapes, in every version. */
const BURSAR_ADDITIONS: Record<string, string[]> = {
  // Why the last payment attempt failed, for the checkout page to show.
  Checkout: ['payment_error'],
  CheckoutPublic: ['payment_error'],
  CheckoutPublicConfirmed: ['payment_error'],
  // Sandbox test clocks.
  Customer: ['test_clock_id'],
  CustomerState: ['test_clock_id'],
  Subscription: ['test_clock_id'],
  CustomerIndividualCreate: ['test_clock_id'],
  CheckoutCreate: ['organization_id', 'test_clock_id'],
  CheckoutUpdate: ['discount_code'],
  // RFC 9457 problem details beside the reference's `detail`.
  HTTPValidationError: ['type', 'title', 'status', 'request_id', 'error'],
  // Invoice numbering, where notices to the owner go, and the currency each country's buyers pay in.
  Organization: ['invoice_numbering', 'customer_invoice_prefix', 'owner_email', 'currency_by_country'],
  OrganizationUpdate: ['slug', 'invoice_numbering', 'customer_invoice_prefix', 'owner_email', 'currency_by_country'],
  OrganizationCreate: ['invoice_numbering', 'customer_invoice_prefix', 'currency_by_country', 'dispute_settings'],
  // The delivery log's attempt details, and why an endpoint was disabled.
  WebhookDelivery: ['endpoint_id', 'attempt', 'duration_ms', 'error'],
  WebhookEndpoint: ['disabled_reason'],
  // Usage counted in blocks (package pricing) on a tiered metered price.
  ProductPriceMeteredTiers: ['package'],
  // The order's dispute (the 1.x RefundDispute shape), as of its last change.
  Order: ['dispute'],
  // A saved method as the 0.x clients read it too (`default`, `card`), and a subscription created on a named one.
  CustomerPaymentMethodCard: ['default', 'card'],
  CustomerPaymentMethodGeneric: ['default'],
  SubscriptionCreateCustomer: ['payment_method_id'],
  SubscriptionCreateExternalCustomer: ['payment_method_id'],
  // The currency of the amounts, and every currency's own figures.
  MetricsResponse: ['currency', 'currencies'],
};

test('every dated schema has the fields of the 1.x client model of the same name', async () => {
  const models = sdkModels();
  const report: string[] = [];
  for (const [version, sdk] of models) {
    const { components } = (await h.request('GET', `/${version}/openapi.json`)).body;
    for (const [name, schema] of Object.entries(
      components.schemas as Record<string, { properties?: Record<string, unknown> }>,
    )) {
      const model = sdk.get(SDK_NAMES[name] ?? name);
      if (!model || !schema.properties) continue;
      const ours = Object.keys(schema.properties);
      const missing = [...model]
        .filter(([field, { optional }]) => !optional && !ours.includes(field))
        .map(([field]) => field);
      const extra = ours.filter((field) => !model.has(field) && !BURSAR_ADDITIONS[name]?.includes(field));
      if (missing.length || extra.length)
        report.push(`${version} ${name}: missing ${missing.join(',') || '-'} | extra ${extra.join(',') || '-'}`);
    }
  }
  expect(report).toEqual([]);
});
