// /forgot-password: asks for a reset link. The answer is the same whether or not an account uses the address
// (B2B.md §7), so the page says the same too.
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { messages } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useForgotPassword } from '../api/forgot-password';
import { emailError } from '../password-checks';
import { FormCard } from '../../../components/ui/form-card';
import { BusyButton, FailureMessage, ResultMessage } from './form-parts';

interface ForgotValues {
  email: string;
}

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot your password');
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotValues>({ defaultValues: { email: '' } });

  const onSubmit = handleSubmit(({ email }) => forgot.mutate({ email: email.trim() }));

  return (
    <FormCard title="Forgot your password?">
      <p className="text-sm">
        Give the e-mail address of your account and we will send it a link to choose a new password.
      </p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          registration={register('email', { validate: emailError })}
          error={errors.email?.message}
        />
        <FailureMessage>{forgot.error?.message}</FailureMessage>
        <BusyButton
          pending={forgot.isPending}
          label="Send the link"
          pendingLabel="Sending the link…"
          className="btn btn-primary w-full"
        />
      </form>
      <ResultMessage>{forgot.isSuccess ? messages.account.forgotSent : null}</ResultMessage>
      <p className="text-center text-sm">
        Remembered it?{' '}
        <Link to="/login" className="link link-primary">
          Back to login
        </Link>
      </p>
    </FormCard>
  );
}
