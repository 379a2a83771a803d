import { required } from 'react-admin';
import type { CompanyBilling } from '../../../../src/shared/api-types';
import type { PlanCardResponse, SubscriptionRequest } from '../../../../src/shared/billing-api-types';

/** Step 0's billing data (administration §3 Subscription payload). */
export interface CheckoutValues {
  firstName: string;
  address2: string;
  district: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  /** The chosen plan card, serialised (the spec's payload). */
  plan: string;
}

export const EMPTY_CHECKOUT: CheckoutValues = { firstName: '', address2: '', district: '', city: '', state: '', zipcode: '', country: '', plan: '' };

/** Step 0 starts with what the company gave last time (kept on the company by the order). */
export function checkoutDefaults(billing: CompanyBilling | undefined): CheckoutValues {
  if (!billing) return EMPTY_CHECKOUT;
  const known = Object.values(billing).some(Boolean);
  return {
    ...EMPTY_CHECKOUT,
    firstName: billing.billingName ?? '',
    address2: billing.addressStreet ?? '',
    district: billing.addressDistrict ?? '',
    city: billing.addressCity ?? '',
    state: billing.addressState ?? '',
    zipcode: billing.addressZipCode ?? '',
    // The company's address is Brazilian unless told otherwise; the country is not kept.
    country: known ? 'BR' : '',
  };
}

/** The steps, in order (administration §4); the dialog opens on the plan. */
export const STEPS = ['data', 'plan', 'review'] as const;
export const FIRST_STEP = 1;
export const LAST_STEP = STEPS.length - 1;

/** Step 0's rules and texts (administration §5). */
export const CHECKOUT_RULES = {
  firstName: [required('checkout.validation.firstName')],
  address2: [required('checkout.validation.address')],
  city: [required('checkout.validation.city')],
  zipcode: [required('checkout.validation.zipcode')],
  country: [required('checkout.validation.country')],
};

export const COUNTRY_CHOICES = [
  { id: 'BR', name: 'checkout.countries.BR' },
  { id: 'usa', name: 'checkout.countries.usa' },
];

/** The order: the invoice and the billing data given; the price sent is the invoice's (the server takes it from there anyway). */
export function toSubscriptionRequest(invoiceId: number, values: CheckoutValues, plan: PlanCardResponse | null, price: number): SubscriptionRequest {
  const request: SubscriptionRequest = { invoiceId, price };
  for (const key of ['firstName', 'address2', 'district', 'city', 'state', 'zipcode', 'country'] as const) {
    const value = values[key].trim();
    if (value) request[key] = value;
  }
  if (plan) Object.assign(request, { plan: values.plan || JSON.stringify(plan), users: plan.users, connections: plan.connections });
  return request;
}
