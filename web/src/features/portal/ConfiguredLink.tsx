import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isLinkUrl, isSitePath } from '../../lib/linkUrl';

/** A configured link: a path of this site through the router, anything else a plain anchor (a new tab when asked). */
export default function ConfiguredLink({ url, newTab, className, children, label, testId }: { url?: string; newTab?: boolean | number; className?: string; children: ReactNode; label?: string; testId?: string }) {
  if (!url || !isLinkUrl(url)) return <div className={className}>{children}</div>;
  if (isSitePath(url) && !newTab)
    return (
      <Link to={url} className={className} aria-label={label} data-testid={testId}>
        {children}
      </Link>
    );
  return (
    <a href={url} className={className} aria-label={label} data-testid={testId} {...(newTab || !isSitePath(url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}

