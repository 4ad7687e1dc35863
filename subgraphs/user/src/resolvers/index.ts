import type { Resolvers } from '../__generated__/resolvers-types.js';
import { abTestResolvers } from './ab-tests.js';
import { alertResolvers } from './alerts.js';
import { bukkenResolvers } from './bukken.js';
import { favoriteResolvers } from './favorites.js';
import { historyResolvers } from './histories.js';
import { inquiryResolvers } from './inquiries.js';
import { newsletterResolvers } from './newsletter.js';
import { profileResolvers } from './profile.js';
import { searchConditionResolvers } from './search-conditions.js';
import { userResolvers } from './user.js';
import { visitorResolvers } from './visitor.js';

/** Each concern keeps its own resolver file; the kit merges them type by type. */
export const resolvers: Resolvers[] = [
  visitorResolvers,
  userResolvers,
  bukkenResolvers,
  favoriteResolvers,
  historyResolvers,
  inquiryResolvers,
  searchConditionResolvers,
  abTestResolvers,
  profileResolvers,
  newsletterResolvers,
  alertResolvers,
];
