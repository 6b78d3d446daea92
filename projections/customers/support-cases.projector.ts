import { Inject, Injectable } from '@nestjs/common';
import { isPersonalDataErased } from '../../backend/src/identity/contract/identity.events';
import { ERASED } from '../../backend/src/shared/contract/personal-data';
import { SUPPORT_CASE_STREAM_PREFIX, SupportAuthorRole, SupportCaseEvent, SupportCaseOpened, SupportCaseStatus } from '../../backend/src/customers/contract/support.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { applyOnce, insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const SUPPORT_CASES_COLLECTION = 'support_cases';

export interface SupportMessageRecord {
  id: number;
  authorRole: SupportAuthorRole;
  authorName: string;
  message: string;
  attachments: string[];
  createdAt: string;
}

/** The case as it was opened, with its replies and where it stands now. */
export type SupportCaseDocument = Document &
  Omit<SupportCaseOpened['data'], 'caseId' | 'openedAt'> & {
    id: number;
    status: SupportCaseStatus;
    messages: SupportMessageRecord[];
    createdAt: string;
    updatedAt: string;
    closedAt: string | null;
  };

/** Support cases with their threads: the customer's own list and the back office's queue. */
@Injectable()
@RunsOnTheLog()
export class SupportCasesProjector implements Projector {
  readonly name = 'support-cases';
  readonly collections = [SUPPORT_CASES_COLLECTION] as const;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get cases() {
    return this.readStore.collection<SupportCaseDocument>(SUPPORT_CASES_COLLECTION);
  }

  async prepare(): Promise<void> {
    await this.cases.createIndex({ customerId: 1, updatedAt: -1, id: -1 });
    await this.cases.createIndex({ status: 1, updatedAt: 1, id: 1 });
    await this.cases.createIndex({ updatedAt: 1, id: 1 });
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith(SUPPORT_CASE_STREAM_PREFIX) || isPersonalDataErased(event);
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    if (isPersonalDataErased(recorded)) return this.erase(recorded.data.userId);
    const event = recorded as unknown as SupportCaseEvent;
    const _id = String(event.data.caseId);
    switch (event.type) {
      case 'SupportCaseOpened': {
        const { caseId, openedAt, ...fields } = event.data;
        await insertOnce(this.cases, { _id, id: caseId, ...fields, status: 'open', messages: [], createdAt: openedAt, updatedAt: openedAt, closedAt: null }, recorded);
        break;
      }
      case 'SupportCaseReplied': {
        const found = await this.cases.findOne({ _id });
        if (!found) break;
        const { messageId, authorRole, authorName, message, attachments, repliedAt } = event.data;
        const messages = [...found.messages.filter((existing) => existing.id !== messageId), { id: messageId, authorRole, authorName, message, attachments, createdAt: repliedAt }];
        const status: SupportCaseStatus = authorRole === 'admin' ? 'answered' : 'open';
        await applyOnce(this.cases, { _id }, recorded, { $set: { messages, status, updatedAt: repliedAt } });
        break;
      }
      case 'SupportCaseClosed':
        await applyOnce(this.cases, { _id }, recorded, { $set: { status: 'closed', updatedAt: event.data.closedAt, closedAt: event.data.closedAt } });
        break;
    }
  }

  /** A closed account's cases stay for the shop's record, without the customer: their name, address and own words. */
  private async erase(customerId: string): Promise<void> {
    for (const found of await this.cases.find({ customerId })) {
      const messages = found.messages.map((message) => (message.authorRole === 'customer' ? { ...message, authorName: ERASED, message: ERASED } : message));
      await this.cases.updateOne({ _id: found._id }, { $set: { customerEmail: ERASED, customerName: ERASED, subject: ERASED, description: ERASED, messages } });
    }
  }
}
