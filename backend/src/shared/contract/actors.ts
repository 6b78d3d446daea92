/** The actor id of events the shop itself records (start-up tasks, sweeps, expiry, demo data); a guest's events have none. */
export const SYSTEM_ACTOR = 'system';
