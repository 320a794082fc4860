// Entry point of the confirmation page.
import { render } from 'preact';
import type { CheckoutBoot } from '../shared/boot';
import { readBoot } from '../shared/read-boot';
import { ConfirmationPage } from './confirmation-page';

const root = document.getElementById('app');
if (root) render(<ConfirmationPage boot={readBoot<CheckoutBoot>('confirmation')} />, root);
