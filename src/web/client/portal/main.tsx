// Entry point of the portal page.
import { render } from 'preact';
import type { PortalBoot } from '../shared/boot';
import { readBoot } from '../shared/read-boot';
import { PortalPage } from './portal-page';

const root = document.getElementById('app');
if (root) render(<PortalPage boot={readBoot<PortalBoot>('portal')} />, root);
