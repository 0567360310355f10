import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pseudonymSchema } from '@glucosuivi/domain/community/community.schemas';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { useSetPseudonym } from './community-api';
import { firstIssue, forumErrorMessage } from './forum-errors';

/** The pseudonym a member posts under, chosen before their first post; never prefilled with their name. */
export function PseudonymForm() {
  const { t } = useTranslation('community');
  const save = useSetPseudonym();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const issue = firstIssue(pseudonymSchema.safeParse(value), t);
    setError(issue);
    if (issue) return;
    save.mutate(value.trim(), { onError: (e) => setError(forumErrorMessage(e, t)) });
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="pseudonym-title" className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4">
      <h2 id="pseudonym-title" className="text-lg font-semibold">
        {t('pseudonym.title')}
      </h2>
      <p>{t('pseudonym.intro')}</p>
      <TextField
        id="forum-pseudonym"
        name="pseudonym"
        label={t('pseudonym.label')}
        hint={t('pseudonym.hint')}
        error={error}
        announceError
        autoComplete="off"
        value={value}
        onValueChange={setValue}
        maxLength={30}
      />
      <Button type="submit" disabled={save.isPending} className="self-start">
        {t('pseudonym.save')}
      </Button>
    </form>
  );
}
