import { SupportCaseEvent } from './support.events';
import { SUPPORT_CATEGORY_LABELS } from './support-input';

const images = (count: number) => (count === 0 ? '' : `, ${count} ${count === 1 ? 'image' : 'images'}`);

/** Support-case events as the audit trail tells them to a person. */
export function describeSupportCaseEvent(event: SupportCaseEvent): string {
  switch (event.type) {
    case 'SupportCaseOpened': {
      const { caseId, customerName, subject, category, priority, orderId, attachments } = event.data;
      return `Support case ${caseId} opened by ${customerName}: "${subject}" (${SUPPORT_CATEGORY_LABELS[category]}, ${priority} priority${orderId === null ? '' : `, order ${orderId}`}${images(attachments.length)})`;
    }
    case 'SupportCaseReplied':
      return `${event.data.authorRole === 'admin' ? 'Store replied' : `${event.data.authorName} replied`} on support case ${event.data.caseId}${images(event.data.attachments.length)}`;
    case 'SupportCaseClosed':
      return `Support case ${event.data.caseId} closed`;
  }
}
