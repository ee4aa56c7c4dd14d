import { useEffect, useRef } from 'react';
import { message } from 'antd';
import type { ToastKind } from '../api/client';
import { AntdProvider } from './AntdRoot';

export interface Toast {
  kind: ToastKind;
  text: string;
  seconds: number;
}

/**
 * The API client's toasts through antd's message (App.tsx mounts this with the first toast, so a page that never
 * shows one does not download antd's message and notification code). Shows the queued toasts, then drops them.
 */
export default function Toaster({ queue, onShown }: { queue: readonly Toast[]; onShown(count: number): void }) {
  const [messageApi, holder] = message.useMessage({ maxCount: 3 });
  // StrictMode runs effects twice in development: a queue is shown once.
  const done = useRef<readonly Toast[]>(null);
  useEffect(() => {
    if (!queue.length || done.current === queue) return;
    done.current = queue;
    for (const q of queue) void messageApi.open({ type: q.kind, content: q.text, duration: q.seconds });
    onShown(queue.length);
  }, [queue, messageApi, onShown]);
  // mounted outside the antd screens (App.tsx): the toasts take our theme from a provider of their own
  return <AntdProvider>{holder}</AntdProvider>;
}
