import { Copy } from 'lucide-react';
import { useToast } from '../../state/toast';
import { Button } from './Button';

/** Copies `value` to the clipboard and says so; where the browser refuses, asks to copy it by hand. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: 'Copied to Clipboard', description: `${label} copied.`, variant: 'success' });
    } catch {
      toast({ title: 'Copy failed', description: `Select the ${label.toLowerCase()} and copy it yourself.`, variant: 'destructive' });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
      <Copy size={16} aria-hidden /> Copy
    </Button>
  );
}
