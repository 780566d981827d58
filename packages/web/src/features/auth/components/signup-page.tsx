import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { signupBodySchema } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { originPath, stateEmail } from '../../../lib/origin';
import { useSignup } from '../api/signup';
import { FormCard } from '../../../components/ui/form-card';
import { FormProblem } from '../../../components/ui/form-problem';
import { SubmitButton } from './auth-card';
import { GoogleButton } from './google-button';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function SignupPage() {
  useDocumentTitle('Sign Up');
  const location = useLocation();
  const navigate = useNavigate();
  const from = originPath(location.state);
  const signupMutation = useSignup();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(signupBodySchema),
    // An invite's page hands over the invited address (issue #47), so the account is made with it.
    defaultValues: { name: '', email: stateEmail(location.state), password: '' },
  });

  const onSubmit = handleSubmit((values) =>
    signupMutation.mutate(values, { onSuccess: () => navigate(from, { replace: true }) }),
  );

  return (
    <FormCard title="Sign Up">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <InputField label="Name" autoComplete="name" registration={register('name')} error={errors.name?.message} />
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
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <FormProblem message={signupMutation.error?.message ?? null} />
        <SubmitButton pending={signupMutation.isPending} label="Sign Up" pendingLabel="Creating your account…" />
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to="/login" state={location.state} className="link link-primary">
          Please login
        </Link>
      </p>
      <div className="divider my-0 text-sm">or</div>
      <GoogleButton returnTo={from} />
    </FormCard>
  );
}
