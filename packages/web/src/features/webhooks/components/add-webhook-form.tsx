import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_NO_EVENT_MESSAGE,
  webhookCreateSchema,
  type WebhookCreated,
} from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { firstProblem, schemaResolver } from '../../../lib/schema-resolver';
import { useCreateWebhook } from '../api/create-webhook';
import { FormProblem } from '../../../components/ui/form-problem';

/** The events an admin may tick; approvals (B2B §5) are not built yet, so those two are sent by nothing for now. */
const NOT_EMITTED_YET = new Set<string>(['order.approved', 'order.rejected']);

/**
 * What the form holds, made into the request and checked with the server's own schema. `chosen` is read as none when
 * it is not a list: react-hook-form reads a group of boxes none of which is ticked as `false`.
 */
const formSchema = z
  .object({ url: z.string(), description: z.string(), all: z.boolean(), chosen: z.array(z.string()).catch([]) })
  .transform(({ url, description, all, chosen }) => ({
    url,
    events: all ? ['*'] : WEBHOOK_EVENT_TYPES.filter((type) => chosen.includes(type)),
    ...(description.trim() ? { description } : {}),
  }))
  .pipe(webhookCreateSchema);

const WORDS = { [WEBHOOK_NO_EVENT_MESSAGE]: 'Choose at least one event, or all events' };

const EMPTY = { url: '', description: '', all: true, chosen: [] };

/** Adds an endpoint: its url, an optional description, and every event or a choice of them. */
export function AddWebhookForm({ onCreated }: { onCreated: (created: WebhookCreated) => void }) {
  const create = useCreateWebhook();
  const legendId = useId();
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    formState: { errors },
  } = useForm({ resolver: schemaResolver(formSchema, WORDS), defaultValues: EMPTY, shouldFocusError: false });
  const all = useWatch({ control, name: 'all' });
  // The server's refusal, or the first thing the schema found (the url's message, then the events').
  const problem = firstProblem(errors, ['root', 'url', 'events']);

  const submit = handleSubmit((request) =>
    create.mutate(request, {
      onSuccess: (created) => {
        reset(EMPTY);
        onCreated(created);
      },
      onError: (error) => setError('root', { message: error.message }),
    }),
  );

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
      noValidate
    >
      <h3 className="text-lg font-semibold">Add an endpoint</h3>
      <InputField
        label="Endpoint URL"
        type="url"
        required
        placeholder="https://erp.example.com/kestrel-events"
        registration={register('url')}
      />
      <InputField label="Description (optional)" maxLength={200} registration={register('description')} />
      <fieldset aria-labelledby={legendId} className="flex flex-col gap-2">
        <legend id={legendId} className="text-sm font-medium">
          Events
        </legend>
        <label className="flex items-center gap-2">
          <input type="checkbox" className="checkbox checkbox-sm" {...register('all')} />
          All events, including those added later
        </label>
        {all ? null : (
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 break-all">
                <input type="checkbox" className="checkbox checkbox-sm" value={type} {...register('chosen')} />
                <span>
                  {type}
                  {NOT_EMITTED_YET.has(type) ? <span className="text-sm"> (with company approvals, later)</span> : null}
                </span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <FormProblem message={problem} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          Add endpoint
        </button>
      </div>
    </form>
  );
}
