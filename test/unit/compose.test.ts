// The composition: services built after what they need whatever the modules' order, lists gathered from every module,
// and a missing, doubled or circular need refused before anything runs.
import { compose } from '../../src/app/compose';
import { contribute, provide, routes, type Module } from '../../src/platform/module';
import type { PlatformServices } from '../../src/platform/platform-services';
import type { RouteDefinition } from '../../src/platform/http/route';

const platform = { environment: 'sandbox', sandbox: true, clock: { now: () => new Date() } } as PlatformServices;
const built: string[] = [];
/** A stand-in service that records when it is built and what it was given. */
const fake = (name: string, given: object = {}) => {
  built.push(name);
  return { name, given } as never;
};

beforeEach(() => built.splice(0));

describe('compose', () => {
  it('builds each service after the services it needs, whatever order the modules list them in', () => {
    const upper: Module = {
      name: 'upper',
      provides: [provide('orders', ['customers', 'sandbox'], (s) => fake('orders', s))],
    };
    const lower: Module = { name: 'lower', provides: [provide('customers', [], () => fake('customers'))] };
    const { services } = compose([upper, lower], platform);
    expect(built).toEqual(['customers', 'orders']);
    expect(services.orders).toEqual({ name: 'orders', given: { customers: services.customers, sandbox: true } });
  });

  it('gives a build only the services it names', () => {
    const module: Module = {
      name: 'm',
      provides: [
        provide('customers', [], () => fake('customers')),
        provide('orders', ['environment'], (s) => fake('orders', s)),
      ],
    };
    expect(compose([module], platform).services.orders).toEqual({ name: 'orders', given: { environment: 'sandbox' } });
  });

  it('gathers a list from every module that contributes to it, in the modules’ order', () => {
    const follower = (name: string): Module => ({
      name,
      contributes: [contribute('testClockFollowers', [], () => fake(name))],
    });
    const owner: Module = {
      name: 'owner',
      provides: [provide('testClocks', ['testClockFollowers'], (s) => fake('testClocks', s))],
    };
    const { services } = compose([owner, follower('a'), follower('b')], platform);
    expect(services.testClockFollowers.map((f) => (f as unknown as { name: string }).name)).toEqual(['a', 'b']);
  });

  it('mounts the routes of every module in the modules’ order, once every service is built', () => {
    const route = (path: string) => ({ path }) as RouteDefinition;
    const modules: Module[] = [
      { name: 'a', routes: routes(['customers'], () => [route('/a')]) },
      {
        name: 'b',
        provides: [provide('customers', [], () => fake('customers'))],
        routes: routes([], () => [route('/b')]),
      },
    ];
    expect(compose(modules, platform).routes.map((r) => r.path)).toEqual(['/a', '/b']);
  });

  it('refuses a need no module provides, a service provided twice, and services that need each other', () => {
    const needsMissing: Module = { name: 'm', provides: [provide('orders', ['customers'], (s) => fake('orders', s))] };
    expect(() => compose([needsMissing], platform)).toThrow("'orders' needs 'customers', which no module provides.");

    const twice: Module = { name: 'twice', provides: [provide('customers', [], () => fake('customers'))] };
    expect(() => compose([twice, twice], platform)).toThrow("Module twice provides 'customers'");
    const platformName: Module = { name: 'p', provides: [provide('clock', [], () => fake('clock'))] };
    expect(() => compose([platformName], platform)).toThrow("Module p provides 'clock'");

    const circular: Module = {
      name: 'c',
      provides: [
        provide('orders', ['customers'], (s) => fake('orders', s)),
        provide('customers', ['refunds'], (s) => fake('customers', s)),
        provide('refunds', ['orders'], (s) => fake('refunds', s)),
      ],
    };
    expect(() => compose([circular], platform)).toThrow(
      'Services need each other: orders → customers → refunds → orders.',
    );
    expect(built).toEqual([]);
  });
});
