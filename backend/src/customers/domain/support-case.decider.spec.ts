import { ConflictError, NotFoundError } from '../../shared/errors';
import { DeciderSpecification } from '../../shared/event-sourcing/decider-specification';
import { SupportCaseEvent } from '../contract/support.events';
import { SUPPORT_MESSAGES } from '../contract/support-input';
import { SupportAuthor, SupportCaseCommand, supportCaseDecider } from './support-case.decider';

const at = '2026-03-01T10:00:00.000Z';
const later = '2026-03-01T11:00:00.000Z';
const customer: SupportAuthor = { id: 'customer-1', role: 'customer', name: 'Ada Lovelace' };
const stranger: SupportAuthor = { id: 'customer-2', role: 'customer', name: 'Eve' };
const admin: SupportAuthor = { id: 'admin-1', role: 'admin', name: 'Store Admin' };

const theCase = {
  caseId: 7,
  customerId: customer.id,
  customerEmail: 'ada@example.com',
  customerName: 'Ada Lovelace',
  subject: 'Vial arrived cracked',
  description: 'The BPC-157 vial in order 12 was cracked on arrival.',
  category: 'order_issue' as const,
  priority: 'high' as const,
  orderId: 12,
  attachments: ['a'.repeat(32)],
};

const opened = (): SupportCaseEvent => ({ type: 'SupportCaseOpened', version: 1, data: { ...theCase, openedAt: at } });
const replied = (messageId: number, author: SupportAuthor, message: string): SupportCaseEvent => ({
  type: 'SupportCaseReplied',
  version: 1,
  data: { caseId: 7, messageId, customerId: customer.id, customerEmail: 'ada@example.com', subject: theCase.subject, authorRole: author.role, authorId: author.id, authorName: author.name, message, attachments: [], repliedAt: later },
});
const closed = (): SupportCaseEvent => ({ type: 'SupportCaseClosed', version: 1, data: { caseId: 7, customerId: customer.id, closedBy: admin.id, closedAt: later } });

const open: SupportCaseCommand = { kind: 'open', case: theCase, at };
const reply = (author: SupportAuthor, message: string): SupportCaseCommand => ({ kind: 'reply', author, message, attachments: [], at: later });
const close: SupportCaseCommand = { kind: 'close', adminId: admin.id, at: later };

const supportCase = DeciderSpecification.for(supportCaseDecider);

describe('support case decider', () => {
  it('opens a case once, with its attachments', () => {
    supportCase.given([]).when(open).then([opened()]);
    supportCase.given([opened()]).when(open).thenThrows(ConflictError);
  });

  it('numbers replies and tells whose they are: an admin answers, the customer writes back', () => {
    supportCase.given([opened()]).when(reply(admin, 'Sorry! A replacement is on its way.')).then([replied(1, admin, 'Sorry! A replacement is on its way.')]);
    supportCase.given([opened(), replied(1, admin, 'Sorry!')]).when(reply(customer, 'Thank you.')).then([replied(2, customer, 'Thank you.')]);
  });

  it('is answered after an admin reply and open again after the customer\'s', () => {
    const status = (events: SupportCaseEvent[]) => events.reduce(supportCaseDecider.evolve, supportCaseDecider.initialState).status;
    expect(status([opened()])).toBe('open');
    expect(status([opened(), replied(1, admin, 'Sorry!')])).toBe('answered');
    expect(status([opened(), replied(1, admin, 'Sorry!'), replied(2, customer, 'It is cracked again.')])).toBe('open');
    expect(status([opened(), closed()])).toBe('closed');
  });

  it('knows no other customer\'s case', () => {
    supportCase.given([opened()]).when(reply(stranger, 'Let me in')).thenThrows(NotFoundError, SUPPORT_MESSAGES.notFound);
  });

  it('closes once and then refuses every reply with 409', () => {
    supportCase.given([opened()]).when(close).then([closed()]);
    supportCase.given([opened(), closed()]).when(close).thenNothing();
    supportCase.given([opened(), closed()]).when(reply(customer, 'Hello?')).thenThrows(ConflictError, SUPPORT_MESSAGES.closed);
    supportCase.given([opened(), closed()]).when(reply(admin, 'One more thing')).thenThrows(ConflictError, SUPPORT_MESSAGES.closed);
  });

  it('knows no case that was never opened', () => {
    supportCase.given([]).when(reply(customer, 'Hello')).thenThrows(NotFoundError, SUPPORT_MESSAGES.notFound);
    supportCase.given([]).when(close).thenThrows(NotFoundError, SUPPORT_MESSAGES.notFound);
  });
});
