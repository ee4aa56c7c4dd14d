import type { ThemeConfig } from 'antd';

/**
 * The product's theme: the one place that names colours (issue 34). antd derives every colour of its components from
 * the seed below with its default or dark algorithm; the same tokens are the CSS variables (`--bd-color-text`, …) of
 * app/theme.css, which the CSS modules and the plain sign-in screen use. theme.css is written from this file by
 * app/theme.test.ts (`THEME_CSS=write npx vitest run src/app/theme.test.ts`), which fails when the two differ, and
 * app/colours.test.ts fails on a colour written anywhere else in web/src.
 */
export type Scheme = 'light' | 'dark';

const fontFamily =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif";

const shared: ThemeConfig = { token: { borderRadius: 8, fontFamily }, components: { Menu: { itemBorderRadius: 6 } } };

/** A calm, low-contrast theme for long working sessions; in the dark a lighter blue, so that links stay readable. */
export const seeds: Record<Scheme, ThemeConfig['token']> = {
  light: { colorPrimary: '#2f6bd8', colorInfo: '#2f6bd8', colorBgLayout: '#f4f6fa' },
  dark: { colorPrimary: '#4a8af0', colorInfo: '#4a8af0' },
};

/**
 * antd's tokens the CSS uses, each as `--bd-<token in kebab case>` (colorTextSecondary: --bd-color-text-secondary,
 * gold2: --bd-gold-2), with the value antd's algorithm gives it in each scheme.
 */
export const cssTokens = [
  'colorPrimary',
  'colorPrimaryHover',
  'colorPrimaryActive',
  'colorPrimaryBg',
  'colorPrimaryBgHover',
  'colorPrimaryBorder',
  'colorPrimaryBorderHover',
  'colorLink',
  'colorText',
  'colorTextSecondary',
  'colorTextTertiary',
  'colorTextQuaternary',
  'colorTextDisabled',
  'colorTextPlaceholder',
  'colorTextLightSolid',
  'colorBgContainer',
  'colorBgElevated',
  'colorBgLayout',
  'colorBgSpotlight',
  'colorBgMask',
  'colorBorder',
  'colorBorderSecondary',
  'colorSplit',
  'colorFill',
  'colorFillSecondary',
  'colorFillTertiary',
  'colorFillQuaternary',
  'colorFillAlter',
  'colorError',
  'colorErrorBg',
  'colorErrorBorder',
  'colorErrorBorderHover',
  'colorErrorOutline',
  'colorSuccess',
  'colorSuccessBg',
  'colorSuccessBorder',
  'colorWarning',
  'controlOutline',
  'boxShadowSecondary',
  // antd's preset palettes (in the dark, antd's dark palettes): the portal's material types and messages, highlights
  'purple1',
  'purple6',
  'purple7',
  'cyan1',
  'cyan7',
  'gold1',
  'gold2',
  'gold6',
  'gold7',
  'geekblue1',
  'geekblue7',
  'green1',
  'green7',
  'lime1',
  'lime8',
  'volcano1',
  'volcano7',
  'magenta1',
  'magenta7',
  'orange1',
  'orange6',
  'orange7',
] as const;

/**
 * The few colours of the product's own that antd has no token for, as `--bd-<name in kebab case>`: the portal hero's
 * gradient, the sign-in page's backdrop, the soft shadow of a raised card, the backdrop of a video or picture.
 */
export const brand: Record<Scheme, Record<string, string>> = {
  light: {
    heroFrom: '#2f6bd8',
    heroVia: '#3f8fd8',
    heroTo: '#4fb3c8',
    backdropBlue: '#e3ecfb',
    backdropTeal: '#e6f4f1',
    cardShadow: 'rgba(24, 47, 92, 0.1)',
    hoverShadow: 'rgba(31, 56, 102, 0.08)',
    mediaBg: '#000000',
    overlay: 'rgba(0, 0, 0, 0.55)',
  },
  dark: {
    heroFrom: '#1f4a99',
    heroVia: '#24609a',
    heroTo: '#2a7585',
    backdropBlue: '#14213a',
    backdropTeal: '#10272a',
    cardShadow: 'rgba(0, 0, 0, 0.5)',
    hoverShadow: 'rgba(0, 0, 0, 0.45)',
    mediaBg: '#000000',
    overlay: 'rgba(0, 0, 0, 0.6)',
  },
};

/** antd's configuration for a scheme, with its algorithm (antd's darkAlgorithm in the dark). */
export function themeFor(scheme: Scheme, algorithm?: ThemeConfig['algorithm'], motion = true): ThemeConfig {
  return { ...shared, token: { ...shared.token, ...seeds[scheme], ...(motion ? {} : { motion: false }) }, algorithm };
}

/** A QR code is read by a camera: dark modules on a light ground whatever the screen's theme. */
export const QR_COLOURS = { ground: '#ffffff', modules: '#000000' } as const;
