// The image goes up with XMLHttpRequest rather than fetch because only XHR reports upload progress.
import { readToken } from '../../../lib/token-storage';
import { ApiRequestError, toApiError } from '../../../lib/api-client';

interface UploadAnswer {
  success?: boolean;
  data?: { url?: string };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function readUrl(body: unknown): string | null {
  const answer: UploadAnswer | null = typeof body === 'object' && body !== null ? body : null;
  return answer?.success && typeof answer.data?.url === 'string' ? answer.data.url : null;
}

/** Uploads one file as multipart field `image`; resolves with the stored image's URL. */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = readToken();
    xhr.open('POST', '/api/image');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiRequestError(0, 'network_error', 'The image could not be uploaded.'));
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(toApiError(xhr.status, body, token !== null));
        return;
      }
      const url = readUrl(body);
      if (url) {
        onProgress(100);
        resolve(url);
      } else reject(new ApiRequestError(xhr.status, 'upload_failed', 'The image could not be uploaded.'));
    };
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}
