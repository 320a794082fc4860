// A page's boot data, read from the element the server wrote it into.
import { BOOT_ELEMENT_ID, type PageBoot } from './boot';

export function readBoot<B extends PageBoot>(page: B['page']): B {
  const boot = JSON.parse(document.getElementById(BOOT_ELEMENT_ID)?.textContent ?? '{}') as PageBoot;
  if (boot.page !== page) throw new Error(`This script serves the ${page} page, not ${boot.page}.`);
  return boot as B;
}
