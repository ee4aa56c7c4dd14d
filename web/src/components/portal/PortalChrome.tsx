import { Space } from 'antd';
import { Link } from 'react-router-dom';
import type { PortalLayout, PortalLink } from '../../api/sysconfig';
import { useI18n } from '../../i18n';
import { SecondaryText } from '../Text';
import { isLinkUrl, isSitePath } from '../../lib/linkUrl';

/** The parts of the portal's header and footer that /headerAndfooter_manager configures; also its preview. */

const DEFAULT_LOGO = '/favicon.svg';

/**
 * One configured link: a path of this site opened in place goes through the router; anything else is a plain
 * anchor (a new tab when asked). A link that breaks the URL rules (written behind the server's back) is not rendered.
 */
export function PortalLinkItem({ link, testId }: { link: PortalLink; testId?: string }) {
  if (!isLinkUrl(link.url)) return null;
  if (isSitePath(link.url) && !link.newTab) {
    return (
      <Link to={link.url} data-testid={testId}>
        {link.title}
      </Link>
    );
  }
  return (
    <a href={link.url} data-testid={testId} {...(link.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {link.title}
    </a>
  );
}

/** Logo and title, linking to the portal home; the product's own mark until the layout has arrived. */
export function PortalBrand({ layout, to = '/gateway' }: { layout?: PortalLayout; to?: string }) {
  const { t } = useI18n();
  const title = layout?.title || t('app.name');
  const logo = layout?.logoUrl && isSitePath(layout.logoUrl) ? layout.logoUrl : DEFAULT_LOGO;
  return (
    <Link to={to} className="bd-brand bd-portal-brand" aria-label={title} data-testid="portal-brand">
      <img src={logo} alt="" />
      <span data-testid="portal-title">{title}</span>
    </Link>
  );
}

/** The header's links. */
export function PortalHeaderLinks({ links }: { links?: PortalLink[] }) {
  if (!links?.length) return null;
  return (
    <nav className="bd-portal-links" data-testid="portal-header-links">
      {links.map((l, i) => (
        <PortalLinkItem key={`${i}-${l.url}`} link={l} testId={`portal-header-link-${i}`} />
      ))}
    </nav>
  );
}

/** The footer: links and copyright. */
export function PortalFooter({ layout }: { layout?: PortalLayout }) {
  if (!layout || (!layout.footerLinks?.length && !layout.copyright)) return null;
  return (
    <footer className="bd-portal-footer" data-testid="portal-footer">
      {layout.footerLinks?.length > 0 && (
        <Space separator={<span className="bd-portal-footer-split">|</span>} wrap>
          {layout.footerLinks.map((l, i) => (
            <PortalLinkItem key={`${i}-${l.url}`} link={l} testId={`portal-footer-link-${i}`} />
          ))}
        </Space>
      )}
      {layout.copyright && (
        <SecondaryText testId="portal-copyright">{layout.copyright}</SecondaryText>
      )}
    </footer>
  );
}
