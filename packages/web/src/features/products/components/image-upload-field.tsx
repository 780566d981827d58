import { useState } from 'react';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES, messages } from '@kestrel/shared';
import { InputField } from '../../../components/ui/field';
import { uploadImage } from '../api/upload-image';

/** Uploads a new picture through the same pipeline as Add a product and hands back its stored URL. */
export function ImageUploadField({ onUploaded }: { onUploaded: (url: string) => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  return (
    <div className="grid gap-1">
      <InputField
        label="Or upload a new image"
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        hint="PNG, JPEG, WebP or GIF, at most 5 MB; its address replaces the image URL."
        error={error}
        disabled={progress !== null}
        onChange={(event) => {
          const file = event.currentTarget.files?.item(0);
          setError(undefined);
          if (!file) return;
          if (file.size > MAX_IMAGE_BYTES) {
            setError(messages.product.imageTooLarge);
            return;
          }
          setProgress(0);
          uploadImage(file, setProgress).then(
            (url) => {
              setProgress(null);
              onUploaded(url);
            },
            (failure: unknown) => {
              setProgress(null);
              setError(failure instanceof Error ? failure.message : 'The image could not be uploaded.');
            },
          );
        }}
      />
      {progress !== null ? (
        <p role="status" className="text-sm">
          Uploading the image: {progress}%
        </p>
      ) : null}
    </div>
  );
}
