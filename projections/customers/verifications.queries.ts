import { Inject, Injectable } from '@nestjs/common';
import { VerificationStatus } from '../../backend/src/customers/contract/verification.events';
import { VERIFICATION_MESSAGES } from '../../backend/src/customers/contract/verification-input';
import { VERIFICATION_DOCUMENT_FULL, VERIFICATION_DOCUMENT_THUMBNAIL, verificationDocumentPath, VerificationView } from '../../backend/src/customers/contract/verification.views';
import { Page, PageQuery } from '../../backend/src/shared/contract/paging';
import { NotFoundError } from '../../backend/src/shared/errors';
import { Filter, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { findPage, mapPage } from '../runner/paging';
import { VERIFICATIONS_COLLECTION, VerificationDocument } from './verifications.projector';

/** Who is asking: a verification exists for its customer and for staff who decide verifications (`seesAll`), for nobody else. */
export interface VerificationViewer {
  id: string;
  seesAll: boolean;
}

@Injectable()
export class VerificationQueries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get verifications() {
    return this.readStore.collection<VerificationDocument>(VERIFICATIONS_COLLECTION);
  }

  /** The customer's own verification, or null when they never submitted one. */
  async ofCustomer(customerId: string): Promise<VerificationView | null> {
    const doc = await this.verifications.findOne({ _id: customerId });
    return doc ? toVerificationView(doc) : null;
  }

  /** The back office's queue: the longest-waiting submission first; `status` narrows it. A page at a time, on an index. */
  async queue(status: VerificationStatus | undefined, query: PageQuery): Promise<Page<VerificationView>> {
    const filter: Filter = status ? { status } : {};
    return mapPage(await findPage(this.verifications, filter, { submittedAt: 1, customerId: 1 }, query), toVerificationView);
  }

  /** 404 for a verification that does not exist. */
  async byId(customerId: string): Promise<VerificationView> {
    const doc = await this.verifications.findOne({ _id: customerId });
    if (!doc) throw new NotFoundError(VERIFICATION_MESSAGES.notFound);
    return toVerificationView(doc);
  }

  /** The document photo the customer sent last, if the viewer may see it (the customer themself, or an administrator). */
  async documentOf(customerId: string, viewer: VerificationViewer): Promise<string | null> {
    if (!viewer.seesAll && viewer.id !== customerId) return null;
    const doc = await this.verifications.findOne({ _id: customerId });
    return doc?.documentUploadId ?? null;
  }
}

function toVerificationView(doc: VerificationDocument): VerificationView {
  return {
    id: doc.customerId,
    status: doc.status,
    customer: { id: doc.customerId, email: doc.customerEmail, name: doc.customerName },
    institution: doc.institution,
    position: doc.position,
    institutionEmail: doc.institutionEmail,
    document:
      doc.documentUploadId === null
        ? null
        : { thumbnailUrl: verificationDocumentPath(doc.customerId, VERIFICATION_DOCUMENT_THUMBNAIL), imageUrl: verificationDocumentPath(doc.customerId, VERIFICATION_DOCUMENT_FULL) },
    submittedAt: doc.submittedAt,
    decidedAt: doc.decidedAt,
    reason: doc.reason,
  };
}
