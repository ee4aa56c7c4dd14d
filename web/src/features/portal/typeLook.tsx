/** How each material type looks in the portal: a tag colour and an icon (unknown types get neutral ones). */
import type { ReactNode } from 'react';
import {
  AuditOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  KeyOutlined,
  NotificationOutlined,
  SafetyCertificateOutlined,
  SolutionOutlined,
  ToolOutlined,
  TrophyOutlined,
  ProfileOutlined,
} from '@ant-design/icons';

interface Look {
  color: string;
  /** the icon tile's colours */
  fg: string;
  bg: string;
  icon: ReactNode;
}

const LOOKS: Record<string, Look> = {
  license: { color: 'blue', fg: 'var(--bd-color-primary)', bg: 'var(--bd-color-primary-bg)', icon: <SafetyCertificateOutlined /> },
  expert: { color: 'purple', fg: 'var(--bd-purple-6)', bg: 'var(--bd-purple-1)', icon: <SolutionOutlined /> },
  contract: { color: 'cyan', fg: 'var(--bd-cyan-7)', bg: 'var(--bd-cyan-1)', icon: <FileProtectOutlined /> },
  honor: { color: 'gold', fg: 'var(--bd-gold-7)', bg: 'var(--bd-gold-1)', icon: <TrophyOutlined /> },
  cakey: { color: 'geekblue', fg: 'var(--bd-geekblue-7)', bg: 'var(--bd-geekblue-1)', icon: <KeyOutlined /> },
  plan: { color: 'green', fg: 'var(--bd-green-7)', bg: 'var(--bd-green-1)', icon: <ProfileOutlined /> },
  toolkit: { color: 'lime', fg: 'var(--bd-lime-8)', bg: 'var(--bd-lime-1)', icon: <ToolOutlined /> },
  tender: { color: 'volcano', fg: 'var(--bd-volcano-7)', bg: 'var(--bd-volcano-1)', icon: <AuditOutlined /> },
  announcement: { color: 'magenta', fg: 'var(--bd-magenta-7)', bg: 'var(--bd-magenta-1)', icon: <NotificationOutlined /> },
};

const DEFAULT: Look = { color: 'default', fg: 'var(--bd-color-text-secondary)', bg: 'var(--bd-color-fill-secondary)', icon: <FileTextOutlined /> };

export const lookOf = (type: string): Look => LOOKS[type] ?? DEFAULT;
