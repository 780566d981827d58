import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginBodySchema } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { originPath } from '../../../lib/origin';
import { useLogin } from '../api/login';
import { googleAuthError } from '../google-auth-error';
import { AuthCard, AuthError, SubmitButton } from './auth-card';
import { GoogleButton } from './google-button';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function LoginPage() {
  useDocumentTitle('Login');
  const location = useLocation();
  const navigate = useNavigate();
  const from = originPath(location.state);
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginBodySchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((values) =>
    // The token is stored by the mutation before we go back (docs/product.md §14).
    loginMutation.mutate(values, { onSuccess: () => navigate(from, { replace: true }) }),
  );

  return (
    <AuthCard title="Login">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <InputField
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <AuthError message={loginMutation.error?.message ?? googleAuthError(location.search)} />
        <SubmitButton pending={loginMutation.isPending} label="Login" pendingLabel="Signing in…" />
      </form>
      <p className="text-center text-sm">
        New to Kestrel Components?{' '}
        <Link to="/signup" state={location.state} className="link link-primary">
          Create new account
        </Link>
      </p>
      <div className="divider my-0 text-sm">or</div>
      <GoogleButton returnTo={from} />
    </AuthCard>
  );
}
