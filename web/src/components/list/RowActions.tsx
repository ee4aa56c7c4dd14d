import { useState, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';

/** One action of a list row shown as an icon: its words are the tooltip and the accessible name. */
export interface IconActionProps {
  label: string;
  icon: ReactNode;
  onClick?(): void;
  danger?: boolean;
  disabled?: boolean;
  testId?: string;
}

/**
 * A row's action as an icon button (issue 28, 'lists hide data'): an actions column of words pushes data columns
 * out of a 1440 px screen; icons keep it narrow while the words stay the tooltip and what a screen reader says.
 */
export function IconAction({ label, icon, onClick, danger, disabled, testId }: IconActionProps) {
  return (
    <Tooltip title={label}>
      <Button type="link" size="small" icon={icon} aria-label={label} danger={danger} disabled={disabled} onClick={onClick} data-testid={testId} />
    </Tooltip>
  );
}

/**
 * A long free text (a name, a remark, a message) on one line at most `max` px wide, ending in '…' when it is longer;
 * the whole text is the tooltip then. The column no longer widens the table past its card.
 */
export function ClipText({ max, children }: { max?: number; children: ReactNode }) {
  const [cut, setCut] = useState(false);
  return (
    <Tooltip title={cut ? children : undefined}>
      <div className="bd-clip" style={max ? { maxWidth: max } : undefined} onMouseEnter={(e) => setCut(e.currentTarget.scrollWidth > e.currentTarget.clientWidth + 1)}>
        {children}
      </div>
    </Tooltip>
  );
}

/**
 * A column title of several words (English) may wrap between its words, so that a long title ('Amount when won
 * (yuan)') does not make its column wider than its data; a word is never broken, a title without spaces never wraps.
 */
export const headerTitle = (title?: string): ReactNode => (title && title.includes(' ') ? <span className="bd-th">{title}</span> : title);
