import { Share2 } from 'lucide-react';
import { useToast } from '../../../../state/toast';
import { Button } from '../../../../components/ui/Button';

/** The system share sheet where the browser has one; elsewhere the link goes to the clipboard. */
export function ShareButton({ title }: { title: string }) {
  const toast = useToast();
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) toast({ title: 'Could not share', description: url, variant: 'destructive' });
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'The product link is in your clipboard.', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
    }
  };
  return (
    <Button variant="ghost" size="sm" onClick={share}>
      <Share2 size={16} aria-hidden /> Share
    </Button>
  );
}
