// A modal dialog: it takes the focus when it opens, keeps Tab inside itself, closes
// with Escape (when it may be closed) and gives the focus back to where it was.

import type { ComponentChildren, RefObject } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

const FOCUSABLE = [
  'button:not([disabled])',
  '[href]',
  'input:not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

export interface DialogProps {
  /** The dialog's title, also its accessible name. */
  title: string;
  /** Called on Escape; without it Escape does nothing. */
  onClose?: () => void;
  /** data-testid of the dialog. */
  testId: string;
  /** An id for the title element (unique on the page). */
  titleId: string;
  /** Where the focus goes back to when the dialog closes (else: where it was when the
   * dialog opened; a click does not focus a button in every browser). */
  opener?: RefObject<HTMLElement | null>;
  children: ComponentChildren;
}

/** The focusable elements inside `root`, in tab order. */
function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.hasAttribute('hidden'));
}

/** A modal dialog over the table. */
export function Dialog({ title, onClose, testId, titleId, opener, children }: DialogProps) {
  const box = useRef<HTMLDivElement>(null);
  // a layout effect: the focus moves before the player can type, and comes back as
  // soon as the dialog goes
  useLayoutEffect(() => {
    const before = opener?.current ?? (document.activeElement as HTMLElement | null);
    const root = box.current;
    if (root !== null) (focusables(root)[0] ?? root).focus();
    return () => {
      // back where the player was, if that is still on the page
      if (before !== null && before.isConnected) before.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent): void => {
    const root = box.current;
    if (root === null) return;
    if (event.key === 'Escape') {
      if (onClose !== undefined) {
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(root);
    const first = items[0];
    const last = items[items.length - 1];
    if (first === undefined || last === undefined) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === root)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div class="dialog-backdrop">
      <div
        ref={box}
        class="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
