import { AntdProvider } from '../../app/AntdRoot';
import ForgotPassword, { type ForgotPasswordProps } from './ForgotPassword';

/** ForgotPassword as the sign-in screen loads it: on demand, with antd's configuration (the screen itself has none). */
export default function ForgotPasswordPanel(props: ForgotPasswordProps) {
  return (
    <AntdProvider>
      <ForgotPassword {...props} />
    </AntdProvider>
  );
}
