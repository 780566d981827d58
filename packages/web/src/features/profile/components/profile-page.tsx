import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { messages, type Profile } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { PageTitle } from '../../../components/ui/page-title';
import { PageSpinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth-store';
import { notify } from '../../../lib/notify';
import { useProfile } from '../api/get-profile';
import { useSaveProfile } from '../api/save-profile';
import { BusyButton } from '../../../components/ui/busy-button';

type EditableProfile = Pick<Profile, 'education' | 'location' | 'phone' | 'linkedinprofile'>;

function ProfileForm({ email, name, saved }: { email: string; name: string; saved: Partial<Profile> | null }) {
  const saveProfile = useSaveProfile();
  // The saved values become the form's starting point; SPEC.md puts no validation on these fields.
  const { register, handleSubmit } = useForm<EditableProfile>({
    defaultValues: {
      education: saved?.education ?? '',
      location: saved?.location ?? '',
      phone: saved?.phone ?? '',
      linkedinprofile: saved?.linkedinprofile ?? '',
    },
  });

  const onSubmit = handleSubmit((values) =>
    saveProfile.mutate(
      { email, userName: name, ...values },
      {
        onSuccess: () => notify.success(messages.toast.profileAdded),
        onError: (error) => notify.error(error.message),
      },
    ),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 rounded-box border border-base-300 bg-base-100 p-6 md:grid-cols-2"
    >
      <InputField label="Name" name="name" value={name} readOnly />
      <InputField label="Email" name="email" type="email" value={email} readOnly />
      <InputField label="Education" registration={register('education')} />
      <InputField label="Location" autoComplete="address-level2" registration={register('location')} />
      <InputField label="Phone" type="tel" autoComplete="tel" registration={register('phone')} />
      <InputField label="LinkedIn profile" type="url" registration={register('linkedinprofile')} />
      <div className="md:col-span-2">
        <BusyButton busy={saveProfile.isPending} type="submit" className="btn btn-primary">
          Add profile
        </BusyButton>
      </div>
    </form>
  );
}

/** `more`: other features' sections under the profile (the address book, app/dashboard/profile-page.tsx). */
export function ProfilePage({ more }: { more?: ReactNode }) {
  const { user } = useAuth();
  const email = user?.email ?? '';
  const { data, isPending } = useProfile(email);
  if (!user) {
    return <p role="alert">{messages.toast.noUserLoggedIn}</p>;
  }
  return (
    <>
      <PageTitle lead="Keep your contact details current so our sales desk can reach you about orders.">
        My Profile
      </PageTitle>
      {isPending ? (
        <PageSpinner label="Loading your profile" />
      ) : (
        <ProfileForm key={email} email={email} name={user.name} saved={data ?? null} />
      )}
      {more}
    </>
  );
}
