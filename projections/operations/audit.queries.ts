import { Inject, Injectable } from '@nestjs/common';
import { AuditActorView, AuditEntryView, AuditPageView } from '../../backend/src/operations/contract/audit.views';
import { SYSTEM_ACTOR } from '../../backend/src/shared/contract/actors';
import { Filter, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { UserQueries } from '../identity/user.queries';
import { ALL_ENTRIES_FIGURE, AUDIT_COLLECTION, AUDIT_FIGURES_COLLECTION, AuditDocument } from './audit.projector';
import { findPage } from '../runner/paging';
import { Document } from '../../backend/src/storage/read-store/read-store.port';

export interface AuditSearch {
  streamId?: string;
  actorId?: string;
  type?: string;
  /** Inclusive bounds on the time the events happened, as ISO instants. */
  from?: string;
  to?: string;
}

const SYSTEM: AuditActorView = { id: null, name: 'System', role: 'system' };
const GUEST: AuditActorView = { id: null, name: 'Guest', role: 'guest' };

@Injectable()
export class AuditQueries {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly users: UserQueries,
  ) {}

  private get entries() {
    return this.readStore.collection<AuditDocument>(AUDIT_COLLECTION);
  }

  /**
   * One page, newest first; a stream's own history reads oldest first, as a timeline. The whole log's
   * total is a figure the projector keeps; a filtered one is counted through its index, up to COUNT_LIMIT.
   */
  async page(search: AuditSearch, page: number, pageSize: number): Promise<AuditPageView> {
    const filter = toFilter(search);
    const sort = search.streamId ? { position: 1 as const } : { position: -1 as const };
    const whole = Object.keys(filter).length === 0 ? ((await this.readStore.collection<Document & { count?: number }>(AUDIT_FIGURES_COLLECTION).findOne({ _id: ALL_ENTRIES_FIGURE }))?.count ?? 0) : undefined;
    const found = await findPage(this.entries, filter, sort, { page, pageSize }, whole);
    return { entries: await this.withActors(found.items), total: found.total, totalIsLowerBound: found.totalIsLowerBound, page, pageSize };
  }

  /** Every matching entry, newest first, a batch at a time (each batch continues below the last one's position): for exports of any size. */
  async *all(search: AuditSearch, batchSize: number): AsyncGenerator<AuditEntryView[]> {
    const filter = toFilter(search);
    let below: number | null = null;
    for (;;) {
      const batch: AuditDocument[] = await this.entries.find(below === null ? filter : { $and: [filter, { position: { $lt: below } }] }, { sort: { position: -1 }, limit: batchSize });
      if (batch.length === 0) return;
      yield this.withActors(batch);
      if (batch.length < batchSize) return;
      below = batch[batch.length - 1].position;
    }
  }

  private async withActors(docs: AuditDocument[]): Promise<AuditEntryView[]> {
    const actors = new Map<string, Promise<AuditActorView>>();
    const actorOf = (actorId: string | null) => {
      if (actorId === null) return Promise.resolve(GUEST);
      if (actorId === SYSTEM_ACTOR) return Promise.resolve(SYSTEM);
      if (!actors.has(actorId)) {
        actors.set(
          actorId,
          this.users.findById(actorId).then((user) => (user ? { id: user.id, name: user.fullName, role: user.role } : { id: actorId, name: 'Unknown user', role: 'customer' as const })),
        );
      }
      return actors.get(actorId)!;
    };
    return Promise.all(
      docs.map(async ({ position, streamId, type, occurredAt, summary, correlationId, actorId }) => ({ position, streamId, type, occurredAt, summary, correlationId, actor: await actorOf(actorId) })),
    );
  }
}

function toFilter({ streamId, actorId, type, from, to }: AuditSearch): Filter {
  const filter: Filter = {};
  if (streamId) filter.streamId = streamId;
  if (actorId) filter.actorId = actorId === 'guest' ? null : actorId;
  if (type) filter.type = type;
  if (from || to) filter.occurredAt = { ...(from ? { $gte: from } : {}), ...(to ? { $lte: to } : {}) };
  return filter;
}
