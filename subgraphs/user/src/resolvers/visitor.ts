import type { Resolvers } from '@sumika/subgraph-kit';
import type { Context } from '../context.js';
import { requireVisitor } from '../identity.js';
import type { VisitorRecord } from '../repositories/visitors.js';
import { isoOrThrow } from './views.js';

/** registerVisitor: the gateway calls it with `fresh` when it mints a uid. */
export const visitorResolvers: Resolvers<Context> = {
  Mutation: {
    registerVisitor: (_: unknown, __: unknown, ctx: Context) => requireVisitor(ctx),
  },
  Visitor: {
    uid: (v: VisitorRecord) => v.uid,
    admin: (v: VisitorRecord) => v.admin,
    createdAt: (v: VisitorRecord) => isoOrThrow(v.created_at),
  },
};
