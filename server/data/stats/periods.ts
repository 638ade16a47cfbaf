/**
 * The periods the office offers; `npm run stats -- --days N` takes any from 1 to 760 (25 months). A module of its
 * own, without the queries, so that the command checks --days before it loads the database layer.
 */
export const periods = [7, 28, 90] as const;
export const defaultDays = 28;
export const longestDays = 760;
