// The recovery codes, shown once right after two-step sign-in is turned on (the server keeps only their hashes): each
// signs in once without the phone. Copy and a .txt download, so they can be kept somewhere other than the phone.
import { useState } from 'react';
import { twoFactorMessages } from '@kestrel/shared';
import { saveFile } from '../../../lib/save-file';
import { ResultMessage } from './form-parts';

export const RECOVERY_CODES_FILE = 'kestrel-recovery-codes.txt';

function asText(codes: string[]): string {
  return [
    'Kestrel Components: recovery codes for two-step sign-in.',
    'Each code signs in once, in place of the code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);

  const copy = () => {
    navigator.clipboard
      .writeText(codes.join('\n'))
      .then(() => setCopied('The recovery codes are copied.'))
      .catch(() => setCopied('The browser did not allow copying: select the codes and copy them, or download them.'));
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="font-semibold text-success">{twoFactorMessages.enabled}</p>
      <p>
        Save these recovery codes now: they are shown only this once. Each one signs you in once if you lose your phone.
      </p>
      <ul aria-label="Recovery codes" className="grid max-w-md grid-cols-2 gap-2 font-mono">
        {codes.map((code) => (
          <li key={code} className="rounded bg-base-200 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline" onClick={copy}>
          Copy the codes
        </button>
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => saveFile(new Blob([asText(codes)], { type: 'text/plain' }), RECOVERY_CODES_FILE)}
        >
          Download (.txt)
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          I have saved them
        </button>
      </div>
      <ResultMessage>{copied}</ResultMessage>
    </div>
  );
}
