import { ReactNode } from 'react';
import { ShieldAlert } from 'lucide-react';
import { usePageTitle } from '../../../../hooks/usePageTitle';
import { BUYER_REQUIREMENTS, RESEARCH_USE_DISCLAIMER } from '../../../../lib/shop';
import './info.css';

/** The frame of the static information pages: title, lead text, content and the research-use disclaimer. */
export function InfoPage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="section">
      <article className="container narrow info-page">
        <header className="info-header">
          <h1>{title}</h1>
          <p className="info-lead muted">{lead}</p>
        </header>
        {children}
        <aside className="notice info-disclaimer" aria-label="Research use disclaimer">
          <p className="row gap">
            <ShieldAlert size={20} aria-hidden />
            <strong>For research use only. Not for human consumption.</strong>
          </p>
          <p>{RESEARCH_USE_DISCLAIMER}</p>
          <p className="small">{BUYER_REQUIREMENTS}</p>
        </aside>
      </article>
    </div>
  );
}
