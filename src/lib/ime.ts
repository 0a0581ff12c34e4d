import type { KeyboardEvent } from 'react';

/**
 * True while an input method (Japanese kana-kanji conversion) owns the Enter key. Safari reports
 * the confirming keydown after compositionend with isComposing false, but with keyCode 229.
 */
export function isImeComposing(e: KeyboardEvent): boolean {
  return e.nativeEvent.isComposing || e.keyCode === 229;
}

/**
 * onKeyDown for a form: an Enter that confirms a conversion must never submit it. Textareas
 * keep Enter for new lines, so only single-line inputs are guarded.
 */
export function preventImeEnterSubmit(e: KeyboardEvent<HTMLFormElement>): void {
  if (e.key !== 'Enter') return;
  const target = e.target as HTMLElement;
  if (target.tagName === 'TEXTAREA') return;
  if (isImeComposing(e)) e.preventDefault();
}
