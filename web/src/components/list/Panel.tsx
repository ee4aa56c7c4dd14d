import type { CSSProperties, ReactNode } from 'react';

interface Props {
  title: ReactNode;
  /** what stands at the right of the title (buttons) */
  extra?: ReactNode;
  /** the search card's denser head and body */
  small?: boolean;
  /** the extra goes under the title on a line of its own (a phone's width) */
  stacked?: boolean;
  style?: CSSProperties;
  testId?: string;
  children: ReactNode;
}

/**
 * A titled white panel that looks like antd's borderless Card: the search card and the table card of every list. Not
 * antd's Card, because that brings antd's Tabs (11 kB gzipped) into every list page for a tab bar no list has.
 */
export default function Panel({ title, extra, small, stacked, style, testId, children }: Props) {
  const className = ['bd-panel', small && 'bd-panel-small', stacked && 'bd-panel-stacked'].filter(Boolean).join(' ');
  return (
    <section className={className} style={style} data-testid={testId}>
      <div className="bd-panel-head">
        <div className="bd-panel-title">{title}</div>
        {extra != null && <div className="bd-panel-extra">{extra}</div>}
      </div>
      <div className="bd-panel-body">{children}</div>
    </section>
  );
}
