// Entry point of the checkout page.
import { render } from 'preact';
import type { CheckoutBoot } from '../shared/boot';
import { readBoot } from '../shared/read-boot';
import { CheckoutPage } from './checkout-page';

const root = document.getElementById('app');
if (root) render(<CheckoutPage boot={readBoot<CheckoutBoot>('checkout')} />, root);
