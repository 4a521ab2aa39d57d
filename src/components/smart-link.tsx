import type { AnchorHTMLAttributes } from 'react';
import { resolveLink } from './link-rules';

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target' | 'rel'> {
  href: string;
}

/**
 * The one link component of the site: a plain `<a>` (pages are static; no client router), a trailing
 * slash for internal links, and a new window for external ones.
 */
export function SmartLink({ href, children, ...rest }: SmartLinkProps) {
  const link = resolveLink(href);
  return link.external ? (
    <a {...rest} href={link.href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <a {...rest} href={link.href}>
      {children}
    </a>
  );
}
