import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { InputField } from '../../../components/ui/field';
import { originPath } from '../../../lib/origin';
import { useLogin } from '../api/login';
import { googleAuthError } from '../google-auth-error';
import {
  LOGIN_FIELDS,
  loginBody,
  loginErrors,
  loginFieldError,
  type LoginErrors,
  type LoginField,
  type LoginValues,
} from '../login-checks';
import { FormCard } from '../../../components/ui/form-card';
import { FormProblem } from '../../../components/ui/form-problem';
import { SubmitButton } from './auth-card';
import { GoogleButton } from './google-button';
import { lazyComponent } from '../../../components/ui/lazy-component';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/use-document-title';

// The code step uses the shared zod schema and the form library: loaded only when a sign-in needs it, so the login
// page, the first screen of many visits, stays without them (login-checks.ts).
const TwoFactorStep = lazyComponent(
  () => import('./two-factor-step').then((m) => m.TwoFactorStep),
  <PageSpinner label="Loading the code step" />,
);

/** A challenge the Google sign-in's return handed over in router state (auth-callback.tsx), if any. */
function stateChallenge(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('challenge' in state)) return null;
  return typeof state.challenge === 'string' && state.challenge ? state.challenge : null;
}

export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Two-step sign-in (B2B §15): set by a password answer or by Google's return; the code step shows while it is set.
  const [challenge, setChallenge] = useState<string | null>(() => stateChallenge(location.state));
  useDocumentTitle(challenge ? 'Two-step sign-in' : 'Login');
  const from = originPath(location.state);
  const loginMutation = useLogin();
  const [errors, setErrors] = useState<LoginErrors>({});
  // As the form library did (validate on submit, then again on each change): no message before the first submit,
  // after it each edited field's message follows what is typed.
  const submitted = useRef(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const form = event.currentTarget;
    const values = readValues(form);
    const found = loginErrors(values);
    setErrors(found);
    const firstInvalid = LOGIN_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      fieldInput(form, firstInvalid).focus();
      return;
    }
    // The token is stored by the mutation before we go back (docs/product.md §14).
    loginMutation.mutate(loginBody(values), {
      onSuccess: (answer) => {
        if ('token' in answer) navigate(from, { replace: true });
        else setChallenge(answer.challenge);
      },
    });
  };

  const onFieldChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (!submitted.current) return;
    const field = event.target.name as LoginField;
    const error = loginFieldError(field, event.target.value);
    setErrors((shown) => (shown[field] === error ? shown : { ...shown, [field]: error }));
  };

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onSignedIn={() => navigate(from, { replace: true })}
        onRestart={() => {
          setChallenge(null);
          loginMutation.reset();
          // Google's return put the challenge in the history entry: drop it, keep where to go afterwards.
          navigate('/login', { replace: true, state: { from } });
        }}
      />
    );
  }

  return (
    <FormCard title="Login">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          name="email"
          defaultValue=""
          onChange={onFieldChange}
          error={errors.email}
        />
        <InputField
          label="Password"
          type="password"
          autoComplete="current-password"
          name="password"
          defaultValue=""
          onChange={onFieldChange}
          error={errors.password}
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="link link-primary">
            Forgot your password?
          </Link>
        </p>
        <FormProblem message={loginMutation.error?.message ?? googleAuthError(location.search)} />
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
    </FormCard>
  );
}

function fieldInput(form: HTMLFormElement, field: LoginField): HTMLInputElement {
  return form.elements.namedItem(field) as HTMLInputElement;
}

/** Read from the inputs at submit time, so a browser's autofill counts like typing. */
function readValues(form: HTMLFormElement): LoginValues {
  return { email: fieldInput(form, 'email').value, password: fieldInput(form, 'password').value };
}
