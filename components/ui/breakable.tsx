import { Fragment } from 'react';
import { softBreakSegments } from '@/lib/soft-breaks';

/**
 * An identifier or address that may wrap only after its separators (lib/soft-breaks.ts). Its
 * container keeps `break-words`, so only a piece longer than the whole column is ever cut.
 */
export function Breakable({ text }: { text: string }) {
  return (
    <>
      {softBreakSegments(text).map((piece, i) => (
        // The pieces of one string never move: their position is their identity.
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
