// Builds one environment's services from the modules' declarations: each service after the services it needs, in
// whatever order the modules list them, and each list of contributions from every module that adds to it.
import type { Contribution, Module, Provider, ServiceName, Services } from '../platform/module';
import type { PlatformServices } from '../platform/platform-services';
import type { RouteDefinition } from '../platform/http/route';

type Built = Partial<Record<ServiceName, unknown>>;

export interface Composition {
  services: Services;
  routes: RouteDefinition[];
}

export function compose(modules: readonly Module[], platform: PlatformServices): Composition {
  const providers = new Map<ServiceName, Provider | Contribution[]>();
  for (const module of modules) {
    for (const provider of module.provides ?? []) {
      if (providers.has(provider.provides) || provider.provides in platform) {
        throw new Error(`Module ${module.name} provides '${provider.provides}', which another provider gives already.`);
      }
      providers.set(provider.provides, provider);
    }
    for (const contribution of module.contributes ?? []) {
      const list = providers.get(contribution.to) ?? [];
      if (!Array.isArray(list)) throw new Error(`'${contribution.to}' is a service, not a list to contribute to.`);
      providers.set(contribution.to, [...list, contribution]);
    }
  }

  const built: Built = { ...platform };
  const path: ServiceName[] = [];
  const needsOf = (needs: readonly ServiceName[], by: string) =>
    Object.fromEntries(needs.map((name) => [name, get(name, by)])) as Partial<Services>;
  function get(name: ServiceName, by: string): unknown {
    if (name in built) return built[name];
    const provider = providers.get(name);
    if (!provider) throw new Error(`${by} needs '${name}', which no module provides.`);
    if (path.includes(name)) throw new Error(`Services need each other: ${[...path, name].join(' → ')}.`);
    path.push(name);
    built[name] = Array.isArray(provider)
      ? provider.map((item) => item.build(needsOf(item.needs, `A contribution to '${name}'`)))
      : provider.build(needsOf(provider.needs, `'${name}'`));
    path.pop();
    return built[name];
  }

  for (const name of providers.keys()) get(name, 'The composition');
  const routes = modules.flatMap((m) => m.routes?.build(needsOf(m.routes.needs, `Module ${m.name}'s routes`)) ?? []);
  return { services: built as Services, routes };
}
