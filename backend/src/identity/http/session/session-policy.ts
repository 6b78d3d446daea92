/** Sessions last 30 days from the last request (rolling). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
