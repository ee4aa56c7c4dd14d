import { login } from '../../api/auth';
import LoginScreen from './LoginScreen';

const signIn = (code: string, pw: string) => login(code, pw, undefined, undefined, { silent: true });

/** /login and /ahrLogin: staff sign-in (POST /api/login). */
export default function LoginPage() {
  return <LoginScreen variant="staff" signIn={signIn} />;
}
