import {
  ConversationSummary,
  CreateCustomerBody,
  Customer,
  CustomerApp,
  CustomerAppQuery,
  CustomerConversationsQuery,
  CustomerLabelsBody,
  CustomersQuery,
  Done,
  DuplicateSuggestion,
  DuplicatesQuery,
  IdQuery,
  LinkCustomerAppBody,
  MergeCustomersBody,
  UpdateCustomerBody,
} from '@inbox/contract';
import { z } from 'zod';
import { done, list, ok } from '../../http/envelope.ts';
import { companyPlugin, listSpec, recordOrListSpec, spec } from '../../http/route-spec.ts';
import { findDuplicates } from './duplicates.ts';
import { labelCustomer } from './labels.ts';
import { customerApps, linkCustomerApp, unlinkCustomerApp } from './links.ts';
import { mergeCustomers } from './merge.ts';
import { customerConversations, customerReach, getCustomer, listCustomers } from './reads.ts';
import { createCustomer, eraseCustomer, updateCustomer } from './writes.ts';

const REACH =
  'A user sees a customer when it can see an app the customer is linked to; any other id answers 404. ' +
  'Counts and app lists cover only the apps the caller can see.';

/** Customers (contract section 8): list, one, create, edit, erase, their conversations and app links. */
export const customerRoutes = companyPlugin('customers', async (app) => {
  const storage = app.deps.storage;

  app.get(
    '/customers',
    {
      ...recordOrListSpec(
        'With id: that customer. Without: the customers in reach, filtered, sorted and paged',
        { description: REACH, querystring: CustomersQuery },
        Customer,
      ),
      config: { apiKey: 'customers:read' },
    },
    async (request) => {
      const ctx = request.callerCtx!;
      const r = await customerReach(ctx);
      const { id, ...q } = request.query;
      if (id !== undefined) return ok(await getCustomer(ctx.db, r, id));
      const page = await listCustomers(ctx.db, r, q);
      return list(page.rows, {
        total: page.total,
        limit: q.limit,
        offset: q.offset,
        ...(page.capped ? { total_capped: true as const } : {}),
      });
    },
  );

  app.post(
    '/customers',
    {
      ...spec(
        'Create a customer linked to apps the caller can see',
        {
          description: 'An email or phone another customer of the company has answers 409 with its id.',
          body: CreateCustomerBody,
        },
        Customer,
        201,
      ),
      config: { apiKey: 'customers:write' },
    },
    async (request) => {
      const ctx = request.callerCtx!;
      return ok(await createCustomer(ctx, await customerReach(ctx), request.body));
    },
  );

  app.put(
    '/customers',
    {
      ...spec(
        'Edit a customer: name, email, phone, notes, attributes',
        {
          description: `${REACH} An email or phone another customer has answers 409 CONFLICT with that customer's id in \`error.details.customer_id\`.`,
          querystring: IdQuery,
          body: UpdateCustomerBody,
        },
        Customer,
      ),
      config: { apiKey: 'customers:write' },
    },
    async (request) => {
      const ctx = request.callerCtx!;
      return ok(await updateCustomer(ctx, await customerReach(ctx), request.query.id, request.body));
    },
  );

  app.post(
    '/customer/labels',
    {
      ...spec(
        'Put labels on the customer and take labels off (anyone who sees the customer)',
        {
          description:
            `${REACH} A label in both lists is taken off. A change writes a \`customer.labels_changed\` event ` +
            'with the labels the customer carries afterwards. A label id that is not the company’s answers 404 ' +
            'and nothing changes. API keys: `customers:write`.',
          body: CustomerLabelsBody,
        },
        Customer,
      ),
      config: { apiKey: 'customers:write' },
    },
    async (request) => {
      const ctx = request.callerCtx!;
      return ok(await labelCustomer(ctx, await customerReach(ctx), request.body));
    },
  );

  app.delete(
    '/customers',
    spec(
      'Erase a customer with all its conversations, messages and files (right to erasure)',
      {
        description:
          'For company admins and managers, or whoever is admin or manager of every app the customer is in.',
        querystring: IdQuery,
      },
      Done,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      await eraseCustomer(ctx, await customerReach(ctx), storage, request.query.id);
      return done('Customer erased');
    },
  );

  app.get(
    '/customer/conversations',
    {
      ...listSpec(
        "The customer's conversations the caller can see, latest activity first",
        { querystring: CustomerConversationsQuery },
        ConversationSummary,
      ),
      config: { apiKey: 'conversations:read' },
    },
    async (request) => {
      const ctx = request.callerCtx!;
      const r = await customerReach(ctx);
      const { id, limit, offset } = request.query;
      const page = await customerConversations(ctx.db, r, id, { limit, offset });
      return list(page.rows, { total: page.total, limit, offset });
    },
  );

  app.get(
    '/customer/apps',
    {
      ...spec("The customer's apps the caller can see", { querystring: IdQuery }, z.array(CustomerApp)),
      config: { apiKey: 'customers:read' },
    },
    async (request) => {
      const ctx = request.callerCtx!;
      return ok(await customerApps(ctx, await customerReach(ctx), request.query.id));
    },
  );

  app.post(
    '/customer/apps',
    {
      ...spec(
        'Link the customer to one more app the caller can see',
        { body: LinkCustomerAppBody },
        z.array(CustomerApp),
      ),
      config: { apiKey: 'customers:write' },
    },
    async (request) => {
      const ctx = request.callerCtx!;
      const { customer_id, app_id } = request.body;
      return ok(await linkCustomerApp(ctx, await customerReach(ctx), customer_id, app_id));
    },
  );

  app.delete(
    '/customer/apps',
    {
      ...spec(
        'Unlink an app; a customer with conversations keeps at least one (409)',
        { querystring: CustomerAppQuery },
        z.array(CustomerApp),
      ),
      config: { apiKey: 'customers:write' },
    },
    async (request) => {
      const ctx = request.callerCtx!;
      const { id, app_id } = request.query;
      return ok(await unlinkCustomerApp(ctx, await customerReach(ctx), id, app_id));
    },
  );

  app.get(
    '/customer/duplicates',
    {
      ...spec(
        'Customers that may be the same person, best first, with a score and the reasons',
        {
          description:
            'Inside the company and the caller’s reach. Reasons: `same_email` (the same mailbox once dots and ' +
            '`+tags` are removed as Gmail does), `same_phone` (one number without a country code that matches ' +
            'the other once its country is applied), `similar_name` with at least one more detail in common ' +
            '(`same_email_domain`, `same_email_local`, `same_attribute`). Two customers with different ids ' +
            'of the same channel are never suggested.',
          querystring: DuplicatesQuery,
        },
        z.array(DuplicateSuggestion),
      ),
      config: { apiKey: 'customers:read' },
    },
    async (request) => {
      const ctx = request.callerCtx!;
      return ok(await findDuplicates(ctx.db, await customerReach(ctx), request.query.customer_id));
    },
  );

  app.post(
    '/customer/merge',
    spec(
      'Merge a duplicate into the primary customer, in one transaction',
      {
        description:
          'Conversations, identities, app links, missing contact details, attributes and notes move to the ' +
          'primary; the duplicate answers 404 afterwards, and its portal chats keep working.',
        body: MergeCustomersBody,
      },
      Customer,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      const { primary_customer_id, duplicate_customer_id } = request.body;
      return ok(
        await mergeCustomers(ctx, await customerReach(ctx), primary_customer_id, duplicate_customer_id),
      );
    },
  );
});
