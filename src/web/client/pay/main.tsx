// Entry point of the pay page.
import { render } from 'preact';
import type { PayBoot } from '../shared/boot';
import { readBoot } from '../shared/read-boot';
import { PayPage } from './pay-page';

const root = document.getElementById('app');
if (root) render(<PayPage boot={readBoot<PayBoot>('pay')} />, root);
