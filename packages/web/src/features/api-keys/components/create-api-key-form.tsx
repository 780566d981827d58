// Create a key: a name and at least one scope. The answer holds the key once: it is shown with a Copy button until
// the administrator says they have it, and is never shown again (B2B §9).
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_SCOPES,
  apiKeyCreateSchema,
  apiKeyMessages,
  type ApiKeyCreate,
  type ApiKeyCreated,
} from '@kestrel/shared';
import { notify } from '../../../lib/notify';
import { firstProblem, schemaResolver } from '../../../lib/schema-resolver';
import { useCreateApiKey } from '../api/create-api-key';
import { SCOPE_LABELS } from './scope-labels';
import { BusyButton } from '../../../components/ui/busy-button';
import { FormProblem } from '../../../components/ui/form-problem';

/** The schema's messages as the administrator reads them; one at a time, under the scopes, in the fields' order. */
const WORDS = {
  [apiKeyMessages.nameRequired]: 'Give the key a name',
  [apiKeyMessages.noScope]: 'Choose at least one scope',
};

export function CreateApiKeyForm() {
  const create = useCreateApiKey();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const nameId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    resolver: schemaResolver(apiKeyCreateSchema, WORDS),
    defaultValues: { name: '', scopes: [] } satisfies ApiKeyCreate,
    shouldFocusError: false,
  });
  const problem = firstProblem(errors, ['name', 'scopes', 'root']);

  const submit = handleSubmit((values) => {
    // The scopes in the list's order, whatever order they were ticked in.
    const scopes = API_KEY_SCOPES.filter((s) => values.scopes.includes(s));
    create.mutate(
      { name: values.name, scopes },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          reset();
        },
        onError: (error) => setError('root', { message: error.message }),
      },
    );
  });

  if (created) return <NewKey created={created} onDone={() => setCreated(null)} />;
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
      noValidate
    >
      <h3 className="font-semibold">Create a key</h3>
      <div className="flex flex-col gap-1">
        <label htmlFor={nameId} className="text-sm font-medium">
          Name
        </label>
        <input
          id={nameId}
          className="input input-bordered w-full max-w-md"
          maxLength={API_KEY_NAME_MAX_LENGTH}
          placeholder="e.g. ERP order sync"
          {...register('name')}
        />
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">Scopes</legend>
        {API_KEY_SCOPES.map((scope) => (
          <label key={scope} className="flex items-start gap-2">
            <input type="checkbox" className="checkbox checkbox-sm mt-0.5" value={scope} {...register('scopes')} />
            <span>
              <code>{scope}</code>: {SCOPE_LABELS[scope]}
            </span>
          </label>
        ))}
      </fieldset>
      <FormProblem message={problem} />
      <div>
        <BusyButton busy={create.isPending} type="submit" className="btn btn-primary">
          Create key
        </BusyButton>
      </div>
    </form>
  );
}

function NewKey({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const keyId = useId();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(created.key).then(
      () => setCopied(true),
      () => notify.error('The key could not be copied: select it and copy it by hand'),
    );
  return (
    <section
      aria-labelledby={`${keyId}-title`}
      className="flex flex-col gap-3 rounded-box border border-success bg-base-100 p-4"
    >
      <h3 id={`${keyId}-title`} className="font-semibold">
        Key “{created.name}” created
      </h3>
      <p role="status">
        Copy it now: it is shown this once and cannot be seen again. Revoke it and create another if it is lost.
      </p>
      <label htmlFor={keyId} className="text-sm font-medium">
        API key
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={keyId}
          readOnly
          className="input input-bordered min-w-0 flex-1 font-mono text-sm"
          value={created.key}
          onFocus={(e) => e.target.select()}
        />
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy key'}
        </button>
      </div>
      <div>
        <button type="button" className="btn btn-outline" onClick={onDone}>
          Done, I have stored it
        </button>
      </div>
    </section>
  );
}
