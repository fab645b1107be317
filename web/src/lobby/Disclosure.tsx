// A section of the page that folds away under its heading: the heading is a button that
// says whether the section is open (aria-expanded) and opens or closes it with a click,
// Enter or Space. What it holds is rendered even while folded (hidden), so its state is
// kept and its words are looked up in the page's language like the rest.

import type { ComponentChildren } from 'preact';

export interface DisclosureProps {
  /** The id of the folding part (the button's aria-controls). */
  id: string;
  /** The heading's words. */
  title: string;
  /** A line under the heading, shown open or folded. */
  summary?: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  /** The test id of the heading's button. */
  testId?: string;
  children: ComponentChildren;
}

/** A heading that opens and folds the section under it. */
export function Disclosure({ id, title, summary, open, onToggle, testId, children }: DisclosureProps) {
  return (
    <section class={`panel disclosure${open ? ' disclosure-open' : ''}`} aria-labelledby={`${id}-heading`}>
      <h2 class="disclosure-heading" id={`${id}-heading`}>
        <button
          type="button"
          class="disclosure-toggle"
          data-testid={testId}
          aria-expanded={open ? 'true' : 'false'}
          aria-controls={id}
          onClick={() => onToggle(!open)}
        >
          <span class="disclosure-mark" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {title}
        </button>
      </h2>
      {summary !== undefined && <p class="muted disclosure-summary">{summary}</p>}
      <div id={id} class="disclosure-body" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
