import {
  Ack,
  ConversationSummary,
  CreateCustomerBody,
  Customer,
  CustomerApp,
  CustomerAppQuery,
  CustomerConversationsQuery,
  CustomersQuery,
  DuplicateSuggestion,
  DuplicatesQuery,
  IdQuery,
  LinkCustomerAppBody,
  MergeCustomersBody,
  okList,
  ok as okSchema,
  UpdateCustomerBody,
} from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, list, ok } from '../../http/envelope.ts';
import { findDuplicates } from './duplicates.ts';
import { customerApps, linkCustomerApp, unlinkCustomerApp } from './links.ts';
import { mergeCustomers } from './merge.ts';
import { customerConversations, customerReach, getCustomer, listCustomers } from './reads.ts';
import { createCustomer, eraseCustomer, updateCustomer } from './writes.ts';

const tags = ['customers'];
const REACH =
  'A user sees a customer when it can see an app the customer is linked to; any other id answers 404. ' +
  'Counts and app lists cover only the apps the caller can see.';

/** Customers (contract section 8): list, one, create, edit, erase, their conversations and app links. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireCompany);
  const storage = app.deps.storage;

  app.get(
    '/customers',
    {
      config: { apiKey: 'customers:read' },
      schema: {
        tags,
        summary: 'With id: that customer. Without: the customers in reach, filtered, sorted and paged',
        description: REACH,
        querystring: CustomersQuery,
        response: { 200: z.union([okSchema(Customer), okList(Customer)]) },
      },
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
      config: { apiKey: 'customers:write' },
      schema: {
        tags,
        summary: 'Create a customer linked to apps the caller can see',
        description: 'An email or phone another customer of the company has answers 409 with its id.',
        body: CreateCustomerBody,
        response: { 201: okSchema(Customer) },
      },
    },
    async (request, reply) => {
      const ctx = request.callerCtx!;
      reply.code(201);
      return ok(await createCustomer(ctx, await customerReach(ctx), request.body));
    },
  );

  app.put(
    '/customers',
    {
      config: { apiKey: 'customers:write' },
      schema: {
        tags,
        summary: 'Edit a customer: name, email, phone, notes, attributes',
        description: `${REACH} An email or phone another customer has answers 409 CONFLICT with that customer's id in \`error.details.customer_id\`.`,
        querystring: IdQuery,
        body: UpdateCustomerBody,
        response: { 200: okSchema(Customer) },
      },
    },
    async (request) => {
      const ctx = request.callerCtx!;
      return ok(await updateCustomer(ctx, await customerReach(ctx), request.query.id, request.body));
    },
  );

  app.delete(
    '/customers',
    {
      schema: {
        tags,
        summary: 'Erase a customer with all its conversations, messages and files (right to erasure)',
        description:
          'For company admins and managers, or whoever is admin or manager of every app the customer is in.',
        querystring: IdQuery,
        response: { 200: Ack },
      },
    },
    async (request) => {
      const ctx = request.companyCtx!;
      await eraseCustomer(ctx, await customerReach(ctx), storage, request.query.id);
      return done('Customer erased');
    },
  );

  app.get(
    '/customer/conversations',
    {
      config: { apiKey: 'conversations:read' },
      schema: {
        tags,
        summary: "The customer's conversations the caller can see, latest activity first",
        querystring: CustomerConversationsQuery,
        response: { 200: okList(ConversationSummary) },
      },
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
      config: { apiKey: 'customers:read' },
      schema: {
        tags,
        summary: "The customer's apps the caller can see",
        querystring: IdQuery,
        response: { 200: okSchema(z.array(CustomerApp)) },
      },
    },
    async (request) => {
      const ctx = request.callerCtx!;
      return ok(await customerApps(ctx, await customerReach(ctx), request.query.id));
    },
  );

  app.post(
    '/customer/apps',
    {
      config: { apiKey: 'customers:write' },
      schema: {
        tags,
        summary: 'Link the customer to one more app the caller can see',
        body: LinkCustomerAppBody,
        response: { 200: okSchema(z.array(CustomerApp)) },
      },
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
      config: { apiKey: 'customers:write' },
      schema: {
        tags,
        summary: 'Unlink an app; a customer with conversations keeps at least one (409)',
        querystring: CustomerAppQuery,
        response: { 200: okSchema(z.array(CustomerApp)) },
      },
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
      config: { apiKey: 'customers:read' },
      schema: {
        tags,
        summary: 'Customers that may be the same person, best first, with a score and the reasons',
        description:
          'Inside the company and the caller’s reach. Reasons: `same_email` (the same mailbox once dots and ' +
          '`+tags` are removed as Gmail does), `same_phone` (one number without a country code that matches ' +
          'the other once its country is applied), `similar_name` with at least one more detail in common ' +
          '(`same_email_domain`, `same_email_local`, `same_attribute`). Two customers with different ids ' +
          'of the same channel are never suggested.',
        querystring: DuplicatesQuery,
        response: { 200: okSchema(z.array(DuplicateSuggestion)) },
      },
    },
    async (request) => {
      const ctx = request.callerCtx!;
      return ok(await findDuplicates(ctx.db, await customerReach(ctx), request.query.customer_id));
    },
  );

  app.post(
    '/customer/merge',
    {
      schema: {
        tags,
        summary: 'Merge a duplicate into the primary customer, in one transaction',
        description:
          'Conversations, identities, app links, missing contact details, attributes and notes move to the ' +
          'primary; the duplicate answers 404 afterwards, and its portal chats keep working.',
        body: MergeCustomersBody,
        response: { 200: okSchema(Customer) },
      },
    },
    async (request) => {
      const ctx = request.companyCtx!;
      const { primary_customer_id, duplicate_customer_id } = request.body;
      return ok(
        await mergeCustomers(ctx, await customerReach(ctx), primary_customer_id, duplicate_customer_id),
      );
    },
  );
};
