import type { ThemeConfig } from 'antd';

/** A calm, low-contrast theme for long working sessions. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#2f6bd8',
    colorInfo: '#2f6bd8',
    colorBgLayout: '#f4f6fa',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff' },
    Menu: { itemBorderRadius: 6 },
  },
};
