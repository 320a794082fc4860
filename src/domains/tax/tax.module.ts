// The tax module: pure rules and rates, and the seller of record they are computed for (from the configuration).
import { provide, type Module } from '../../platform/module';
import type { SellerOfRecord } from './tax.logic';

export const taxModule: Module = {
  name: 'tax',
  provides: [
    provide('seller', ['config'], ({ config }) => ({
      country: config.SELLER_COUNTRY,
      registeredIn: config.SELLER_TAX_REGISTRATIONS,
    })),
  ],
};

declare module '../../platform/module' {
  interface Services {
    seller: SellerOfRecord;
  }
}
