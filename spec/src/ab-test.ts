/** SPEC §3/§9: an A/B variant lives in the `{name}_for_ga_session` cookie for 1800 s (a GA session). */
export const AB_TEST_COOKIE_SUFFIX = '_for_ga_session';
export const AB_TEST_COOKIE_MAX_AGE = 1800;
export const abTestCookieName = (testName: string): string => `${testName}${AB_TEST_COOKIE_SUFFIX}`;

/** The A/B tests' names (SPEC §4): the user subgraph defines their variants, the chrome reads them. */
export const AB_TEST_NAMES = { leavePopup: 'leave_popup', favoriteFeedback: 'favorite_feedback', resultCard: 'result_card' } as const;
