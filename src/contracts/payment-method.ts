// A customer's saved payment methods (the 1.x PaymentMethod and CustomerPaymentMethod: a card or any other kind), and
// the portal's add and confirm bodies and answers.
import { z } from 'zod';
import { Timestamp, Url, Uuid } from './common';
import { ListResource } from './list-resource';

export const PaymentMethodCardMetadata = z
  .object({
    brand: z.string(),
    last4: z.string(),
    exp_month: z.int32(),
    exp_year: z.int32(),
    wallet: z.string().nullable(),
  })
  .meta({ id: 'PaymentMethodCardMetadata' });

const base = {
  id: Uuid,
  created_at: Timestamp,
  modified_at: Timestamp.nullable(),
  processor: z.literal('stripe'),
  customer_id: Uuid,
  /** Whether this is the customer's default method. */
  is_default: z.boolean(),
  /** The same, as the 0.x clients read it. */
  default: z.boolean(),
};

export const PaymentMethodCard = z
  .object({
    ...base,
    type: z.literal('card'),
    method_metadata: PaymentMethodCardMetadata,
    /** The card, as the 0.x clients read it. */
    card: PaymentMethodCardMetadata,
  })
  .meta({ id: 'CustomerPaymentMethodCard' });
export const PaymentMethodGeneric = z
  .object({ ...base, type: z.string() })
  .meta({ id: 'CustomerPaymentMethodGeneric' });
export const PaymentMethod = z.union([PaymentMethodCard, PaymentMethodGeneric]).meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PaymentMethodList = ListResource(PaymentMethod);

export const CustomerPaymentMethodCreate = z
  .object({
    confirmation_token_id: z.string().min(1).max(255),
    set_default: z.boolean(),
    return_url: Url({ protocol: /^https?$/ }).max(2048),
  })
  .meta({ id: 'CustomerPaymentMethodCreate' });
export type CustomerPaymentMethodCreate = z.infer<typeof CustomerPaymentMethodCreate>;

export const CustomerPaymentMethodConfirm = z
  .object({ setup_intent_id: z.string().min(1).max(255), set_default: z.boolean() })
  .meta({ id: 'CustomerPaymentMethodConfirm' });
export type CustomerPaymentMethodConfirm = z.infer<typeof CustomerPaymentMethodConfirm>;

export const CustomerPaymentMethodCreateResponse = z
  .union([
    z.object({ status: z.literal('requires_action'), client_secret: z.string() }),
    z.object({ status: z.literal('succeeded'), payment_method: PaymentMethod }),
  ])
  .meta({ id: 'CustomerPaymentMethodCreateResponse' });
export type CustomerPaymentMethodCreateResponse = z.infer<typeof CustomerPaymentMethodCreateResponse>;

/** The unversioned API answers an added method with its fields beside the 1.x answer's (older 0.x clients read them). */
export const PortalPaymentMethodAdded = z.union([
  CustomerPaymentMethodCreateResponse,
  PaymentMethodCard.extend({ status: z.literal('succeeded'), payment_method: PaymentMethod }),
  PaymentMethodGeneric.extend({ status: z.literal('succeeded'), payment_method: PaymentMethod }),
]);
