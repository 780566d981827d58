import { useEffect, useState } from 'react';

interface Preview {
  file: File;
  url: string;
}

/** Shows the chosen file before it is uploaded, read as a data URL so nothing needs releasing afterwards. */
export function ImagePreview({ file }: { file: File | null }) {
  const [preview, setPreview] = useState<Preview | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  // A preview of an earlier choice is never shown for a new one.
  if (!file || preview?.file !== file) return null;
  return (
    <figure className="flex items-center gap-4 rounded-box border border-base-300 p-3">
      <img src={preview.url} alt="Preview of the chosen image" className="h-24 w-32 rounded object-cover" />
      <figcaption className="break-all text-sm">{file.name}</figcaption>
    </figure>
  );
}
