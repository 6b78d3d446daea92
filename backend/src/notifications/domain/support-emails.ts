import { SupportCaseReplied } from '../../customers/contract/support.events';
import { EmailContent, SIGNATURE } from './order-emails';

/** The shop answered a support case. Its subject is the customer's own text, quoted on one line (the notifier also keeps every Subject header to one line). */
export function supportReplyEmail(reply: SupportCaseReplied['data'], firstName: string): EmailContent {
  const subject = reply.subject.replace(/\s+/g, ' ');
  return {
    subject: `Re: ${subject} [support case #${reply.caseId}]`,
    text: [
      `Hello ${firstName},`,
      '',
      `We replied to your support case #${reply.caseId} "${subject}":`,
      '',
      reply.message,
      '',
      'Read the whole conversation and answer under Support Cases on your dashboard.',
      '',
      SIGNATURE,
    ].join('\n'),
  };
}
