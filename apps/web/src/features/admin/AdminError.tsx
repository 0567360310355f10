import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { ADMIN_ISSUES, adminReasonSchema } from '@glucosuivi/domain/admin/admin.schemas';
import { ApiError, errorMessage } from '@/lib/errors';

/** A refusal (no second factor, bad filter) is not worth a second try; a network failure or a 5xx is, once. */
export function adminRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status !== undefined && error.status < 500) return false;
  return failures < 1;
}

/** Whether the server refused because the administrator has no second factor. */
export function needsSecondFactor(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'two_factor_required';
}

/**
 * What a section shows when its request failed. An administrator without two-factor sign-in is
 * told why and sent to the settings' two-factor switch; any other error is said as it is.
 */
export function AdminError({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  if (needsSecondFactor(error)) {
    return (
      <div role="alert" className="flex flex-col gap-3 rounded-xl border-2 border-amber-700 bg-amber-50 p-4 text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50">
        <p className="flex items-start gap-2 font-semibold">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {t('twoFactor.title')}
        </p>
        <p>{t('twoFactor.text')}</p>
        <p>
          <Link to="/doctor-settings#two-factor" className={buttonClasses('primary')} data-button>
            {t('twoFactor.action')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <p role="alert" className="rounded-lg border border-line bg-surface p-4">
      {errorMessage(error, t)}
    </p>
  );
}

/** A reason typed in a dialog (lock, refusal), checked with the server's rule: its issue key in `admin:errors`, or null. */
export function reasonProblem(reason: string): string | null {
  const result = adminReasonSchema.safeParse(reason);
  return result.success ? null : (result.error.issues[0]?.message ?? ADMIN_ISSUES.reasonTooShort);
}

/** The browser's time zone: administrators' dates are shown in the reader's own zone. */
export const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
