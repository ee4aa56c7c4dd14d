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
  license: { color: 'blue', fg: '#2f6bd8', bg: '#e8f0fe', icon: <SafetyCertificateOutlined /> },
  expert: { color: 'purple', fg: '#722ed1', bg: '#f3ebff', icon: <SolutionOutlined /> },
  contract: { color: 'cyan', fg: '#08979c', bg: '#e3f7f7', icon: <FileProtectOutlined /> },
  honor: { color: 'gold', fg: '#d48806', bg: '#fff6de', icon: <TrophyOutlined /> },
  cakey: { color: 'geekblue', fg: '#1d39c4', bg: '#eaeefe', icon: <KeyOutlined /> },
  plan: { color: 'green', fg: '#389e0d', bg: '#ecf8e4', icon: <ProfileOutlined /> },
  toolkit: { color: 'lime', fg: '#5b8c00', bg: '#f2f9e1', icon: <ToolOutlined /> },
  tender: { color: 'volcano', fg: '#d4380d', bg: '#fff0e8', icon: <AuditOutlined /> },
  announcement: { color: 'magenta', fg: '#c41d7f', bg: '#fdeaf4', icon: <NotificationOutlined /> },
};

const DEFAULT: Look = { color: 'default', fg: '#595959', bg: '#f0f0f0', icon: <FileTextOutlined /> };

export const lookOf = (type: string): Look => LOOKS[type] ?? DEFAULT;
