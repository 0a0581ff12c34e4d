import { Fragment } from 'react';

/**
 * http and https addresses in free text: up to whitespace, Japanese full-width punctuation or a
 * bracket that closes around the address. Other schemes (javascript:, data:) are never matched.
 */
const URL_PATTERN = /https?:\/\/[^\s<>"'（）「」『』【】、。！？]+/g;
/** Sentence punctuation typed right after an address belongs to the sentence, not the link. */
const TRAILING = /[.,!?;:)\]]+$/;

type Piece = { text: string; href?: string };

/** Splits text into plain pieces and link pieces (exported for its test). */
export function linkPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_PATTERN)) {
    const href = m[0].replace(TRAILING, '');
    if (m.index > last) pieces.push({ text: text.slice(last, m.index) });
    pieces.push({ text: href, href });
    last = m.index + href.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/**
 * Text someone wrote (a message, a bio, a description) with its web addresses as links. They open
 * in a new tab, tell the target nothing about this page (noopener noreferrer) and lend it no
 * standing (nofollow): the text is anyone's.
 */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkPieces(text).map((p, i) =>
        p.href ? (
          <a
            key={i}
            href={p.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="break-all underline underline-offset-2"
          >
            {p.text}
          </a>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
