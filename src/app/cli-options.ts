// The CLI's option values read and checked: environments, true/false flags, scopes, whole numbers, and the organization
// flags as the body of PATCH /v1/organizations/{id}.
import { OrganizationUpdate } from '../contracts/organization-update';
import { isScope, type Scope } from '../domains/organization';
import { ENVIRONMENTS, type Environment } from '../platform/config';
import { UsageError } from './cli-usage';

export function environmentsOf(value: string | undefined): Environment[] {
  if (!value || value === 'all') return [...ENVIRONMENTS];
  return [singleEnvironment(value)];
}

export function singleEnvironment(value = 'production'): Environment {
  if (!(ENVIRONMENTS as readonly string[]).includes(value))
    throw new UsageError(`--env must be one of ${ENVIRONMENTS.join(', ')}`);
  return value as Environment;
}

function flag(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw new UsageError(`${name} must be true or false`);
  return value === 'true';
}

export function parseScopes(value: string): Scope[] {
  const scopes = value.split(/[,\s]+/).filter(Boolean);
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (unknown.length) throw new UsageError(`unknown scopes: ${unknown.join(', ')}`);
  return scopes as Scope[];
}

/** The flags as the body of PATCH /v1/organizations/{id}, checked by the same contract. */
export function organizationUpdate(values: Record<string, string | boolean | undefined>): OrganizationUpdate {
  const text = (name: string) => values[name] as string | undefined;
  const portal = {
    update_plan: flag('--update-plan', text('update-plan')),
    update_seats: flag('--update-seats', text('update-seats')),
  };
  const parsed = OrganizationUpdate.safeParse({
    name: text('name'),
    slug: text('slug'),
    owner_email: text('owner-email'),
    invoice_numbering: text('numbering'),
    customer_invoice_prefix: text('prefix'),
    subscription_settings: {
      proration_behavior: text('proration'),
      allow_customer_updates: flag('--allow-customer-updates', text('allow-customer-updates')),
    },
    customer_portal_settings: { subscription: portal },
  });
  if (!parsed.success) {
    const flags: Record<string, string> = {
      owner_email: 'owner-email',
      invoice_numbering: 'numbering',
      customer_invoice_prefix: 'prefix',
      proration_behavior: 'proration',
    };
    const issue = parsed.error.issues[0];
    const field = String(issue.path.at(-1));
    throw new UsageError(`--${flags[field] ?? field}: ${issue.message}`);
  }
  return parsed.data;
}

export function positiveInteger(name: string, value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new UsageError(`${name} must be a whole number of seconds`);
  return Number(value);
}
