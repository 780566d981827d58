import { WEBHOOK_EVENT_TYPES, type WebhookCreate, type WebhookCreated } from '@kestrel/shared';
import { useId, useState, type FormEvent } from 'react';
import { InputField } from '../../../components/ui/field';
import { useCreateWebhook } from '../api/create-webhook';
import { FormProblem } from '../../../components/ui/form-problem';

/** The events an admin may tick; approvals (B2B §5) are not built yet, so those two are sent by nothing for now. */
const NOT_EMITTED_YET = new Set<string>(['order.approved', 'order.rejected']);

/** Adds an endpoint: its url, an optional description, and every event or a choice of them. */
export function AddWebhookForm({ onCreated }: { onCreated: (created: WebhookCreated) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [all, setAll] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const legendId = useId();

  const toggle = (event: string) =>
    setChosen((now) => (now.includes(event) ? now.filter((e) => e !== event) : [...now, event]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!all && chosen.length === 0) {
      setProblem('Choose at least one event, or all events');
      return;
    }
    setProblem(null);
    const events: WebhookCreate['events'] = all ? ['*'] : WEBHOOK_EVENT_TYPES.filter((t) => chosen.includes(t));
    create.mutate(
      { url, events, ...(description.trim() ? { description } : {}) },
      {
        onSuccess: (created) => {
          setUrl('');
          setDescription('');
          setChosen([]);
          setAll(true);
          onCreated(created);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

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
        value={url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <InputField
        label="Description (optional)"
        value={description}
        maxLength={200}
        onChange={(e) => setDescription(e.target.value)}
      />
      <fieldset aria-labelledby={legendId} className="flex flex-col gap-2">
        <legend id={legendId} className="text-sm font-medium">
          Events
        </legend>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={all}
            onChange={(e) => setAll(e.target.checked)}
          />
          All events, including those added later
        </label>
        {all ? null : (
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 break-all">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={chosen.includes(type)}
                  onChange={() => toggle(type)}
                />
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
