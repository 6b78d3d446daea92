// The catalogue feature's public face: other features and the app import from here only (the back office: back-office.ts).
export { catalogueKeys, catalogueQueries, normalisedFilter } from './api/catalogue-queries';
export type { ProductFilter, ProductSort } from './api/catalogue-queries';
