import type { ComponentPropsWithRef, Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

/** The looks of global.css (`.button-primary`, ...). None is the plain `.button`, e.g. the analytics period toggles. */
export type ButtonVariant = 'primary' | 'outline' | 'ghost' | 'danger' | 'dark';
/** `md` is the plain size, without a class of its own. */
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** As wide as its container (`.button-block`). */
  block?: boolean;
  /** More classes, after the button's own. */
  className?: string;
}

/** `button button-<variant> button-<size> button-block <className>`, in that order, without what is not set. */
export function buttonClassName({ variant, size = 'md', block = false, className }: ButtonStyle): string {
  return ['button', variant && `button-${variant}`, size !== 'md' && `button-${size}`, block && 'button-block', className].filter(Boolean).join(' ');
}

export type ButtonProps = ComponentPropsWithRef<'button'> & ButtonStyle;

/** A `<button>` styled as one of the shop's buttons; its `type` is `button` unless it says `submit`. */
export function Button({ type = 'button', variant, size, block, className, ...button }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, block, className })} {...button} />;
}

export type ButtonLinkProps = LinkProps & ButtonStyle & { ref?: Ref<HTMLAnchorElement> };

/** A react-router `Link` (a page of the shop) that looks like a button. */
export function ButtonLink({ variant, size, block, className, ...link }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, block, className })} {...link} />;
}

export type ButtonAnchorProps = ComponentPropsWithRef<'a'> & ButtonStyle;

/** A plain `<a>` that looks like a button: a server route (`/api/login`), a download, another site. */
export function ButtonAnchor({ variant, size, block, className, ...anchor }: ButtonAnchorProps) {
  return <a className={buttonClassName({ variant, size, block, className })} {...anchor} />;
}
