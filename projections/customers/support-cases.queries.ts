import { Inject, Injectable } from '@nestjs/common';
import { SupportCaseStatus } from '../../backend/src/customers/contract/support.events';
import { SUPPORT_MESSAGES } from '../../backend/src/customers/contract/support-input';
import { SUPPORT_ATTACHMENT_FULL, SUPPORT_ATTACHMENT_THUMBNAIL, supportAttachmentPath, SupportCaseView } from '../../backend/src/customers/contract/support.views';
import { NotFoundError } from '../../backend/src/shared/errors';
import { Filter, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { SUPPORT_CASES_COLLECTION, SupportCaseDocument } from './support-cases.projector';
import { Page, PageQuery } from '../../backend/src/shared/contract/paging';
import { findPage, mapPage } from '../runner/paging';

/** Who is asking: a case exists for its customer and for staff who handle support (`seesAll`), for nobody else. */
export interface SupportViewer {
  id: string;
  seesAll: boolean;
}

@Injectable()
export class SupportCaseQueries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get cases() {
    return this.readStore.collection<SupportCaseDocument>(SUPPORT_CASES_COLLECTION);
  }

  /** The customer's own cases, most recently active first, a page at a time. */
  async forCustomer(customerId: string, query: PageQuery): Promise<Page<SupportCaseView>> {
    return mapPage(await findPage(this.cases, { customerId }, { updatedAt: -1, id: -1 }, query), toSupportCaseView);
  }

  /** The back office's queue: the oldest waiting case first, so nobody is left at the bottom; `status` narrows it. A page at a time. */
  async queue(status: SupportCaseStatus | undefined, query: PageQuery): Promise<Page<SupportCaseView>> {
    const filter: Filter = status ? { status } : {};
    return mapPage(await findPage(this.cases, filter, { updatedAt: 1, id: 1 }, query), toSupportCaseView);
  }

  /** 404 for a case that does not exist or is another customer's: the two are told apart to nobody. */
  async byId(caseId: number, viewer: SupportViewer): Promise<SupportCaseView> {
    return toSupportCaseView(await this.visible(caseId, viewer));
  }

  /** Whether the image is attached to this case (to its opening or any reply) and the viewer may see the case. */
  async hasAttachment(caseId: number, attachmentId: string, viewer: SupportViewer): Promise<boolean> {
    const doc = await this.visible(caseId, viewer);
    return doc.attachments.includes(attachmentId) || doc.messages.some((message) => message.attachments.includes(attachmentId));
  }

  private async visible(caseId: number, viewer: SupportViewer): Promise<SupportCaseDocument> {
    const doc = await this.cases.findOne({ _id: String(caseId) });
    if (!doc || (!viewer.seesAll && doc.customerId !== viewer.id)) throw new NotFoundError(SUPPORT_MESSAGES.notFound);
    return doc;
  }
}

function toSupportCaseView(doc: SupportCaseDocument): SupportCaseView {
  const attachment = (id: string) => ({
    id,
    thumbnailUrl: supportAttachmentPath(doc.id, id, SUPPORT_ATTACHMENT_THUMBNAIL),
    imageUrl: supportAttachmentPath(doc.id, id, SUPPORT_ATTACHMENT_FULL),
  });
  return {
    id: doc.id,
    subject: doc.subject,
    description: doc.description,
    category: doc.category,
    priority: doc.priority,
    orderId: doc.orderId,
    status: doc.status,
    attachments: doc.attachments.map(attachment),
    messages: [...doc.messages].sort((a, b) => a.id - b.id).map((message) => ({ ...message, attachments: message.attachments.map(attachment) })),
    customer: { id: doc.customerId, email: doc.customerEmail, name: doc.customerName },
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    closedAt: doc.closedAt,
  };
}
