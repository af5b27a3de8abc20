import { type ReactElement, useEffect, useState } from 'react';
import { getOwnerMailSettings, saveOwnerMailSettings } from '~/lib/api/ownerMail';
import { notifyStoreError } from '~/lib/api/storeErrors';
import {
  OWNER_MAIL_KINDS,
  OWNER_MAIL_LABELS,
  type OwnerMailKind,
  type OwnerMailSettings,
} from '~/lib/ownerMail';
import { notify } from '~/stores/toast';

/**
 * "Emails about my campaigns": the first donation, reaching the target, a quiet-week nudge; each
 * saved as it is ticked (docs/api/milestones.md). The mails' own links turn one off too.
 */
export function OwnerMailSection(): ReactElement {
  const [settings, setSettings] = useState<OwnerMailSettings | null>(null);
  const [saving, setSaving] = useState<OwnerMailKind | null>(null);

  useEffect(() => {
    let live = true;
    getOwnerMailSettings()
      .then((answer) => {
        if (live) setSettings(answer.data);
      })
      .catch(notifyStoreError);
    return () => {
      live = false;
    };
  }, []);

  const toggle = async (kind: OwnerMailKind, on: boolean): Promise<void> => {
    if (!settings) return;
    const next = { ...settings, [kind]: on };
    setSettings(next);
    setSaving(kind);
    try {
      const answer = await saveOwnerMailSettings(next);
      setSettings(answer.data);
      notify({ type: 'success', message: answer.meta.message ?? 'Saved.' });
    } catch (error) {
      setSettings(settings);
      notifyStoreError(error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <section aria-labelledby="owner-mail-title" className="space-y-3">
      <h2 id="owner-mail-title" className="font-semibold text-ink">
        Emails about my campaigns
      </h2>
      {settings ? (
        <fieldset className="space-y-2">
          <legend className="text-ink-muted">
            Tick the emails you want. Receipts and payout emails always come.
          </legend>
          {OWNER_MAIL_KINDS.map((kind) => (
            <label key={kind} className="flex items-start gap-3 py-1">
              <input
                type="checkbox"
                className="mt-1 h-5 w-5 shrink-0"
                checked={settings[kind]}
                disabled={saving !== null}
                onChange={(event) => void toggle(kind, event.currentTarget.checked)}
              />
              <span className="text-ink">{OWNER_MAIL_LABELS[kind]}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="text-sm text-ink-muted">Loading your email settings…</p>
      )}
    </section>
  );
}
