/** SPEC §4/§9: favorites are limited to 50 properties. */
export const FAVORITE_LIMIT = 50;

/** SPEC §3/§9: the mobile favorite dialog's "do not show again" cookie lives 7776000 s (90 days). */
export const FAVORITE_DIALOG_RESTRICTION_COOKIE = 'favorite_dialog_restriction';
export const FAVORITE_DIALOG_RESTRICTION_MAX_AGE = 7_776_000;

/** SPEC §4: saved search conditions are capped at a shared maximum (value not shown in SPEC; 20 here). */
export const SEARCH_CONDITION_LIMIT = 20;
