import { DomainEvent } from '../../shared/contract/domain-event';

/**
 * An empty shop's first start claimed the demo data: the stream `demo-data` exists from then on, so of
 * several instances starting on one empty database at the same moment, exactly one creates it.
 */
export type DemoDataClaimed = DomainEvent<'DemoDataClaimed', { categories: number; products: number }>;

export const DEMO_DATA_STREAM = 'demo-data';

export function describeDemoEvent(event: DemoDataClaimed): string {
  return `The shop started empty and created its demo catalogue (${event.data.categories} categories, ${event.data.products} products)`;
}
