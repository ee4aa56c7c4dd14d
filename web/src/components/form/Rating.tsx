import { Rate, Space, Typography } from 'antd';
import { useI18n, type MessageKey } from '../../i18n';

/** Spec section 2: the rating's five texts, from 1 star to 5. */
export const RATING_TEXTS: MessageKey[] = ['widgets.rate.1', 'widgets.rate.2', 'widgets.rate.3', 'widgets.rate.4', 'widgets.rate.5'];

/** Spec section 9: a rating has 5 stars unless told otherwise; at or below 2 it is low, at or above 4 high. */
export const RATING_DEFAULTS = { max: 5, low: 2, high: 4 } as const;

export type RatingTier = 'low' | 'medium' | 'high';

/** The tier of a value: what colours the stars and the text (a value at a threshold belongs to that threshold's tier). */
export function ratingTier(value: number, low: number = RATING_DEFAULTS.low, high: number = RATING_DEFAULTS.high): RatingTier {
  if (value <= low) return 'low';
  if (value >= high) return 'high';
  return 'medium';
}

export const TIER_COLORS: Record<RatingTier, string> = { low: 'var(--bd-color-text-tertiary)', medium: 'var(--bd-gold-6)', high: 'var(--bd-orange-6)' };

/** Stars with the text of the chosen value beside them, coloured by tier. */
export default function Rating({
  value,
  onChange,
  max = RATING_DEFAULTS.max,
  low = RATING_DEFAULTS.low,
  high = RATING_DEFAULTS.high,
  texts = RATING_TEXTS,
  testId,
}: {
  value: number;
  onChange?: (value: number) => void;
  max?: number;
  low?: number;
  high?: number;
  texts?: MessageKey[];
  testId?: string;
}) {
  const { t } = useI18n();
  const tier = value ? ratingTier(value, low, high) : undefined;
  const color = tier ? TIER_COLORS[tier] : undefined;
  return (
    <Space>
      <Rate
        count={max}
        value={value}
        onChange={onChange}
        tooltips={texts.map((k) => t(k))}
        style={{ color }}
        data-testid={testId}
      />
      <Typography.Text strong style={{ color }} data-testid={testId && `${testId}-text`} data-tier={tier}>
        {value && texts[value - 1] ? t(texts[value - 1]) : ''}
      </Typography.Text>
    </Space>
  );
}
