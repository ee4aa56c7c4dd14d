import { outSiteLogin } from '../../api/auth';
import LoginScreen from './LoginScreen';

const signIn = (code: string, pw: string) => outSiteLogin(code, pw, undefined, undefined, { silent: true });

/** /login2: external users (POST /api/outSite/login). */
export default function ExternalLoginPage() {
  return <LoginScreen variant="external" signIn={signIn} />;
}
