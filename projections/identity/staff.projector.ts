import { Inject, Injectable } from '@nestjs/common';
import { upcastUserEvent } from '../../backend/src/identity/contract/identity.events';
import { isStaff, StaffRole } from '../../backend/src/identity/contract/staff-roles';
import { STAFF_INVITATION_STREAM_PREFIX, StaffInvitationEvent } from '../../backend/src/identity/contract/staff.events';
import { RecordedEvent } from '../../backend/src/storage/event-store/event-store.port';
import { Document, READ_STORE, ReadStore } from '../../backend/src/storage/read-store/read-store.port';
import { applyOnce, insertOnce, Projector, RunsOnTheLog } from '../runner/projector';

export const STAFF_COLLECTION = 'identity_staff';
export const PENDING_INVITATIONS_COLLECTION = 'identity_staff_pending_invitations';

/** A staff account and since when it has its role; its name and address are the users read model's. */
export type StaffDocument = Document & { userId: string; role: StaffRole; since: string };
export type PendingInvitationDocument = Document & { invitationId: string; email: string; role: StaffRole; invitedAt: string; expiresAt: string };

/** Who is staff and which invitations wait (issue 23), for the owner's Staff page. */
@Injectable()
@RunsOnTheLog()
export class StaffProjector implements Projector {
  readonly name = 'staff';
  readonly collections = [STAFF_COLLECTION, PENDING_INVITATIONS_COLLECTION] as const;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  private get staff() {
    return this.readStore.collection<StaffDocument>(STAFF_COLLECTION);
  }

  private get invitations() {
    return this.readStore.collection<PendingInvitationDocument>(PENDING_INVITATIONS_COLLECTION);
  }

  async prepare(): Promise<void> {
    await this.invitations.createIndex({ expiresAt: 1 });
  }

  canHandle(event: RecordedEvent): boolean {
    return event.streamId.startsWith('user-') || event.streamId.startsWith(STAFF_INVITATION_STREAM_PREFIX);
  }

  async apply(recorded: RecordedEvent): Promise<void> {
    if (recorded.streamId.startsWith(STAFF_INVITATION_STREAM_PREFIX)) {
      const event = recorded as unknown as StaffInvitationEvent;
      if (event.type === 'StaffInvitationWithdrawn') {
        await this.invitations.deleteOne({ _id: event.data.invitationId });
        return;
      }
      const { invitationId, email, role, expiresAt } = event.data;
      await insertOnce(this.invitations, { _id: invitationId, invitationId, email, role, expiresAt, invitedAt: recorded.metadata.occurredAt }, recorded);
      return;
    }
    const event = upcastUserEvent(recorded);
    const since = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'UserRegistered':
      case 'RoleGranted':
        await this.holds(event.data.userId, event.data.role, since, recorded);
        return;
      case 'StaffInvitationAccepted':
        await this.holds(event.data.userId, event.data.role, since, recorded);
        await this.invitations.deleteOne({ _id: event.data.invitationId });
        return;
      case 'StaffRemoved':
      case 'PersonalDataErased':
        await this.staff.deleteOne({ _id: event.data.userId });
        return;
      default:
        return;
    }
  }

  /** The account holds `role` from `since`; a customer is nobody's staff. A replayed event finds its position applied and changes nothing. */
  private async holds(userId: string, role: string, since: string, recorded: RecordedEvent): Promise<void> {
    if (!isStaff(role as StaffRole)) {
      await this.staff.deleteOne({ _id: userId });
      return;
    }
    const current = await this.staff.findOne({ _id: userId });
    if (!current) await insertOnce(this.staff, { _id: userId, userId, role, since }, recorded);
    else if (current.role !== role) await applyOnce(this.staff, { _id: userId }, recorded, { $set: { role, since } });
  }
}
