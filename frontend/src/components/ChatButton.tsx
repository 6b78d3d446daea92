import { MessageCircle } from 'lucide-react';
import { CHAT_APP_NAME, CHAT_LINK } from '../lib/shop';
import { Tooltip } from './Tooltip';

export function ChatButton() {
  return (
    <div className="chat-button-wrap">
      <Tooltip label={`Chat with us on ${CHAT_APP_NAME}`} side="left">
        <a className="chat-button" href={CHAT_LINK} target="_blank" rel="noopener noreferrer" aria-label={`Chat with us on ${CHAT_APP_NAME}`}>
          <MessageCircle size={26} aria-hidden />
        </a>
      </Tooltip>
    </div>
  );
}
