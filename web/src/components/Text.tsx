import { createElement, type CSSProperties, type ReactNode } from 'react';

/**
 * The few pieces of antd's Typography the first screens use (the portal home and footer, the list cards), in plain
 * markup with its look (index.css, .bd-typo): Typography brings its editing, copying and ellipsis code and antd's
 * TextArea, 12 kB gzipped, for a coloured span. Elsewhere antd's Typography stays.
 */

/** Typography.Text type="secondary". */
export function SecondaryText({ children, style, testId }: { children: ReactNode; style?: CSSProperties; testId?: string }) {
  return (
    <span className="bd-typo bd-typo-secondary" style={style} data-testid={testId}>
      {children}
    </span>
  );
}

/** Typography.Link with an onClick (an `a` without href, as antd's); strong, or disabled (then it does nothing). */
export function TextLink({ children, onClick, strong, disabled, testId }: { children: ReactNode; onClick: () => void; strong?: boolean; disabled?: boolean; testId?: string }) {
  return (
    <a
      className={`bd-typo bd-typo-link${disabled ? ' bd-typo-disabled' : ''}`}
      aria-disabled={disabled || undefined}
      onClick={() => !disabled && onClick()}
      data-testid={testId}
    >
      {strong ? <strong>{children}</strong> : children}
    </a>
  );
}

/** Typography.Title of level 2 or 3. */
export function Title({ level, className, testId, children }: { level: 2 | 3; className?: string; testId?: string; children: ReactNode }) {
  return createElement(`h${level}`, { className: `bd-typo bd-typo-h${level} ${className ?? ''}`.trim(), 'data-testid': testId }, children);
}

/** Typography.Paragraph. */
export function Paragraph({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={`bd-typo bd-typo-p ${className ?? ''}`.trim()}>{children}</div>;
}
