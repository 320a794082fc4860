// What the buyer's edits do besides changing the draft: those the total depends on update the session — at once for
// a choice (a country, a product, the business box, a discount code), once typing stops for typed text (an amount,
// seats, a tax ID).
import { useState } from 'preact/hooks';
import type { CheckoutPublic } from '../../../contracts/checkout-public';
import { addressBody, type AddressField } from '../shared/address-fields';
import type { Translate } from '../shared/ui';
import { amountOf, majorUnits, seatsOf, type Draft, type Errors } from './checkout-model';
import type { UpdateTask } from './use-update-queue';

export interface DraftChangeDeps {
  t: Translate;
  checkout: CheckoutPublic;
  draft: Draft;
  locale: string;
  setDraft(change: (current: Draft) => Draft): void;
  setErrors(change: (current: Errors) => Errors): void;
  clearErrors(...keys: string[]): void;
  update(body: Record<string, unknown>, keys: string[], then?: (next: CheckoutPublic) => void): Promise<boolean>;
  later(key: string, ms: number, task: UpdateTask): void;
}

export function useDraftChanges(deps: DraftChangeDeps) {
  const { t, checkout, draft, locale, setDraft, setErrors, clearErrors, update, later } = deps;
  const [appliedCode, setAppliedCode] = useState<string | null>(null);

  const change = (patch: Partial<Draft>, ...keys: string[]) => {
    setDraft((current) => ({ ...current, ...patch }));
    clearErrors(...keys);
  };
  const fieldError = (key: string, message: string) => setErrors((current) => ({ ...current, [key]: message }));

  function changeAddress(field: AddressField, value: string) {
    const address = {
      ...draft.address,
      [field]: value,
      ...(field === 'country' && value !== draft.address.country ? { state: '' } : {}),
    };
    change({ address }, `address.${field}`, ...(field === 'country' ? ['address.state'] : []));
    // Where the buyer is decides the tax: the country and the state or province update the total at once.
    if (field === 'country' || (field === 'state' && (address.country === 'US' || address.country === 'CA'))) {
      if (address.country)
        void update({ customer_billing_address: addressBody(address) }, ['address.country', 'address.state']);
    }
  }

  function commitAddress(field: AddressField) {
    if (field === 'state' && draft.address.country && draft.address.state.trim()) {
      void update({ customer_billing_address: addressBody(draft.address) }, ['address.state']);
    }
  }

  function changeBusiness(isBusiness: boolean) {
    change({ isBusiness }, 'billingName', 'taxId');
    void update(
      {
        is_business_customer: isBusiness,
        customer_tax_id: isBusiness && draft.taxId.trim() ? draft.taxId.trim() : null,
      },
      ['billingName', 'taxId'],
    );
  }

  function changeTaxId(taxId: string) {
    change({ taxId }, 'taxId');
    later('taxId', 600, () => update({ customer_tax_id: taxId.trim() || null }, ['taxId']));
  }

  function changeAmount(text: string) {
    const next = { ...draft, amount: text };
    change({ amount: text }, 'amount');
    later('amount', 500, () => {
      const amount = amountOf(next, checkout.product_price, checkout.currency, locale, t);
      if (!amount) return;
      if ('error' in amount) return fieldError('amount', amount.error);
      return update({ amount: amount.amount }, ['amount']);
    });
  }

  function changeSeats(text: string) {
    const next = { ...draft, seats: text };
    change({ seats: text }, 'seats');
    later('seats', 400, () => {
      const seats = seatsOf(next, checkout.product_price, t);
      if (!seats) return;
      if ('error' in seats) return fieldError('seats', seats.error);
      return update({ seats: seats.seats }, ['seats']);
    });
  }

  function chooseProduct(productId: string) {
    void update({ product_id: productId }, ['product', 'amount', 'seats'], (next) =>
      setDraft((current) => ({
        ...current,
        amount: next.product_price?.amount_type === 'custom' ? majorUnits(next.amount, next.currency) : '',
        seats: next.seats === null ? '' : String(next.seats),
      })),
    );
  }

  function applyDiscount() {
    const code = draft.discountCode.trim();
    if (!code) return;
    void update({ discount_code: code }, ['discountCode'], () => {
      setAppliedCode(code);
      setDraft((current) => ({ ...current, discountCode: '' }));
    });
  }

  return {
    appliedCode,
    change,
    changeAddress,
    commitAddress,
    changeBusiness,
    changeTaxId,
    changeAmount,
    changeSeats,
    chooseProduct,
    applyDiscount,
  };
}
