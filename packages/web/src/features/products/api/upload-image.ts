// The image goes up with XMLHttpRequest rather than fetch because only XHR reports upload progress.
import { readToken } from '../../../lib/token-storage';
import { ApiRequestError, parseJson, toApiError } from '../../../lib/api-client';

interface UploadAnswer {
  success?: boolean;
  data?: { url?: string };
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
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(toApiError(xhr.status, xhr.responseText, token !== null));
        return;
      }
      const url = readUrl(parseJson(xhr.responseText));
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
