import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { ApiError, errorCodeForStatus } from '@/lib/errors';

/**
 * Downloads a file of the API with the session cookie, through the page rather than a plain link,
 * so a refusal (a free plan's fourth PDF report of the month) is an `ApiError` the page can say
 * in words instead of a JSON file saved to disk.
 */
export async function downloadFile(url: string, fileName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/pdf, application/json' } });
  } catch (error) {
    throw new ApiError('network', error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
    if (parsed.success) {
      const { code, message, requestId, issues, params } = parsed.data.error;
      throw new ApiError(code, message, response.status, requestId, issues, params);
    }
    throw new ApiError(errorCodeForStatus(response.status), response.statusText, response.status);
  }
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the object once the click's download starts; let it go after that.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
