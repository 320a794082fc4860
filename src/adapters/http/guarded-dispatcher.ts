// Connections that refuse forbidden addresses (the SSRF guard at delivery time): the address checked at lookup is the
// address connected to.
import { lookup, type LookupAddress } from 'node:dns';
import { Agent, type Dispatcher } from 'undici';

export type AddressPolicy = (address: string) => boolean;

/** A webhook's host is, or resolves to, an address the policy refuses. */
export class AddressRefused extends Error {}

const dispatchers = new WeakMap<AddressPolicy, Dispatcher>();

/** A connection pool whose DNS lookup refuses forbidden addresses: the address checked is the address connected to. */
export function guardedDispatcher(refuseAddress: AddressPolicy): Dispatcher {
  let dispatcher = dispatchers.get(refuseAddress);
  if (!dispatcher) {
    dispatcher = new Agent({
      connect: {
        lookup: (hostname, options, callback) => {
          lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
            if (error) return callback(error, '', 0);
            const refused = addresses.find((a) => refuseAddress(a.address));
            if (refused) return callback(refusal(hostname, refused.address), '', 0);
            if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
            callback(null, addresses[0].address, addresses[0].family);
          });
        },
      },
    });
    dispatchers.set(refuseAddress, dispatcher);
  }
  return dispatcher;
}

export function refusal(host: string, address: string): AddressRefused {
  const what = host === address ? host : `${host} resolves to ${address}, which`;
  return new AddressRefused(`${what} is a private address`);
}
