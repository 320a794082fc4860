// `/v1/customers/{id}/members` and `/v1/customers/external/{external_id}/members`: a customer's members, listed,
// added, read, updated and deleted, by ids or by external ids.
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { IdParams } from '../../../contracts/common';
import { ExternalIdParams } from '../../../contracts/customer-params';
import {
  Member as MemberContract,
  MemberCreateFromCustomer,
  MemberExternalParams,
  MemberList,
  MemberListQuery,
  MemberParams,
  MemberUpdate,
} from '../../../contracts/member';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import type { CustomerService } from '../customer.service';
import type { Customer } from '../customer.entity';
import type { Member } from './member.entity';
import type { MemberCommands } from './member-commands';
import { listMembers } from './member-list';
import { memberOutput } from './member.output';

const READ = ['members:read', 'members:write'] as const;
const WRITE = ['members:write'] as const;

type Find<P> = (em: EntityManager, organizationId: string, params: P, lock: boolean) => Promise<Customer>;
type FindMember<P> = (em: EntityManager, customer: Customer, params: P) => Promise<Member>;

interface Paths<C, M> {
  base: string;
  one: string;
  label: string;
  customerParams: z.ZodType<C>;
  memberParams: z.ZodType<M>;
  customer: Find<C>;
  member: FindMember<M>;
}

function memberRoutesAt<C, M extends C>(commands: MemberCommands, p: Paths<C, M>): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: p.base,
      summary: `List a customer's members${p.label}`,
      scopes: READ,
      params: p.customerParams as z.ZodType<C>,
      query: MemberListQuery,
      status: 200,
      response: MemberList,
      readOnly: true,
      async handler({ auth, tx, params, query }) {
        const customer = await p.customer(tx.em, auth.organizationId, params as C, false);
        return listMembers(tx.em, customer.id, query, memberOutput);
      },
    }),
    defineRoute({
      method: 'post',
      path: p.base,
      summary: `Add a member to a customer${p.label}`,
      scopes: WRITE,
      params: p.customerParams as z.ZodType<C>,
      body: MemberCreateFromCustomer,
      status: 201,
      response: MemberContract,
      idempotent: true,
      // writes the member + member.created
      async handler({ auth, tx, params, body }) {
        const customer = await p.customer(tx.em, auth.organizationId, params as C, true);
        const input = { email: body.email, name: body.name, externalId: body.external_id, role: body.role };
        return memberOutput(await commands.create(tx, customer, input, 'organization'));
      },
    }),
    defineRoute({
      method: 'get',
      path: p.one,
      summary: `Get a member of a customer${p.label}`,
      scopes: READ,
      params: p.memberParams as z.ZodType<M>,
      status: 200,
      response: MemberContract,
      async handler({ auth, tx, params }) {
        const customer = await p.customer(tx.em, auth.organizationId, params as M, false);
        return memberOutput(await p.member(tx.em, customer, params as M));
      },
    }),
    defineRoute({
      method: 'patch',
      path: p.one,
      summary: `Update a member of a customer (making it the owner demotes the owner to billing manager)${p.label}`,
      scopes: WRITE,
      params: p.memberParams as z.ZodType<M>,
      body: MemberUpdate,
      status: 200,
      response: MemberContract,
      // writes the member (and the former owner) + member.updated
      async handler({ auth, tx, params, body }) {
        const customer = await p.customer(tx.em, auth.organizationId, params as M, true);
        const member = await p.member(tx.em, customer, params as M);
        return memberOutput(await commands.update(tx, member, body, 'organization'));
      },
    }),
    defineRoute({
      method: 'delete',
      path: p.one,
      summary: `Delete a member of a customer (not its owner)${p.label}`,
      scopes: WRITE,
      params: p.memberParams as z.ZodType<M>,
      status: 204,
      response: z.null(),
      // deletes the member, ends its sessions and seats, member.deleted
      async handler({ auth, tx, params }) {
        const customer = await p.customer(tx.em, auth.organizationId, params as M, true);
        await commands.delete(tx, await p.member(tx.em, customer, params as M), 'organization');
      },
    }),
  ];
}

export function memberRoutes(customers: CustomerService, commands: MemberCommands): RouteDefinition[] {
  return [
    ...memberRoutesAt<{ id: string }, { id: string; member_id: string }>(commands, {
      base: '/v1/customers/:id/members',
      one: '/v1/customers/:id/members/:member_id',
      label: '',
      customerParams: IdParams,
      memberParams: MemberParams,
      customer: (em, org, params: { id: string }, lock) => customers.get(em, org, params.id, { lock }),
      member: (em, customer, params: { id: string; member_id: string }) => commands.get(em, customer, params.member_id),
    }),
    ...memberRoutesAt<{ external_id: string }, { external_id: string; member_external_id: string }>(commands, {
      base: '/v1/customers/external/:external_id/members',
      one: '/v1/customers/external/:external_id/members/:member_external_id',
      label: ', by external IDs',
      customerParams: ExternalIdParams,
      memberParams: MemberExternalParams,
      customer: (em, org, params: { external_id: string }, lock) =>
        customers.getByExternalId(em, org, params.external_id, { lock }),
      member: (em, customer, params: { external_id: string; member_external_id: string }) =>
        commands.getByExternalId(em, customer, params.member_external_id),
    }),
  ];
}
