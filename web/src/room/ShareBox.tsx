// A room's code, the link to share and a button that copies it: on the room's page
// before a seat is taken, and on the table itself all through the game (compact), so a
// friend can be sent the link at any moment.

import { useId, useState } from 'preact/hooks';
import { t } from '../i18n';

/** The room code, the link to share and a button that copies it. `compact`: the table's
 * form, in the round's details (no panel of its own, the label for screen readers). */
export function ShareBox({ code, compact = false }: { code: string; compact?: boolean }) {
  const [copied, setCopied] = useState<string | null>(null);
  const id = useId();
  const url = `${location.origin}/r/${code}`;

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(t('The link is copied.'));
    } catch {
      // no clipboard (an insecure page): select the link for the player to copy
      const input = document.getElementById(`${id}-link`) as HTMLInputElement | null;
      input?.select();
      setCopied(t('Copy the selected link.'));
    }
  }

  return (
    <div class={compact ? 'share-box share-compact' : 'panel share-box'}>
      <p class="share-code">
        {t('The room code:')}{' '}
        <strong class="code" data-testid="room-code">
          {code}
        </strong>
      </p>
      <div class="share">
        <label for={`${id}-link`} class={compact ? 'visually-hidden' : undefined}>
          {t('Link to share')}
        </label>
        <input
          id={`${id}-link`}
          data-testid="share-link"
          type="url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" data-testid="copy-link" onClick={() => void copy()}>
          {t('Copy the link')}
        </button>
      </div>
      <p role="status" class="muted share-status">
        {copied ?? ''}
      </p>
    </div>
  );
}
