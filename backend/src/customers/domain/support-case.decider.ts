import { Decider } from '../../shared/event-sourcing/decider';
import { ConflictError, NotFoundError } from '../../shared/errors';
import { SupportAuthorRole, SupportCaseEvent, SupportCaseOpened, SupportCaseStatus } from '../contract/support.events';
import { SUPPORT_MESSAGES } from '../contract/support-input';

export interface SupportCaseState {
  caseId: number | null;
  customerId: string | null;
  customerEmail: string;
  subject: string;
  status: SupportCaseStatus | null;
  replies: number;
}

export interface SupportAuthor {
  id: string;
  role: SupportAuthorRole;
  name: string;
}

export type SupportCaseCommand =
  | { kind: 'open'; case: Omit<SupportCaseOpened['data'], 'openedAt'>; at: string }
  | { kind: 'reply'; author: SupportAuthor; message: string; attachments: string[]; at: string }
  | { kind: 'close'; adminId: string; at: string };

/** Spec §4 and issue 10: open → answered (an admin replied) → open again (the customer replied) → closed, which takes no more replies. */
export const supportCaseDecider: Decider<SupportCaseCommand, SupportCaseState, SupportCaseEvent> = {
  initialState: { caseId: null, customerId: null, customerEmail: '', subject: '', status: null, replies: 0 },

  evolve(state, event) {
    switch (event.type) {
      case 'SupportCaseOpened': {
        const { caseId, customerId, customerEmail, subject } = event.data;
        return { caseId, customerId, customerEmail, subject, status: 'open', replies: 0 };
      }
      case 'SupportCaseReplied':
        return { ...state, replies: event.data.messageId, status: event.data.authorRole === 'admin' ? 'answered' : 'open' };
      case 'SupportCaseClosed':
        return { ...state, status: 'closed' };
    }
  },

  decide(command, state) {
    if (command.kind === 'open') {
      if (state.status !== null) throw new ConflictError('This support case exists already');
      return [{ type: 'SupportCaseOpened', version: 1, data: { ...command.case, openedAt: command.at } }];
    }
    if (state.caseId === null || state.customerId === null || state.status === null) throw new NotFoundError(SUPPORT_MESSAGES.notFound);
    const { caseId, customerId } = state;
    switch (command.kind) {
      case 'reply': {
        const { author } = command;
        // Another customer's case does not exist for them.
        if (author.role === 'customer' && author.id !== customerId) throw new NotFoundError(SUPPORT_MESSAGES.notFound);
        if (state.status === 'closed') throw new ConflictError(SUPPORT_MESSAGES.closed);
        return [
          {
            type: 'SupportCaseReplied',
            version: 1,
            data: {
              caseId,
              messageId: state.replies + 1,
              customerId,
              customerEmail: state.customerEmail,
              subject: state.subject,
              authorRole: author.role,
              authorId: author.id,
              authorName: author.name,
              message: command.message,
              attachments: command.attachments,
              repliedAt: command.at,
            },
          },
        ];
      }
      case 'close':
        if (state.status === 'closed') return [];
        return [{ type: 'SupportCaseClosed', version: 1, data: { caseId, customerId, closedBy: command.adminId, closedAt: command.at } }];
    }
  },
};
