import type { Resolvers } from '../__generated__/resolvers-types.js';
import { requireVisitor } from '../identity.js';
import { isoOrThrow } from './views.js';

/** registerVisitor: the gateway calls it with `fresh` when it mints a uid. */
export const visitorResolvers: Resolvers = {
  Mutation: {
    registerVisitor: (_, __, ctx) => requireVisitor(ctx),
  },
  Visitor: {
    uid: (v) => v.uid,
    admin: (v) => v.admin,
    createdAt: (v) => isoOrThrow(v.created_at),
  },
};
