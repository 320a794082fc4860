// The portal's `members`: the account's owner and billing managers list, add, change and remove its members (a
// plain member's session is refused by the route's default, see `defineCustomerRoute`).
import { z } from 'zod';
import { IdParams } from '../../../contracts/common';
import {
  CustomerPortalMember,
  CustomerPortalMemberCreate,
  CustomerPortalMemberList,
  CustomerPortalMemberUpdate,
  MemberListQuery,
} from '../../../contracts/member';
import { defineCustomerRoute, type RouteDefinition } from '../../../platform/http/route';
import type { CustomerService } from '../customer.service';
import type { MemberCommands } from './member-commands';
import { listMembers } from './member-list';
import { portalMemberOutput } from './member.output';

const PATH = '/v1/customer-portal/members';

export function portalMemberRoutes(customers: CustomerService, commands: MemberCommands): RouteDefinition[] {
  return [
    defineCustomerRoute({
      method: 'get',
      path: PATH,
      summary: "List the account's members",
      query: MemberListQuery,
      status: 200,
      response: CustomerPortalMemberList,
      readOnly: true,
      async handler({ tx, customer, query }) {
        return listMembers(tx.em, customer.customerId, query, portalMemberOutput);
      },
    }),
    defineCustomerRoute({
      method: 'post',
      path: PATH,
      summary: 'Add a member to the account',
      body: CustomerPortalMemberCreate,
      status: 201,
      response: CustomerPortalMember,
      // writes the member + member.created
      async handler({ tx, customer, body }) {
        const account = await customers.get(tx.em, customer.organizationId, customer.customerId, { lock: true });
        const input = { email: body.email, name: body.name, role: body.role };
        return portalMemberOutput(await commands.create(tx, account, input, customer.role));
      },
    }),
    defineCustomerRoute({
      method: 'patch',
      path: `${PATH}/:id`,
      summary: "Change a member's name or role (only the owner hands over ownership)",
      params: IdParams,
      body: CustomerPortalMemberUpdate,
      status: 200,
      response: CustomerPortalMember,
      // writes the member (and the former owner) + member.updated
      async handler({ tx, customer, params, body }) {
        const account = await customers.get(tx.em, customer.organizationId, customer.customerId, { lock: true });
        const member = await commands.get(tx.em, account, params.id);
        return portalMemberOutput(await commands.update(tx, member, body, customer.role));
      },
    }),
    defineCustomerRoute({
      method: 'delete',
      path: `${PATH}/:id`,
      summary: 'Remove a member from the account (not its owner)',
      params: IdParams,
      status: 204,
      response: z.null(),
      // deletes the member, ends its sessions and seats, member.deleted
      async handler({ tx, customer, params }) {
        const account = await customers.get(tx.em, customer.organizationId, customer.customerId, { lock: true });
        await commands.delete(tx, await commands.get(tx.em, account, params.id), customer.role);
      },
    }),
  ];
}
