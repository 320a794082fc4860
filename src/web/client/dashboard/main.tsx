// Entry point of the metrics dashboard.
import { render } from 'preact';
import type { DashboardBoot } from '../shared/boot';
import { readBoot } from '../shared/read-boot';
import { DashboardPage } from './dashboard-page';

const root = document.getElementById('app');
if (root) render(<DashboardPage boot={readBoot<DashboardBoot>('dashboard')} />, root);
