import { MessageCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CHAT_APP_NAME, CHAT_LINK } from '../../lib/shop';
import { Tooltip } from '../../components/ui/Tooltip';

/** Scrolled this far down in one go, the button steps aside on a phone (it comes back on the way up). */
const HIDE_AFTER_PX = 24;

/**
 * The floating chat link. On a phone it sat on top of whatever scrolled under it (a SALE tag, the
 * currency picker, the dashboard's prices): there it is smaller and steps aside while the shopper
 * scrolls down, and comes back when they scroll up or stop at the end of the page.
 */
export function ChatButton() {
  const hidden = useHiddenWhileScrollingDown();
  return (
    <div className={`chat-button-wrap${hidden ? ' chat-button-wrap-hidden' : ''}`}>
      <Tooltip label={`Chat with us on ${CHAT_APP_NAME}`} side="left">
        <a className="chat-button" href={CHAT_LINK} target="_blank" rel="noopener noreferrer" aria-label={`Chat with us on ${CHAT_APP_NAME}`}>
          <MessageCircle size={26} aria-hidden />
        </a>
      </Tooltip>
    </div>
  );
}

function useHiddenWhileScrollingDown(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const atEnd = window.innerHeight + y >= document.documentElement.scrollHeight - 2;
      if (atEnd || y < last) setHidden(false);
      else if (y - last > HIDE_AFTER_PX) setHidden(true);
      if (Math.abs(y - last) > HIDE_AFTER_PX || atEnd) last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return hidden;
}
