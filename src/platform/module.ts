// What a module declares to the composition root (src/app/modules.ts): the tables it owns (entities, and the
// migrations that made them), the services it provides and what each needs, its routes, and what it contributes to
// another module's list (a port the lower module owns). src/app/compose.ts builds the services in the order their
// declared needs resolve to.
import type { Constructor, EntitySchema, MigrationObject } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import type { RouteDefinition } from './http/route';
import type { PlatformServices } from './platform-services';

/**
 * Every service a module provides, by name. The platform's are given; each domain's module adds its own with
 * `declare module '../../platform/module' { interface Services { … } }`, so a need names a service without importing
 * the domain that provides it.
 */
export interface Services extends PlatformServices, Contributions {}

/**
 * Lists several modules add to (`contribute`), needed like any service: each is a port whose item type the module
 * owning the list declares (the test clock's followers, the e-mail templates).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by each module's declaration
export interface Contributions {}

export type ServiceName = keyof Services;
export type Needs<N extends readonly ServiceName[]> = Pick<Services, N[number]>;

interface Declared<T> {
  needs: readonly ServiceName[];
  build(services: Partial<Services>): T;
}
export interface Provider extends Declared<unknown> {
  provides: ServiceName;
}
export interface Contribution extends Declared<unknown> {
  to: keyof Contributions;
}

export interface Module {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schemas of different entities
  entities?: EntitySchema<any>[];
  migrations?: MigrationObject[];
  provides?: Provider[];
  contributes?: Contribution[];
  routes?: Declared<RouteDefinition[]>;
}

/** Migrations by their class, named after it (`Migration<timestamp>_<what>`, the name each database records). */
export function migrations(...classes: Constructor<Migration>[]): MigrationObject[] {
  return classes.map((type) => ({ name: type.name, class: type }));
}

/** A service this module provides as `name`, built from the services it names in `needs` and nothing else. */
export function provide<K extends ServiceName, const N extends readonly ServiceName[]>(
  name: K,
  needs: N,
  build: (services: Needs<N>) => Services[K],
): Provider {
  return { provides: name, needs, build: build as Provider['build'] };
}

/** An item this module adds to another module's list `to` (every module's items, in the order of the modules). */
export function contribute<K extends keyof Contributions, const N extends readonly ServiceName[]>(
  to: K,
  needs: N,
  build: (services: Needs<N>) => Contributions[K] extends readonly (infer Item)[] ? Item : never,
): Contribution {
  return { to, needs, build: build as Contribution['build'] };
}

/** This module's HTTP routes, built once every service is. */
export function routes<const N extends readonly ServiceName[]>(
  needs: N,
  build: (services: Needs<N>) => RouteDefinition[],
): Declared<RouteDefinition[]> {
  return { needs, build: build as Declared<RouteDefinition[]>['build'] };
}
