import { DomainEvent } from '../../shared/contract/domain-event';
import { DeviceType } from './analytics.views';

/**
 * What the storefront reports, as recorded: never an IP address, a User-Agent, a cookie or a user id.
 * `visitor` is a hash of the day's salt, the address and the User-Agent; the salt is deleted once the
 * day is over, so a visitor can be counted within a day and followed across none. `day` is the UTC
 * day the report was received (YYYY-MM-DD), `at` the instant.
 */
interface Visit {
  day: string;
  visitor: string;
  at: string;
}

/** A route of the storefront was shown. `source`: `utm_source`, else the referring site's host, else Direct. */
export type PageViewed = DomainEvent<'PageViewed', Visit & { path: string; source: string; device: DeviceType }>;
export type ProductAddedToCart = DomainEvent<'ProductAddedToCart', Visit & { productId: number; quantity: number }>;
export type CheckoutStarted = DomainEvent<'CheckoutStarted', Visit>;
/** The visitor placed this order (checked to exist when reported): it is attributed to their visit of that day. */
export type OrderPlacedInVisit = DomainEvent<'OrderPlacedInVisit', Visit & { orderId: number }>;

export type TrafficEvent = PageViewed | ProductAddedToCart | CheckoutStarted | OrderPlacedInVisit;

export const TRAFFIC_STREAM_PREFIX = 'traffic-';
/** One stream per UTC day: the reports need no decision, so they are appended without an expected revision. */
export const trafficStream = (day: string) => `${TRAFFIC_STREAM_PREFIX}${day}`;

/** A product page (`/products/<id>`, and the storefront's older `/product/<id>`): its visitors are the funnel's first step. */
export function isProductPage(path: string): boolean {
  return /^\/products?\/[^/]+$/.test(path);
}
