/** SPEC §3/§9: an A/B variant lives in the `{name}_for_ga_session` cookie for 1800 s (a GA session). */
export const AB_TEST_COOKIE_SUFFIX = '_for_ga_session';
export const AB_TEST_COOKIE_MAX_AGE = 1800;
export const abTestCookieName = (testName: string): string => `${testName}${AB_TEST_COOKIE_SUFFIX}`;
